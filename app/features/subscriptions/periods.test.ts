import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  addDays,
  cancellationCredit,
  daysIn,
  formatDays,
  fullPeriodOf,
  includedTimeLines,
  invoiceDayOf,
  invoiceLines,
  nextInvoiceOn,
  type Period,
  periodPriceCents,
  periodsDue,
  periodsToInvoice,
  previousPeriodOf,
  prorate,
  type SubscriptionTerms,
  timeLines,
} from './periods.ts'

const basic = (fields: Partial<SubscriptionTerms> = {}): SubscriptionTerms => ({
  plan: 'basic',
  seats: 12,
  priceCents: null,
  billingDay: 1,
  billsFrom: '2026-11-01',
  cancelAt: null,
  changes: [],
  ...fields,
})

describe('billing periods', () => {
  it('runs from a billing day to the day before the next month’s', () => {
    expect(fullPeriodOf(1, '2026-11-14')).toEqual({ start: '2026-11-01', end: '2026-11-30', days: 30 })
    expect(fullPeriodOf(15, '2026-11-14')).toEqual({ start: '2026-10-15', end: '2026-11-14', days: 31 })
    expect(fullPeriodOf(28, '2027-01-30')).toEqual({ start: '2027-01-28', end: '2027-02-27', days: 31 })
    expect(fullPeriodOf(28, '2027-02-28')).toEqual({ start: '2027-02-28', end: '2027-03-27', days: 28 })
    expect(fullPeriodOf(1, '2026-12-31')).toEqual({ start: '2026-12-01', end: '2026-12-31', days: 31 })
  })

  it('lists every missed period up to today, the first one from the start date', () => {
    const terms = basic({ billsFrom: '2026-09-14' })
    expect(periodsDue(terms, '2026-11-02').map((p) => [p.start, p.end])).toEqual([
      ['2026-09-14', '2026-09-30'],
      ['2026-10-01', '2026-10-31'],
      ['2026-11-01', '2026-11-30'],
    ])
    expect(periodsDue(terms, '2026-09-13')).toEqual([])
  })

  it('stops at a cancellation, cutting the last period short', () => {
    const terms = basic({ cancelAt: '2026-11-15' })
    expect(periodsDue(terms, '2027-01-10').map((p) => [p.start, p.end])).toEqual([['2026-11-01', '2026-11-14']])
    expect(nextInvoiceOn(terms, '2026-11-02')).toBeNull()
    expect(nextInvoiceOn(basic(), '2026-11-02')).toBe('2026-12-01')
    expect(nextInvoiceOn(basic({ billsFrom: '2026-12-05' }), '2026-11-02')).toBe('2026-12-05')
  })
})

