import { z } from 'zod'
import { optionalText, text } from '~/lib/forms/text'
import {
  ticketCategories,
  ticketLimits,
  ticketMessageVisibilities,
  ticketPriorities,
  ticketRatings,
  ticketStatuses,
} from './catalogue'

/** The forms of the ticket pages (docs/support.md). Files come with the form, checked by the server. */

const version = z
  .string('Reload the page and try again.')
  .regex(/^[1-9]\d{0,8}$/, 'Reload the page and try again.')
  .transform(Number)

const subject = text({ label: 'Subject', max: ticketLimits.subject, required: 'Say in a few words what it is about.' })
const body = (required: string) =>
  text({ label: 'Message', max: ticketLimits.body, multiline: true, required, trim: false })

export const newTicketFormSchema = z.object({
  subject,
  body: body('Describe what happened.'),
  category: z.enum(ticketCategories, 'Choose what it is about.'),
  priority: z.enum(ticketPriorities, 'Choose how urgent it is.'),
})

/** Staff open a ticket for an organisation, for one of its people (who gets it by e-mail). */
export const staffTicketFormSchema = newTicketFormSchema.extend({
  organisationId: z.uuid('Choose the organisation the ticket is for.'),
  requesterUserId: z.uuid('Choose the person the ticket is for.'),
})

export const replyFormSchema = z.object({ body: body('Write a reply first.') })

export const staffReplyFormSchema = z.object({
  body: body('Write a reply first.'),
  visibility: z.enum(ticketMessageVisibilities, 'Choose who sees it.'),
})

export const copyPersonFormSchema = z.object({ userId: z.uuid('Choose a person from the list.') })

export const rateFormSchema = z.object({
  rating: z.enum(ticketRatings, 'Choose good or bad.'),
  comment: optionalText({ label: 'Comment', max: ticketLimits.ratingComment, multiline: true }),
})

export const ticketStatusFormSchema = z.object({
  version,
  status: z.enum(ticketStatuses, 'Choose a status.'),
})

export const ticketAssignFormSchema = z.object({
  version,
  /** Empty or `nobody`: no one. */
  assignee: z
    .union([z.literal(''), z.literal('nobody'), z.uuid('Choose a staff member.')])
    .transform((value) => (value === 'nobody' || value === '' ? null : value)),
})

export const ticketPriorityFormSchema = z.object({
  version,
  priority: z.enum(ticketPriorities, 'Choose a priority.'),
})

export const ticketTimeFormSchema = z.object({
  minutes: z
    .string('Give the minutes spent.')
    .regex(/^\d{1,4}$/, 'Give the minutes spent, a whole number from 1 to 720.')
    .transform(Number)
    .refine((n) => n >= 1 && n <= ticketLimits.timeMinutes, 'Give the minutes spent, a whole number from 1 to 720.'),
})

export const ticketMergeFormSchema = z.object({
  version,
  /** The other ticket's number, as staff read it: T-000123 or 123. */
  into: z
    .string('Give the number of the ticket to merge into.')
    .trim()
    .regex(/^(#?T-)?\d{1,9}$/i, 'Give the number of the ticket to merge into, like T-000123.')
    .transform((value) => Number(value.replace(/^#?T-/i, ''))),
})
