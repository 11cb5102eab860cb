import type { DocumentKind } from './states'

/** The words for billing things, the same on every page, PDF and e-mail. */

export const kindLabels: Record<DocumentKind, string> = {
  estimate: 'Estimate',
  invoice: 'Invoice',
  receipt: 'Receipt',
}

/** How a payment reaches us outside the portal: what staff record by hand. */
export const manualPaymentMethods = ['check', 'ach', 'card_in_person', 'cash'] as const
/** Paid online through the payment provider (docs/billing.md#online-payments): recorded by the server. */
export const onlinePaymentMethods = ['card_online', 'bank_online'] as const
/** Every method a stored payment can have. */
export const paymentMethods = [...manualPaymentMethods, ...onlinePaymentMethods] as const
export type PaymentMethod = (typeof paymentMethods)[number]
export type ManualPaymentMethod = (typeof manualPaymentMethods)[number]

export const paymentMethodLabels: Record<PaymentMethod, string> = {
  check: 'Check',
  ach: 'ACH bank transfer',
  card_in_person: 'Card, in person',
  cash: 'Cash',
  card_online: 'Card, paid online',
  bank_online: 'US bank account, paid online',
}
