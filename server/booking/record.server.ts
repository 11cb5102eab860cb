import { createHash, randomUUID } from 'node:crypto'
import { type BookingRequest, fullName, HONEYPOT_FIELD, serviceList } from '../../app/features/booking/schema.ts'
import type { Database } from '../db/client.server.ts'
import type { NewBooking } from '../db/schema/index.server.ts'
import type { MailMessage, Outbox } from '../mail/outbox.server.ts'
import { confirmationMail, notificationMail } from './mail.server.ts'
import { type RateLimit, rateLimitResult, rateLimitUpsertSql } from './rate-limit.server.ts'
import { runStatement } from './statement.server.ts'

/** The same payload twice within this many seconds stores one booking. */
export const IDEMPOTENCY_WINDOW_SECONDS = 60

/**
 * SQLSTATE of the intake statement's lost race on the rate-limit counter (see intakeStatement):
 * invalid_argument_for_power_function, which nothing else in that statement can raise.
 */
const LOST_RACE = '2201F'
/** Runs of the statement before a request that keeps losing the race is a fault. */
const RACE_ATTEMPTS = 5

export type RequestMeta = {
  ipHash: string
  userAgent: string | undefined
  publicUrl: string
  bookingInbox: string
  /** The sender's request counter (key) and limit; max 0 turns it off. */
  rateLimit: { key: string } & RateLimit
}

export type QueuedMail = { id: string; message: MailMessage }

export type RecordedBooking =
  | { outcome: 'stored'; id: string; notification: QueuedMail; confirmation: QueuedMail }
  | { outcome: 'duplicate'; id: string }
  | { outcome: 'limited'; count: number; retryAfterSeconds: number }

type StatementRow = { count: number | null; retry_after: number | null; booking_id: string | null }

/**
 * The whole intake in one statement (one round trip, one implicit transaction), built once per
 * outbox: claim the payload's idempotency slot (booking_payloads: insert, or take over a claim older
 * than the window; a claim inside the window stays and names the booking stored the first time); if
 * the claim is ours, store the booking and its two e-mail jobs; count the request against the
 * sender's rate limit. All of it commits or none of it does. A second identical request at the same
 * moment waits on the first one's claim row and then sees it.
 *
 * The sender's counter row is the one row every request of a sender writes, so its lock is taken
 * last: the statement decides from the counter as its snapshot shows it (no lock), writes, and only
 * then counts. Concurrent requests of one sender queue on that row for the commit alone, not for
 * the whole statement. If the count the upsert returns disagrees with the decision (another request
 * of the sender counted in between, or the window turned), the statement fails with `lost_race`
 * (an error of its own, so everything rolls back, the count included) and the caller runs it again.
 */
