import { addDays } from '../../lib/business-time'
import { type InvoiceStatus, openInvoiceStatuses } from './states'

/**
 * Overdue reminders: the first one 3 days after the due date, then one a week, 3 at most, for an
 * invoice still owing money whose reminders staff have not turned off. Dates are New York dates
 * (YYYY-MM-DD); the job runs every business hour, so a reminder goes out on the day it falls due
 * (or the next run after the server was down).
 */
export const reminderPolicy = { firstAfterDays: 3, everyDays: 7, max: 3 } as const

export type ReminderFacts = {
  status: InvoiceStatus
  dueOn: string | null
  remindersEnabled: boolean
  remindersSent: number
  lastRemindedOn: string | null
}

/** The date the next reminder falls due, or null when none will be sent. */
export function nextReminderOn(invoice: ReminderFacts): string | null {
  if (!invoice.remindersEnabled || invoice.dueOn === null) return null
  if (!(openInvoiceStatuses as readonly string[]).includes(invoice.status)) return null
  if (invoice.remindersSent >= reminderPolicy.max) return null
  const first = addDays(invoice.dueOn, reminderPolicy.firstAfterDays)
  if (invoice.lastRemindedOn === null) return first
  // The later of the two dates (YYYY-MM-DD strings sort as dates do).
  return [first, addDays(invoice.lastRemindedOn, reminderPolicy.everyDays)].sort()[1] ?? first
}

/** Whether a reminder is due today. */
export function reminderDue(invoice: ReminderFacts, today: string): boolean {
  const next = nextReminderOn(invoice)
  return next !== null && next <= today
}
