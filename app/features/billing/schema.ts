import { z } from 'zod'
import { paymentMethodLabels, paymentMethods } from './labels'
import { documentTotals, moneyLimits, parseMoney, parseQuantity, parseTaxRate } from './money'

/**
 * What staff and clients submit about billing documents, as the server reads it (the pages use the
 * same schemas). Every message names the field and what to do.
 */

/**
 * Characters a person cannot type, and mail or the database cannot carry: control characters (a
 * line break in a one-line field would forge lines of an e-mail; PostgreSQL refuses NUL) and half
 * surrogate pairs. Multi-line fields keep tab and line breaks.
 */
function badCharacters(value: string, multiline: boolean): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i)
    if (code === 0x09 || code === 0x0a || code === 0x0d || code === 0x2028 || code === 0x2029) {
      if (!multiline) return true
    } else if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) {
      return true
    } else if (code >= 0xd800 && code <= 0xdbff) {
      const next = value.charCodeAt(i + 1)
      if (!(next >= 0xdc00 && next <= 0xdfff)) return true
      i++
    } else if (code >= 0xdc00 && code <= 0xdfff) {
      return true
    }
  }
  return false
}

function textField(label: string, max: number, options: { multiline?: boolean; required?: string } = {}) {
  return z
    .string({ error: `${label} must be text.` })
    .trim()
    .refine(
      (v) => !badCharacters(v, options.multiline ?? false),
      options.multiline
        ? `${label} contains invisible control characters. Type it again or paste it as plain text.`
        : `${label} must be one line of plain text.`,
    )
    .refine((v) => !options.required || v !== '', options.required ?? '')
    .refine((v) => v.length <= max, `${label} must be at most ${max.toLocaleString('en-US')} characters.`)
}

const optionalTextField = (label: string, max: number, multiline = false) =>
  z
    .preprocess((v) => (v === undefined || v === null ? '' : v), textField(label, max, { multiline }))
    .transform((v) => (v === '' ? null : v))

const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/

/** A calendar date typed in a date input (YYYY-MM-DD) that exists. */
export function isCalendarDate(value: string): boolean {
  const match = datePattern.exec(value)
  if (!match) return false
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number]
  if (year < 2000 || year > 2100) return false
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}

const dateField = (required: string) =>
  z.string({ error: required }).trim().min(1, required).refine(isCalendarDate, 'Enter a date like 2026-05-31.')

const booleanField = z
  .union([z.boolean(), z.enum(['on', 'true', 'false', ''])])
  .optional()
  .transform((v) => v === true || v === 'on' || v === 'true')

const numberText = z.union([z.string(), z.number()], { error: 'Enter a number.' }).transform((v) => String(v))

export const draftLineSchema = z.object({
  description: textField('Description', 300, { required: 'Describe the line.' }),
  quantity: numberText.transform((text, ctx) => {
    const value = parseQuantity(text)
    if (value === null || value <= 0 || value > moneyLimits.quantityMilli) {
      ctx.addIssue({ code: 'custom', message: 'Enter a quantity above 0, up to 100,000, with at most 3 decimals.' })
      return z.NEVER
    }
    return value
  }),
  unitPrice: numberText.transform((text, ctx) => {
    const value = parseMoney(text)
    if (value === null || value > moneyLimits.unitPriceCents) {
      ctx.addIssue({ code: 'custom', message: 'Enter a price like 40 or 2.08 (up to $1,000,000).' })
      return z.NEVER
    }
    return value
  }),
  taxable: booleanField,
})

export type DraftLine = { description: string; quantityMilli: number; unitPriceCents: number; taxable: boolean }

/**
 * A draft estimate or invoice as the editor sends it. An invoice needs its due date, an estimate
 * the date it can be accepted until; the totals are computed, never submitted.
 */