describe('invoice lines', () => {
  it('bills the plan for the period, then added seats for the days they counted', () => {
    const terms = basic({ changes: [{ effectiveOn: '2026-11-14', seatsDelta: 3 }] })
    const [november, december] = periodsDue(terms, '2026-12-01') as [Period, Period]
    expect(invoiceLines(terms, november)).toEqual([
      {
        description: 'Basic Support, 12 users, Nov 1–30',
        quantityMilli: 12_000,
        unitPriceCents: 4000,
        amountCents: 48_000,
      },
    ])
    expect(invoiceLines(terms, december)).toEqual([
      {
        description: 'Basic Support, 15 users, Dec 1–31',
        quantityMilli: 15_000,
        unitPriceCents: 4000,
        amountCents: 60_000,
      },
      {
        description: '3 more users, Nov 14–30 (17 of 30 days)',
        quantityMilli: 1000,
        unitPriceCents: 6800,
        amountCents: 6800,
      },
    ])
  })

  it('prorates a first period that does not start on the billing day', () => {
    const terms = basic({ plan: 'full', seats: 1, billsFrom: '2026-11-14' })
    const [first] = periodsDue(terms, '2026-11-14') as [Period]
    expect(invoiceLines(terms, first)).toEqual([
      {
        description: 'Full Help Desk, 1 user, Nov 14–30 (17 of 30 days)',
        quantityMilli: 1000,
        unitPriceCents: 5667,
        amountCents: 5667,
      },
    ])
  })

  it('bills the residential tier and a custom price as one line, and a metered plan nothing', () => {
    const period = periodsDue(basic(), '2026-11-01')[0] as Period
    const tier = basic({ plan: 'subscription', seats: null, priceCents: 4900 })
    expect(invoiceLines(tier, period)).toEqual([
      {
        description: 'Residential Subscription, Nov 1–30',
        quantityMilli: 1000,
        unitPriceCents: 4900,
        amountCents: 4900,
      },
    ])
    expect(invoiceLines(basic({ plan: 'custom', seats: null, priceCents: 250_000 }), period)[0]?.description).toBe(
      'Custom Solutions, Nov 1–30',
    )
    expect(invoiceLines(basic({ plan: 'hourly', seats: null }), period)).toEqual([])
  })

  it('bills seats added on a period’s first day after its invoice for the whole of that period', () => {
    const terms = basic({ changes: [{ effectiveOn: '2026-11-01', seatsDelta: 2, afterInvoice: true }] })
    const december = periodsDue(terms, '2026-12-01')[1] as Period
    expect(invoiceLines(terms, december).map((l) => l.description)).toEqual([
      'Basic Support, 14 users, Dec 1–31',
      '2 more users, Nov 1–30 (30 of 30 days)',
    ])
  })

  it('bills Residential Hourly in arrears: one line per ticket with time, at the per-minute rate', () => {
    const hourly = basic({ plan: 'hourly', seats: null })
    const period = { start: '2026-11-01', end: '2026-11-30' }
    expect(invoiceDayOf('hourly', period)).toBe('2026-12-01')
    expect(invoiceDayOf('basic', period)).toBe('2026-11-01')
    expect(periodsToInvoice(hourly, '2026-11-30')).toEqual([])
    expect(periodsToInvoice(hourly, '2026-12-01').map((p) => p.start)).toEqual(['2026-11-01'])
    expect(
      timeLines('hourly', period, [
        { ticketNumber: 'T-000012', subject: 'Printer offline', minutes: 45 },
        { ticketNumber: 'T-000013', subject: 'Nothing', minutes: 0 },
        { ticketNumber: 'T-000014', subject: 'Wi-Fi', minutes: 1 },
      ]),
    ).toEqual([
      {
        description: 'Ticket T-000012 Printer offline: 45 minutes, Nov 1–30',
        quantityMilli: 45_000,
        unitPriceCents: 208,
        amountCents: 9360,
      },
      {
        description: 'Ticket T-000014 Wi-Fi: 1 minute, Nov 1–30',
        quantityMilli: 1000,
        unitPriceCents: 208,
        amountCents: 208,
      },
    ])
    expect(timeLines('basic', period, [{ ticketNumber: 'T-000012', subject: 'x', minutes: 5 }])).toEqual([])
  })

  it('shows a business plan’s time of the period just ended as included, at $0.00', () => {
    const october = { start: '2026-10-01', end: '2026-10-31' }
    const time = [
      { ticketNumber: 'T-000012', subject: 'Printer offline', minutes: 45 },
      { ticketNumber: 'T-000013', subject: 'Nothing', minutes: 0 },
      { ticketNumber: 'T-000014', subject: 'x'.repeat(130), minutes: 1 },
    ]
    expect(includedTimeLines('basic', october, time)).toEqual([
      {
        description: 'Ticket T-000012 Printer offline: 45 minutes, Oct 1–31, included in your plan',
        quantityMilli: 45_000,
        unitPriceCents: 0,
        amountCents: 0,
      },
      {
        description: `Ticket T-000014 ${'x'.repeat(119)}…: 1 minute, Oct 1–31, included in your plan`,
        quantityMilli: 1000,
        unitPriceCents: 0,
        amountCents: 0,
      },
    ])
    expect(includedTimeLines('subscription', october, time)).toHaveLength(2)
    expect(includedTimeLines('custom', october, time)).toHaveLength(2)
    // Residential Hourly bills its time instead.
    expect(includedTimeLines('hourly', october, time)).toEqual([])
  })

  it('finds the billed part of the period just before one, none before the first', () => {
    const terms = basic({ billsFrom: '2026-09-14', billingDay: 1 })
    const november = { fullStart: '2026-11-01' }
    expect(previousPeriodOf(terms, november)).toEqual({
      start: '2026-10-01',
      end: '2026-10-31',
      fullStart: '2026-10-01',
      fullEnd: '2026-10-31',
    })
    expect(previousPeriodOf(terms, { fullStart: '2026-10-01' })).toMatchObject({
      start: '2026-09-14',
      end: '2026-09-30',
    })
    expect(previousPeriodOf(terms, { fullStart: '2026-09-01' })).toBeNull()
    const fifteenth = basic({ billsFrom: '2026-11-15', billingDay: 15 })
    expect(previousPeriodOf(fifteenth, { fullStart: '2026-12-15' })).toMatchObject({
      start: '2026-11-15',
      end: '2026-12-14',
    })
    expect(previousPeriodOf(fifteenth, { fullStart: '2026-11-15' })).toBeNull()
  })

  it('formats the days a line covers', () => {
    expect(formatDays('2026-11-01', '2026-11-30')).toBe('Nov 1–30')
    expect(formatDays('2026-11-14', '2026-12-13')).toBe('Nov 14–Dec 13')
    expect(formatDays('2026-11-30', '2026-11-30')).toBe('Nov 30')
  })

  it('credits the unused days of a period cancelled now', () => {
    const terms = basic()
    const november = periodsDue(terms, '2026-11-01')[0] as Period
    expect(cancellationCredit(terms, november, '2026-11-14')).toBe(prorate(48_000, 17, 30))
    expect(cancellationCredit(terms, november, '2026-11-01')).toBe(48_000)
    expect(cancellationCredit(terms, november, '2026-12-01')).toBe(0)
  })
})

