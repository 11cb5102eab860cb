import { and, asc, eq, sql } from 'drizzle-orm'
import type { Period, TicketTime } from '../../app/features/subscriptions/index.ts'
import { ticketNumberText } from '../../app/features/support/catalogue.ts'
import { businessTimeZone } from '../../app/lib/time-zone.ts'
import type { Db } from '../db/client.server.ts'
import { supportTicketEvents, supportTickets } from '../db/schema/index.server.ts'
import type { Tx } from './terms.server.ts'

/**
 * The minutes staff recorded on an organisation's support tickets during a period, per ticket, in
 * ticket-number order. Each "Add time" writes a `time` event holding the ticket's total before and
 * after (server/support/tickets.server.ts `addTime`); the period's minutes of a ticket are the sum
 * of its events' differences whose moment falls on one of the period's New York dates. An event's
 * moment is the database's clock when it was written, so a past period's minutes never change.
 */
export async function billableTime(
  db: Db | Tx,
  organisationId: string,
  period: Pick<Period, 'start' | 'end'>,
): Promise<TicketTime[]> {
  const day = sql`(${supportTicketEvents.createdAt} at time zone ${businessTimeZone})::date`
  const minutes = sql<number>`sum(${supportTicketEvents.toValue}::int - ${supportTicketEvents.fromValue}::int)::int`
  const rows = await db
    .select({ number: supportTickets.number, subject: supportTickets.subject, minutes })
    .from(supportTicketEvents)
    .innerJoin(supportTickets, eq(supportTickets.id, supportTicketEvents.ticketId))
    .where(
      and(
        eq(supportTickets.organisationId, organisationId),
        eq(supportTicketEvents.kind, 'time'),
        sql`${day} between ${period.start}::date and ${period.end}::date`,
      ),
    )
    .groupBy(supportTickets.id, supportTickets.number, supportTickets.subject)
    .orderBy(asc(supportTickets.number))
  return rows
    .filter((r) => Number(r.minutes) > 0)
    .map((r) => ({ ticketNumber: ticketNumberText(r.number), subject: r.subject, minutes: Number(r.minutes) }))
}
