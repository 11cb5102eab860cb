import type { z } from 'zod'
import { fieldErrors as allFieldErrors } from '../../app/lib/forms/result.ts'

/** The account forms' rules live in app/features/accounts/schema.ts; the pages still importing them here move onto it. */
export {
  companyNameSchema,
  emailSchema,
  fullNameSchema,
  newPasswordSchema,
  phoneSchema,
  profileFormSchema,
  signInFormSchema,
  signUpExtrasSchema,
  signUpFormSchema,
} from '../../app/features/accounts/schema.ts'

/** Field errors keyed by field name: the first message of each (the pages' old shape, until they move). */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  return Object.fromEntries(Object.entries(allFieldErrors(error)).map(([key, [first]]) => [key, first ?? '']))
}
