import { createHash, randomUUID } from 'node:crypto'
import { and, desc, eq, gt, sql } from 'drizzle-orm'
import { type BookingRequest, fullName, HONEYPOT_FIELD, serviceList } from '../../app/lib/booking-schema.ts'
import type { Db } from '../db/client.server.ts'
import { bookings, type NewBooking } from '../db/schema/index.server.ts'
import type { MailMessage, Outbox } from '../mail/outbox.server.ts'
import { confirmationMail, notificationMail } from './mail.server.ts'

/** The same payload twice within this many seconds stores one booking. */
export const IDEMPOTENCY_WINDOW_SECONDS = 60

export type RequestMeta = {
  ipHash: string
  userAgent: string | undefined
  publicUrl: string
  bookingInbox: string
}

export type QueuedMail = { id: string; message: MailMessage }

export type RecordedBooking =
  | { duplicate: false; id: string; notification: QueuedMail; confirmation: QueuedMail }
  | { duplicate: true; id: string }

/**
 * Stores a validated booking request and its two e-mails (business inbox, sender) in one
 * transaction: the request is never lost to a mail failure, and no mail goes out about a request
 * that was not stored. A repeat of the same payload within the idempotency window returns the
 * booking stored the first time.
 */
export async function recordBooking(
  db: Db,
  outbox: Outbox,
  request: BookingRequest,
  meta: RequestMeta,
): Promise<RecordedBooking> {
  const payloadHash = hashPayload(request)
  return db.transaction(async (tx) => {
    // Two identical requests racing (a double click, two processes) queue here: the second one
    // then sees the first one's row.
    await tx.execute(sql`select pg_advisory_xact_lock(${advisoryKey(payloadHash)}::bigint)`)
    const [existing] = await tx
      .select({ id: bookings.id })
      .from(bookings)
      .where(
        and(
          eq(bookings.payloadHash, payloadHash),
          gt(bookings.receivedAt, sql`now() - make_interval(secs => ${IDEMPOTENCY_WINDOW_SECONDS}::int)`),
        ),
      )
      .orderBy(desc(bookings.receivedAt))
      .limit(1)
    if (existing) return { duplicate: true, id: existing.id }

    const id = randomUUID()
    const row = rowOf(id, request, meta, payloadHash)
    const forMail = {
      id,
      request,
      name: row.name,
      receivedAt: new Date(),
      userAgent: meta.userAgent,
    }
    const notification = notificationMail(forMail, meta.bookingInbox)
    const confirmation = confirmationMail(forMail, meta.publicUrl)
    // One transaction: the order of these three writes does not matter, all commit or none does.
    const [notificationId, confirmationId] = await outbox.enqueueAll([notification, confirmation], tx, {
      immediate: true,
    })
    if (!notificationId || !confirmationId) throw new Error('booking e-mails could not be queued')
    await tx.insert(bookings).values({ ...row, notificationMailId: notificationId, confirmationMailId: confirmationId })
    return {
      duplicate: false,
      id,
      notification: { id: notificationId, message: notification },
      confirmation: { id: confirmationId, message: confirmation },
    }
  })
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

/** A signed 64-bit key for pg_advisory_xact_lock from the payload hash. */
function advisoryKey(hash: string): string {
  return BigInt.asIntN(64, BigInt(`0x${hash.slice(0, 16)}`)).toString()
}
