import { createEvent, type EventAttributes } from 'ics'
import { business } from '../../app/content/business.ts'
import { icsParameterText } from '../../app/features/booking/ics-param.ts'
import { type AppointmentPlace, appointmentPlaceLabels } from '../../app/features/booking/workflow.ts'
import { businessDateTimeFormat } from '../../app/lib/business-time.ts'
import type { Booking } from '../db/schema/index.server.ts'
import type { MailMessage } from '../mail/outbox.server.ts'
import { referenceOf } from './mail.server.ts'

/**
 * The client's calendar invitation to a consultation (an .ics file, RFC 5545) and the e-mail that
 * carries it: booked, moved or cancelled.
 */

export type Appointment = {
  start: Date
  minutes: number
  place: AppointmentPlace
  details: string | undefined
}

/** The invitation's UID: one per request, kept through every change so calendars update the event. */
export function appointmentUid(bookingId: string): string {
  return `consultation-${bookingId}@${business.email.split('@')[1] ?? 'localhost'}`
}

export function whereText(appointment: Pick<Appointment, 'place' | 'details'>): string {
  const label = appointmentPlaceLabels[appointment.place]
  return appointment.details ? `${label}: ${appointment.details}` : label
}

/**
 * The calendar file of an appointment (RFC 5545): METHOD:REQUEST for a new or changed one,
 * METHOD:CANCEL to take it off the client's calendar; the same UID and a higher SEQUENCE each time.
 */
export function appointmentIcs(
  booking: Pick<Booking, 'id' | 'name' | 'email'>,
  appointment: Appointment,
  sequence: number,
  method: 'REQUEST' | 'CANCEL',
): string {
  const attributes: EventAttributes = {
    uid: appointmentUid(booking.id),
    sequence,
    method,
    status: method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED',
    productId: `-//${business.name}//Consultations//EN`,
    start: appointment.start.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    duration: { minutes: appointment.minutes },
    title: `Free consultation with ${business.name}`,
    description: `Your free IT consultation (${appointment.minutes} minutes). Reference ${referenceOf(booking.id)}. Questions: ${business.phone}.`,
    location: whereText(appointment),
    ...(appointment.place === 'video' && appointment.details ? { url: appointment.details } : {}),
    organizer: { name: business.name, email: business.email },
    attendees: [
      // RFC 6868 quoting: the library's own `\"` ends the value early in calendar programs.
      {
        name: icsParameterText(booking.name),
        email: booking.email,
        rsvp: true,
        role: 'REQ-PARTICIPANT',
        partstat: 'NEEDS-ACTION',
      },
    ],
  }
  const { error, value } = createEvent(attributes)
  if (error || !value) throw error ?? new Error('calendar file not created')
  return value
}

export function appointmentMail(
  booking: Pick<Booking, 'id' | 'name' | 'email' | 'firstName'>,
  appointment: Appointment,
  sequence: number,
  kind: 'new' | 'changed' | 'cancelled',
): MailMessage {
  const when = businessDateTimeFormat.format(appointment.start)
  const subject =
    kind === 'cancelled'
      ? `Cancelled: your consultation with ${business.name}`
      : kind === 'changed'
        ? `New time for your consultation with ${business.name}: ${when}`
        : `Your consultation with ${business.name}: ${when}`
  const lines =
    kind === 'cancelled'
      ? [`Your consultation on ${when} is cancelled. The attached file takes it off your calendar.`]
      : [
          kind === 'changed'
            ? 'We changed the time or place of your free consultation. It is now:'
            : 'Your free consultation is booked:',
          '',
          `When:   ${when} (New York time), ${appointment.minutes} minutes`,
          `Where:  ${whereText(appointment)}`,
          '',
          'The attached invitation adds it to your calendar.',
        ]
  const text = [
    `Hi ${booking.firstName ?? booking.name},`,
    '',
    ...lines,
    '',
    `Reference: ${referenceOf(booking.id)}`,
    `Questions or a better time? Call us at ${business.phone} or reply to this e-mail.`,
    '',
    business.name,
  ].join('\n')
  const ics = appointmentIcs(booking, appointment, sequence, kind === 'cancelled' ? 'CANCEL' : 'REQUEST')
  return {
    to: [booking.email],
    subject,
    text,
    replyTo: business.email,
    attachments: [
      {
        filename: kind === 'cancelled' ? 'cancellation.ics' : 'invitation.ics',
        contentType: 'text/calendar',
        contentBase64: Buffer.from(ics, 'utf8').toString('base64'),
      },
    ],
  }
}
