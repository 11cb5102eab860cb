import { addBusinessMinutes, businessMinutesBetween, type Pause } from './business-hours.ts'
import { dueSoonMinutes, supportTargets, type TargetKind, type TargetPriority } from './targets.ts'

/**
 * A ticket's two targets (first response, resolution) from what happened to it: counted in business
 * hours from when it was opened, with its current priority (a priority changed later counts from
 * the opening, as if it had been set then), not counting the time it waited on the client. The
 * resolution clock also stops while the ticket is resolved: a ticket reopened by the client goes on
 * from where it stopped. Pure: the server stores its result to sort and count (targets.server.ts),
 * the pages read it.
 */

/** Statuses in which no target counts: the ball is in the client's court, or the work is done. */
export const pausingStatuses = ['waiting_on_client'] as const
const resolvedStatuses = ['resolved', 'closed'] as const

export type TargetTicket = {
  createdAt: Date
  priority: TargetPriority
  status: string
  firstRespondedAt: Date | null
  resolvedAt: Date | null
}

/** The status changes of a ticket, in any order (support_ticket_events of kind "status"). */
export type StatusChange = { from: string | null; to: string | null; at: Date }

export type TargetState =
  /** Done in time, or late (`breached`): nothing more to count. */
  | { kind: TargetKind; state: 'met'; dueAt: Date; breached: boolean }
  /** Counting: `dueAt` is when it is missed. */
  | { kind: TargetKind; state: 'running'; dueAt: Date }
  /** Waiting on the client: no due moment until the ticket moves again. */
  | { kind: TargetKind; state: 'paused' }

export type TicketTargets = {
  firstResponse: TargetState
  resolution: TargetState
  /** The earliest due moment of a running target (what the queue sorts by), or null. */
  nextDueAt: Date | null
}

const includes = (list: readonly string[], value: string | null) => value !== null && list.includes(value)

/** The stretches the ticket spent in any of `statuses`, closed at `now` when it is still in one. */
export function stretchesIn(
  statuses: readonly string[],
  changes: readonly StatusChange[],
  createdAt: Date,
  now: Date,
  currentStatus: string,
): Pause[] {
  const sorted = [...changes].sort((a, b) => a.at.getTime() - b.at.getTime())
  const stretches: Pause[] = []
  let since: Date | null = null
  // A ticket may be opened straight into a pausing status (staff opening one for a client).
  const first = sorted[0]
  if (first ? includes(statuses, first.from) : includes(statuses, currentStatus)) since = createdAt
  for (const change of sorted) {
    const inside = includes(statuses, change.to)
    if (inside && since === null) since = change.at
    if (!inside && since !== null) {
      stretches.push({ start: since, end: change.at })
      since = null
    }
  }
  if (since !== null) stretches.push({ start: since, end: now })
  return stretches
}

export function ticketTargets(ticket: TargetTicket, changes: readonly StatusChange[], now: Date): TicketTargets {
  const target = supportTargets[ticket.priority]
  const paused = includes(pausingStatuses, ticket.status)
  const resolved = includes(resolvedStatuses, ticket.status)
  const waiting = stretchesIn(pausingStatuses, changes, ticket.createdAt, now, ticket.status)

  const firstDue = addBusinessMinutes(ticket.createdAt, target.first_response, waiting)
  const firstResponse: TargetState = ticket.firstRespondedAt
    ? { kind: 'first_response', state: 'met', dueAt: firstDue, breached: ticket.firstRespondedAt > firstDue }
    : resolved
      ? { kind: 'first_response', state: 'met', dueAt: firstDue, breached: (ticket.resolvedAt ?? now) > firstDue }
      : paused
        ? { kind: 'first_response', state: 'paused' }
        : { kind: 'first_response', state: 'running', dueAt: firstDue }

  const resolvedStretches = stretchesIn(resolvedStatuses, changes, ticket.createdAt, now, ticket.status)
  // While resolved, the stretch still open is left out: the due moment is the one it had when resolved.
  const stopped = [...waiting, ...(resolved ? resolvedStretches.slice(0, -1) : resolvedStretches)]
  const resolutionDue = addBusinessMinutes(ticket.createdAt, target.resolution, stopped)
  const resolution: TargetState = resolved
    ? { kind: 'resolution', state: 'met', dueAt: resolutionDue, breached: (ticket.resolvedAt ?? now) > resolutionDue }
    : paused
      ? { kind: 'resolution', state: 'paused' }
      : { kind: 'resolution', state: 'running', dueAt: resolutionDue }

  const running = [firstResponse, resolution].flatMap((t) => (t.state === 'running' ? [t.dueAt.getTime()] : []))
  return { firstResponse, resolution, nextDueAt: running.length > 0 ? new Date(Math.min(...running)) : null }
}

/** Business minutes left before a running target is missed (negative once missed); null otherwise. */
export function minutesLeft(target: TargetState, now: Date): number | null {
  return target.state === 'running' ? businessMinutesBetween(now, target.dueAt) : null
}

/** The moment before which a running target's due time counts as "due soon" (an hour of business time from now). */
export function dueSoonBefore(now: Date): Date {
  return addBusinessMinutes(now, dueSoonMinutes)
}
