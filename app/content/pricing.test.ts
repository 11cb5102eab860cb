import { describe, expect, it } from 'vitest'
import { businessPlans, planByKey, plans, residentialPlans } from './pricing'

describe('pricing', () => {
  it('lists the business plans with their exact prices, Full Help Desk marked popular', () => {
    expect(businessPlans.map((p) => p.choiceLabel)).toEqual([
      'Basic Support ($40/user/mo)',
      'Full Help Desk ($100/user/mo)',
      'Custom Solutions',
    ])
    expect(plans.filter((p) => p.popular).map((p) => p.key)).toEqual(['full'])
  })

  it('adds the two residential plans', () => {
    expect(residentialPlans.map((p) => p.choiceLabel)).toEqual([
      'Residential Hourly ($2.08/min)',
      'Residential Subscription ($29-99/mo)',
    ])
  })

  it("finds plans by the booking form's plan query keys and ignores unknown ones", () => {
    expect(['basic', 'full', 'custom', 'hourly', 'subscription'].map((k) => planByKey(k)?.key)).toEqual([
      'basic',
      'full',
      'custom',
      'hourly',
      'subscription',
    ])
    expect(planByKey('platinum')).toBeUndefined()
    expect(planByKey(null)).toBeUndefined()
  })
})
