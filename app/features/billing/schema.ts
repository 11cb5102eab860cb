import { z } from 'zod'
import { isCalendarDate } from '../../lib/calendar-date'
import { optionalText, text } from '../../lib/forms/text'
import { manualPaymentMethods, type PaymentMethod, paymentMethodLabels } from './labels'
import { documentTotals, moneyLimits, parseMoney, parseQuantity, parseTaxRate } from './money'

/**
 * What staff and clients submit about billing documents, as the server reads it (the pages use the
 * same schemas). Every message names the field and what to do.
 */

/** A calendar date typed in a date input (YYYY-MM-DD) that exists. */
const optionalDateField = z.preprocess(
  (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
  z
    .string({ error: 'Enter a date like 2026-05-31.' })
    .trim()
    .refine(isCalendarDate, 'Enter a date like 2026-05-31.')
    .optional(),
)

const dateField = (required: string) =>
  z.string({ error: required }).trim().min(1, required).refine(isCalendarDate, 'Enter a date like 2026-05-31.')

const booleanField = z
  .union([z.boolean(), z.enum(['on', 'true', 'false', ''])])
  .optional()
  .transform((v) => v === true || v === 'on' || v === 'true')

/** A number as typed: digits and what people type around them ($ , . % and spaces); nothing invisible. */
const numberText = z
  .union([z.string(), z.number()], { error: 'Enter a number.' })
  .transform((v) => String(v))
  .refine((v) => /^[0-9$,.% ]*$/.test(v), 'Enter a number.')

export const draftLineSchema = z.object({
  description: text({ label: 'Description', max: 300, required: 'Describe the line.' }),
  quantity: numberText.transform((text, ctx) => {
    const value = parseQuantity(text)
    if (value === null || value <= 0 || value > moneyLimits.quantityMilli) {
      ctx.addIssue({
        code: 'custom',
        message: 'Enter a quantity above 0, up to 100,000, with at most 3 decimals (1.5, not 1,5).',
      })
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
    // The editor picks an organisation (ADR 028); a client person (`clientId`) is still read for
    // callers that name one, and the document goes to that person's organisation.
    organisationId: z.uuid({ error: 'Choose the client organisation.' }).optional(),
    clientId: z.uuid({ error: 'Choose the client.' }).optional(),
    lines: z
      .array(draftLineSchema, { error: 'Add at least one line.' })
      .min(1, 'Add at least one line.')
      .max(moneyLimits.lines, `A document holds at most ${moneyLimits.lines} lines.`),
    // Left out or empty: no tax.
    taxRate: z
      .preprocess((v) => v ?? '', numberText)
      .transform((text, ctx) => {
        const value = text.trim() === '' ? 0 : parseTaxRate(text)
        if (value === null || value > moneyLimits.taxRateMilliPercent) {
          ctx.addIssue({ code: 'custom', message: 'Enter a tax rate in percent, like 8.375 (0 for none).' })
          return z.NEVER
        }
        return value
      }),
    taxLabel: optionalText({ label: 'Tax label', max: 80 }),
    notes: optionalText({ label: 'Notes', max: 2000, multiline: true }),
    dueOn: optionalDateField,
    expiresOn: optionalDateField,
  })
  .superRefine((form, ctx) => {
    if (form.organisationId === undefined && form.clientId === undefined) {
      ctx.addIssue({ code: 'custom', path: ['organisationId'], message: 'Choose the client organisation.' })
    }
    // An invoice needs its due date, an estimate the date it is valid until; the other is ignored.
    if (form.kind === 'invoice' && !form.dueOn) {
      ctx.addIssue({ code: 'custom', path: ['dueOn'], message: 'Choose the due date.' })
    }
    if (form.kind === 'estimate' && !form.expiresOn) {
      ctx.addIssue({ code: 'custom', path: ['expiresOn'], message: 'Choose the date the estimate is valid until.' })
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
      organisationId: form.organisationId,
      clientId: form.clientId,
      lines,
      taxRateMilliPercent: form.taxRate,
      taxLabel: form.taxLabel ?? null,
      notes: form.notes ?? null,
      dueOn: form.kind === 'invoice' ? (form.dueOn ?? null) : null,
      expiresOn: form.kind === 'estimate' ? (form.expiresOn ?? null) : null,
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
  method: z.enum(manualPaymentMethods, {
    error: `Choose how it was paid: ${manualPaymentMethods
      .map((m) => paymentMethodLabels[m])
      .join(', ')
      .toLowerCase()}.`,
  }),
  receivedOn: dateField('Choose the date the payment was received.'),
  reference: optionalText({ label: 'Reference', max: 100 }).transform((v) => v ?? null),
})

/** A payment to record: staff's form, or an online payment the provider confirmed (its own method). */
export type PaymentInput = Omit<z.output<typeof paymentFormSchema>, 'method'> & { method: PaymentMethod }

/** A client declining an estimate: the reason is optional. */
export const declineFormSchema = z.object({
  reason: optionalText({ label: 'Reason', max: 1000, multiline: true }).transform((v) => v ?? null),
})

/** Staff voiding an invoice or withdrawing an estimate: the reason is kept on the document and told to the client. */
export const voidFormSchema = z.object({
  reason: text({ label: 'Reason', max: 1000, multiline: true, required: 'Say why; the client reads this.' }),
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

const lineField = /^lines\.(\d{1,3})\.(description|quantity|unitPrice|taxable)$/

/**
 * The editor's form as draftFormSchema reads it. A form's values are flat, so the lines come as
 * `lines.0.description`, `lines.0.quantity`, `lines.0.unitPrice`, `lines.0.taxable`, numbered in
 * order by the editor; a line with neither a description nor a price is not a line.
 */
export function draftFromValues(values: Record<string, string>): Record<string, unknown> {
  const lines: Record<string, string>[] = []
  const fields: Record<string, unknown> = {}
  for (const [name, value] of Object.entries(values)) {
    const match = lineField.exec(name)
    if (!match) {
      fields[name] = value
      continue
    }
    const index = Number(match[1])
    if (index > moneyLimits.lines) continue
    lines[index] ??= {}
    ;(lines[index] as Record<string, string>)[match[2] as string] = value
  }
  const filled = lines.filter((line) => line && [line.description, line.unitPrice].some((v) => (v ?? '').trim() !== ''))
  return { ...fields, lines: filled }
}

/** A draft's field errors keyed by the field's whole name (`lines.2.unitPrice`), so each line shows its own. */
export function draftFieldErrors(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }) {
  const fields: Record<string, string[]> = {}
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : 'form'
    const list = fields[key] ?? []
    if (!list.includes(issue.message)) list.push(issue.message)
    fields[key] = list
  }
  return fields
}
