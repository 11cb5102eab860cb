/**
 * How long we keep what we store: the privacy page states these periods and the retention job
 * (server/operations/retention.server.ts) enforces them every night, from this one table, so the
 * two never disagree. Billing records (estimates, invoices, receipts, payments) and the audit log
 * are business records: they are kept as tax and accounting law requires and the job leaves them
 * alone.
 */
export const retentionPeriods = {
  consultationRequests: { months: 24, kept: '24 months after we receive them' },
  contactMessages: { months: 12, kept: '12 months after we receive them' },
  consentRecords: { months: 36, kept: 'three years after each choice, so we can demonstrate consent' },
  mailFiles: { months: 3, kept: 'three months after they are sent' },
} as const

/** Sessions are deleted once they end: after 7 days unused, or 30 days after signing in at the latest. */
export const sessionRetention = {
  kept: 'deleted within a day after the session ends (signing out ends it at once; otherwise it ends after 7 days without use, or 30 days after signing in)',
} as const

export type RetainedKind = keyof typeof retentionPeriods

/**
 * The moment before which a kind of record is deleted, `months` before `now` (UTC). A day the
 * earlier month does not have becomes its last day: three months before May 31 is February 28 (or
 * 29), not March 3.
 */
export function retentionCutoff(now: Date, months: number): Date {
  const cutoff = new Date(now)
  cutoff.setUTCDate(1)
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months)
  const lastDay = new Date(Date.UTC(cutoff.getUTCFullYear(), cutoff.getUTCMonth() + 1, 0)).getUTCDate()
  cutoff.setUTCDate(Math.min(now.getUTCDate(), lastDay))
  return cutoff
}
