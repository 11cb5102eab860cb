import { z } from 'zod'
import { optionalText, text } from '~/lib/forms/text'
import { planChoices, serviceNames } from './choices'
import { HONEYPOT_FIELD, limits } from './limits'

// zod probes `new Function` for a faster validator; our CSP forbids eval, and the probe shows up
// as a CSP violation in the browser. The interpreted path is fast enough for a form.
z.config({ jitless: true })

/**
 * The one schema of a booking request: the booking form and the home contact form
 * validate with it in the browser, and POST /api/process-form validates every body with it again.
 */

export {
  businessServiceNames,
  fullName,
  planChoices,
  residentialServiceName,
  serviceList,
  serviceNames,
} from './choices'

export const formTypes = ['consultation', 'contact'] as const
export type FormType = (typeof formTypes)[number]

export { HONEYPOT_FIELD, limits } from './limits'

/** '' and null from a form mean "not given". */
const blankToUndefined = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value

const email = z.preprocess(
  (v) => (v === undefined || v === null ? '' : v),
  z
    .string({ error: 'E-mail must be text.' })
    .trim()
    .min(1, 'Please enter your e-mail address.')
    .max(limits.email, `E-mail must be at most ${limits.email} characters.`)
    .pipe(z.email('Please enter a valid e-mail address, like name@example.com.')),
)

const phonePattern = /^\+?[\d\s().-]+(?:\s*(?:x|ext\.?)\s*\d{1,6})?$/i
const phoneMessage = 'Please enter a valid phone number, like (845) 555-0142.'
const phoneShape = z.string().refine((v) => {
  if (!phonePattern.test(v)) return false
  const digits = v.replace(/(?:x|ext\.?)\s*\d+$/i, '').replace(/\D/g, '').length
  return digits >= 7 && digits <= 15
}, phoneMessage)

const requiredPhone = text({ label: 'Phone', max: limits.phone, required: 'Please enter your phone number.' }).pipe(
  phoneShape,
)

const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional())

const employees = optional(
  z.preprocess(
    // A number input's value arrives as text from plain HTML forms.
    (v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
    z
      .number({ error: 'Number of users must be a number.' })
      .int('Number of users must be a whole number.')
      .min(1, 'Number of users must be at least 1.')
      .max(limits.employees, 'Number of users must be at most 100,000.'),
  ),
)

const message = (required: boolean) => {
  const options = { label: 'Message', max: limits.message, multiline: true }
  return required ? text({ ...options, required: 'Please enter a message.' }) : optionalText(options)
}

/** The page the form was sent from (spec: source = current page URL). */
const source = optionalText({
  label: 'Source',
  max: limits.source,
  trim: false,
  messages: { tooLong: `Source must be at most ${limits.source} characters.` },
}).pipe(
  z
    .string()
    .refine((v) => {
      try {
        return /^https?:$/.test(new URL(v).protocol)
      } catch {
        return false
      }
    }, 'Source must be the http(s) address of the page the form was sent from.')
    .optional(),
)

/** When the browser sent it (ISO 8601), as the client saw it. */
const timestamp = optional(
  z.iso.datetime({ offset: true, error: 'Timestamp must be an ISO 8601 date and time, like 2026-05-04T14:30:00Z.' }),
)

const honeypot = optionalText({ label: 'Website', max: limits.honeypot })

const shared = {
  email,
  source,
  timestamp,
  [HONEYPOT_FIELD]: honeypot,
}

export const consultationRequestSchema = z.object({
  formType: z.literal('consultation'),
  firstName: text({ label: 'First name', max: limits.name, name: true, required: 'Please enter your first name.' }),
  lastName: text({ label: 'Last name', max: limits.name, name: true, required: 'Please enter your last name.' }),
  phone: requiredPhone,
  company: optionalText({ label: 'Company', max: limits.company, name: true }),
  employees,
  services: z.preprocess(
    (v) => (v === undefined || v === null ? [] : v),
    z
      .array(z.enum(serviceNames, { error: 'Please choose services from the list.' }), {
        error: 'Services must be a list.',
      })
      .max(serviceNames.length, 'Please choose services from the list.')
      .refine((list) => new Set(list).size === list.length, 'Each service may be chosen once.'),
  ),
  plan: optional(z.enum(planChoices, { error: 'Please choose a plan from the list.' })),
  message: message(false),
  // Derived by the form (first + last name, services joined); the server derives them again.
  name: optionalText({ label: 'Name', max: limits.fullName, name: true }),
  service: optionalText({ label: 'Service', max: limits.serviceList, trim: false }),
  ...shared,
})

export const contactRequestSchema = z.object({
  formType: z.literal('contact'),
  name: text({ label: 'Name', max: limits.fullName, name: true, required: 'Please enter your name.' }),
  phone: optionalText({ label: 'Phone', max: limits.phone }).pipe(phoneShape.optional()),
  message: message(true),
  ...shared,
})

export const bookingRequestSchema = z.discriminatedUnion(
  'formType',
  [consultationRequestSchema, contactRequestSchema],
  {
    error: (issue) =>
      typeof issue.input !== 'object' || issue.input === null || Array.isArray(issue.input)
        ? 'Send the form as a JSON object.'
        : 'formType must be "consultation" or "contact".',
  },
)

export type BookingRequest = z.infer<typeof bookingRequestSchema>
export type ConsultationRequest = z.infer<typeof consultationRequestSchema>
export type ContactRequest = z.infer<typeof contactRequestSchema>
