import { describe, expect, it } from 'vitest'
import {
  addDays,
  businessDate,
  daysBetween,
  formatCalendarDate,
  fromBusinessLocalInput,
  toBusinessLocalInput,
} from './business-time'

describe('New York time for time inputs', () => {
  it('reads a winter and a summer time with their own offsets', () => {
    expect(fromBusinessLocalInput('2026-01-15T09:30')?.toISOString()).toBe('2026-01-15T14:30:00.000Z')
    expect(fromBusinessLocalInput('2026-07-04T18:05')?.toISOString()).toBe('2026-07-04T22:05:00.000Z')
  })

  it('shows a moment as the New York clock does', () => {
    expect(toBusinessLocalInput(new Date('2026-01-15T14:30:00Z'))).toBe('2026-01-15T09:30')
    expect(toBusinessLocalInput(new Date('2026-07-05T02:00:00Z'))).toBe('2026-07-04T22:00')
  })

  it('round-trips every half hour across both clock changes of a year', () => {
    for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 0, 1); t += 30 * 60_000) {
      const shown = toBusinessLocalInput(new Date(t))
      const back = fromBusinessLocalInput(shown)
      // The repeated November hour reads as its first occurrence.
      if (back?.getTime() !== t) expect(back?.getTime(), shown).toBe(t - 3_600_000)
    }
  })

  it('refuses the hour skipped in March, impossible dates and other text', () => {
    expect(fromBusinessLocalInput('2026-03-08T02:30')).toBeNull()
    expect(fromBusinessLocalInput('2026-03-08T03:30')?.toISOString()).toBe('2026-03-08T07:30:00.000Z')
    for (const bad of ['', '2026-02-30T10:00', '2026-13-01T10:00', '2026-01-01 10:00', '2026-01-01T24:00', 'soon']) {
      expect(fromBusinessLocalInput(bad), bad).toBeNull()
    }
  })

  it('takes the first of the two 1:30s in November (daylight time)', () => {
    expect(fromBusinessLocalInput('2026-11-01T01:30')?.toISOString()).toBe('2026-11-01T05:30:00.000Z')
  })
})

describe('New York calendar dates', () => {
  it("reads the date on New York's calendar, not UTC's", () => {
    // 02:30 UTC on March 1 is still the evening of February 28 in New York.
    expect(businessDate(new Date('2026-03-01T02:30:00Z'))).toBe('2026-02-28')
    expect(businessDate(new Date('2026-03-01T05:00:00Z'))).toBe('2026-03-01')
    // New Year's Eve in New York is already January 1 in UTC.
    expect(businessDate(new Date('2027-01-01T04:59:00Z'))).toBe('2026-12-31')
  })

  it('counts days across months, leap days and clock changes', () => {
    expect(addDays('2026-01-31', 30)).toBe('2026-03-02')
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29')
    expect(addDays('2026-03-08', 7)).toBe('2026-03-15')
    expect(addDays('2026-03-10', -10)).toBe('2026-02-28')
    expect(daysBetween('2026-03-01', '2026-03-08')).toBe(7)
    expect(daysBetween('2026-11-01', '2026-10-25')).toBe(-7)
  })

  it('shows a calendar date the same in every zone', () => {
    expect(formatCalendarDate('2026-05-01')).toBe('May 1, 2026')
  })
})
