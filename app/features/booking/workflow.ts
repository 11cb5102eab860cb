import { z } from 'zod'
import { fromBusinessLocalInput } from '~/lib/business-time'
import { calendarDateMessage, isCalendarDate } from '~/lib/calendar-date'
import { optionalText, text } from '~/lib/forms/text'
import { appointmentPlaces, type RequestStatus, requestStatuses } from './statuses'

export * from './statuses'

/**
 * How staff work a consultation request or contact message (docs/staff-workspace.md):
 * new → contacted → scheduled → completed, or set aside as not a fit or spam. Scheduling and
 * cancelling an appointment move to and from `scheduled` (they send the client a calendar invitation
 * or its cancellation), so the plain status form never offers it.
 */

/** Where the status form may move a request from each status (scheduling has its own form). */
export const statusMoves: Record<RequestStatus, readonly RequestStatus[]> = {
  new: ['contacted', 'not_a_fit', 'spam'],
  contacted: ['completed', 'not_a_fit', 'spam', 'new'],
  scheduled: ['completed', 'not_a_fit'],
  completed: ['contacted'],
  not_a_fit: ['new', 'contacted'],
  spam: ['new'],
}

export function canMove(from: RequestStatus, to: RequestStatus): boolean {
  return statusMoves[from].includes(to)
}

/** How the client's dashboard words a status (the client never sees not a fit or spam as such). */
export const clientStatusLabels: Record<RequestStatus, string> = {
  new: 'Received',
  contacted: 'In progress',
  scheduled: 'Scheduled',
  completed: 'Completed',
  not_a_fit: 'Closed',
  spam: 'Closed',
}

const id = z.uuid('Unknown request. Reload the page.')
// Digits only: a number coerced from text would let spaces and line breaks through.
const version = z
  .string('Reload the page and try again.')
  .regex(/^[1-9]\d{0,8}$/, 'Reload the page and try again.')
  .transform(Number)

export const statusSchema = z.object({
  id,
  version,
  status: z.enum(requestStatuses, 'Choose a status.'),
})

export const assignSchema = z.object({
  id,
  version,
  /** Empty or `nobody`: no one. */
  assignee: z
    .union([z.literal(''), z.literal('nobody'), z.uuid('Choose a staff member.')])
    .transform((value) => (value === 'nobody' ? '' : value)),
})

export const noteSchema = z.object({
  id,
  body: text({ label: 'Note', max: 4000, multiline: true, required: 'Write the note first.' }),
})

/** How far ahead an appointment may be booked: a consultation is arranged within weeks, not years. */
export const appointmentHorizonDays = 365

const timePattern = /^([01]\d|2[0-3]):[0-5]\d$/

export const scheduleSchema = z
  .object({
    id,
    version,
    date: z.string('Choose the date.').refine(isCalendarDate, calendarDateMessage),
    time: z.string().regex(timePattern, 'Choose the time (for example 10:30).'),
    minutes: z
      .string('Choose the length.')
      .regex(/^\d{1,3}$/, 'Choose the length.')
      .transform(Number)
      .pipe(
        z.number().min(30, 'A consultation takes 30 to 60 minutes.').max(60, 'A consultation takes 30 to 60 minutes.'),
      ),
    place: z.enum(appointmentPlaces, 'Choose where it takes place.'),
    details: optionalText({ label: 'Address, phone number or link', max: 500 }),
  })
  .superRefine((value, ctx) => {
    // The client is e-mailed an invitation at once: it must name a time still to come, and not years out.
    const start = fromBusinessLocalInput(`${value.date}T${value.time}`)
    const now = Date.now()
    if (!start) {
      ctx.addIssue({
        code: 'custom',
        path: ['time'],
        message: 'That time does not exist in New York (the clocks skip it).',
      })
    } else if (start.getTime() <= now) {
      ctx.addIssue({ code: 'custom', path: ['date'], message: 'Choose a date and time still to come.' })
    } else if (start.getTime() > now + appointmentHorizonDays * 86_400_000) {
      ctx.addIssue({ code: 'custom', path: ['date'], message: 'Choose a date within the next year.' })
    }
    if (value.place === 'video' && value.details && !/^https:\/\/\S+$/.test(value.details)) {
      ctx.addIssue({ code: 'custom', path: ['details'], message: 'A video call needs its link (https://…).' })
    }
  })

export const cancelSchema = z.object({ id, version })