function intakeStatement(outbox: Outbox, limited: boolean) {
  const p = limited
    ? { key: '$1', window: '$2', max: '$3', hash: '$4', id: '$5', row: '$6', jobs: '$7' }
    : { hash: '$1', id: '$2', row: '$3', jobs: '$4' }
  const window = `make_interval(secs => ${IDEMPOTENCY_WINDOW_SECONDS})`
  const rateWindow = `make_interval(secs => ${p.window}::int)`
  const text = `with ${
    limited
      ? `seen as (
    select case when r.window_start <= now() - ${rateWindow} then 0 else r.count end as count
    from intake_rate_limits r where r.key = ${p.key}::text
  ),
  allowed as (select coalesce((select count from seen), 0) + 1 <= ${p.max}::int as ok),`
      : ''
  }
  claim as (
    insert into booking_payloads as p (payload_hash, booking_id, received_at)
    select ${p.hash}::text, ${p.id}::uuid, now() ${limited ? 'from allowed where allowed.ok' : ''}
    on conflict (payload_hash) do update set
      booking_id = case when p.received_at > now() - ${window} then p.booking_id else excluded.booking_id end,
      received_at = case when p.received_at > now() - ${window} then p.received_at else excluded.received_at end
    returning booking_id
  ),
  fresh as (select booking_id from claim where booking_id = ${p.id}::uuid),
  booking as (
    insert into bookings (id, form_type, status, name, first_name, last_name, email, phone, company, employees,
      services, plan, message, source, client_timestamp, received_at, user_agent, ip_hash, payload_hash,
      notification_mail_id, confirmation_mail_id)
    select r.id, r.form_type, r.status, r.name, r.first_name, r.last_name, r.email, r.phone, r.company, r.employees,
      coalesce(r.services, '{}'), r.plan, r.message, r.source, r.client_timestamp, now(), r.user_agent, r.ip_hash,
      r.payload_hash, r.notification_mail_id, r.confirmation_mail_id
    from fresh, json_populate_record(null::bookings, ${p.row}::json) r
    returning id
  ),
  jobs as (${outbox.jobsInsertSql(`select ${p.jobs}::text from fresh`)})${
    limited
      ? `,
  -- Reads the writes above, so it runs after them: the counter row is locked last.
  rate as (${rateLimitUpsertSql(p.key ?? '', p.window ?? '', `(select count(*) from claim) + (select count(*) from booking) + (select count(*) from jobs)`)})`
      : ''
  }
  select ${limited ? '(select count from rate)' : 'null::int'} as count,
    ${limited ? '(select retry_after from rate)' : 'null::int'} as retry_after,
    (select booking_id::text from claim) as booking_id,
    -- A claimed slot without its booking and both jobs is a fault: fail, and so roll back, the statement.
    1 / (case when exists (select 1 from fresh)
      and ((select count(*) from booking) <> 1 or (select count(*) from jobs) <> 2) then 0 else 1 end) as complete${
        limited
          ? `,
    -- Decided on a count that changed before this request counted itself: fail with an error of its
    -- own (${LOST_RACE}, the square root of -1), so everything rolls back, and the caller runs it again.
    sqrt(case when (select ok from allowed) = ((select count from rate) <= ${p.max}::int) then 1 else -1 end) as decided`
          : ''
      }`
  // A prepared statement's name stands for one text on a connection: the name carries the text's hash.
  const digest = createHash('sha256').update(text).digest('hex').slice(0, 12)
  return { name: `intake_booking_${limited ? 'limited' : 'unlimited'}_${digest}`, text }
}

const statements = new WeakMap<
  Outbox,
  { limited: ReturnType<typeof intakeStatement>; unlimited: ReturnType<typeof intakeStatement> }
>()

function statementFor(outbox: Outbox, limited: boolean) {
  let pair = statements.get(outbox)
  if (!pair) {
    pair = { limited: intakeStatement(outbox, true), unlimited: intakeStatement(outbox, false) }
    statements.set(outbox, pair)
  }
  return limited ? pair.limited : pair.unlimited
}

/**
 * Stores a validated booking request and its two e-mails (business inbox, sender) in one
 * statement, after counting it against the sender's rate limit: the request is never lost to a
 * mail failure, and no mail goes out about a request that was not stored. A repeat of the same
 * payload within the idempotency window returns the booking stored the first time.
 */
export async function recordBooking(
  database: Database,
  outbox: Outbox,
  request: BookingRequest,
  meta: RequestMeta,
): Promise<RecordedBooking> {
  const payloadHash = hashPayload(request)
  const id = randomUUID()
  const row = rowOf(id, request, meta, payloadHash)
  const forMail = { id, request, name: row.name, receivedAt: new Date(), userAgent: meta.userAgent }
  const notification = notificationMail(forMail, meta.bookingInbox)
  const confirmation = confirmationMail(forMail, meta.publicUrl)
  const jobs = outbox.immediateJobs([notification, confirmation])
  const [notificationId = '', confirmationId = ''] = jobs.ids
  const rowJson = JSON.stringify({
    ...rowColumns(row),
    notification_mail_id: notificationId,
    confirmation_mail_id: confirmationId,
  })

  const limit = meta.rateLimit
  const limited = limit.max > 0
  const statement = statementFor(outbox, limited)
  const values = limited
    ? [limit.key, limit.windowSeconds, limit.max, payloadHash, id, rowJson, jobs.json]
    : [payloadHash, id, rowJson, jobs.json]
  let result: StatementRow | undefined
  for (let attempt = 1; ; attempt++) {
    try {
      ;[result] = await runStatement<StatementRow>(database, statement.name, statement.text, values)
      break
    } catch (error) {
      // Another request of the same sender counted itself between this one's decision and its count:
      // nothing was written; decide again on the count as it is now.
      if (!limited || (error as { code?: unknown }).code !== LOST_RACE || attempt >= RACE_ATTEMPTS) throw error
    }
  }

  if (limited) {
    const rate = rateLimitResult(
      result?.count == null || result.retry_after == null
        ? undefined
        : { count: result.count, retry_after: result.retry_after },
      limit,
    )
    if (rate.limited) return { outcome: 'limited', count: rate.count, retryAfterSeconds: rate.retryAfterSeconds }
  }
  if (!result?.booking_id) throw new Error('the booking statement returned no booking')
  if (result.booking_id !== id) return { outcome: 'duplicate', id: result.booking_id }
  return {
    outcome: 'stored',
    id,
    notification: { id: notificationId, message: notification },
    confirmation: { id: confirmationId, message: confirmation },
  }
}

