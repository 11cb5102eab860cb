/**
 * The parts of the form schema that the forms need before anything is validated: input limits, the
 * honeypot's name and the field-error shape. Kept apart from booking-schema.ts (which needs zod) so
 * a page can render its form without downloading the validator; see docs/frontend-performance.md.
 */

/** Limits, shared with the form's inputs (maxLength) and the property-based tests. */
export const limits = {
  name: 100,
  fullName: 201,
  email: 254,
  phone: 40,
  company: 200,
  employees: 100_000,
  message: 5000,
  source: 2000,
  serviceList: 500,
  honeypot: 1000,
} as const

/** The honeypot: a field people never see. A body that fills it is answered but never stored. */
export const HONEYPOT_FIELD = 'website'

/** Field name → messages, as the endpoint answers them and the forms show them inline. */
export type FieldErrors = Record<string, string[]>

export function fieldErrorsOf(error: {
  issues: readonly { path: readonly PropertyKey[]; message: string }[]
}): FieldErrors {
  const fields: FieldErrors = {}
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? String(issue.path[0]) : 'body'
    const list = fields[key] ?? []
    if (!list.includes(issue.message)) list.push(issue.message)
    fields[key] = list
  }
  return fields
}
