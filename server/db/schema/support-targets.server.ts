import { sql } from 'drizzle-orm'
import { boolean, index, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core'
import { supportTickets } from './support.server.ts'

/**
 * Each support ticket's targets (docs/support.md#targets, migration 0023), computed in business
 * hours by app/features/support/ticket-targets.ts and stored so the queue sorts by the next one and
 * the admin overview counts in SQL. A due moment is null while its target is paused (waiting on the
 * client) or met. `computedAt` is the ticket's `updated_at` they were computed from: older means
 * stale, and the minute job computes them again.
 */
export const supportTicketTargets = pgTable(
  'support_ticket_targets',
  {
    ticketId: uuid('ticket_id')
      .primaryKey()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    firstResponseDueAt: timestamp('first_response_due_at', { withTimezone: true }),
    resolutionDueAt: timestamp('resolution_due_at', { withTimezone: true }),
    /** The earliest running due moment: what the queue sorts by. */
    nextDueAt: timestamp('next_due_at', { withTimezone: true }),
    paused: boolean('paused').notNull().default(false),
    /** Met, but late. */
    firstResponseBreached: boolean('first_response_breached').notNull().default(false),
    resolutionBreached: boolean('resolution_breached').notNull().default(false),
    /** When the warning e-mail went: once per ticket and target. */
    firstResponseWarnedAt: timestamp('first_response_warned_at', { withTimezone: true }),
    resolutionWarnedAt: timestamp('resolution_warned_at', { withTimezone: true }),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('support_ticket_targets_next_due_idx').on(t.nextDueAt).where(sql`${t.nextDueAt} is not null`),
    // Migration 0028: the running targets not yet warned about, what the minute job's warnings read.
    index('support_ticket_targets_first_response_warning_idx')
      .on(t.firstResponseDueAt)
      .where(sql`${t.firstResponseDueAt} is not null and ${t.firstResponseWarnedAt} is null`),
    index('support_ticket_targets_resolution_warning_idx')
      .on(t.resolutionDueAt)
      .where(sql`${t.resolutionDueAt} is not null and ${t.resolutionWarnedAt} is null`),
  ],
)

export type SupportTicketTargets = typeof supportTicketTargets.$inferSelect
