import { z } from 'zod'
import { optionalText, text } from '../../lib/forms/text'
import { organisationKinds, organisationRoles, organisationStates } from './roles'

/**
 * What staff and owners submit about an organisation and its people, as the server reads it (the
 * pages will use the same schemas). Every message names the field and what to do.
 */

const nothingAsNull = <T>(value: T | undefined): T | null => value ?? null

export const organisationRoleSchema = z.enum(organisationRoles, { error: 'Choose a role: owner, billing or member.' })

export const organisationSchema = z.object({
  name: text({ label: 'Name', max: 120, required: 'Name is required.' }),
  kind: z.enum(organisationKinds, { error: 'Choose business or household.' }),
  phone: optionalText({ label: 'Phone', max: 40 })
    .pipe(
      z
        .string()
        .regex(/^[+()\d\s.-]{7,40}$/, 'Enter a phone number with digits, like (845) 555-0142.')
        .refine((v) => v.replace(/\D/g, '').length >= 7, 'Enter a phone number with at least 7 digits.')
        .optional(),
    )
    .transform(nothingAsNull),
  streetAddress: optionalText({ label: 'Street address', max: 200 }).transform(nothingAsNull),
  town: optionalText({ label: 'Town', max: 80 }).transform(nothingAsNull),
  state: z
    .preprocess(
      (v) =>
        typeof v === 'string' && v.trim() === '' ? undefined : typeof v === 'string' ? v.trim().toUpperCase() : v,
      z.enum(organisationStates, { error: 'Choose New York (NY) or New Jersey (NJ).' }).optional(),
    )
    .transform(nothingAsNull),
  postalCode: optionalText({ label: 'ZIP code', max: 10 })
    .pipe(
      z
        .string()
        .regex(/^\d{5}(-\d{4})?$/, 'Enter a ZIP code like 10901 or 10901-1234.')
        .optional(),
    )
    .transform(nothingAsNull),
  billingEmail: optionalText({ label: 'Billing e-mail', max: 254 })
    .pipe(z.email('Enter a valid e-mail address, like billing@example.com.').toLowerCase().optional())
    .transform(nothingAsNull),
  staffNotes: optionalText({ label: 'Notes', max: 5000, multiline: true }).transform((v) => v ?? ''),
})
export type OrganisationInput = z.infer<typeof organisationSchema>

/** An owner's (or staff's) invitation of a colleague: who, and in which role. */
export const organisationInvitationSchema = z.object({
  email: z
    .string({ error: 'E-mail is required.' })
    .trim()
    .toLowerCase()
    .min(1, 'E-mail is required.')
    .max(254, 'E-mail must be at most 254 characters.')
    .pipe(z.email('Enter a valid e-mail address, like name@example.com.')),
  name: text({ label: 'Full name', max: 100, required: 'Full name is required.' }),
  role: organisationRoleSchema,
})
export type OrganisationInvitationInput = z.infer<typeof organisationInvitationSchema>

const personId = z.uuid({ error: 'Choose a person of your organisation.' })

/** A new role for a person of the organisation (the people page's form). */
export const personRoleFormSchema = z.object({ personId, role: organisationRoleSchema })

/** A person to take out of the organisation. */
export const personFormSchema = z.object({ personId })

/** Whether everyone in the organisation signs in with a second factor (a switch: on or off). */
export const secondFactorFormSchema = z.object({
  required: z.enum(['on', 'off'], { error: 'Choose on or off.' }).transform((value) => value === 'on'),
})

/** Staff add a client person to an organisation (or move them into it) by their e-mail, in a role. */
export const addPersonFormSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'E-mail is required.')
    .max(254)
    .pipe(z.email('Enter the e-mail of a client account.')),
  role: organisationRoleSchema,
})

/** Staff merge an organisation created twice into the one that stays. */
export const mergeFormSchema = z.object({ into: z.uuid({ error: 'Choose the organisation that stays.' }) })
