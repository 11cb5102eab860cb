import { describe, expect, it } from 'vitest'
import { business, formatHours } from './business'

describe('business profile', () => {
  it('keeps the business hours: Mon–Fri 8:00–17:00, location pages until 18:00', () => {
    expect(formatHours(business.hours.main)).toBe('8:00 AM – 5:00 PM')
    expect(formatHours(business.hours.locationPages)).toBe('8:00 AM – 6:00 PM')
    expect(business.hours.main.dayCodes).toEqual(['Mo', 'Tu', 'We', 'Th', 'Fr'])
  })

  it('formats noon and midnight on the 12-hour clock', () => {
    expect(formatHours({ days: '', opens: '00:00', closes: '12:30', dayCodes: [] })).toBe('12:00 AM – 12:30 PM')
  })

  it('serves New York and New Jersey within 60 miles (50 on location pages)', () => {
    expect(business.serviceArea.states).toEqual(['New York', 'New Jersey'])
    expect(business.serviceRadiusMiles).toEqual({ home: 60, locations: 50 })
  })
})
