import { type ServiceKey, services } from '~/content/catalog'
import { businessPlans, type Plan, planByKey, plans } from '~/content/pricing'
import { businessServiceNames, residentialServiceName } from './choices'

/** What /book?service=…&plan=… preselects. Unknown values are ignored silently. */
export type BookingPrefill = {
  /** The residential variant: adds Residential IT Support and the residential plans. */
  residential: boolean
  services: string[]
  /** A plan's choice label, e.g. "Basic Support ($40/user/mo)". */
  plan: string | undefined
}

const serviceKeys = new Set<string>(services.map((s) => s.key))

export function bookingPrefill(query: URLSearchParams): BookingPrefill {
  const serviceKey = query.get('service')?.trim().toLowerCase()
  const service = serviceKey && serviceKeys.has(serviceKey) ? services.find((s) => s.key === serviceKey) : undefined
  const plan: Plan | undefined = planByKey(query.get('plan')?.trim().toLowerCase())
  // service=residential switches to the residential variant; so does a residential plan, since those
  // plans exist only there and the visitor asked for one.
  const residential = (service?.key as ServiceKey | undefined) === 'residential' || plan?.audience === 'residential'
  return {
    residential,
    services: service ? [service.name] : [],
    plan: plan?.choiceLabel,
  }
}

/** The service choices of a variant, in catalogue order. */
export function serviceChoices(residential: boolean): string[] {
  return residential ? [...businessServiceNames, residentialServiceName] : [...businessServiceNames]
}

/** The plan choices of a variant: the business plans, plus the residential ones in that variant. */
export function planChoicesFor(residential: boolean): Plan[] {
  return residential ? [...plans] : [...businessPlans]
}
