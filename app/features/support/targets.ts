import { minutesInBusinessDay } from './business-hours.ts'
import { defaultTicketTargets, type TicketPriority, ticketPriorities } from './catalogue.ts'

/**
 * How soon a ticket is answered and solved, per priority, in business minutes (Monday to Friday,
 * 8:00–17:00 New York; business-hours.ts). A "business day" is one open day: 9 business hours. The
 * numbers are the catalogue's defaults (catalogue.ts, whose words the client's form shows); the
 * queue, the warnings and the admin overview count from them through this table.
 */
export const targetPriorities = ticketPriorities
export type TargetPriority = TicketPriority

export const targetKinds = ['first_response', 'resolution'] as const
export type TargetKind = (typeof targetKinds)[number]

const hour = 60
const businessDay = minutesInBusinessDay()

export const supportTargets: Record<TargetPriority, Record<TargetKind, number>> = Object.fromEntries(
  ticketPriorities.map((p) => [
    p,
    {
      first_response: defaultTicketTargets[p].firstResponseMinutes,
      resolution: defaultTicketTargets[p].resolutionMinutes,
    },
  ]),
) as Record<TargetPriority, Record<TargetKind, number>>

export const targetKindLabels: Record<TargetKind, string> = {
  first_response: 'First response',
  resolution: 'Resolution',
}

/** "1 hour", "4 hours", "1 business day", "3 business days": how a target reads to a person. */
export function describeTargetMinutes(minutes: number): string {
  if (minutes >= businessDay && minutes % businessDay === 0) {
    const days = minutes / businessDay
    return `${days} business day${days === 1 ? '' : 's'}`
  }
  if (minutes % hour === 0) {
    const hours = minutes / hour
    return `${hours} hour${hours === 1 ? '' : 's'}`
  }
  return `${minutes} minutes`
}

/** "First response within 1 hour, resolution within 4 hours (business hours)." for the form. */
export function describeTargets(priority: TargetPriority): string {
  const target = supportTargets[priority]
  return `First response within ${describeTargetMinutes(target.first_response)}, resolution within ${describeTargetMinutes(target.resolution)} (business hours, Monday to Friday 8:00–17:00 New York time).`
}

/** How long before a target is missed its warning e-mail goes out. */
export const warningBeforeMinutes = 30

/** A resolved ticket nobody answers closes itself after this many (calendar) days. */
export const autoCloseAfterDays = 7

/**
 * "Due soon" on the queue and the admin overview: less than this many business minutes left on
 * the next target.
 */
export const dueSoonMinutes = 60

/** "2 h 15 min left", "45 min overdue", "Paused": how the queue reads a target. */
export function describeTimeLeft(minutesLeft: number | null): string {
  if (minutesLeft === null) return 'Paused'
  const whole = Math.floor(Math.abs(minutesLeft))
  const hours = Math.floor(whole / 60)
  const rest = whole % 60
  const amount = hours > 0 ? (rest > 0 ? `${hours} h ${rest} min` : `${hours} h`) : `${rest} min`
  return minutesLeft < 0 ? `${amount} overdue` : `${amount} left`
}
