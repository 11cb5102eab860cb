import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  check,
  customType,
  index,
  integer,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'
import {
  type TicketCategory,
  type TicketEventKind,
  type TicketMessageAuthorKind,
  type TicketMessageSource,
  type TicketMessageVisibility,
  type TicketPriority,
  type TicketRating,
  type TicketStatus,
  ticketCategories,
  ticketEventKinds,
  ticketMessageAuthorKinds,
  ticketMessageSources,
  ticketMessageVisibilities,
  ticketPriorities,
  ticketRatings,
  ticketStatuses,
} from '../../../app/features/support/catalogue.ts'
import { user } from './auth.server.ts'
import { oneOf } from './checks.server.ts'
import { organisations } from './organisations.server.ts'

/**
 * Support tickets (docs/support.md, migration 0021): a client organisation's request for help,
 * its thread (public replies and staff's internal notes), the people copied, the files attached and
 * the history. Changes announce themselves on the channel `support_ticket_changed` (a trigger), which
 * feeds the live thread on both sides.
 */

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
})

/** The numbers people read as T-000123. */
export const supportTicketNumberSeq = pgSequence('support_ticket_number_seq', { startWith: 1 })

export const supportTickets = pgTable(
  'support_tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: integer('number').notNull().unique().default(sql`nextval('support_ticket_number_seq')`),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'restrict' }),
    /** The client person who opened it; null when staff opened it for the organisation. */
    requesterUserId: uuid('requester_user_id').references(() => user.id, { onDelete: 'set null' }),
    subject: text('subject').notNull(),
    category: text('category').$type<TicketCategory>().notNull(),
    priority: text('priority').$type<TicketPriority>().notNull().default('normal'),
    status: text('status').$type<TicketStatus>().notNull().default('new'),
    assigneeUserId: uuid('assignee_user_id').references(() => user.id, { onDelete: 'set null' }),
    /** The unguessable part of the ticket's reply address, support+<token>@… (160 bits, base32). */
    replyToken: text('reply_token').notNull().unique(),
    /** Set when staff merged this ticket (a duplicate) into another: replies land there. */
    mergedIntoTicketId: uuid('merged_into_ticket_id').references((): AnyPgColumn => supportTickets.id, {
      onDelete: 'set null',
    }),
    /** The closed ticket a late reply came to: this ticket follows it up. */
    previousTicketId: uuid('previous_ticket_id').references((): AnyPgColumn => supportTickets.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The first public staff reply. */
    firstRespondedAt: timestamp('first_responded_at', { withTimezone: true }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** Minutes staff spent on it (for billing), added to with `addTime`. */
    timeSpentMinutes: integer('time_spent_minutes').notNull().default(0),
    rating: text('rating').$type<TicketRating>(),
    ratingComment: text('rating_comment'),
    ratedAt: timestamp('rated_at', { withTimezone: true }),
    /** Staff changes are made at the version the page was loaded on (as requests are). */
    version: integer('version').notNull().default(1),
    /**
     * The `updated_at` its stored targets (support_ticket_targets) were computed from, written with
     * them (migration 0028): null or older means stale, and the minute job computes them again.
     */
    targetsComputedAt: timestamp('targets_computed_at', { withTimezone: true }),
  },
  (t) => [
    // Migration 0027: the lists' order (updated_at desc, number desc) read backwards, so a page of
    // the queue or of a client's list stops after its rows (docs/support.md#performance).
    index('support_tickets_recent_idx').on(t.updatedAt, t.number),
    index('support_tickets_status_recent_idx').on(t.status, t.updatedAt, t.number),
    index('support_tickets_organisation_recent_idx').on(t.organisationId, t.updatedAt, t.number),
    // Migration 0028: only the tickets whose stored targets are stale, what the minute job reads.
    index('support_tickets_targets_stale_idx')
      .on(t.updatedAt)
      .where(sql`${t.targetsComputedAt} is null or ${t.targetsComputedAt} < ${t.updatedAt}`),
    // Migration 0028: the tickets still to do (the statuses in which a target runs,
    // targetRunningStatuses in server/support/targets.server.ts), for the missed and due-soon filters.
    index('support_tickets_running_recent_idx').on(t.updatedAt, t.number).where(sql`${t.status} in ('new', 'open')`),
    // Migration 0027: the queue's search of subjects (pg_trgm, as the requests' search: ADR 023).
    index('support_tickets_subject_search_idx')
      .using('gin', sql`${t.subject} gin_trgm_ops`)
      .with({ fastupdate: false }),
    index('support_tickets_requester_idx').on(t.requesterUserId),
    index('support_tickets_assignee_idx').on(t.assigneeUserId, t.status),
    check('support_tickets_category_check', sql`${t.category} in (${oneOf(ticketCategories)})`),
    check('support_tickets_priority_check', sql`${t.priority} in (${oneOf(ticketPriorities)})`),
    check('support_tickets_status_check', sql`${t.status} in (${oneOf(ticketStatuses)})`),
    check('support_tickets_rating_check', sql`${t.rating} is null or ${t.rating} in (${oneOf(ticketRatings)})`),
    check('support_tickets_subject_check', sql`length(trim(${t.subject})) between 1 and 200`),
    check('support_tickets_reply_token_check', sql`${t.replyToken} ~ '^[a-z2-7]{32}$'`),
    check('support_tickets_time_check', sql`${t.timeSpentMinutes} >= 0`),
    check('support_tickets_merged_check', sql`${t.mergedIntoTicketId} is null or ${t.mergedIntoTicketId} <> ${t.id}`),
  ],
)

export const supportTicketMessages = pgTable(
  'support_ticket_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    authorUserId: uuid('author_user_id').references(() => user.id, { onDelete: 'set null' }),
    authorKind: text('author_kind').$type<TicketMessageAuthorKind>().notNull(),
    /** The sender's address when the author is no account of ours (an e-mail from someone unknown). */
    authorEmail: text('author_email'),
    visibility: text('visibility').$type<TicketMessageVisibility>().notNull().default('public'),
    body: text('body').notNull(),
    source: text('source').$type<TicketMessageSource>().notNull(),
    /** The Message-ID we sent this reply with, or the one it arrived with. */
    emailMessageId: text('email_message_id').unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('support_ticket_messages_ticket_idx').on(t.ticketId, t.createdAt),
    check('support_ticket_messages_author_kind_check', sql`${t.authorKind} in (${oneOf(ticketMessageAuthorKinds)})`),
    check('support_ticket_messages_visibility_check', sql`${t.visibility} in (${oneOf(ticketMessageVisibilities)})`),
    check('support_ticket_messages_source_check', sql`${t.source} in (${oneOf(ticketMessageSources)})`),
    // Only staff write internal notes.
    check(
      'support_ticket_messages_internal_check',
      sql`${t.visibility} = 'public' or ${t.authorKind} in ('staff', 'system')`,
    ),
  ],
)

