import { z } from 'zod'
import { passwordProblem, passwordRules } from '~/features/accounts/password-policy'
import { optionalText, text } from '~/lib/forms/text'

/**
 * The account forms' rules (sign-up, sign-in, profile, password, e-mail, invitation, review,
 * deletion), with messages a person can act on. The page actions check their forms with these, and
 * Better Auth's sign-up endpoint checks its body with the same (server/accounts/auth.server.ts).
 */

export const emailSchema = z
  .string({ error: 'E-mail is required.' })
  .trim()
  .toLowerCase()
  .min(1, 'E-mail is required.')
  .max(254, 'E-mail must be at most 254 characters.')
  .pipe(z.email('Enter a valid e-mail address, like name@example.com.'))

const phoneShape = z
  .string()
  .regex(/^[+()\d\s.-]{7,40}$/, 'Enter a phone number with digits, like (845) 555-0142.')
  .refine((v) => v.replace(/\D/g, '').length >= 7, 'Enter a phone number with at least 7 digits.')

export const phoneSchema = text({ label: 'Phone', max: 40, required: 'Phone is required.' }).pipe(phoneShape)

/** A phone number that may be left out (staff invitations): null when not given. */
export const optionalPhoneSchema = optionalText({ label: 'Phone', max: 40 })
  .pipe(phoneShape.optional())
  .transform((v) => v ?? null)

export const newPasswordSchema = z
  .string({ error: 'Password is required.' })
  .max(passwordRules.maxLength, `Use at most ${passwordRules.maxLength} characters.`)
  .superRefine((value, ctx) => {
    const problem = passwordProblem(value)
    if (problem) ctx.addIssue({ code: 'custom', message: problem })
  })

export const fullNameSchema = text({ label: 'Full name', max: 100, name: true, required: 'Full name is required.' })
export const companyNameSchema = optionalText({ label: 'Company name', max: 120, name: true }).transform(
  (v) => v ?? null,
)

/** The fields sign-up takes besides e-mail and password (the auth API's body carries them too). */
export const signUpExtrasSchema = z.object({
  name: fullNameSchema,
  companyName: companyNameSchema,
  phone: phoneSchema,
})

/**
 * The sign-up page: whether the account is for a company (named) or a household; the client's
 * organisation is made from it (docs/accounts.md#organisations). Without the choice (the auth API),
 * a company name makes a business and none a household.
 */
export const signUpFormSchema = signUpExtrasSchema
  .extend({
    email: emailSchema,
    password: newPasswordSchema,
    accountFor: z.enum(['business', 'household'], { error: 'Choose a company or a household.' }).optional(),
  })
  .superRefine((form, ctx) => {
    if (form.accountFor === 'business' && !form.companyName) {
      ctx.addIssue({ code: 'custom', path: ['companyName'], message: 'Name your company, or choose a household.' })
    }
  })
  .transform(({ accountFor, ...form }) => (accountFor === 'household' ? { ...form, companyName: null } : form))

export const signInFormSchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: 'Password is required.' })
    .min(1, 'Password is required.')
    .max(passwordRules.maxLength, 'Password is too long.'),
})

export const profileFormSchema = z.object({
  name: fullNameSchema,
  companyName: companyNameSchema,
  phone: phoneSchema,
})

export const passwordChangeSchema = z.object({
  currentPassword: z
    .string({ error: 'Enter your current password.' })
    .min(1, 'Enter your current password.')
    .max(passwordRules.maxLength),
  newPassword: newPasswordSchema,
})

export const emailChangeSchema = z.object({ newEmail: emailSchema })

/** A one-time token from a link (verification, reset, invitation, change of e-mail). */
export const linkTokenSchema = text({ label: 'Token', max: 200, required: 'The link is incomplete.' })

export const resetPasswordSchema = z.object({ token: linkTokenSchema, newPassword: newPasswordSchema })

export const setupAccountSchema = z.object({ token: linkTokenSchema, password: newPasswordSchema })

/** The e-mail verification link, as the home page's verification screen sends it. */
export const verificationLinkSchema = z.object({
  token: linkTokenSchema,
  email: text({ label: 'E-mail', max: 254, required: 'Email parameter is missing from verification link' }),
})

/** A change-of-e-mail link, as its page sends it back. */
export const confirmEmailSchema = z.object({ token: linkTokenSchema, email: emailSchema })

/** Why the person asks to delete the account (optional): null when not given. */
export const deletionRequestSchema = z.object({
  reason: optionalText({
    label: 'The note',
    max: 1000,
    multiline: true,
    messages: { tooLong: 'Keep the note under 1000 characters.' },
  }).transform((v) => v ?? null),
})

/** Staff approve or reject an account awaiting approval; a rejection may say why. */
export const reviewSchema = z.object({
  onboardingId: z.uuid('Unknown account. Reload the list.'),
  decision: z.enum(['approve', 'reject'], { error: 'Choose approve or reject.' }),
  reason: optionalText({
    label: 'The reason',
    max: 500,
    multiline: true,
    messages: { tooLong: 'Keep the reason under 500 characters.' },
  }).transform((v) => v ?? null),
})

export const inviteRoles = ['client', 'employee'] as const

/** Staff invite a client or an employee; the account is approved at once. */
export const inviteSchema = z.object({
  name: fullNameSchema,
  companyName: companyNameSchema,
  phone: optionalPhoneSchema,
  email: emailSchema,
  role: z.enum(inviteRoles, { error: 'Choose client or employee.' }),
})
