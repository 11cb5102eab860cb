import { z } from 'zod'
import { passwordProblem, passwordRules } from '../../app/features/accounts/password-policy.ts'

/** Input rules of the account forms and of the auth API, with messages a person can act on. */

const trimmed = (field: string, max: number) =>
  z
    .string({ error: `${field} is required.` })
    .trim()
    .min(1, `${field} is required.`)
    .max(max, `${field} must be at most ${max} characters.`)

const optionalTrimmed = (field: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${field} must be at most ${max} characters.`)
    .transform((v) => (v === '' ? null : v))
    .nullish()
    .transform((v) => v ?? null)

export const emailSchema = z
  .string({ error: 'E-mail is required.' })
  .trim()
  .toLowerCase()
  .min(1, 'E-mail is required.')
  .max(254, 'E-mail must be at most 254 characters.')
  .pipe(z.email('Enter a valid e-mail address, like name@example.com.'))

export const phoneSchema = z
  .string({ error: 'Phone is required.' })
  .trim()
  .min(1, 'Phone is required.')
  .max(40, 'Phone must be at most 40 characters.')
  .regex(/^[+()\d\s.-]{7,40}$/, 'Enter a phone number with digits, like (845) 555-0142.')
  .refine((v) => v.replace(/\D/g, '').length >= 7, 'Enter a phone number with at least 7 digits.')

export const newPasswordSchema = z
  .string({ error: 'Password is required.' })
  .max(passwordRules.maxLength, `Use at most ${passwordRules.maxLength} characters.`)
  .superRefine((value, ctx) => {
    const problem = passwordProblem(value)
    if (problem) ctx.addIssue({ code: 'custom', message: problem })
  })

export const fullNameSchema = trimmed('Full name', 100)
export const companyNameSchema = optionalTrimmed('Company name', 120)

/** The fields sign-up takes besides e-mail and password (the auth API's body carries them too). */
export const signUpExtrasSchema = z.object({
  name: fullNameSchema,
  companyName: companyNameSchema,
  phone: phoneSchema,
})

export const signUpFormSchema = signUpExtrasSchema.extend({
  email: emailSchema,
  password: newPasswordSchema,
})

export const signInFormSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, 'Password is required.').max(passwordRules.maxLength, 'Password is too long.'),
})

export const profileFormSchema = z.object({
  name: fullNameSchema,
  companyName: companyNameSchema,
  phone: phoneSchema,
})

/** Field errors keyed by field name: the first message of each. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {}
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? 'form')
    if (!(key in out)) out[key] = issue.message
  }
  return out
}