const date = fc.integer({ min: 0, max: 3 * 365 }).map((offset) => addDays('2026-01-01', offset))
const billingDay = fc.integer({ min: 1, max: 28 })

describe('proration properties', () => {
  it('never bills more than the whole period, and the days covered add up to the period', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        billingDay,
        date,
        fc.array(fc.integer({ min: 1, max: 27 }), { maxLength: 5 }),
        (fullCents, day, when, cuts) => {
          const full = fullPeriodOf(day, when)
          // Split the period at some days: the parts cover every day once.
          const offsets = [...new Set(cuts.filter((c) => c < full.days))].sort((a, b) => a - b)
          const starts = [0, ...offsets]
          const parts = starts.map((s, i) => ({
            start: addDays(full.start, s),
            end: addDays(full.start, (starts[i + 1] ?? full.days) - 1),
          }))
          expect(parts.reduce((n, p) => n + daysIn(p.start, p.end), 0)).toBe(full.days)
          const amounts = parts.map((p) => prorate(fullCents, daysIn(p.start, p.end), full.days))
          for (const a of amounts) expect(a).toBeLessThanOrEqual(fullCents)
          // Splitting changes the total by at most half a cent per part, rounded: never beyond a cent each.
          const total = amounts.reduce((s, a) => s + a, 0)
          expect(Math.abs(total - fullCents)).toBeLessThanOrEqual(Math.ceil(parts.length / 2))
        },
      ),
    )
  })

  it('bills each period of a subscription at most its whole price, credits never exceeding what was billed', () => {
    fc.assert(
      fc.property(
        billingDay,
        date,
        fc.integer({ min: 1, max: 500 }),
        fc.array(fc.record({ offset: fc.integer({ min: 0, max: 200 }), delta: fc.integer({ min: 1, max: 50 }) }), {
          maxLength: 6,
        }),
        fc.option(fc.integer({ min: 1, max: 200 }), { nil: null }),
        fc.integer({ min: 0, max: 40 }),
        (day, start, seats, raises, cancelAfter, cancelNowAfter) => {
          const changes = raises.map((r) => ({ effectiveOn: addDays(start, r.offset), seatsDelta: r.delta }))
          const terms = basic({
            billingDay: day,
            billsFrom: start,
            seats,
            changes,
            cancelAt: cancelAfter === null ? null : addDays(start, cancelAfter),
          })
          const periods = periodsDue(terms, addDays(start, 220))
          let previousEnd: string | null = null
          for (const period of periods) {
            // Periods follow each other without a gap or an overlap.
            if (previousEnd !== null) expect(period.start).toBe(addDays(previousEnd, 1))
            previousEnd = period.end
            const lines = invoiceLines(terms, period)
            const plan = lines[0]
            const fullPrice = periodPriceCents(terms, seatsOnStart(terms, period))
            expect(plan?.amountCents ?? 0).toBeLessThanOrEqual(fullPrice)
            const raised = raises.reduce((n, r) => n + r.delta, 0)
            for (const extra of lines.slice(1)) expect(extra.amountCents).toBeLessThanOrEqual(raised * 4000)
            const cancelOn = addDays(period.start, cancelNowAfter)
            const credit = cancellationCredit(terms, period, cancelOn)
            expect(credit).toBeGreaterThanOrEqual(0)
            expect(credit).toBeLessThanOrEqual(plan?.amountCents ?? 0)
          }
        },
      ),
    )
  })
})

function seatsOnStart(terms: SubscriptionTerms, period: Period) {
  return terms.changes.reduce((s, c) => (c.effectiveOn <= period.start ? s + c.seatsDelta : s), terms.seats ?? 0)
}
