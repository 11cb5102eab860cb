import { type SQL, sql } from 'drizzle-orm'
import { type AnyPgColumn, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { appointmentPlaces, requestKinds, requestStatuses } from '../../../app/features/booking/statuses.ts'
import { user } from './auth.server.ts'
import { oneOf } from './checks.server.ts'
import { organisations } from './organisations.server.ts'

/**
 * Every consultation request and contact message, stored before any
 * e-mail about it is tried, in the same transaction as its mail jobs (POST /api/process-form).
 */
export const bookings = pgTable(
  'bookings',
  {
    id: uuid('id').primaryKey(),
    /** consultation (the /book form) | contact (the home contact form). */
    formType: text('form_type').notNull(),
    status: text('status').notNull().default('new'),
    /** First plus last name for consultations; the name given for contact messages. */
    name: text('name').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    email: text('email').notNull(),
    phone: text('phone'),
    company: text('company'),
    employees: integer('employees'),
    services: text('services').array().notNull().default(sql`'{}'::text[]`),
    /** The plan's choice label, e.g. "Basic Support ($40/user/mo)". */
    plan: text('plan'),
    message: text('message'),
    /** The page the form was sent from. */
    source: text('source'),
    /** When the browser says it sent the form. */
    clientTimestamp: timestamp('client_timestamp', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    userAgent: text('user_agent'),
    /** Keyed hash of the sender's IP address: enough to spot abuse, not the address itself. */
    ipHash: text('ip_hash').notNull(),
    /** Hash of what the person sent (see bookingPayloads for the idempotency window). */
    payloadHash: text('payload_hash').notNull(),
    /** The outbox messages about it: the notification to the business, the confirmation to the sender. */
    notificationMailId: uuid('notification_mail_id'),
    confirmationMailId: uuid('confirmation_mail_id'),
    /**
     * Whose client dashboard lists the request: the account signed in when it was sent, and the
     * account that opened the link in its confirmation e-mail (signed in with the address the
     * request was sent with). The e-mail address alone proves nothing: anyone can type it.
     */
    submittedByUserId: uuid('submitted_by_user_id').references(() => user.id, { onDelete: 'set null' }),
    claimedByUserId: uuid('claimed_by_user_id').references(() => user.id, { onDelete: 'set null' }),
    /**
     * The client organisation a consultation request (and its appointment) belongs to: that of the
     * client account that sent it signed in, else of the one that claimed it, filled by a trigger
     * (migration 0019, ADR 028); null for a request that is no client's.
     */
    organisationId: uuid('organisation_id').references(() => organisations.id, { onDelete: 'restrict' }),
    /** SHA-256 of the confirmation link's token (the token itself is only in the e-mail); null once claimed. */
    claimTokenHash: text('claim_token_hash').unique('bookings_claim_token_hash_key'),
    /** Staff's workflow (docs/staff-workspace.md): who moved it last, and when. */
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }),
    statusChangedBy: text('status_changed_by'),
    /** The staff member working it (Better Auth's user id, e-mail kept for reading without a join). */
    assigneeUserId: uuid('assignee_user_id'),
    assigneeEmail: text('assignee_email'),
    /** The consultation appointment, once scheduled: start, length, place and where exactly. */
    appointmentAt: timestamp('appointment_at', { withTimezone: true }),
    appointmentMinutes: integer('appointment_minutes'),
    appointmentPlace: text('appointment_place'),
    appointmentDetails: text('appointment_details'),
    /** The calendar invitation's SEQUENCE: each change or cancellation sends the next one. */
    appointmentSequence: integer('appointment_sequence').notNull().default(0),
    /** Optimistic concurrency for staff edits: every change adds one; a save naming an older one is refused. */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('bookings_received_at_idx').on(t.receivedAt),
    index('bookings_submitted_by_user_id_idx').on(t.submittedByUserId),
    index('bookings_claimed_by_user_id_idx').on(t.claimedByUserId),
    index('bookings_organisation_idx').on(t.organisationId, t.receivedAt).where(sql`${t.organisationId} is not null`),
    index('bookings_status_received_idx').on(t.status, t.receivedAt),
    // The staff's search (docs/decisions/023-trigram-search.md). fastupdate off: PGlite runs no
    // autovacuum, so new rows would pile up in the index's pending list, which the planner
    // rightly finds slower than reading the table, until a 4 MB flush in some booking's insert.
    index('bookings_search_idx')
      .using('gin', sql`${requestSearchText(t)} gin_trgm_ops`)
      .with({ fastupdate: false }),
    check('bookings_status_check', sql`${t.status} in (${oneOf(requestStatuses)})`),
    check(
      'bookings_appointment_check',
      sql`${t.appointmentAt} is null or (${t.appointmentMinutes} between 30 and 60 and ${t.appointmentPlace} in (${oneOf(appointmentPlaces)}))`,
    ),
    check('bookings_form_type_check', sql`${t.formType} in (${oneOf(requestKinds)})`),
    check('bookings_employees_check', sql`${t.employees} is null or ${t.employees} >= 1`),
    check('bookings_name_check', sql`length(trim(${t.name})) > 0`),
    check(
      'bookings_consultation_fields_check',
      sql`${t.formType} <> 'consultation' or (${t.firstName} is not null and ${t.lastName} is not null and ${t.phone} is not null)`,
    ),
  ],
)

