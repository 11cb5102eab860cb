import { businessPlans, type Plan, type PlanKey } from './pricing'

/** What each business plan includes, for the home page's pricing cards (prices live in pricing.ts). */
export const planIncludes: Record<
  Extract<PlanKey, 'basic' | 'full' | 'custom'>,
  { blurb: string; includes: string[] }
> = {
  basic: {
    blurb: 'Remote support and the essential protection every office needs.',
    includes: [
      'Remote help desk, Monday to Friday',
      'Monitoring and alerts for every computer',
      'Windows, macOS and app patching',
      'Managed endpoint protection',
      'Monthly health report',
    ],
  },
  full: {
    blurb: 'Your complete IT department, in the office and on the phone.',
    includes: [
      'Everything in Basic Support',
      'On-site visits across our service area',
      'Microsoft 365 or Google Workspace administration',
      'Backups monitored, restores tested quarterly',
      'Staff onboarding and offboarding',
      'Vendor management and quarterly reviews',
    ],
  },
  custom: {
    blurb: 'For compliance-heavy practices, several sites or co-managed IT.',
    includes: [
      'Scope and service levels built around you',
      'HIPAA, FTC Safeguards and insurer requirements',
      'Projects, moves and multi-site networks',
      'Works alongside your in-house IT person',
      'Quoted after a free consultation',
    ],
  },
}

export type PricingCard = Plan & { blurb: string; includes: string[]; amount: string; unit: string }

/** "$40/user/mo" → amount "$40", unit "/user/mo"; "Custom pricing" has no unit. */
export function splitPrice(priceLabel: string): { amount: string; unit: string } {
  const slash = priceLabel.indexOf('/')
  return slash === -1
    ? { amount: priceLabel, unit: '' }
    : { amount: priceLabel.slice(0, slash), unit: priceLabel.slice(slash) }
}

export const pricingCards: readonly PricingCard[] = businessPlans.map((plan) => {
  const key = plan.key as keyof typeof planIncludes
  return { ...plan, ...planIncludes[key], ...splitPrice(plan.priceLabel) }
})