export const draftFormSchema = z
  .object({
    kind: z.enum(['estimate', 'invoice'], { error: 'Choose an estimate or an invoice.' }),
    clientId: z.uuid({ error: 'Choose the client.' }),
    lines: z
      .array(draftLineSchema, { error: 'Add at least one line.' })
      .min(1, 'Add at least one line.')
      .max(moneyLimits.lines, `A document holds at most ${moneyLimits.lines} lines.`),
    taxRate: numberText.transform((text, ctx) => {
      const value = text.trim() === '' ? 0 : parseTaxRate(text)
      if (value === null || value > moneyLimits.taxRateMilliPercent) {
        ctx.addIssue({ code: 'custom', message: 'Enter a tax rate in percent, like 8.375 (0 for none).' })
        return z.NEVER
      }
      return value
    }),
    taxLabel: optionalTextField('Tax label', 80),
    notes: optionalTextField('Notes', 2000, true),
    dueOn: z.string().optional(),
    expiresOn: z.string().optional(),
  })
  .superRefine((form, ctx) => {
    const field = form.kind === 'invoice' ? 'dueOn' : 'expiresOn'
    const value = (form.kind === 'invoice' ? form.dueOn : form.expiresOn)?.trim() ?? ''
    const required = form.kind === 'invoice' ? 'Choose the due date.' : 'Choose the date the estimate is valid until.'
    const parsed = dateField(required).safeParse(value)
    if (!parsed.success) {
      for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', path: [field], message: issue.message })
    }
  })
  .transform((form, ctx) => {
    const lines: DraftLine[] = form.lines.map((line) => ({
      description: line.description,
      quantityMilli: line.quantity,
      unitPriceCents: line.unitPrice,
      taxable: line.taxable,
    }))
    const totals = documentTotals(lines, form.taxRate)
    const tooLarge = totals.lineAmounts.findIndex((amount) => amount > moneyLimits.amountCents)
    if (tooLarge >= 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['lines', tooLarge, 'unitPrice'],
        message: 'A line cannot exceed $10,000,000.',
      })
      return z.NEVER
    }
    if (totals.totalCents > moneyLimits.amountCents) {
      ctx.addIssue({ code: 'custom', path: ['lines'], message: 'A document cannot total more than $10,000,000.' })
      return z.NEVER
    }
    return {
      kind: form.kind,
      clientId: form.clientId,
      lines,
      taxRateMilliPercent: form.taxRate,
      taxLabel: form.taxLabel,
      notes: form.notes,
      dueOn: form.kind === 'invoice' ? (form.dueOn?.trim() ?? null) : null,
      expiresOn: form.kind === 'estimate' ? (form.expiresOn?.trim() ?? null) : null,
    }
  })

export type DraftInput = z.output<typeof draftFormSchema>

/** A payment staff record against an invoice. */
export const paymentFormSchema = z.object({
  amount: numberText.transform((text, ctx) => {
    const value = parseMoney(text)
    if (value === null || value <= 0 || value > moneyLimits.amountCents) {
      ctx.addIssue({ code: 'custom', message: 'Enter the amount received, like 250 or 1,234.56.' })
      return z.NEVER
    }
    return value
  }),
  method: z.enum(paymentMethods, {
    error: `Choose how it was paid: ${Object.values(paymentMethodLabels).join(', ').toLowerCase()}.`,
  }),
  receivedOn: dateField('Choose the date the payment was received.'),
  reference: optionalTextField('Reference', 100),
})

export type PaymentInput = z.output<typeof paymentFormSchema>

/** A client declining an estimate: the reason is optional. */
export const declineFormSchema = z.object({ reason: optionalTextField('Reason', 1000, true) })

/** Staff voiding an invoice or withdrawing an estimate: the reason is kept on the document and told to the client. */
export const voidFormSchema = z.object({
  reason: textField('Reason', 1000, { multiline: true, required: 'Say why it is void; the client reads this.' }),
})

/** Turning an invoice's overdue reminders on or off. */
export const remindersFormSchema = z.object({ enabled: booleanField })

/** The accountant's export: documents and payments between two dates, inclusive. */
export const exportRangeSchema = z
  .object({
    from: dateField('Choose the first day.'),
    to: dateField('Choose the last day.'),
  })
  .refine((range) => range.from <= range.to, { path: ['to'], message: 'The last day comes on or after the first.' })
