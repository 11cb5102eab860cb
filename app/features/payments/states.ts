/**
 * Online payments (docs/billing.md#online-payments): their statuses and method kinds, one typed
 * list each; the `online_payments` CHECKs are written from them (tests/integration/catalogues).
 */

/**
 * - `started`: a checkout was opened; nothing is counted until the provider says the client paid.
 * - `pending`: a bank payment in flight; its amount counts against what can still be paid.
 * - `succeeded`: recorded as a payment with its receipt, as staff record one.
 * - `failed`: the provider refused or the bank returned it; nothing recorded.
 * - `refunded` / `partially_refunded`: money given back after it succeeded.
 */
export const onlinePaymentStatuses = [
  'started',
  'pending',
  'succeeded',
  'failed',
  'refunded',
  'partially_refunded',
] as const
export type OnlinePaymentStatus = (typeof onlinePaymentStatuses)[number]

export const onlinePaymentStatusLabels: Record<OnlinePaymentStatus, string> = {
  started: 'Checkout opened',
  pending: 'Payment pending',
  succeeded: 'Paid',
  failed: 'Failed',
  refunded: 'Refunded',
  partially_refunded: 'Partly refunded',
}

export const methodKinds = ['card', 'us_bank_account'] as const
export type MethodKind = (typeof methodKinds)[number]

export const methodKindLabels: Record<MethodKind, string> = {
  card: 'Card',
  us_bank_account: 'US bank account',
}

/** Autopay's schedule: a failed charge is tried again this many days after the first try. */
export const autopayRetryDays = [3, 5, 7] as const
