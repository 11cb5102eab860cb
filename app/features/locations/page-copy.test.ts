import { describe, expect, it } from 'vitest'
import { whyChooseUsReasons } from '../../content/why-choose-us'
import { type LocationFields, locationCopy } from './page-copy'

/** A row with only what the table requires: every optional field empty. */
const bare: LocationFields = {
  town: 'Ramsey',
  county: null,
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

/** Each field's fallback, one case per row of the table in docs/locations.md. */
describe('town page fallbacks (docs/locations.md)', () => {
  const copy = locationCopy(bare)

  it('business_name → the business’s name', () => {
    expect(copy.businessName).toBe('Ramapo IT Services')
    expect(locationCopy({ ...bare, businessName: 'Ramapo IT of Ramsey' }).businessName).toBe('Ramapo IT of Ramsey')
  })

  it('county → the eyebrow says the town and state; the description names no county', () => {
    expect(copy.county).toBeNull()
    expect(copy.description).not.toContain('County')
    const withCounty = locationCopy({ ...bare, county: 'Bergen County' })
    expect(withCounty.county).toBe('Bergen County, New Jersey')
    expect(withCounty.description).toContain('(Bergen County)')
  })

  it('phone → the business’s phone', () => {
    expect(copy.phone).toBe('(845) 555-0142')
    expect(locationCopy({ ...bare, phone: '(201) 555-0100' }).phone).toBe('(201) 555-0100')
  })

  it('street_address, postal_code → no address line unless both are given', () => {
    expect(copy.address).toBeNull()
    expect(locationCopy({ ...bare, streetAddress: '1 Main St' }).address).toBeNull()
    expect(locationCopy({ ...bare, postalCode: '07446' }).address).toBeNull()
    expect(locationCopy({ ...bare, streetAddress: '1 Main St', postalCode: '07446' }).address).toBe(
      '1 Main St, Ramsey, NJ 07446',
    )
  })

  it('meta_title → “IT Support & Managed IT Services in {town}, {state}”', () => {
    expect(copy.title).toBe('IT Support & Managed IT Services in Ramsey, NJ')
    expect(locationCopy({ ...bare, metaTitle: 'Ramsey IT' }).title).toBe('Ramsey IT')
  })

  it('meta_description → a sentence naming the town and its services', () => {
    expect(copy.description).toBe(
      'Managed IT, cybersecurity, networks and cloud for businesses and homes in Ramsey, NJ. Local technicians, published prices, a free consultation.',
    )
    expect(locationCopy({ ...bare, metaDescription: 'Hi.' }).description).toBe('Hi.')
  })

  it('meta_keywords → no keywords tag', () => {
    expect(copy.keywords).toBeNull()
    expect(locationCopy({ ...bare, metaKeywords: 'IT Ramsey' }).keywords).toBe('IT Ramsey')
  })

  it('hero_title → “IT Support in {town}, {state}”', () => {
    expect(copy.heroTitle).toBe('IT Support in Ramsey, NJ')
    expect(locationCopy({ ...bare, heroTitle: 'Ramsey IT' }).heroTitle).toBe('Ramsey IT')
  })

  it('hero_description → a sentence naming the town and the office (or “right here” in Suffern)', () => {
    expect(copy.heroDescription).toContain('keeps offices and homes in Ramsey running')
    expect(copy.heroDescription).toContain('based in nearby Suffern')
    expect(locationCopy({ ...bare, town: 'Suffern', state: 'NY' }).heroDescription).toContain('based right here')
    expect(locationCopy({ ...bare, heroDescription: 'Intro.' }).heroDescription).toBe('Intro.')
  })

  it('service_area_description → the town within the town-page radius of 50 miles', () => {
    expect(copy.serviceArea).toBe(
      'We serve Ramsey and the towns around it, within about 50 miles of our Suffern office, on site or remotely.',
    )
    expect(locationCopy({ ...bare, serviceAreaDescription: 'Area.' }).serviceArea).toBe('Area.')
  })

  it('an empty string counts as missing, like null', () => {
    const blank = locationCopy({ ...bare, heroTitle: '', phone: '', metaKeywords: '' })
    expect(blank.heroTitle).toBe('IT Support in Ramsey, NJ')
    expect(blank.phone).toBe('(845) 555-0142')
    expect(blank.keywords).toBeNull()
  })
})

describe('the radius on a town page', () => {
  it('is 50 in the why-us reasons a town page shows, and 60 on the home page', () => {
    const local = (radius?: number) => whyChooseUsReasons(radius).find((reason) => reason.key === 'local')?.description
    expect(local(50)).toContain('within about 50 miles')
    expect(local()).toContain('within about 60 miles')
  })
})
