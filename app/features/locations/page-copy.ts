import { business } from '../../content/business'
import type { ServiceKey } from '../../content/catalog'

/**
 * The town landing pages (/{slug}) read their copy from the locations table; any field left
 * empty there falls back to these texts, built from the town and county.
 */
export type LocationFields = {
  town: string
  county: string | null
  state: string
  businessName: string | null
  phone: string | null
  streetAddress: string | null
  postalCode: string | null
  metaTitle: string | null
  metaDescription: string | null
  metaKeywords: string | null
  heroTitle: string | null
  heroDescription: string | null
  serviceAreaDescription: string | null
}

/** The four services the town pages show as cards. */
export const locationServiceKeys: readonly ServiceKey[] = ['managed-it', 'cybersecurity', 'network', 'cloud']

const stateNames: Record<string, string> = { NY: 'New York', NJ: 'New Jersey' }

export function locationCopy(location: LocationFields) {
  const place = `${location.town}, ${location.state}`
  const county = location.county ? `${location.county}, ${stateNames[location.state] ?? location.state}` : null
  return {
    businessName: location.businessName || business.name,
    phone: location.phone || business.phone,
    address:
      location.streetAddress && location.postalCode
        ? `${location.streetAddress}, ${location.town}, ${location.state} ${location.postalCode}`
        : null,
    title: location.metaTitle || `IT Support & Managed IT Services in ${place}`,
    description:
      location.metaDescription ||
      `Managed IT, cybersecurity, networks and cloud for businesses and homes in ${place}${location.county ? ` (${location.county})` : ''}. Local technicians, published prices, a free consultation.`,
    keywords: location.metaKeywords || null,
    heroTitle: location.heroTitle || `IT Support in ${place}`,
    heroDescription:
      location.heroDescription ||
      `${business.name} keeps offices and homes in ${location.town} running: help desk, security, Wi-Fi and cloud, from a team ${business.address.town === location.town ? 'based right here' : `based in nearby ${business.address.town}`}.`,
    county,
    serviceArea:
      location.serviceAreaDescription ||
      `We serve ${location.town} and the towns around it, within about ${business.serviceRadiusMiles.locations} miles of our ${business.address.town} office, on site or remotely.`,
  }
}