/** People copied on a ticket (the requester is implicit): they see it and get its replies. */
export const supportTicketParticipants = pgTable(
  'support_ticket_participants',
  {
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.ticketId, t.userId] }), index('support_ticket_participants_user_idx').on(t.userId)],
)

/** Files sent with a message, in the database so several app servers share them. */
export const supportTicketAttachments = pgTable(
  'support_ticket_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    messageId: uuid('message_id')
      .notNull()
      .references(() => supportTicketMessages.id, { onDelete: 'cascade' }),
    /** As the sender named it, for display only: never a path, never the type. */
    fileName: text('file_name').notNull(),
    /** Read from the file's bytes. */
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    content: bytea('content').notNull(),
    sha256: text('sha256').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('support_ticket_attachments_message_idx').on(t.messageId),
    index('support_ticket_attachments_ticket_idx').on(t.ticketId),
    check('support_ticket_attachments_size_check', sql`${t.size} between 0 and 10485760`),
  ],
)

/** A ticket's history: statuses, priorities, assignees, time, merges, ratings (what the targets' clock reads). */
export const supportTicketEvents = pgTable(
  'support_ticket_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The order things happened in, also within one moment. */
    seq: integer('seq').generatedAlwaysAsIdentity().notNull(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<TicketEventKind>().notNull(),
    fromValue: text('from_value'),
    toValue: text('to_value'),
    actorUserId: uuid('actor_user_id').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('support_ticket_events_ticket_idx').on(t.ticketId, t.seq),
    check('support_ticket_events_kind_check', sql`${t.kind} in (${oneOf(ticketEventKinds)})`),
  ],
)

export type SupportTicket = typeof supportTickets.$inferSelect
export type SupportTicketMessage = typeof supportTicketMessages.$inferSelect
export type SupportTicketAttachment = typeof supportTicketAttachments.$inferSelect
export type SupportTicketEvent = typeof supportTicketEvents.$inferSelect
