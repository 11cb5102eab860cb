import { z } from 'zod'
import { optionalText } from '../../lib/forms/text'
import { moneyLimits, parseMoney } from '../billing'

/** An amount of money as typed ("250", "1,234.56", "$80"), in cents; `what` says what it is for. */
const amountField = (what: string) =>
  z
    .union([z.string(), z.number()], { error: `Enter ${what}.` })
    .transform((v) => String(v))
    .transform((text, ctx) => {
      const value = /^[0-9$,. ]*$/.test(text) ? parseMoney(text) : null
      if (value === null || value <= 0 || value > moneyLimits.amountCents) {
        ctx.addIssue({ code: 'custom', message: `Enter ${what}, like 250 or 1,234.56.` })
        return z.NEVER
      }
      return value
    })

/** The client's Pay form: the balance, or a part of it. */
export const payFormSchema = z.object({ amount: amountField('the amount to pay') })

/** Staff refunding an online payment, whole or part, with an optional reason told to the client. */
export const refundFormSchema = z.object({
  paymentId: z.uuid({ error: 'Choose the payment to refund.' }),
  amount: amountField('the amount to refund'),
  reason: optionalText({ label: 'Reason', max: 500, multiline: true }).transform((v) => v ?? null),
})

/** Autopay's switch. */
export const autopayFormSchema = z.object({ enabled: z.enum(['on', 'off'], { error: 'Choose on or off.' }) })
