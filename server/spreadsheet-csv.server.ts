import { stringify } from 'csv-stringify/sync'

/**
 * CSV for staff to open in a spreadsheet, written by csv-stringify: RFC 4180 (comma separated,
 * CRLF after every row, a field quoted when it holds a comma, a quote or any line break, quotes
 * doubled) and made safe to open: a text field starting with =, +, -, @, tab or carriage return
 * would run as a formula there, so it is prefixed with an apostrophe (the OWASP "CSV injection"
 * advice). Numbers stay numbers (a negative one is not text); dates are ISO 8601 (UTC).
 */
export type CsvValue = string | number | boolean | Date | null | undefined

const formulaStart = /^[=+\-@\t\r]/

/** Text a spreadsheet would run as a formula, made inert with a leading apostrophe. */
export function neutralizeFormula(text: string): string {
  return formulaStart.test(text) ? `'${text}` : text
}

export function spreadsheetCsv(
  rows: ReadonlyArray<ReadonlyArray<CsvValue>>,
  options: {
    /** A UTF-8 byte order mark first, so that Excel reads accented names right. */
    bom?: boolean
  } = {},
): string {
  return stringify(rows as CsvValue[][], {
    bom: options.bom ?? false,
    record_delimiter: 'windows',
    // csv-stringify quotes a field holding the whole record delimiter (CRLF); a lone CR or LF
    // inside a field would still break the row for a spreadsheet.
    quoted_match: /[\r\n]/,
    cast: {
      string: neutralizeFormula,
      boolean: (value) => String(value),
      date: (value) => value.toISOString(),
    },
  })
}
