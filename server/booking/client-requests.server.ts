import { and, desc, eq, isNull, or, sql } from 'drizzle-orm'
import {
  type AppointmentPlace,
  appointmentPlaceLabels,
  clientStatusLabels as statusLabels,
} from '../../app/features/booking/workflow.ts'
import type { OrganisationRole } from '../../app/features/organisations/roles.ts'
import type { Db } from '../db/client.server.ts'
import { preparedPerVariant } from '../db/prepared.server.ts'
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

/** Who reads the dashboard: their sign-in account and the organisation they are in at this request. */
export type RequestReader = {
  userId: string
  organisation: { id: string; role: OrganisationRole } | null
}

// Built once per database and reader's place, and named (db/prepared.server.ts): the dashboard reads
// them on every visit.
const requestStatements = preparedPerVariant((db: Db, shape: 'own' | 'member' | 'organisation') => {
  const user = sql.placeholder('user')
  const organisation = sql.placeholder('organisation')
  const theirs = or(eq(bookings.submittedByUserId, user), eq(bookings.claimedByUserId, user))
  const shown =
    shape === 'own'
      ? and(theirs, isNull(bookings.organisationId))
      : shape === 'member'
        ? and(theirs, eq(bookings.organisationId, organisation))
        : eq(bookings.organisationId, organisation)
  return db
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
    .where(and(shown, eq(bookings.formType, 'consultation')))
    .orderBy(desc(bookings.receivedAt))
    .limit(sql.placeholder('limit'))
    .prepare(`client_requests_${shape}`)
})

/**
 * The consultation requests a client's dashboard shows, newest first. A request is a client's when
 * it was sent while signed in, or its confirmation link was opened signed in
 * (server/booking/claim.server.ts); not when it merely carries their e-mail address, which anyone
 * can type. It belongs to the organisation of that account: owners and billing people see all of
 * their organisation's, a member their own among them, and a person in no organisation (removed
 * from theirs) only their own that no organisation holds. Contact-form messages are not
 * consultation requests and stay out.
 */
export async function consultationRequestsOf(
  db: Db,
  reader: RequestReader,
  limit = 50,
): Promise<ClientConsultationRequest[]> {
  const organisation = reader.organisation
  const shape = !organisation ? 'own' : organisation.role === 'member' ? 'member' : 'organisation'
  const rows = await requestStatements(db, shape).execute({
    user: reader.userId,
    organisation: organisation?.id ?? null,
    limit,
  })
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
