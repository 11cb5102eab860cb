import { asc, eq } from 'drizzle-orm'
import { isUuid } from '../../app/lib/uuid.ts'
import type { Db } from '../db/client.server.ts'
import { type Booking, bookingEvents, bookings, clientOnboarding } from '../db/schema/index.server.ts'
import { referenceOf } from './mail.server.ts'
import { type MailState, mailStates } from './request-mails.server.ts'

/** One request in full for the staff's request page: the row, its history, its e-mails and the client's account. */

export type RequestDetail = {
  booking: Booking
  reference: string
  events: Array<typeof bookingEvents.$inferSelect>
  mails: MailState[]
  /** The account with the same e-mail address, if there is one. */
  account: { id: string; fullName: string | null; role: string; status: string; disabledAt: Date | null } | null
}

export async function requestDetail(db: Db, id: string): Promise<RequestDetail | null> {
  if (!isUuid(id)) return null
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, id))
  if (!booking) return null
  const [events, [account]] = await Promise.all([
    db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, id)).orderBy(asc(bookingEvents.at)),
    db
      .select({
        id: clientOnboarding.id,
        fullName: clientOnboarding.fullName,
        role: clientOnboarding.role,
        status: clientOnboarding.status,
        disabledAt: clientOnboarding.disabledAt,
      })
      .from(clientOnboarding)
      .where(eq(clientOnboarding.email, booking.email.toLowerCase())),
  ])
  const mailIds = [booking.notificationMailId, booking.confirmationMailId, ...events.map((e) => e.mailId)].filter(
    (m): m is string => m !== null,
  )
  return {
    booking,
    reference: referenceOf(booking.id),
    events,
    mails: await mailStates(db, mailIds),
    account: account ?? null,
  }
}
