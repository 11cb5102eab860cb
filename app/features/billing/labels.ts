import type { DocumentKind } from './states'

/** The words for billing things, the same on every page, PDF and e-mail. */

export const kindLabels: Record<DocumentKind, string> = {
  estimate: 'Estimate',
  invoice: 'Invoice',
  receipt: 'Receipt',
}

/** How a payment can reach us: there is no online card payment. */
export const paymentMethods = ['check', 'ach', 'card_in_person', 'cash'] as const
export type PaymentMethod = (typeof paymentMethods)[number]

export const paymentMethodLabels: Record<PaymentMethod, string> = {
  check: 'Check',
  ach: 'ACH bank transfer',
  card_in_person: 'Card, in person',
  cash: 'Cash',
}