/**
 * Rows nobody needs any more: rate-limit windows of senders who never came back, idempotency
 * claims past the window. Swept now and then (with the given chance per request), in one
 * statement, and not in the request's way: the caller does not wait for it.
 */
export async function sweepExpired(database: Database, limit: RateLimit, chance = 0.01): Promise<boolean> {
  if (Math.random() >= chance) return false
  await runStatement(
    database,
    'intake_sweep',
    `with windows as (
      delete from intake_rate_limits where window_start < now() - make_interval(secs => $1::int)
    )
    delete from booking_payloads where received_at < now() - make_interval(secs => ${IDEMPOTENCY_WINDOW_SECONDS})`,
    [limit.windowSeconds],
  )
  return true
}

/** The row in the database's column names, as json_populate_record reads it. */
function rowColumns(row: NewBooking): Record<string, unknown> {
  return {
    id: row.id,
    form_type: row.formType,
    status: row.status ?? 'new',
    name: row.name,
    first_name: row.firstName ?? null,
    last_name: row.lastName ?? null,
    email: row.email,
    phone: row.phone ?? null,
    company: row.company ?? null,
    employees: row.employees ?? null,
    services: row.services ?? [],
    plan: row.plan ?? null,
    message: row.message ?? null,
    source: row.source ?? null,
    client_timestamp: row.clientTimestamp ? row.clientTimestamp.toISOString() : null,
    user_agent: row.userAgent ?? null,
    ip_hash: row.ipHash,
    payload_hash: row.payloadHash,
  }
}

function rowOf(id: string, r: BookingRequest, meta: RequestMeta, payloadHash: string): NewBooking {
  const common = {
    id,
    formType: r.formType,
    status: 'new',
    email: r.email,
    message: r.message ?? null,
    source: r.source ?? null,
    clientTimestamp: r.timestamp ? new Date(r.timestamp) : null,
    userAgent: meta.userAgent ?? null,
    ipHash: meta.ipHash,
    payloadHash,
  }
  if (r.formType === 'contact') {
    return { ...common, name: r.name, phone: r.phone ?? null }
  }
  return {
    ...common,
    name: fullName(r.firstName, r.lastName),
    firstName: r.firstName,
    lastName: r.lastName,
    phone: r.phone,
    company: r.company ?? null,
    employees: r.employees ?? null,
    services: r.services,
    plan: r.plan ?? null,
  }
}

/**
 * What the person sent, in a stable form: the browser's timestamp and the page URL differ between
 * two clicks on the same form, so they are left out; the derived name and service list follow from
 * the fields.
 */
export function hashPayload(r: BookingRequest): string {
  const {
    timestamp: _timestamp,
    source: _source,
    [HONEYPOT_FIELD]: _honeypot,
    ...rest
  } = r as BookingRequest & Record<string, unknown>
  const fields: Record<string, unknown> =
    r.formType === 'consultation'
      ? { ...rest, name: fullName(r.firstName, r.lastName), service: serviceList(r.services) }
      : rest
  const stable = Object.keys(fields)
    .filter((key) => fields[key] !== undefined)
    .sort()
    .map((key) => [key, fields[key]])
  return createHash('sha256').update(JSON.stringify(stable)).digest('hex')
}
