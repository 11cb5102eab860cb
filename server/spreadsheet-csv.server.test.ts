import { describe, expect, it } from 'vitest'
import { type CsvValue, spreadsheetCsv } from './spreadsheet-csv.server.ts'

/** One value as its row's only field, without the row's CRLF. */
const csvField = (value: CsvValue) => spreadsheetCsv([[value]]).replace(/\r\n$/, '')
const toCsv = (header: string[], rows: CsvValue[][]) => spreadsheetCsv([header, ...rows])

/** A minimal RFC 4180 reader, to check that what we write reads back as the same fields. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let field = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"'
        i++
      } else if (ch === '"') quoted = false
      else field += ch
    } else if (ch === '"') quoted = true
    else if (ch === ',') {
      row.push(field)
      field = ''
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(field)
      rows.push(row)
      row = []
      field = ''
      i++
    } else field += ch
  }
  return rows
}

describe('CSV fields', () => {
  it('writes plain values as they are and empties for null', () => {
    expect(csvField('accept_all')).toBe('accept_all')
    expect(csvField(12)).toBe('12')
    expect(csvField(true)).toBe('true')
    expect(csvField(null)).toBe('')
    expect(csvField(undefined)).toBe('')
    expect(csvField(new Date('2026-05-01T12:00:00Z'))).toBe('2026-05-01T12:00:00.000Z')
  })

  it('quotes commas, quotes and line breaks, doubling the quotes', () => {
    expect(csvField('a,b')).toBe('"a,b"')
    expect(csvField('say "hi"')).toBe('"say ""hi"""')
    expect(csvField('two\nlines')).toBe('"two\nlines"')
    expect(csvField('two\r\nlines')).toBe('"two\r\nlines"')
  })

  it('defuses text a spreadsheet would run as a formula', () => {
    expect(csvField('=HYPERLINK("http://evil.example","click")')).toBe(
      `"'=HYPERLINK(""http://evil.example"",""click"")"`,
    )
    expect(csvField('+1+2')).toBe("'+1+2")
    expect(csvField('-2+3')).toBe("'-2+3")
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)")
    expect(csvField('\t=1')).toBe("'\t=1")
    expect(csvField('\r=1')).toBe(`"'\r=1"`)
    // Numbers are numbers, not text: a negative one stays as it is.
    expect(csvField(-5)).toBe('-5')
  })
})

describe('CSV documents', () => {
  it('ends every line with CRLF and reads back as the same fields', () => {
    const rows = [
      ['plain', 'with, comma', 'with "quotes"'],
      ['multi\nline', '=1+1', ''],
    ]
    const csv = toCsv(['a', 'b', 'c'], rows)
    expect(csv.endsWith('\r\n')).toBe(true)
    expect(csv.split('\r\n')[0]).toBe('a,b,c')
    expect(parseCsv(csv)).toEqual([
      ['a', 'b', 'c'],
      ['plain', 'with, comma', 'with "quotes"'],
      ['multi\nline', "'=1+1", ''],
    ])
  })

  it('writes only the header for no rows', () => {
    expect(toCsv(['x', 'y'], [])).toBe('x,y\r\n')
  })

  it('starts with a byte order mark when asked, for Excel', () => {
    expect(spreadsheetCsv([['café']], { bom: true })).toBe('\uFEFFcafé\r\n')
    expect(spreadsheetCsv([['café']])).toBe('café\r\n')
  })
})
