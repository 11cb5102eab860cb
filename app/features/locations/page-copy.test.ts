import { describe, expect, it } from 'vitest'
import { type LocationFields, locationCopy } from './page-copy'

const bare: LocationFields = {
  town: 'Ramsey',
  county: 'Bergen County',
  state: 'NJ',
  businessName: null,
  phone: null,
  streetAddress: null,
  postalCode: null,
  metaTitle: null,
  metaDescription: null,
  metaKeywords: null,
  heroTitle: null,
  heroDescription: null,
  serviceAreaDescription: null,
}

describe('town page copy', () => {
  it('falls back to texts built from the town, county and business profile', () => {
    const copy = locationCopy(bare)
    expect(copy.heroTitle).toBe('IT Support in Ramsey, NJ')
    expect(copy.title).toBe('IT Support & Managed IT Services in Ramsey, NJ')
    expect(copy.county).toBe('Bergen County, New Jersey')
    expect(copy.businessName).toBe('Ramapo IT Services')
    expect(copy.phone).toBe('(845) 555-0142')
    expect(copy.serviceArea).toContain('within about 50 miles of our Suffern office')
    expect(copy.address).toBeNull()
  })

  it('uses what the row says when it says it', () => {
    const copy = locationCopy({
      ...bare,
      heroTitle: 'Ramsey IT',
      phone: '(201) 555-0100',
      streetAddress: '1 Main St',
      postalCode: '07446',
    })
    expect(copy.heroTitle).toBe('Ramsey IT')
    expect(copy.phone).toBe('(201) 555-0100')
    expect(copy.address).toBe('1 Main St, Ramsey, NJ 07446')
  })
})
