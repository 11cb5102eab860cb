import { and, desc, eq, or } from 'drizzle-orm'
import {
  type AppointmentPlace,
  appointmentPlaceLabels,
  clientStatusLabels as statusLabels,
} from '../../app/features/booking/workflow.ts'
import type { Db } from '../db/client.server.ts'
import { bookings } from '../db/schema/index.server.ts'

export type ClientConsultationRequest = {
  id: string
  submittedAt: string
  services: string | null
  plan: string | null
  status: string
  /** The booked consultation, while there is one (ISO start, minutes, place label and details). */
  appointment: { at: string; minutes: number; place: string; details: string | null } | null
}

/**
 * The account's consultation requests, newest first, for the client's dashboard: those sent while
 * signed in to it, and those whose confirmation link it opened (server/booking/claim.server.ts).
 * Not those merely sent with its e-mail address, which anyone can type. Contact-form messages are
 * not consultation requests and stay out.
 */
export async function consultationRequestsOf(db: Db, userId: string, limit = 50): Promise<ClientConsultationRequest[]> {
  const rows = await db
    .select({
      id: bookings.id,
      receivedAt: bookings.receivedAt,
      services: bookings.services,
      plan: bookings.plan,
      status: bookings.status,
      appointmentAt: bookings.appointmentAt,
      appointmentMinutes: bookings.appointmentMinutes,
      appointmentPlace: bookings.appointmentPlace,
      appointmentDetails: bookings.appointmentDetails,
    })
    .from(bookings)
    .where(
      and(
        or(eq(bookings.submittedByUserId, userId), eq(bookings.claimedByUserId, userId)),
        eq(bookings.formType, 'consultation'),
      ),
    )
    .orderBy(desc(bookings.receivedAt))
    .limit(limit)
  return rows.map((row) => ({
    id: row.id,
    submittedAt: row.receivedAt.toISOString(),
    services: row.services.length > 0 ? row.services.join(', ') : null,
    plan: row.plan,
    status: statusLabels[row.status as keyof typeof statusLabels] ?? row.status,
    appointment:
      row.appointmentAt && row.appointmentMinutes
        ? {
            at: row.appointmentAt.toISOString(),
            minutes: row.appointmentMinutes,
            place: appointmentPlaceLabels[row.appointmentPlace as AppointmentPlace] ?? '',
            details: row.appointmentDetails,
          }
        : null,
  }))
}
