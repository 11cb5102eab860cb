import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  centsToDecimal,
  documentTotals,
  formatMoney,
  formatQuantity,
  formatTaxRate,
  lineAmountCents,
  moneyLimits,
  parseMoney,
  parseQuantity,
  parseTaxRate,
  taxCents,
  taxRateInput,
} from './money'

const quantity = fc.integer({ min: 1, max: moneyLimits.quantityMilli })
const unitPrice = fc.integer({ min: 0, max: moneyLimits.unitPriceCents })
const rate = fc.integer({ min: 0, max: moneyLimits.taxRateMilliPercent })
const line = fc.record({ quantityMilli: quantity, unitPriceCents: unitPrice, taxable: fc.boolean() })
const lines = fc.array(line, { minLength: 0, maxLength: moneyLimits.lines })

/** Round half up of n / d written another way: floor((2n + d) / 2d). */
const halfUp = (n: bigint, d: bigint) => (2n * n + d) / (2n * d)

describe('the rounding rule', () => {
  it('rounds a line to the nearest cent, halves up', () => {
    fc.assert(
      fc.property(quantity, unitPrice, (q, p) => {
        const amount = lineAmountCents(q, p)
        expect(BigInt(amount)).toBe(halfUp(BigInt(q) * BigInt(p), 1000n))
        // Never more than half a cent away from the exact product.
        const error = BigInt(amount) * 1000n - BigInt(q) * BigInt(p)
        expect(error >= -500n && error <= 500n).toBe(true)
      }),
    )
  })

  it('taxes the taxable subtotal once, rounded half up', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: moneyLimits.amountCents }), rate, (taxable, r) => {
        expect(BigInt(taxCents(taxable, r))).toBe(halfUp(BigInt(taxable) * BigInt(r), 100_000n))
      }),
    )
  })

  it('gives totals that always equal the sum of their parts', () => {
    fc.assert(
      fc.property(lines, rate, (ls, r) => {
        const totals = documentTotals(ls, r)
        expect(totals.lineAmounts).toHaveLength(ls.length)
        expect(totals.subtotalCents).toBe(totals.lineAmounts.reduce((a, b) => a + b, 0))
        expect(totals.taxableCents).toBe(totals.lineAmounts.filter((_, i) => ls[i]?.taxable).reduce((a, b) => a + b, 0))
        expect(totals.taxableCents).toBeLessThanOrEqual(totals.subtotalCents)
        expect(totals.taxCents).toBe(taxCents(totals.taxableCents, r))
        expect(totals.totalCents).toBe(totals.subtotalCents + totals.taxCents)
        for (const value of [totals.subtotalCents, totals.taxCents, totals.totalCents]) {
          expect(Number.isSafeInteger(value) && value >= 0).toBe(true)
        }
      }),
    )
  })

  it('does not depend on the order of the lines', () => {
    fc.assert(
      fc.property(lines, rate, (ls, r) => {
        const forward = documentTotals(ls, r)
        const backward = documentTotals([...ls].reverse(), r)
        expect(backward.totalCents).toBe(forward.totalCents)
        expect(backward.taxCents).toBe(forward.taxCents)
      }),
    )
  })

  it('never charges less for more', () => {
    fc.assert(
      fc.property(quantity, quantity, unitPrice, (a, b, p) => {
        const [low, high] = a <= b ? [a, b] : [b, a]
        expect(lineAmountCents(low, p)).toBeLessThanOrEqual(lineAmountCents(high, p))
      }),
    )
  })

  it('works the price list and county rates as a person would on paper', () => {
    // 45 minutes of residential help at $2.08 a minute.
    expect(lineAmountCents(45_000, 208)).toBe(9360)
    // 1.5 hours at $95.55: 143.325 → 143.33.
    expect(lineAmountCents(1500, 9555)).toBe(14333)
    // Rockland County, NY (8.375 %) on $100.00: 8.375 → 8.38.
    expect(taxCents(10_000, 8375)).toBe(838)
    // New Jersey (6.625 %) on $1,234.56: 81.789 → 81.79.
    expect(taxCents(123_456, 6625)).toBe(8179)
    // Three lines of $33.33, one untaxed: tax on $66.66 only, once.
    const totals = documentTotals(
      [
        { quantityMilli: 1000, unitPriceCents: 3333, taxable: true },
        { quantityMilli: 1000, unitPriceCents: 3333, taxable: true },
        { quantityMilli: 1000, unitPriceCents: 3333, taxable: false },
      ],
      8375,
    )
    expect(totals).toEqual({
      lineAmounts: [3333, 3333, 3333],
      subtotalCents: 9999,
      taxableCents: 6666,
      taxCents: 558,
      totalCents: 10_557,
    })
  })

  it('refuses fractions of a cent and negative values', () => {
    expect(() => lineAmountCents(1.5, 100)).toThrow(RangeError)
    expect(() => lineAmountCents(1000, -1)).toThrow(RangeError)
    expect(() => taxCents(100, 0.5)).toThrow(RangeError)
  })
})

describe('amounts as people read and type them', () => {
  it('formats with Intl as US dollars', () => {
    expect(formatMoney(0)).toBe('$0.00')
    expect(formatMoney(5)).toBe('$0.05')
    expect(formatMoney(123_456)).toBe('$1,234.56')
    expect(formatMoney(1_000_000_000)).toBe('$10,000,000.00')
    expect(formatMoney(-2500)).toBe('-$25.00')
  })

  it('reads back what it writes, to the cent', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: moneyLimits.amountCents }), (cents) => {
        expect(parseMoney(formatMoney(cents))).toBe(cents)
        expect(parseMoney(centsToDecimal(cents))).toBe(cents)
      }),
    )
    fc.assert(
      fc.property(quantity, (q) => {
        expect(parseQuantity(formatQuantity(q))).toBe(q)
      }),
    )
    fc.assert(
      fc.property(rate, (r) => {
        expect(parseTaxRate(formatTaxRate(r))).toBe(r)
        expect(parseTaxRate(taxRateInput(r))).toBe(r)
      }),
    )
  })

  it('reads amounts typed in the usual ways and refuses the rest', () => {
    expect(parseMoney('40')).toBe(4000)
    expect(parseMoney('$2.08')).toBe(208)
    expect(parseMoney('1,234.5')).toBe(123_450)
    expect(parseMoney('.5')).toBe(50)
    expect(parseMoney(' 99. ')).toBe(9900)
    for (const bad of ['', '.', '1.234', '-5', '1,23', 'abc', '1e3', '$', '12,34.00', '0x10']) {
      expect(parseMoney(bad), bad).toBeNull()
    }
    expect(parseQuantity('1.5')).toBe(1500)
    expect(parseQuantity('0.0001')).toBeNull()
    // One reader for every decimal: a comma only groups thousands.
    expect(parseQuantity('1,500')).toBe(1_500_000)
    expect(parseTaxRate('1,000')).toBe(1_000_000)
    for (const bad of ['1,5', '1,0.5', '1,50', ',5', '1,,500', '1500,']) {
      expect(parseQuantity(bad), bad).toBeNull()
      expect(parseMoney(bad), bad).toBeNull()
    }
    expect(parseTaxRate('8.375%')).toBe(8375)
    expect(parseTaxRate('6.625')).toBe(6625)
    expect(parseTaxRate('8.3755')).toBeNull()
    expect(formatTaxRate(6625)).toBe('6.625%')
    expect(formatTaxRate(8000)).toBe('8%')
    expect(formatQuantity(45_000)).toBe('45')
  })
})
