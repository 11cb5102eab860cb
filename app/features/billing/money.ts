/**
 * Money on billing documents: integer cents, never floating point.
 *
 * The one rounding rule: each line's amount is quantity × unit price rounded to the cent (half
 * up), the subtotal is the sum of the line amounts, the tax is the taxable lines' subtotal × the
 * document's tax rate rounded to the cent (half up) once, and the total is subtotal + tax. Every
 * amount is non-negative, so "half up" and "half away from zero" agree.
 *
 * Quantities are kept in thousandths (1.5 hours = 1500) and tax rates in thousandths of a percent
 * (8.375 % = 8375), so neither needs a fraction either. Products are computed with BigInt: they
 * can exceed 2^53 before rounding even when every stored value is small.
 */

/** Largest quantity on a line (units), largest unit price and largest line or document total (cents). */
export const moneyLimits = {
  quantityMilli: 100_000 * 1000,
  unitPriceCents: 1_000_000_00,
  amountCents: 10_000_000_00,
  /** 25 %: no sales tax in New York or New Jersey comes near it. */
  taxRateMilliPercent: 25_000,
  lines: 100,
} as const

/** a / b rounded half up, for a >= 0 and b > 0. */
function divideHalfUp(a: bigint, b: bigint): bigint {
  const quotient = a / b
  return (a % b) * 2n >= b ? quotient + 1n : quotient
}

/** Quantity × unit price, rounded to the cent. */
export function lineAmountCents(quantityMilli: number, unitPriceCents: number): number {
  assertWhole(quantityMilli, 'quantity')
  assertWhole(unitPriceCents, 'unit price')
  return Number(divideHalfUp(BigInt(quantityMilli) * BigInt(unitPriceCents), 1000n))
}

/** The tax on an amount at a rate in thousandths of a percent, rounded to the cent. */
export function taxCents(taxableCents: number, rateMilliPercent: number): number {
  assertWhole(taxableCents, 'taxable amount')
  assertWhole(rateMilliPercent, 'tax rate')
  return Number(divideHalfUp(BigInt(taxableCents) * BigInt(rateMilliPercent), 100_000n))
}

function assertWhole(value: number, what: string) {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${what} must be a whole non-negative number`)
}

export type LineInput = { quantityMilli: number; unitPriceCents: number; taxable: boolean }

export type Totals = {
  /** Each line's amount, in the lines' order. */
  lineAmounts: number[]
  subtotalCents: number
  /** The part of the subtotal that is taxed. */
  taxableCents: number
  taxCents: number
  totalCents: number
}

/** A document's totals under the rounding rule above. */
export function documentTotals(lines: readonly LineInput[], taxRateMilliPercent: number): Totals {
  const lineAmounts = lines.map((line) => lineAmountCents(line.quantityMilli, line.unitPriceCents))
  let subtotalCents = 0
  let taxableCents = 0
  lineAmounts.forEach((amount, i) => {
    subtotalCents += amount
    if (lines[i]?.taxable) taxableCents += amount
  })
  const tax = taxCents(taxableCents, taxRateMilliPercent)
  return { lineAmounts, subtotalCents, taxableCents, taxCents: tax, totalCents: subtotalCents + tax }
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })

/** "$1,234.56". Formatted from the exact decimal text, never from a float. */
export function formatMoney(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError('cents must be a whole number')
  return usd.format(centsToDecimal(cents) as Intl.StringNumericLiteral)
}

/** "1234.56": for inputs and exports (no currency sign, no grouping). */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : ''
  const abs = Math.abs(cents)
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`
}

/**
 * The one reading of a decimal a person types (amounts, quantities, tax rates): digits, an optional
 * decimal point, and commas only as thousands separators between groups of three ("1,500" is
 * fifteen hundred). Any other comma ("1,5", "1,0.5") is refused rather than guessed at: a decimal
 * comma read as grouping stored ten times the quantity.
 */
const decimalPattern = /^(\d{1,3}(?:,\d{3})+|\d+)?(?:\.(\d*))?$/

/** A non-negative decimal with at most `places` decimals, scaled by 10^places; null otherwise. */
function parseScaled(text: string, places: number): number | null {
  const match = decimalPattern.exec(text.trim())
  if (!match) return null
  const [, whole = '', fraction = ''] = match
  if ((whole === '' && fraction === '') || fraction.length > places) return null
  const value = Number(whole.replaceAll(',', '') || '0') * 10 ** places + Number(fraction.padEnd(places, '0') || '0')
  return Number.isSafeInteger(value) ? value : null
}

/**
 * Cents from what a person types: "1,234.56", "$40", "2.08", ".5". Null when it is not an amount
 * or has more than two decimals.
 */
export function parseMoney(text: string): number | null {
  return parseScaled(text.trim().replace(/^\$\s*/, ''), 2)
}

/** Thousandths from "1.5", "45", "0.25"; null for anything else (at most three decimals). */
export function parseQuantity(text: string): number | null {
  return parseScaled(text, 3)
}

/** Thousandths of a percent from "8.375", "6.625", "0"; null for anything else. */
export function parseTaxRate(text: string): number | null {
  return parseScaled(text.replace(/%\s*$/, ''), 3)
}

function formatScaled(value: number, places: number): string {
  const scale = 10 ** places
  const whole = Math.trunc(value / scale)
  const fraction = String(value % scale)
    .padStart(places, '0')
    .replace(/0+$/, '')
  return fraction ? `${whole}.${fraction}` : String(whole)
}

/** "1.5" from 1500. */
export function formatQuantity(quantityMilli: number): string {
  return formatScaled(quantityMilli, 3)
}

/** "8.375%" from 8375. */
export function formatTaxRate(rateMilliPercent: number): string {
  return `${formatScaled(rateMilliPercent, 3)}%`
}

/** The number as typed in an input ("8.375"), without the percent sign. */
export function taxRateInput(rateMilliPercent: number): string {
  return formatScaled(rateMilliPercent, 3)
}
