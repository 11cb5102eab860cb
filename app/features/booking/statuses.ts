/**
 * The words of a consultation request that the database holds, ONE list each with the words staff
 * read: its status, its kind and an appointment's place. The database's CHECK constraints are
 * written from these lists (server/db/schema/bookings.server.ts), and a test compares the
 * constraints in the database with them. No imports: the schema reads this file.
 */

export const requestStatuses = ['new', 'contacted', 'scheduled', 'completed', 'not_a_fit', 'spam'] as const
export type RequestStatus = (typeof requestStatuses)[number]

export const requestStatusLabels: Record<RequestStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  scheduled: 'Scheduled',
  completed: 'Completed',
  not_a_fit: 'Not a fit',
  spam: 'Spam',
}

export const requestKinds = ['consultation', 'contact'] as const
export type RequestKind = (typeof requestKinds)[number]
export const requestKindLabels: Record<RequestKind, string> = {
  consultation: 'Consultation',
  contact: 'Contact message',
}

export const appointmentPlaces = ['on_site', 'phone', 'video'] as const
export type AppointmentPlace = (typeof appointmentPlaces)[number]
export const appointmentPlaceLabels: Record<AppointmentPlace, string> = {
  on_site: 'On site',
  phone: 'Phone call',
  video: 'Video call',
}
