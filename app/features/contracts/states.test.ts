import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { contractTransitions } from './states'

/** The rows of the table that follows a header line in a Markdown document, as arrays of cells. */
function tableAfter(doc: string, header: string): string[][] {
  const lines = doc.split('\n')
  const start = lines.indexOf(header)
  if (start < 0) throw new Error(`no table with the header ${header}`)
  const rows: string[][] = []
  // Skip the header and its |---| line; the table ends at the first line that is not a row.
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break
    rows.push(
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    )
  }
  return rows
}

describe('docs/contracts.md', () => {
  const doc = fs.readFileSync(path.resolve(import.meta.dirname, '../../../docs/contracts.md'), 'utf8')
  const rows = tableAfter(doc, '| event | from | to | by | also needs |')

  it('lists exactly the rows of the transition table', () => {
    const target = { deleted: '(deleted)' } as Record<string, string>
    const expected = contractTransitions.map((t) => [t.event, t.from.join(', '), target[t.to] ?? t.to, t.by])
    expect(rows.map((row) => row.slice(0, 4))).toEqual(expected)
  })

  it('says which events the expiry date stops, and only those', () => {
    // "not expired" or "sign-by date not past" in the last column: the rows with `beforeExpiry`.
    const mentionsExpiry = rows.map((row) => /not expired|date not past/.test(row[4] ?? ''))
    expect(mentionsExpiry).toEqual(contractTransitions.map((t) => t.beforeExpiry === true))
  })
})
