import { z } from 'zod'
import { calendarDateMessage, isCalendarDate } from '../../lib/calendar-date'
import { subscriptionLimits, subscriptionPlanKeys } from './plans'

/**
 * What staff submit about a subscription, as the server reads it (the admin page's forms). Every
 * message names the field and what to do. Whether a plan needs seats or a price is checked by the
 * service against the price list, as a field error.
 */

/** Spaces around a value are dropped; any other character that is not part of the value refuses it. */
const trimmed = z.preprocess(
  (v) => (typeof v === 'string' ? v.replace(/^ +| +$/g, '') : v),
  z.string().max(40).optional(),
)

const wholeNumber = (label: string, min: number, max: number) =>
  trimmed.pipe(
    z
      .string({ error: `${label} is required.` })
      .regex(/^\d{1,6}$/, `${label} must be a whole number from ${min} to ${max}.`)
      .transform(Number)
      .refine((n) => n >= min && n <= max, `${label} must be a whole number from ${min} to ${max}.`),
  )

/** "49", "49.00", "$1,250.50" as cents; at most two decimals. */
export function parsePrice(text: string): number | null {
  const match = /^\$?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/.exec(text.trim())
  if (!match) return null
  const cents = Number((match[1] ?? '').replaceAll(',', '')) * 100 + Number((match[2] ?? '').padEnd(2, '0') || '0')
  return Number.isSafeInteger(cents) ? cents : null
}

const optionalWhole = (label: string, min: number, max: number) =>
  trimmed.pipe(
    z
      .string()
      .optional()
      .transform((v, ctx) => {
        if (v === undefined || v === '') return null
        const n = /^\d{1,6}$/.test(v) ? Number(v) : Number.NaN
        if (!(n >= min && n <= max)) {
          ctx.addIssue({ code: 'custom', message: `${label} must be a whole number from ${min} to ${max}.` })
          return z.NEVER
        }
        return n
      }),
  )

const optionalPrice = trimmed.pipe(
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return null
      const cents = parsePrice(v)
      if (cents === null || cents <= 0 || cents > subscriptionLimits.customCents) {
        ctx.addIssue({ code: 'custom', message: 'Enter a monthly price in dollars, like 49 or 1,250.00.' })
        return z.NEVER
      }
      return cents
    }),
)

const calendarDate = (label: string) =>
  trimmed.pipe(
    z
      .string({ error: `${label} is required.` })
      .min(1, `${label} is required.`)
      .refine(isCalendarDate, calendarDateMessage),
  )

export const subscriptionFormSchema = z.object({
  organisationId: z
    .string({ error: 'Choose an organisation.' })
    .trim()
    .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'Choose an organisation.'),
  plan: z.enum(subscriptionPlanKeys, { error: 'Choose a plan.' }),
  seats: optionalWhole('Users', 1, subscriptionLimits.seats),
  price: optionalPrice,
  startOn: calendarDate('Start date'),
  billingDay: wholeNumber('Billing day', 1, 28),
})
export type SubscriptionInput = z.infer<typeof subscriptionFormSchema>

const version = wholeNumber('Version', 1, 999_999)

export const seatsFormSchema = z.object({
  seats: wholeNumber('Users', 1, subscriptionLimits.seats),
  version,
})

export const versionFormSchema = z.object({ version })

export const cancelFormSchema = z.object({
  when: z.enum(['period_end', 'now'], { error: 'Choose when the subscription ends.' }),
  version,
})
