import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  addBusinessMinutes,
  type BusinessHours,
  businessHours,
  businessMinutesBetween,
  isWithinBusinessHours,
  minutesInBusinessDay,
  type Pause,
} from './business-hours'
import { businessDayMinutes } from './catalogue'
import { describeTargetMinutes, describeTargets, describeTimeLeft, supportTargets } from './targets'

const minute = 60_000
const at = (iso: string) => new Date(iso)

// An oracle written apart from the clock: New York's weekday and hour of one minute, read from Intl.
const nyParts = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/New_York',
  weekday: 'short',
  hour: 'numeric',
  hourCycle: 'h23',
})
function openAt(t: number): boolean {
  const parts = Object.fromEntries(nyParts.formatToParts(new Date(t)).map((p) => [p.type, p.value]))
  return !['Sat', 'Sun'].includes(parts.weekday ?? '') && Number(parts.hour) >= 8 && Number(parts.hour) < 17
}
function countMinutes(from: number, to: number, pauses: readonly Pause[]): number {
  let count = 0
  for (let t = from; t < to; t += minute) {
    if (openAt(t) && !pauses.some((p) => t >= p.start.getTime() && t < p.end.getTime())) count++
  }
  return count
}

// Whole minutes around the year, with half the cases in the weeks the clocks change (March 8 and
// November 1, 2026; March 14, 2027), where an offset mistake would show.
const base = Date.UTC(2026, 0, 1)
const anyMinute = fc.integer({ min: 0, max: 2 * 365 * 24 * 60 }).map((m) => base + m * minute)
const nearChange = fc
  .constantFrom(Date.UTC(2026, 2, 5), Date.UTC(2026, 9, 29), Date.UTC(2027, 2, 11))
  .chain((start) => fc.integer({ min: 0, max: 6 * 24 * 60 }).map((m) => start + m * minute))
const instant = fc.oneof(anyMinute, nearChange)
/** Up to three pauses within a few days after a moment. */
const pausesAfter = (from: number) =>
  fc.array(
    fc
      .tuple(fc.integer({ min: -600, max: 4 * 24 * 60 }), fc.integer({ min: 1, max: 2 * 24 * 60 }))
      .map(([offset, length]) => ({
        start: new Date(from + offset * minute),
        end: new Date(from + (offset + length) * minute),
      })),
    { maxLength: 3 },
  )

