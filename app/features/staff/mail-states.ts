/**
 * The states of an outgoing e-mail, ONE list with the words staff read, on the request page and
 * on sync status alike. The states are pg-boss's own (its `pgboss.job_state` type; the mail outbox
 * is a pg-boss queue, docs/decisions/004-mail-outbox-pg-boss.md), and a test compares this list with
 * the database's; `gone` is a message pg-boss has already cleaned up (it keeps finished jobs a week).
 */
export const jobStates = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'] as const
export type JobState = (typeof jobStates)[number]

export type MailState = JobState | 'gone'

export const mailStateLabels: Record<MailState, string> = {
  created: 'Waiting',
  retry: 'Waiting to retry',
  active: 'Sending',
  completed: 'Sent',
  cancelled: 'Discarded',
  failed: 'Failed',
  gone: 'Sent (no longer in the outbox)',
}

export function isJobState(value: string): value is JobState {
  return (jobStates as readonly string[]).includes(value)
}

/** The words of a state read from the database: a state pg-boss adds later shows as itself. */
export function mailStateLabel(state: string): string {
  return state === 'gone' || isJobState(state) ? mailStateLabels[state] : state
}
