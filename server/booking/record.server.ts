import { createHash, randomUUID } from 'node:crypto'
import { lt, sql } from 'drizzle-orm'
import { type BookingRequest, fullName, HONEYPOT_FIELD, serviceList } from '../../app/features/booking/schema.ts'
import type { Database, Db } from '../db/client.server.ts'
import { bookingPayloads, bookings, intakeRateLimits, type NewBooking } from '../db/schema/index.server.ts'
import type { MailMessage, Outbox } from '../mail/outbox.server.ts'
import { claimUrl, hashClaimToken, newClaimToken } from './claim.server.ts'
import { confirmationMail, notificationMail } from './mail.server.ts'
import { countRequest, type RateLimit } from './rate-limit.server.ts'

/** The same payload twice within this many seconds stores one booking. */
export const IDEMPOTENCY_WINDOW_SECONDS = 60

export type RequestMeta = {
  ipHash: string
  userAgent: string | undefined
  publicUrl: string
  bookingInbox: string
  /** The sender's request counter (key) and limit; max 0 turns it off. */
  rateLimit: { key: string } & RateLimit
  /** The account signed in when the form was sent, if any: the request is theirs. */
  submittedByUserId?: string | null
}

export type QueuedMail = { id: string; message: MailMessage }

export type RecordedBooking =
  | { outcome: 'stored'; id: string; notification: QueuedMail; confirmation: QueuedMail }
  | { outcome: 'duplicate'; id: string }
  | { outcome: 'limited'; count: number; retryAfterSeconds: number }

/**
 * Stores a validated booking request and its two e-mails (business inbox, sender) in one
 * transaction, after counting it against the sender's rate limit: the request is never lost to a
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
  // A consultation request's confirmation carries a link that adds it to the dashboard of the
  // account with that address (server/booking/claim.server.ts); only its hash is stored.
  const claimToken = request.formType === 'consultation' ? newClaimToken() : undefined
  const booking = {
    ...rowOf(id, request, meta, payloadHash),
    submittedByUserId: meta.submittedByUserId ?? null,
    claimTokenHash: claimToken ? hashClaimToken(claimToken) : null,
  }
  const forMail = { id, request, name: booking.name, receivedAt: new Date(), userAgent: meta.userAgent }
  const notification = notificationMail(forMail, meta.bookingInbox)
  const confirmation = confirmationMail(forMail, meta.publicUrl, claimToken && claimUrl(meta.publicUrl, claimToken))

  return database.db.transaction(async (tx): Promise<RecordedBooking> => {
    // Over the limit: the count is kept (this transaction commits it alone) and nothing else is written.
    const rate = await countRequest(tx, meta.rateLimit.key, meta.rateLimit)
    if (rate.limited) return { outcome: 'limited', count: rate.count, retryAfterSeconds: rate.retryAfterSeconds }

    const claimedBy = await claimPayload(tx, payloadHash, id)
    if (claimedBy !== id) return { outcome: 'duplicate', id: claimedBy }

    const [notificationId = '', confirmationId = ''] = await outbox.enqueueAll([notification, confirmation], tx, {
      immediate: true,
    })
    await tx
      .insert(bookings)
      .values({ ...booking, notificationMailId: notificationId, confirmationMailId: confirmationId })
      // One statement text per kind of form (a contact message leaves the consultation's columns to
      // their defaults), each parsed and planned once per connection.
      .prepare(`intake_store_${request.formType}`)
      .execute()
    return {
      outcome: 'stored',
      id,
      notification: { id: notificationId, message: notification },
      confirmation: { id: confirmationId, message: confirmation },
    }
  })
}

/**
 * The idempotency claim of a payload: one row per payload hash naming the booking stored for it.
 * A new payload's claim is inserted; a claim older than the window is taken over; a claim inside
 * the window stays. Returns the booking the claim names: `bookingId` when the claim is this
 * request's (store the booking), the first booking's otherwise (a repeat). The row lock of the
 * upsert makes a second identical request wait for the first one's transaction, and then see its
 * claim (or take the hash itself, if the first one rolled back). The booking a new claim names is
 * written next in the same transaction (the foreign key is checked at commit, migration 0009).
 */
async function claimPayload(tx: Pick<Db, 'insert'>, payloadHash: string, bookingId: string): Promise<string> {
  const inWindow = sql`${bookingPayloads.receivedAt} > now() - make_interval(secs => ${IDEMPOTENCY_WINDOW_SECONDS})`
  const [claim] = await tx
    .insert(bookingPayloads)
    .values({ payloadHash, bookingId, receivedAt: sql`now()` })
    .onConflictDoUpdate({
      target: bookingPayloads.payloadHash,
      set: {
        bookingId: sql`case when ${inWindow} then ${bookingPayloads.bookingId} else excluded.booking_id end`,
        receivedAt: sql`case when ${inWindow} then ${bookingPayloads.receivedAt} else excluded.received_at end`,
      },
    })
    .returning({ bookingId: bookingPayloads.bookingId })
    .prepare('intake_claim_payload')
    .execute()
  if (!claim) throw new Error('the idempotency claim returned no row')
  return claim.bookingId
}

/**
 * Rows nobody needs any more: rate-limit windows of senders who never came back, idempotency
 * claims past the window. Swept now and then (with the given chance per request), and not in the
 * request's way: the caller does not wait for it.
 */
export async function sweepExpired(database: Database, limit: RateLimit, chance = 0.01): Promise<boolean> {
  if (Math.random() >= chance) return false
  const { db } = database
  await db
    .delete(intakeRateLimits)
    .where(lt(intakeRateLimits.windowStart, sql`now() - make_interval(secs => ${limit.windowSeconds}::int)`))
  await db
    .delete(bookingPayloads)
    .where(lt(bookingPayloads.receivedAt, sql`now() - make_interval(secs => ${IDEMPOTENCY_WINDOW_SECONDS})`))
  return true
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
