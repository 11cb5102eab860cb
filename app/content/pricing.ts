/**
 * Plans and prices: the home pricing cards, the booking form, service pages and structured data all
 * read them from here, so they never disagree.
 */
export type PlanKey = 'basic' | 'full' | 'custom' | 'hourly' | 'subscription'

export type Plan = {
  key: PlanKey
  name: string
  /** How the price reads in a choice list, e.g. "$40/user/mo". */
  priceLabel: string
  /** The choice as the booking form lists it, e.g. "Basic Support ($40/user/mo)". */
  choiceLabel: string
  audience: 'business' | 'residential'
  popular: boolean
  /**
   * The price as a billing line: cents per unit (a range's lower end, with its upper end), and
   * the unit a line's quantity counts. Absent for a plan priced per client.
   */
  unitPrice?: { cents: number; maxCents?: number; unit: 'user per month' | 'minute' | 'month' }
}

export const plans: readonly Plan[] = [
  {
    key: 'basic',
    name: 'Basic Support',
    priceLabel: '$40/user/mo',
    choiceLabel: 'Basic Support ($40/user/mo)',
    audience: 'business',
    popular: false,
    unitPrice: { cents: 4000, unit: 'user per month' },
  },
  {
    key: 'full',
    name: 'Full Help Desk',
    priceLabel: '$100/user/mo',
    choiceLabel: 'Full Help Desk ($100/user/mo)',
    audience: 'business',
    popular: true,
    unitPrice: { cents: 10_000, unit: 'user per month' },
  },
  {
    key: 'custom',
    name: 'Custom Solutions',
    priceLabel: 'Custom pricing',
    choiceLabel: 'Custom Solutions',
    audience: 'business',
    popular: false,
  },
  {
    key: 'hourly',
    name: 'Residential Hourly',
    priceLabel: '$2.08/min',
    choiceLabel: 'Residential Hourly ($2.08/min)',
    audience: 'residential',
    popular: false,
    unitPrice: { cents: 208, unit: 'minute' },
  },
  {
    key: 'subscription',
    name: 'Residential Subscription',
    priceLabel: '$29-99/mo',
    choiceLabel: 'Residential Subscription ($29-99/mo)',
    audience: 'residential',
    popular: false,
    unitPrice: { cents: 2900, maxCents: 9900, unit: 'month' },
  },
]

export const businessPlans = plans.filter((p) => p.audience === 'business')
export const residentialPlans = plans.filter((p) => p.audience === 'residential')

export function planByKey(key: string | null | undefined): Plan | undefined {
  return plans.find((p) => p.key === key)
}

/** The consultation offered on every page. */
export const consultation = { price: 'Free', minutes: { min: 30, max: 60 }, label: 'free, 30-60 minutes' } as const
