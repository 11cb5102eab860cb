/**
 * CSV as RFC 4180 describes it (comma separated, CRLF line ends, fields quoted when they hold a
 * comma, quote or line break, quotes doubled), made safe to open in a spreadsheet: a text field
 * starting with =, +, -, @, tab or carriage return would run as a formula there, so it is prefixed
 * with an apostrophe (the OWASP "CSV injection" advice).
 */
export type CsvValue = string | number | boolean | Date | null | undefined

const formulaStart = /^[=+\-@\t\r]/
const needsQuotes = /[",\r\n]/

/** Text a spreadsheet would run as a formula, made inert with a leading apostrophe. */
export function neutralizeFormula(text: string): string {
  return formulaStart.test(text) ? `'${text}` : text
}

export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return ''
  if (value instanceof Date) return value.toISOString()
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  const text = neutralizeFormula(value)
  return needsQuotes.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

export function toCsv(header: readonly string[], rows: Iterable<readonly CsvValue[]>): string {
  const lines = [header.map(csvField).join(',')]
  for (const row of rows) lines.push(row.map(csvField).join(','))
  return `${lines.join('\r\n')}\r\n`
}
