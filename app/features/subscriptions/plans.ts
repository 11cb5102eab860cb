import { type Plan, type PlanKey, planByKey } from '../../content/pricing.ts'

/**
 * A subscription's statuses, the one list (the `subscriptions` CHECK is written from it and
 * tests/integration/catalogues.test.ts reads it back). Active: billed on its billing day. Paused:
 * billed nothing until staff resume it. Cancelled: billed up to `cancel_at` (the end of the period
 * when cancelled at the period's end, today when cancelled now), nothing after.
 */
export const subscriptionStatuses = ['active', 'paused', 'cancelled'] as const
export type SubscriptionStatus = (typeof subscriptionStatuses)[number]

export const subscriptionStatusLabels: Record<SubscriptionStatus, string> = {
  active: 'Active',
  paused: 'Paused',
  cancelled: 'Cancelled',
}

/** The plans of app/content/pricing.ts a subscription can be to (every one of them). */
export const subscriptionPlanKeys = [
  'basic',
  'full',
  'subscription',
  'custom',
  'hourly',
] as const satisfies readonly PlanKey[]
export type SubscriptionPlanKey = (typeof subscriptionPlanKeys)[number]

/** How a plan is priced each period. */
export type Pricing =
  /** Seats × the price list's price per user per month (Basic Support, Full Help Desk). */
  | { kind: 'per_seat'; unitCents: number }
  /** A monthly price chosen within the price list's range (the residential subscription's tier). */
  | { kind: 'tier'; minCents: number; maxCents: number }
  /** A monthly price staff set (Custom Solutions). */
  | { kind: 'custom' }
  /** No monthly fee: time on tickets at the per-minute rate (Residential Hourly). */
  | { kind: 'metered'; perMinuteCents: number }

export function planOf(key: SubscriptionPlanKey): Plan {
  const plan = planByKey(key)
  if (!plan) throw new Error(`no plan ${key} in the price list`)
  return plan
}

/** The pricing of a plan, read from the price list. */
export function pricingOf(key: SubscriptionPlanKey): Pricing {
  const price = planOf(key).unitPrice
  if (key === 'custom' || !price) return { kind: 'custom' }
  if (price.unit === 'user per month') return { kind: 'per_seat', unitCents: price.cents }
  if (price.unit === 'minute') return { kind: 'metered', perMinuteCents: price.cents }
  return { kind: 'tier', minCents: price.cents, maxCents: price.maxCents ?? price.cents }
}

/** The largest number of seats on one subscription, and the largest custom monthly price (cents). */
export const subscriptionLimits = { seats: 10_000, customCents: 1_000_000_00 } as const
