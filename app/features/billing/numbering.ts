import type { DocumentKind } from './states'

/** Each kind of document is numbered in its own series, per calendar year (New York time). */
export const documentSeries = { estimate: 'EST', invoice: 'INV', receipt: 'RCT' } as const satisfies Record<
  DocumentKind,
  string
>

/** EST-2026-0001: four digits at least, more once a year passes 9,999. */
export function formatDocumentNumber(series: string, year: number, sequence: number): string {
  return `${series}-${year}-${String(sequence).padStart(4, '0')}`
}
