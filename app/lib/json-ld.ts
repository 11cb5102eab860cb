/**
 * schema.org structured data (JSON-LD) built from the content modules, and its safe serialization
 * for an inline <script type="application/ld+json">.
 */
import { business, type Hours } from '~/content/business'
import { businessPlans } from '~/content/pricing'
import type { Faq } from '~/content/services'

export type JsonLdObject = { [key: string]: unknown }

/**
 * JSON for an inline script: `<`, `>` and `&` become \u escapes, so no text in the data can close
 * the script element or open a comment; U+2028/2029 are escaped for old parsers.
 */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}

const dayNames: Record<string, string> = {
  Mo: 'Monday',
  Tu: 'Tuesday',
  We: 'Wednesday',
  Th: 'Thursday',
  Fr: 'Friday',
  Sa: 'Saturday',
  Su: 'Sunday',
}

export function openingHoursSpecification(hours: Hours): JsonLdObject {
  return {
    '@type': 'OpeningHoursSpecification',
    dayOfWeek: hours.dayCodes.map((code) => `https://schema.org/${dayNames[code] ?? code}`),
    opens: hours.opens,
    closes: hours.closes,
  }
}

/** The id every page's structured data uses to point at the business. */
export const businessId = (baseUrl: string) => `${baseUrl}/#business`

/** "$40-$100/user/mo": the range of the priced business plans. */
export function priceRange(): string {
  const priced = businessPlans.filter((plan) => plan.priceLabel.startsWith('$'))
  const amounts = priced.map((plan) => Number(plan.priceLabel.replace(/^\$([0-9.]+).*$/, '$1')))
  const unit = priced[0]?.priceLabel.replace(/^\$[0-9.]+/, '') ?? ''
  return `$${Math.min(...amounts)}-$${Math.max(...amounts)}${unit}`
}

export function businessJsonLd(baseUrl: string): JsonLdObject {
  return {
    '@context': 'https://schema.org',
    '@type': ['LocalBusiness', 'ProfessionalService'],
    '@id': businessId(baseUrl),
    name: business.name,
    legalName: business.legalName,
    description: business.tagline,
    url: `${baseUrl}/`,
    logo: `${baseUrl}/favicon.svg`,
    image: `${baseUrl}/favicon.svg`,
    telephone: business.phoneE164,
    email: business.email,
    foundingDate: String(business.foundedYear),
    priceRange: priceRange(),
    address: {
      '@type': 'PostalAddress',
      streetAddress: business.address.street,
      addressLocality: business.address.town,
      addressRegion: business.address.state,
      postalCode: business.address.postalCode,
      addressCountry: business.address.country,
    },
    geo: { '@type': 'GeoCoordinates', latitude: business.geo.latitude, longitude: business.geo.longitude },
    areaServed: business.serviceArea.states.map((name) => ({ '@type': 'State', name })),
    openingHoursSpecification: [openingHoursSpecification(business.hours.main)],
    sameAs: Object.values(business.social),
  }
}

export function serviceJsonLd(
  baseUrl: string,
  service: { name: string; path: string; serviceType: string; metaDescription: string },
): JsonLdObject {
  return {
    '@context': 'https://schema.org',
    '@type': 'Service',
    '@id': `${baseUrl}${service.path}#service`,
    name: service.name,
    serviceType: service.serviceType,
    description: service.metaDescription,
    url: `${baseUrl}${service.path}`,
    provider: {
      '@type': ['LocalBusiness', 'ProfessionalService'],
      '@id': businessId(baseUrl),
      name: business.name,
      telephone: business.phoneE164,
      url: `${baseUrl}/`,
    },
    areaServed: business.serviceArea.states.map((name) => ({ '@type': 'State', name })),
  }
}

export function faqJsonLd(faqs: readonly Faq[]): JsonLdObject {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: faqs.map((faq) => ({
      '@type': 'Question',
      name: faq.question,
      acceptedAnswer: { '@type': 'Answer', text: faq.answer },
    })),
  }
}

export type Crumb = { name: string; path: string }

export function breadcrumbJsonLd(baseUrl: string, crumbs: readonly Crumb[]): JsonLdObject {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: `${baseUrl}${crumb.path}`,
    })),
  }
}
