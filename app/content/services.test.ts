import { describe, expect, it } from 'vitest'
import routes from '../routes'
import { industries, services } from './catalog'
import { industryDetails } from './industries'
import { bookingPath } from './links'
import { planByKey } from './pricing'
import { pricingCards, splitPrice } from './pricing-cards'
import { promotionalOffer } from './promotional-offer'
import { serviceByPath, serviceDetails } from './services'
import { formatRating, testimonials } from './testimonials'
import { whyChooseUs } from './why-choose-us'

/** The booking form's `service` query keys. */
const bookingServiceKeys = ['managed-it', 'cybersecurity', 'network', 'cloud', 'consulting', 'specialty', 'residential']

const routePaths = (routes as ReadonlyArray<{ path?: string; index?: boolean }>).map((r) =>
  r.index ? '/' : `/${r.path}`,
)

describe('services content', () => {
  it("has copy for every service of the catalog, in the same order, with the booking form's service keys", () => {
    expect(serviceDetails.map((s) => s.key)).toEqual(services.map((s) => s.key))
    expect(serviceDetails.map((s) => s.key)).toEqual(bookingServiceKeys)
  })

  it.each(serviceDetails.map((s) => [s.key, s] as const))('%s has a page, a booking link and full copy', (key, s) => {
    expect(routePaths).toContain(s.path)
    expect(serviceByPath(s.path)?.key).toBe(key)
    expect(serviceByPath(`${s.path}/`)?.key).toBe(key)
    expect(bookingPath({ service: key })).toBe(`/book?service=${key}`)
    // The home grid shows the first four features.
    expect(s.features.length).toBeGreaterThanOrEqual(4)
    for (const feature of s.features) {
      expect(feature.title.length).toBeGreaterThan(3)
      expect(feature.description.length).toBeGreaterThan(40)
    }
    expect(s.audience.length).toBeGreaterThanOrEqual(3)
    expect(s.steps.length).toBeGreaterThanOrEqual(3)
    expect(s.faqs.length).toBeGreaterThanOrEqual(3)
    expect(s.metaDescription.length).toBeGreaterThanOrEqual(100)
    expect(s.metaDescription.length).toBeLessThanOrEqual(170)
  })

  it('gives every page a unique headline and description', () => {
    const pages = [...serviceDetails, ...industryDetails]
    expect(new Set(pages.map((p) => p.headline)).size).toBe(pages.length)
    expect(new Set(pages.map((p) => p.metaDescription)).size).toBe(pages.length)
  })

  it('prices residential support with the two residential plans of pricing.ts', () => {
    const residential = serviceDetails.find((s) => s.key === 'residential')
    const text = JSON.stringify(residential)
    expect(text).toContain('$2.08/min')
    expect(text).toContain('$29-99/mo')
    expect(planByKey('hourly')?.priceLabel).toBe('$2.08/min')
  })

  it('quotes the managed plans at the prices of pricing.ts', () => {
    const faq = serviceDetails.find((s) => s.key === 'managed-it')?.faqs[0]?.answer
    expect(faq).toContain('$40/user/mo')
    expect(faq).toContain('$100/user/mo')
  })
})

describe('industries content', () => {
  it('has copy for every industry page of the catalog', () => {
    expect(industryDetails.map((i) => i.path)).toEqual(industries.map((i) => i.path))
    for (const industry of industryDetails) expect(routePaths).toContain(industry.path)
  })

  it('pairs each problem list with solutions delivered by real services', () => {
    const keys = new Set(services.map((s) => s.key))
    for (const industry of industryDetails) {
      expect(industry.problems.length).toBeGreaterThanOrEqual(3)
      expect(industry.solutions.length).toBeGreaterThanOrEqual(3)
      expect(industry.faqs.length).toBeGreaterThanOrEqual(1)
      for (const solution of industry.solutions) expect(keys.has(solution.service)).toBe(true)
    }
  })

  it('speaks to each industry: HIPAA for healthcare, tax season and retention for CPAs', () => {
    const text = (key: string) => JSON.stringify(industryDetails.find((i) => i.key === key))
    expect(text('healthcare')).toContain('HIPAA')
    expect(text('healthcare')).toContain('business associate agreement')
    expect(text('cpa')).toMatch(/tax[- ]season/i)
    expect(text('cpa')).toMatch(/retention/i)
    expect(text('real-estate')).toMatch(/wire/i)
  })
})

describe('home page content', () => {
  it('has three client stories rated 5, 4.8 and 4.9, shown to one decimal', () => {
    expect(testimonials.map((t) => formatRating(t.rating))).toEqual(['5.0', '4.8', '4.9'])
  })

  it('gives four reasons to choose us', () => {
    expect(whyChooseUs).toHaveLength(4)
  })

  it('builds the three pricing cards from pricing.ts', () => {
    expect(pricingCards.map((c) => [c.key, c.amount, c.unit, c.popular])).toEqual([
      ['basic', '$40', '/user/mo', false],
      ['full', '$100', '/user/mo', true],
      ['custom', 'Custom pricing', '', false],
    ])
    expect(splitPrice('$29-99/mo')).toEqual({ amount: '$29-99', unit: '/mo' })
    for (const card of pricingCards) expect(card.includes.length).toBeGreaterThanOrEqual(4)
  })
})

describe('promotional offer', () => {
  it('values the free minutes at the Residential Hourly rate and books residential support', () => {
    expect(promotionalOffer.value).toBe('$62.40')
    expect(promotionalOffer.cta.to).toBe('/book?service=residential&plan=hourly')
    expect(promotionalOffer.terms.length).toBeGreaterThanOrEqual(4)
  })
})

describe('all marketing copy', () => {
  it('has no placeholder text', () => {
    const all = JSON.stringify([
      serviceDetails,
      industryDetails,
      testimonials,
      whyChooseUs,
      pricingCards,
      promotionalOffer,
    ])
    expect(all).not.toMatch(/lorem|ipsum|coming soon|TODO|TBD|\bundefined\b/i)
  })
})
