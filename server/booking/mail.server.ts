import { whatToExpect } from '../../app/content/booking.ts'
import { business, formatHours, fullAddress } from '../../app/content/business.ts'
import type { BookingRequest } from '../../app/features/booking/schema.ts'
import { businessTimeZone } from '../../app/lib/time-zone.ts'
import type { MailMessage } from '../mail/outbox.server.ts'

/** The two e-mails every booking request produces: one to the business inbox, one to the sender. */

export type BookingForMail = {
  id: string
  request: BookingRequest
  /** First plus last name, or the name a contact message gave. */
  name: string
  receivedAt: Date
  userAgent: string | undefined
}

const receivedFormat = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'full',
  timeStyle: 'short',
  timeZone: businessTimeZone,
})

/** Short reference people can quote on the phone. */
export function referenceOf(id: string): string {
  return id.slice(0, 8).toUpperCase()
}

function rows(pairs: Array<[string, string | number | undefined]>): string {
  const shown = pairs.filter((pair): pair is [string, string | number] => pair[1] !== undefined && pair[1] !== '')
  const width = Math.max(...shown.map(([label]) => label.length)) + 2
  return shown.map(([label, value]) => `${`${label}:`.padEnd(width)}${value}`).join('\n')
}

function summary(booking: BookingForMail): string {
  const r = booking.request
  if (r.formType === 'contact') {
    return rows([
      ['Name', booking.name],
      ['E-mail', r.email],
      ['Phone', r.phone],
    ])
  }
  return rows([
    ['Name', booking.name],
    ['Company', r.company],
    ['E-mail', r.email],
    ['Phone', r.phone],
    ['Users', r.employees],
    ['Services', r.services.join(', ')],
    ['Plan', r.plan],
  ])
}

export function notificationMail(booking: BookingForMail, inbox: string): MailMessage {
  const r = booking.request
  const reference = referenceOf(booking.id)
  const subject =
    r.formType === 'consultation'
      ? `New consultation request: ${booking.name}${r.company ? ` (${r.company})` : ''} [${reference}]`
      : `New message from ${booking.name} [${reference}]`
  const text = [
    r.formType === 'consultation'
      ? 'A visitor asked for a free consultation. Call them within one business day to pick a time.'
      : 'A visitor sent a message through the contact form.',
    '',
    summary(booking),
    '',
    r.message ? `Message:\n${r.message}\n` : 'No message.\n',
    rows([
      ['Received', receivedFormat.format(booking.receivedAt)],
      ['Sent from', r.source],
      ['Browser', booking.userAgent],
      ['Reference', `${reference} (${booking.id})`],
    ]),
    '',
    `Reply to this e-mail to answer ${booking.name} directly.`,
  ].join('\n')
  return { to: [inbox], subject, text, replyTo: r.email }
}

export function confirmationSubject(formType: BookingRequest['formType']): string {
  return formType === 'consultation'
    ? `Your free consultation request with ${business.name}`
    : `We received your message: ${business.name}`
}

/**
 * The sender's confirmation. `claimUrl` (consultation requests) is the link that adds the request
 * to the dashboard of the client account with this address, opened while signed in to it.
 */
export function confirmationMail(booking: BookingForMail, publicUrl: string, claimUrl?: string): MailMessage {
  const r = booking.request
  const greeting = r.formType === 'consultation' ? r.firstName : booking.name
  const hours = `${business.hours.main.days}, ${formatHours(business.hours.main)}`
  const intro =
    r.formType === 'consultation'
      ? [
          `Thank you for requesting a free consultation with ${business.name}. We have your request and`,
          `will call you at ${r.phone} within one business day to find a time that suits you.`,
        ]
      : [
          `Thank you for your message to ${business.name}. We have it and will get back to you`,
          'within one business day.',
        ]
  const next =
    r.formType === 'consultation'
      ? [
          'What happens next',
          ...whatToExpect.steps.slice(1).map((step, i) => `${i + 1}. ${step.title}: ${step.text}`),
          '',
        ]
      : []
  const text = [
    `Hi ${greeting},`,
    '',
    ...intro,
    '',
    ...next,
    r.formType === 'consultation' ? 'Your request' : 'Your message',
    summary(booking),
    ...(r.message ? ['', r.message] : []),
    '',
    `Reference: ${referenceOf(booking.id)}`,
    ...(claimUrl
      ? [
          '',
          'Have a client account with us? Open this link while signed in to it to follow this request',
          'on your dashboard:',
          claimUrl,
        ]
      : []),
    '',
    `Questions in the meantime? Call us at ${business.phone} (${hours}),`,
    `e-mail ${business.email}, or simply reply to this e-mail.`,
    '',
    business.name,
    fullAddress,
    publicUrl,
  ].join('\n')
  return { to: [r.email], subject: confirmationSubject(r.formType), text, replyTo: business.email }
}
