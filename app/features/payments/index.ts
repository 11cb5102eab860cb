// What other features and the pages use of online payments (docs/billing.md#online-payments).
export { AutopayLink, InvoicePayPanel, type InvoicePayState } from './invoice-pay-panel'
export { methodKindLabels, onlinePaymentStatusLabels } from './states'
