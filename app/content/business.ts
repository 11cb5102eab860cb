/**
 * The business profile: every page, e-mail and structured-data block reads these facts from here,
 * so the owner changes a phone number or the hours in one place.
 */
export type Hours = { days: string; opens: string; closes: string; dayCodes: string[] }

export const business = {
  name: 'Ramapo IT Services',
  legalName: 'Ramapo IT Services LLC',
  tagline: 'Managed IT and cybersecurity for Rockland, Orange and Bergen counties',
  phone: '(845) 555-0142',
  phoneE164: '+18455550142',
  email: 'hello@ramapo-it.example',
  supportEmail: 'support@ramapo-it.example',
  address: {
    street: '25 Lafayette Avenue, Suite 2',
    town: 'Suffern',
    county: 'Rockland County',
    state: 'NY',
    postalCode: '10901',
    country: 'US',
  },
  geo: { latitude: 41.1148, longitude: -74.1496 },
  serviceArea: {
    states: ['New York', 'New Jersey'] as const,
    summary: 'Rockland, Orange and Westchester counties in New York and Bergen and Passaic counties in New Jersey',
  },
  /** Miles around the office. */
  serviceRadiusMiles: { home: 60, locations: 50 },
  hours: {
    main: {
      days: 'Monday to Friday',
      opens: '08:00',
      closes: '17:00',
      dayCodes: ['Mo', 'Tu', 'We', 'Th', 'Fr'],
    } satisfies Hours,
    locationPages: {
      days: 'Monday to Friday',
      opens: '08:00',
      closes: '18:00',
      dayCodes: ['Mo', 'Tu', 'We', 'Th', 'Fr'],
    } satisfies Hours,
  },
  social: {
    linkedin: 'https://www.linkedin.com/company/ramapo-it-services',
    facebook: 'https://www.facebook.com/ramapoitservices',
  },
  foundedYear: 2012,
} as const

export type Business = typeof business

/** "8:00 AM – 5:00 PM" from "08:00"/"17:00". */
export function formatHours(hours: Hours): string {
  const fmt = (hhmm: string) => {
    const [h = 0, m = 0] = hhmm.split(':').map(Number)
    const suffix = h >= 12 ? 'PM' : 'AM'
    const h12 = h % 12 === 0 ? 12 : h % 12
    return `${h12}:${String(m).padStart(2, '0')} ${suffix}`
  }
  return `${fmt(hours.opens)} – ${fmt(hours.closes)}`
}

export const fullAddress = `${business.address.street}, ${business.address.town}, ${business.address.state} ${business.address.postalCode}`

/**
 * How clients pay an invoice (there is no online card payment), printed on every invoice and
 * copied onto it when it is sent, so a later change does not rewrite documents already issued.
 */
export const paymentInstructions = [
  `Check payable to ${business.legalName}, mailed to ${fullAddress}.`,
  'ACH bank transfer: call us for our account details, and put the invoice number in the memo.',
  `Card or cash at our office, ${business.hours.main.days}, ${formatHours(business.hours.main)}.`,
  'Please write the invoice number on your payment.',
].join('\n')

/** Days a new invoice gives to pay, and a new estimate stays open, unless staff choose other dates. */
export const billingTerms = { paymentDays: 30, estimateValidDays: 30 } as const
