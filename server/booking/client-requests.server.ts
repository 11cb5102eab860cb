import { and, desc, eq, sql } from 'drizzle-orm'
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
 * The consultation requests sent with this e-mail address (any letter case), newest first, for
 * the client's dashboard. Contact-form messages are not consultation requests and stay out.
 */
export async function consultationRequestsOf(db: Db, email: string, limit = 50): Promise<ClientConsultationRequest[]> {
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
    .where(and(sql`lower(${bookings.email}) = ${email.toLowerCase()}`, eq(bookings.formType, 'consultation')))
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