describe('the business-hours clock', () => {
  it('is Monday to Friday, 8:00 to 17:00 New York time, nine hours a day', () => {
    expect(businessHours).toMatchObject({
      timeZone: 'America/New_York',
      days: [1, 2, 3, 4, 5],
      opens: '08:00',
      closes: '17:00',
    })
    expect(minutesInBusinessDay()).toBe(540)
    expect(isWithinBusinessHours(at('2026-01-15T13:00:00Z'))).toBe(true) // Thu 8:00 EST
    expect(isWithinBusinessHours(at('2026-01-15T12:59:00Z'))).toBe(false)
    expect(isWithinBusinessHours(at('2026-07-15T12:00:00Z'))).toBe(true) // Wed 8:00 EDT
    expect(isWithinBusinessHours(at('2026-07-15T21:00:00Z'))).toBe(false) // 17:00 EDT, closed
    expect(isWithinBusinessHours(at('2026-01-17T15:00:00Z'))).toBe(false) // Saturday
  })

  it('carries a Friday afternoon over the weekend', () => {
    // Friday 16:30 EST + 1 h = Monday 8:30 EST.
    expect(addBusinessMinutes(at('2026-01-16T21:30:00Z'), 60).toISOString()).toBe('2026-01-19T13:30:00.000Z')
    // Saturday counts from Monday's opening.
    expect(addBusinessMinutes(at('2026-01-17T15:00:00Z'), 240).toISOString()).toBe('2026-01-19T17:00:00.000Z')
  })

  it('keeps the New York clock across both clock changes', () => {
    // Friday March 6, 16:00 EST + 2 h: Monday March 9, 9:00 EDT (13:00 UTC, not 14:00).
    expect(addBusinessMinutes(at('2026-03-06T21:00:00Z'), 120).toISOString()).toBe('2026-03-09T13:00:00.000Z')
    // Friday October 30, 16:00 EDT + 2 h: Monday November 2, 9:00 EST (14:00 UTC).
    expect(addBusinessMinutes(at('2026-10-30T20:00:00Z'), 120).toISOString()).toBe('2026-11-02T14:00:00.000Z')
    // The week of each change still holds 5 × 9 hours.
    expect(businessMinutesBetween(at('2026-03-07T00:00:00Z'), at('2026-03-14T00:00:00Z'))).toBe(45 * 60)
    expect(businessMinutesBetween(at('2026-10-31T00:00:00Z'), at('2026-11-07T00:00:00Z'))).toBe(45 * 60)
  })

  it('does not count a pause, and is negative backwards', () => {
    const from = at('2026-01-12T14:00:00Z') // Monday 9:00 EST
    const pause = { start: at('2026-01-12T15:00:00Z'), end: at('2026-01-13T15:00:00Z') } // to Tuesday 10:00
    expect(addBusinessMinutes(from, 120, [pause]).toISOString()).toBe('2026-01-13T16:00:00.000Z')
    expect(businessMinutesBetween(from, at('2026-01-13T16:00:00Z'), [pause])).toBe(120)
    expect(businessMinutesBetween(at('2026-01-13T16:00:00Z'), from, [pause])).toBe(-120)
  })

  it('allows holidays in the same shape', () => {
    const withHoliday: BusinessHours = { ...businessHours, holidays: ['2026-01-19'] }
    expect(addBusinessMinutes(at('2026-01-16T21:30:00Z'), 60, [], withHoliday).toISOString()).toBe(
      '2026-01-20T13:30:00.000Z',
    )
    expect(() => addBusinessMinutes(at('2026-01-16T21:30:00Z'), 60, [], { ...businessHours, days: [] })).toThrow(
      RangeError,
    )
    expect(() => addBusinessMinutes(at('2026-01-16T21:30:00Z'), -1)).toThrow(RangeError)
  })

  it('counts what a minute-by-minute reading of the New York clock counts (weekends, clock changes, pauses)', () => {
    fc.assert(
      fc.property(
        instant.chain((from) =>
          fc.tuple(fc.constant(from), fc.integer({ min: 0, max: 4 * 24 * 60 }), pausesAfter(from)),
        ),
        ([from, length, pauses]) => {
          const to = from + length * minute
          expect(businessMinutesBetween(new Date(from), new Date(to), pauses)).toBe(countMinutes(from, to, pauses))
        },
      ),
      { numRuns: 60 },
    )
    // Hundreds of cases: on a loaded machine they take longer than a unit test's five seconds.
  }, 30_000)

  it('adds what it counts: between(start, add(start, m)) is m, and the due moment is an open minute', () => {
    fc.assert(
      fc.property(
        instant.chain((from) => fc.tuple(fc.constant(from), fc.integer({ min: 0, max: 5 * 540 }), pausesAfter(from))),
        ([from, minutes, pauses]) => {
          const start = new Date(from)
          const due = addBusinessMinutes(start, minutes, pauses)
          expect(businessMinutesBetween(start, due, pauses)).toBe(minutes)
          if (minutes > 0) {
            // The last counted minute is open and not paused: nothing earlier would do.
            const lastMinute = due.getTime() - minute
            expect(openAt(lastMinute)).toBe(true)
            expect(pauses.some((p) => lastMinute >= p.start.getTime() && lastMinute < p.end.getTime())).toBe(false)
          }
        },
      ),
      { numRuns: 200 },
    )
    // Hundreds of cases: on a loaded machine they take longer than a unit test's five seconds.
  }, 30_000)

  it('counts long spans by whole weeks as it counts them day by day (holidays and pauses in them too)', () => {
    // A year, Monday 8:00 to Monday 8:00: 52 weeks of five nine-hour days.
    expect(businessMinutesBetween(at('2026-01-05T13:00:00Z'), at('2027-01-04T13:00:00Z'))).toBe(52 * 5 * 540)
    expect(businessMinutesBetween(at('2027-01-04T13:00:00Z'), at('2026-01-05T13:00:00Z'))).toBe(-52 * 5 * 540)
    // A holiday on a weekday in the middle takes its day; one on a Saturday takes nothing.
    const withHolidays: BusinessHours = { ...businessHours, holidays: ['2026-07-03', '2026-07-04'] }
    expect(businessMinutesBetween(at('2026-01-05T13:00:00Z'), at('2027-01-04T13:00:00Z'), [], withHolidays)).toBe(
      52 * 5 * 540 - 540,
    )
    // Spans of months with pauses anywhere in them add up across any middle moment, where each
    // part is walked day by day (short) or counted by weeks (long).
    const months = fc.integer({ min: 0, max: 300 * 24 * 60 }).map((m) => base + m * minute)
    fc.assert(
      fc.property(
        months,
        months,
        months,
        fc.array(
          fc.tuple(months, fc.integer({ min: 1, max: 10 * 24 * 60 })).map(([start, length]) => ({
            start: new Date(start),
            end: new Date(start + length * minute),
          })),
          { maxLength: 2 },
        ),
        (p, q, r, pauses) => {
          const [x, y, z] = [p, q, r].sort((i, j) => i - j).map((t) => new Date(t)) as [Date, Date, Date]
          expect(businessMinutesBetween(x, y, pauses) + businessMinutesBetween(y, z, pauses)).toBeCloseTo(
            businessMinutesBetween(x, z, pauses),
            6,
          )
        },
      ),
      { numRuns: 300 },
    )
  }, 30_000)

  it('adds up across a middle moment and grows with the minutes added', () => {
    fc.assert(
      fc.property(instant, instant, instant, fc.nat(3000), fc.nat(3000), (a, b, c, m1, m2) => {
        const [x, y, z] = [a, b, c].sort((p, q) => p - q).map((t) => new Date(t)) as [Date, Date, Date]
        expect(businessMinutesBetween(x, y) + businessMinutesBetween(y, z)).toBeCloseTo(businessMinutesBetween(x, z), 6)
        const [small, large] = m1 <= m2 ? [m1, m2] : [m2, m1]
        expect(addBusinessMinutes(x, small).getTime()).toBeLessThanOrEqual(addBusinessMinutes(x, large).getTime())
      }),
      { numRuns: 200 },
    )
    // Hundreds of cases: on a loaded machine they take longer than a unit test's five seconds.
  }, 30_000)
})

describe('targets', () => {
  it('are the issue defaults, in business minutes, with the catalogue and the clock agreeing on a business day', () => {
    expect(businessDayMinutes).toBe(minutesInBusinessDay())
    expect(supportTargets).toEqual({
      urgent: { first_response: 60, resolution: 240 },
      high: { first_response: 120, resolution: 540 },
      normal: { first_response: 240, resolution: 3 * 540 },
      low: { first_response: 540, resolution: 5 * 540 },
    })
  })

  it('read as people say them', () => {
    expect(describeTargetMinutes(60)).toBe('1 hour')
    expect(describeTargetMinutes(540)).toBe('1 business day')
    expect(describeTargetMinutes(1620)).toBe('3 business days')
    expect(describeTargetMinutes(90)).toBe('90 minutes')
    expect(describeTargets('urgent')).toMatch(/^First response within 1 hour, resolution within 4 hours/)
    expect(describeTimeLeft(135)).toBe('2 h 15 min left')
    expect(describeTimeLeft(-45)).toBe('45 min overdue')
    expect(describeTimeLeft(-120)).toBe('2 h overdue')
    expect(describeTimeLeft(null)).toBe('Paused')
  })
})
