/**
 * Combined state and local sales tax rates where our clients are, as staff pick them on a
 * document (thousandths of a percent: 8375 is 8.375 %). Rates change: check the state's
 * publication before relying on one, and whether the service is taxable at all (many IT services
 * are not; hardware and prewritten software are). Each document keeps the rate it was sent with.
 */
export type SalesTaxRate = { key: string; label: string; rateMilliPercent: number }

/** State plus local rates of the New York State Department of Taxation and Finance and the New Jersey Division of Taxation. */
export const salesTaxRates: readonly SalesTaxRate[] = [
  { key: 'ny-rockland', label: 'Rockland County, NY', rateMilliPercent: 8375 },
  { key: 'ny-orange', label: 'Orange County, NY', rateMilliPercent: 8125 },
  { key: 'ny-westchester', label: 'Westchester County, NY (outside Yonkers)', rateMilliPercent: 8375 },
  { key: 'ny-yonkers', label: 'Yonkers, NY', rateMilliPercent: 8875 },
  { key: 'nj', label: 'New Jersey (Bergen, Passaic and the rest of the state)', rateMilliPercent: 6625 },
  { key: 'none', label: 'No sales tax', rateMilliPercent: 0 },
]
