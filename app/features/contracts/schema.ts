import { z } from 'zod'
import { isCalendarDate } from '../../lib/calendar-date'
import { text } from '../../lib/forms/text'

/**
 * What staff and clients submit about contracts, as the server reads it (the pages use the same
 * schemas). Every text is a text() field: control characters are refused, not stripped.
 */

const dateField = (required: string) =>
  z.string({ error: required }).trim().min(1, required).refine(isCalendarDate, 'Enter a date like 2026-05-31.')

/** Longest contract or template text: well under the 100 KB a request body may carry. */
export const contractTextMax = 60_000

export const newContractFormSchema = z
  .object({
    templateId: z.string({ error: 'Choose a template.' }).trim().pipe(z.uuid('Choose a template.')),
    // The form picks an organisation (ADR 028); a client person (`clientId`) is still read for callers
    // that name one, and the contract goes to that person's organisation.
    organisationId: z
      .string({ error: 'Choose a client organisation.' })
      .trim()
      .pipe(z.uuid('Choose a client organisation.'))
      .optional(),
    clientId: z
      .string({ error: 'Choose a client account.' })
      .trim()
      .pipe(z.uuid('Choose a client account.'))
      .optional(),
    plan: text({ label: 'Plan', max: 120, required: 'Enter the plan, e.g. Full Help Desk.' }),
    pricePerUser: text({ label: 'Price per user', max: 40, required: 'Enter the price per user, e.g. $100.00.' }),
    users: text({ label: 'Number of users', max: 20, required: 'Enter the number of users.' }),
    startDate: text({ label: 'Start date', max: 40, required: 'Enter the start date, e.g. June 1, 2026.' }),
    term: text({ label: 'Term', max: 60, required: 'Enter the term, e.g. 12 months.' }),
    expiresOn: dateField('Enter the last day it can be signed.'),
  })
  .superRefine((form, ctx) => {
    if (form.organisationId === undefined && form.clientId === undefined) {
      ctx.addIssue({ code: 'custom', path: ['organisationId'], message: 'Choose a client organisation.' })
    }
  })
export type NewContractInput = z.infer<typeof newContractFormSchema>

export const contractDraftFormSchema = z.object({
  title: text({ label: 'Title', max: 200, required: 'Enter a title.' }),
  body: text({ label: 'Text', max: contractTextMax, multiline: true, required: 'Enter the text of the contract.' }),
  expiresOn: dateField('Enter the last day it can be signed.'),
})
export type ContractDraftInput = z.infer<typeof contractDraftFormSchema>

export const templateFormSchema = z.object({
  title: text({ label: 'Title', max: 200, required: 'Enter a title.' }),
  description: text({ label: 'Description', max: 500, required: 'Say in a line what the template is for.' }),
  body: text({ label: 'Text', max: contractTextMax, multiline: true, required: 'Enter the text of the template.' }),
})
export type TemplateInput = z.infer<typeof templateFormSchema>

export const signFormSchema = z.object({
  consent: z.literal('on', { error: 'Tick the box to agree to sign electronically.' }),
  fullName: text({ label: 'Full name', max: 120, name: true, required: 'Type your full name to sign.' }),
})

export const contractDeclineFormSchema = z.object({
  reason: text({ label: 'Reason', max: 1000, multiline: true, required: 'Tell us why, in a few words.' }),
})

export const withdrawFormSchema = z.object({
  reason: text({
    label: 'Reason',
    max: 1000,
    multiline: true,
    required: 'Say why it is withdrawn; the client reads it.',
  }),
})

export const countersignFormSchema = z.object({
  fullName: text({ label: 'Full name', max: 120, name: true, required: 'Type your full name to countersign.' }),
})

/** A SHA-256 pasted on the verification page: 64 hex digits, spaces and case ignored. */
export const hashFormSchema = z.object({
  hash: z
    .string({ error: 'Paste a SHA-256 hash.' })
    .transform((v) => v.trim().replace(/ +/g, '').toLowerCase())
    .refine((v) => /^[0-9a-f]{64}$/.test(v), 'A SHA-256 hash is 64 characters, 0-9 and a-f.'),
})
