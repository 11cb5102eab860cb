import type { ServiceKey } from './catalog'
import type { PlanKey } from './pricing'

/**
 * Links into the booking form. Its query keys: `service` takes a service key
 * (managed-it, cybersecurity, network, cloud, consulting, specialty, residential), `plan` a plan key
 * (basic, full, custom, hourly, subscription).
 */
export function bookingPath(query: { service?: ServiceKey; plan?: PlanKey } = {}): string {
  const params = new URLSearchParams()
  if (query.service) params.set('service', query.service)
  if (query.plan) params.set('plan', query.plan)
  const search = params.toString()
  return search ? `/book?${search}` : '/book'
}
