import { describe, expect, it } from 'vitest'
import { business } from '~/content/business'
import {
  breadcrumbJsonLd,
  businessJsonLd,
  faqJsonLd,
  openingHoursSpecification,
  priceRange,
  serializeJsonLd,
  serviceJsonLd,
} from './json-ld'

describe('structured data', () => {
  it('serializes so that no text can close the script element', () => {
    const out = serializeJsonLd({ name: '</script><script>alert(1)</script>', and: 'a & b > c', line: '\u2028' })
    expect(out).not.toMatch(/[<>&\u2028]/)
    expect(JSON.parse(out)).toEqual({ name: '</script><script>alert(1)</script>', and: 'a & b > c', line: '\u2028' })
  })

  it('describes the business from business.ts: NAP, area served, hours and price range', () => {
    const data = businessJsonLd('https://www.example.com')
    expect(data['@type']).toEqual(['LocalBusiness', 'ProfessionalService'])
    expect(data.telephone).toBe(business.phoneE164)
    expect(data.address).toMatchObject({ addressLocality: 'Suffern', addressRegion: 'NY', postalCode: '10901' })
    expect(data.areaServed).toEqual([
      { '@type': 'State', name: 'New York' },
      { '@type': 'State', name: 'New Jersey' },
    ])
    expect(data.openingHoursSpecification).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'].map((d) => `https://schema.org/${d}`),
        opens: '08:00',
        closes: '17:00',
      },
    ])
    expect(priceRange()).toBe('$40-$100/user/mo')
    expect(openingHoursSpecification(business.hours.locationPages).closes).toBe('18:00')
  })

  it('builds Service, FAQPage and BreadcrumbList with absolute URLs', () => {
    const base = 'https://www.example.com'
    const service = serviceJsonLd(base, {
      name: 'Cybersecurity',
      path: '/services/cybersecurity',
      serviceType: 'Cybersecurity services',
      metaDescription: 'd',
    })
    expect(service).toMatchObject({ '@type': 'Service', url: `${base}/services/cybersecurity` })
    expect((service.provider as { '@id': string })['@id']).toBe(`${base}/#business`)
    expect(faqJsonLd([{ question: 'Q?', answer: 'A.' }]).mainEntity).toEqual([
      { '@type': 'Question', name: 'Q?', acceptedAnswer: { '@type': 'Answer', text: 'A.' } },
    ])
    expect(
      breadcrumbJsonLd(base, [
        { name: 'Home', path: '/' },
        { name: 'Privacy Policy', path: '/privacy' },
      ]).itemListElement,
    ).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: `${base}/` },
      { '@type': 'ListItem', position: 2, name: 'Privacy Policy', item: `${base}/privacy` },
    ])
  })
})
