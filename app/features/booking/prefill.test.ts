import { describe, expect, it } from 'vitest'
import { bookingPrefill, planChoicesFor, serviceChoices } from './prefill'

const prefill = (query: string) => bookingPrefill(new URLSearchParams(query))

describe('/book query prefill', () => {
  it.each([
    ['managed-it', 'Managed IT Services'],
    ['cybersecurity', 'Cybersecurity'],
    ['network', 'Network & Infrastructure'],
    ['cloud', 'Cloud Solutions'],
    ['consulting', 'Project Consulting'],
    ['specialty', 'Specialty Services'],
  ])('service=%s selects %s in the business variant', (key, name) => {
    expect(prefill(`service=${key}`)).toEqual({ residential: false, services: [name], plan: undefined })
  })

  it('service=residential switches to the residential variant and selects Residential IT Support', () => {
    expect(prefill('service=residential')).toEqual({
      residential: true,
      services: ['Residential IT Support'],
      plan: undefined,
    })
  })

  it.each([
    ['basic', 'Basic Support ($40/user/mo)', false],
    ['full', 'Full Help Desk ($100/user/mo)', false],
    ['custom', 'Custom Solutions', false],
    ['hourly', 'Residential Hourly ($2.08/min)', true],
    ['subscription', 'Residential Subscription ($29-99/mo)', true],
  ])('plan=%s selects %s', (key, label, residential) => {
    expect(prefill(`plan=${key}`)).toEqual({ residential, services: [], plan: label })
  })

  it('combines both, and ignores unknown values silently', () => {
    expect(prefill('service=cloud&plan=full')).toEqual({
      residential: false,
      services: ['Cloud Solutions'],
      plan: 'Full Help Desk ($100/user/mo)',
    })
    expect(prefill('service=plumbing&plan=gold&utm_source=x')).toEqual({
      residential: false,
      services: [],
      plan: undefined,
    })
    expect(prefill('service=&plan=')).toEqual({ residential: false, services: [], plan: undefined })
    expect(prefill('service=CLOUD').services).toEqual(['Cloud Solutions'])
  })

  it('offers the residential service and plans only in the residential variant', () => {
    expect(serviceChoices(false)).not.toContain('Residential IT Support')
    expect(serviceChoices(true).at(-1)).toBe('Residential IT Support')
    expect(planChoicesFor(false).map((p) => p.key)).toEqual(['basic', 'full', 'custom'])
    expect(planChoicesFor(true).map((p) => p.key)).toEqual(['basic', 'full', 'custom', 'hourly', 'subscription'])
  })
})
