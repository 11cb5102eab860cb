import type { MethodKind } from '../../app/features/payments/states.ts'

/**
 * The one interface the product pays through (docs/billing.md#online-payments). One real provider
 * today, Stripe (`stripe.server.ts`); card and bank details are typed on the provider's own pages
 * and never reach this server: we keep only the provider's ids.
 */
export interface PaymentProvider {
  readonly name: 'stripe'
  /** A hosted checkout of `amountCents` for an invoice, card or US bank account; the client is sent to `url`. */
  createPaymentCheckout(request: PaymentCheckoutRequest): Promise<{ sessionId: string; url: string }>
  /** The provider's customer for an organisation, made once (its id is kept in `autopay_settings`). */
  createCustomer(request: { organisationId: string; email: string; name: string }): Promise<string>
  /** A hosted page that saves a card or bank account for later charges, charging nothing. */
  createSetupCheckout(request: SetupCheckoutRequest): Promise<{ sessionId: string; url: string }>
  /** What a saved method is, in words a client recognises ("Visa ending 4242"). */
  describeMethod(paymentMethodId: string): Promise<{ kind: MethodKind; label: string }>
  /** Charges a saved method without the client present (autopay). */
  chargeSavedMethod(request: SavedMethodCharge): Promise<ChargeOutcome>
  /** Gives back part or all of a payment. */
  refund(request: {
    paymentIntentId: string
    amountCents: number
    idempotencyKey: string
  }): Promise<{ refundId: string }>
  /** Forgets a saved method at the provider. */
  detachMethod(paymentMethodId: string): Promise<void>
  /**
   * Checks a webhook's signature over its raw body (throws when it does not match) and says what
   * the event means for us.
   */
  verifyWebhook(rawBody: string, signature: string | undefined): Promise<ReceivedEvent>
  /** What a verified event means for us; may ask the provider for what the event only names. */
  interpret(event: ReceivedEvent): Promise<PaymentSignal>
}

export type PaymentCheckoutRequest = {
  onlinePaymentId: string
  invoiceId: string
  invoiceNumber: string
  amountCents: number
  customerEmail: string
  successUrl: string
  cancelUrl: string
}

export type SetupCheckoutRequest = {
  organisationId: string
  customerId: string
  successUrl: string
  cancelUrl: string
}

export type SavedMethodCharge = {
  onlinePaymentId: string
  invoiceId: string
  customerId: string
  paymentMethodId: string
  amountCents: number
  idempotencyKey: string
}

export type ChargeOutcome =
  | { status: 'succeeded'; paymentIntentId: string; chargeId: string | null; methodKind: MethodKind }
  | { status: 'processing'; paymentIntentId: string; methodKind: MethodKind }
  | { status: 'failed'; paymentIntentId: string | null; reason: string; methodKind: MethodKind | null }

export type ReceivedEvent = { id: string; type: string; payload: Record<string, unknown> }

/** What an event means for an online payment or a saved method; events of no interest are `ignored`. */
export type PaymentSignal =
  | {
      kind: 'pending' | 'succeeded'
      onlinePaymentId: string
      paymentIntentId: string | null
      chargeId: string | null
      methodKind: MethodKind | null
    }
  | {
      kind: 'failed'
      onlinePaymentId: string
      paymentIntentId: string | null
      reason: string
      methodKind: MethodKind | null
    }
  | { kind: 'method_saved'; organisationId: string; customerId: string; paymentMethodId: string }
  | { kind: 'ignored' }

/** A bank's or card network's refusal, as the client reads it when the provider gave no words. */
export const genericFailure = 'The payment was declined. Try another card or bank account, or pay by check.'

/** What a client reads when the provider does not answer (down, a timeout, its 5xx): nothing was charged. */
export const providerUnavailableMessage =
  'Our payment provider is not answering right now, so nothing was charged. Try again in a few minutes, or pay by check or bank transfer as the invoice says.'