/**
 * What the staff's search of requests reads (server/booking/request-list.server.ts): the name, e-mail,
 * company, phone and message in one text, separated by a unit separator (U+001F), a control
 * character no field can hold (app/lib/forms/text.ts). A search without that character therefore
 * matches this text exactly when it matches one of the fields. A trigram index (pg_trgm,
 * `bookings_search_idx`) is built on this very expression, so that `ILIKE '%…%'` of three
 * characters or more reads the index instead of every row; the query must use it unchanged.
 */
export function requestSearchText(t: {
  name: AnyPgColumn
  email: AnyPgColumn
  company: AnyPgColumn
  phone: AnyPgColumn
  message: AnyPgColumn
}): SQL {
  return sql`(${t.name} || chr(31) || ${t.email} || chr(31) || coalesce(${t.company}, '') || chr(31) || coalesce(${t.phone}, '') || chr(31) || coalesce(${t.message}, ''))`
}

/** The separator of requestSearchText. */
export const requestSearchSeparator = '\u001f'

export type Booking = typeof bookings.$inferSelect
export type NewBooking = typeof bookings.$inferInsert

/**
 * Per-sender request counters of the intake endpoint, in the database so that every process
 * behind a load balancer counts against the same limit. One row per sender (keyed IP hash) and
 * fixed window.
 */
export const intakeRateLimits = pgTable('intake_rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
})

/**
 * The idempotency window of the intake endpoint: one row per payload hash, naming the booking
 * stored for it and when. A new booking claims its hash with one upsert (insert, or take over a
 * row older than the window); the primary key makes two identical requests at the same moment
 * queue on each other, so one of them stores a booking and the other one is told about it.
 * Deleting a booking deletes its claim. The intake writes a claim before the booking it names, in
 * the same transaction, so the reference is checked at commit (DEFERRABLE INITIALLY DEFERRED,
 * migration 0009: drizzle's schema cannot say it).
 */
export const bookingPayloads = pgTable('booking_payloads', {
  payloadHash: text('payload_hash').primaryKey(),
  bookingId: uuid('booking_id')
    .notNull()
    .references(() => bookings.id, { onDelete: 'cascade' }),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
})

/**
 * What staff did to a request, oldest first: status changes, assignments, notes (internal, never
 * shown to the client), appointments and the e-mails sent about them. The audit log keeps the same
 * actions for the whole business; this is the request's own history, read on its page.
 */
export const bookingEvents = pgTable(
  'booking_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorUserId: text('actor_user_id').notNull(),
    actorEmail: text('actor_email').notNull(),
    /** status | assign | note | schedule | cancel */
    kind: text('kind').notNull(),
    fromValue: text('from_value'),
    toValue: text('to_value'),
    /** A note's text. */
    body: text('body'),
    /** The outbox message this event sent (an appointment's invitation or cancellation). */
    mailId: uuid('mail_id'),
  },
  (t) => [
    index('booking_events_booking_idx').on(t.bookingId, t.at),
    check('booking_events_kind_check', sql`${t.kind} in ('status', 'assign', 'note', 'schedule', 'cancel')`),
  ],
)

export type BookingEvent = typeof bookingEvents.$inferSelect
