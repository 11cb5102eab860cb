import { plans } from '../../content/pricing'
import { formatMoney } from './money'

/**
 * Quick picks for a document's lines, from the plans the site advertises (app/content/pricing.ts),
 * so a line and the pricing card never disagree. A ranged price starts at its lower end and says
 * so; staff change the price or quantity on the line.
 */
export type PricePick = {
  key: string
  /** The line's description. */
  description: string
  unitPriceCents: number
  /** What the quantity counts, for the editor's hint ("users", "minutes"). */
  unit: string
  /** The button's words, with the price: "Full Help Desk — $100.00 per user per month". */
  label: string
}

export const pricePicks: readonly PricePick[] = plans.flatMap((plan) => {
  const price = plan.unitPrice
  if (!price) return []
  const range = price.maxCents ? `${formatMoney(price.cents)}–${formatMoney(price.maxCents)}` : formatMoney(price.cents)
  return [
    {
      key: plan.key,
      description: `${plan.name} (per ${price.unit})`,
      unitPriceCents: price.cents,
      unit: price.unit === 'user per month' ? 'users' : price.unit === 'minute' ? 'minutes' : 'months',
      label: `${plan.name} — ${range} per ${price.unit}`,
    },
  ]
})
