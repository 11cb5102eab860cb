/**
 * The parts of the form schema that the forms need before anything is validated: input limits and
 * the honeypot's name. Kept apart from schema.ts (which needs zod) so a page can render its form
 * without downloading the validator; see docs/frontend-performance.md.
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
