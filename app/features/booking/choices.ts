import { services } from '~/content/catalog'
import { plans } from '~/content/pricing'

/**
 * The booking form's choices and payload helpers, without zod: the form renders and fills its
 * payload from these, and downloads the schema (features/booking/schema.ts) only when it is first used.
 */

/** Service choices by name: the six business services, plus Residential IT Support. */
export const businessServiceNames = services.filter((s) => s.key !== 'residential').map((s) => s.name)
export const residentialServiceName = services.find((s) => s.key === 'residential')?.name ?? 'Residential IT Support'
export const serviceNames: string[] = [...businessServiceNames, residentialServiceName]

/** Plan choices as the form lists them, e.g. "Basic Support ($40/user/mo)". */
export const planChoices: string[] = plans.map((p) => p.choiceLabel)

/** "First, Last" as the spec's payload carries it: first plus last name, one space between. */
export function fullName(firstName: string, lastName: string): string {
  return `${firstName.trim()} ${lastName.trim()}`.trim()
}

/** The services as one line, "Managed IT Services, Cybersecurity". */
export function serviceList(list: readonly string[]): string {
  return list.join(', ')
}
