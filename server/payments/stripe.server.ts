import type Stripe from 'stripe'
import type { MethodKind } from '../../app/features/payments/states.ts'
import { DomainError } from '../../app/lib/domain-error.ts'
import type { StripeConfig } from '../config.server.ts'
import {
  type ChargeOutcome,
  genericFailure,
  type PaymentProvider,
  type PaymentSignal,
  providerUnavailableMessage,
  type ReceivedEvent,
} from './provider.server.ts'

/** The Stripe SDK (~330 KB of code): loaded at the provider's first call, not at every boot (docs/perf/boot.md). */
let sdk: Promise<typeof Stripe> | undefined
const loadStripe = () => {
  sdk ??= import('stripe').then((module) => module.default)
  return sdk
}

/**
 * Stripe not answering (no connection, a timeout, its own 5xx, too many requests) is an outage of
 * the provider, not a bug of ours: a DomainError the page shows (502), with Stripe's error kept as
 * its cause for the log. Anything else (a refused key, a bad request) stays what it is.
 */
export function providerOutage(errors: typeof Stripe.errors, error: unknown): DomainError | null {
  const outage =
    error instanceof errors.StripeConnectionError ||
    error instanceof errors.StripeAPIError ||
    error instanceof errors.StripeRateLimitError ||
    (error instanceof errors.StripeError && (error.statusCode ?? 0) >= 500)
  return outage ? new DomainError('unavailable', providerUnavailableMessage, { cause: error }) : null
}

/**
 * The Stripe provider: Checkout (hosted, card and us_bank_account) for payments and for saving a
 * method, off-session PaymentIntents for autopay, refunds, and webhooks verified with the
 * package's own signature check. `apiBase` points the package at the tests' stand-in.
 */
export function stripeProvider(config: StripeConfig): PaymentProvider {
  let connected: Promise<{ sdk: typeof Stripe; stripe: Stripe }> | undefined
  const connect = () => {
    connected ??= loadStripe().then((sdk) => ({
      sdk,
      stripe: new sdk(config.secretKey, {
        // A client waits at most about half a minute for the provider before being told it is not answering.
        maxNetworkRetries: 2,
        timeout: 10_000,
        telemetry: false,
        ...(config.apiBase
          ? { host: config.apiBase.host, port: config.apiBase.port, protocol: config.apiBase.protocol }
          : {}),
      }),
    }))
    return connected
  }
  /** Runs a call to Stripe, turning an outage into the DomainError above. */
  async function reaching<T>(call: (stripe: Stripe) => Promise<T>): Promise<T> {
    const { sdk, stripe } = await connect()
    try {
      return await call(stripe)
    } catch (error) {
      throw providerOutage(sdk.errors, error) ?? error
    }
  }
  const kindOf = (type: string | undefined | null): MethodKind | null =>
    type === 'card' ? 'card' : type === 'us_bank_account' ? 'us_bank_account' : null
  const idOf = (value: unknown): string | null =>
    typeof value === 'string' ? value : value && typeof value === 'object' && 'id' in value ? String(value.id) : null

  /** The payment intent's method kind and charge, when the event carries only the intent's id. */
  async function intentFacts(intentId: string | null) {
    if (!intentId) return { methodKind: null, chargeId: null }
    const { stripe } = await connect()
    const intent = await stripe.paymentIntents.retrieve(intentId, { expand: ['payment_method'] })
    const method = intent.payment_method
    return {
      methodKind: kindOf(typeof method === 'object' && method ? method.type : null),
      chargeId: idOf(intent.latest_charge),
    }
  }

  return {
    name: 'stripe',
    async createPaymentCheckout(request) {
      const metadata = { online_payment_id: request.onlinePaymentId, invoice_id: request.invoiceId }
      const session = await reaching((stripe) =>
        stripe.checkout.sessions.create(
          {
            mode: 'payment',
            allowed_payment_method_types: ['card', 'us_bank_account'],
            customer_email: request.customerEmail,
            client_reference_id: request.onlinePaymentId,
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: 'usd',
                  unit_amount: request.amountCents,
                  product_data: { name: `Invoice ${request.invoiceNumber}` },
                },
              },
            ],
            payment_intent_data: { metadata, description: `Invoice ${request.invoiceNumber}` },
            metadata,
            success_url: request.successUrl,
            cancel_url: request.cancelUrl,
          },
          { idempotencyKey: `checkout-${request.onlinePaymentId}` },
        ),
      )
      if (!session.url) throw new Error('Stripe returned a checkout session without a URL')
      return { sessionId: session.id, url: session.url }
    },
    async createCustomer(request) {
      const customer = await reaching((stripe) =>
        stripe.customers.create(
          { email: request.email, name: request.name, metadata: { organisation_id: request.organisationId } },
          { idempotencyKey: `customer-${request.organisationId}` },
        ),
      )
      return customer.id
    },
    async createSetupCheckout(request) {
      const metadata = { organisation_id: request.organisationId }
      const session = await reaching((stripe) =>
        stripe.checkout.sessions.create({
          mode: 'setup',
          currency: 'usd',
          allowed_payment_method_types: ['card', 'us_bank_account'],
          customer: request.customerId,
          setup_intent_data: { metadata },
          metadata,
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
        }),
      )
      if (!session.url) throw new Error('Stripe returned a checkout session without a URL')
      return { sessionId: session.id, url: session.url }
    },
    async describeMethod(paymentMethodId) {
      const { stripe } = await connect()
      const method = await stripe.paymentMethods.retrieve(paymentMethodId)
      const kind = kindOf(method.type)
      if (!kind) throw new Error(`unexpected payment method type ${method.type}`)
      if (kind === 'card') {
        const brand = method.card?.brand ?? 'card'
        return {
          kind,
          label: `${brand.charAt(0).toUpperCase()}${brand.slice(1)} ending ${method.card?.last4 ?? '····'}`,
        }
      }
      const bank = method.us_bank_account
      return { kind, label: `${bank?.bank_name ?? 'Bank account'} ending ${bank?.last4 ?? '····'}` }
    },
    async chargeSavedMethod(request): Promise<ChargeOutcome> {
      const metadata = { online_payment_id: request.onlinePaymentId, invoice_id: request.invoiceId }
      const { sdk, stripe } = await connect()
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: request.amountCents,
            currency: 'usd',
            customer: request.customerId,
            payment_method: request.paymentMethodId,
            allowed_payment_method_types: ['card', 'us_bank_account'],
            off_session: true,
            confirm: true,
            metadata,
          },
          { idempotencyKey: request.idempotencyKey },
        )
        const method = await stripe.paymentMethods.retrieve(request.paymentMethodId)
        const methodKind = kindOf(method.type) ?? 'card'
        if (intent.status === 'succeeded') {
          return { status: 'succeeded', paymentIntentId: intent.id, chargeId: idOf(intent.latest_charge), methodKind }
        }
        if (intent.status === 'processing') return { status: 'processing', paymentIntentId: intent.id, methodKind }
        return {
          status: 'failed',
          paymentIntentId: intent.id,
          reason: intent.last_payment_error?.message ?? genericFailure,
          methodKind,
        }
      } catch (error) {
        // A card declined off-session is an error of its own kind; anything else is a bug or an outage.
        if (error instanceof sdk.errors.StripeCardError || error instanceof sdk.errors.StripeInvalidRequestError) {
          const raw = error.raw as { payment_intent?: { id?: string } } | undefined
          return {
            status: 'failed',
            paymentIntentId: raw?.payment_intent?.id ?? null,
            reason: error.message || genericFailure,
            methodKind: null,
          }
        }
        throw error
      }
    },
    async refund(request) {
      const refund = await reaching((stripe) =>
        stripe.refunds.create(
          { payment_intent: request.paymentIntentId, amount: request.amountCents },
          { idempotencyKey: request.idempotencyKey },
        ),
      )
      return { refundId: refund.id }
    },
    async detachMethod(paymentMethodId) {
      const { stripe } = await connect()
      await stripe.paymentMethods.detach(paymentMethodId)
    },
    async verifyWebhook(rawBody, signature): Promise<ReceivedEvent> {
      if (!signature) throw new Error('no Stripe-Signature header')
      const { stripe } = await connect()
      const event = stripe.webhooks.constructEvent(rawBody, signature, config.webhookSecret)
      return { id: event.id, type: event.type, payload: JSON.parse(rawBody) as Record<string, unknown> }
    },
    async interpret(received): Promise<PaymentSignal> {
      const object = ((received.payload.data as { object?: Record<string, unknown> } | undefined)?.object ??
        {}) as Record<string, unknown>
      const metadata = (object.metadata ?? {}) as Record<string, string | undefined>
      const onlinePaymentId = metadata.online_payment_id
      switch (received.type) {
        case 'checkout.session.completed':
        case 'checkout.session.async_payment_succeeded':
        case 'checkout.session.async_payment_failed': {
          if (object.mode === 'setup') {
            if (received.type !== 'checkout.session.completed') return { kind: 'ignored' }
            const { stripe } = await connect()
            const setupIntent = await stripe.setupIntents.retrieve(idOf(object.setup_intent) ?? '')
            const paymentMethodId = idOf(setupIntent.payment_method)
            const organisationId = metadata.organisation_id
            const customerId = idOf(object.customer)
            if (!paymentMethodId || !organisationId || !customerId) return { kind: 'ignored' }
            return { kind: 'method_saved', organisationId, customerId, paymentMethodId }
          }
          if (!onlinePaymentId) return { kind: 'ignored' }
          const paymentIntentId = idOf(object.payment_intent)
          const facts = await intentFacts(paymentIntentId)
          if (received.type === 'checkout.session.async_payment_failed') {
            return {
              kind: 'failed',
              onlinePaymentId,
              paymentIntentId,
              reason: bankFailure,
              methodKind: facts.methodKind,
            }
          }
          const paid = object.payment_status === 'paid'
          return { kind: paid ? 'succeeded' : 'pending', onlinePaymentId, paymentIntentId, ...facts }
        }
        case 'payment_intent.processing':
        case 'payment_intent.succeeded':
        case 'payment_intent.payment_failed': {
          if (!onlinePaymentId) return { kind: 'ignored' }
          const paymentIntentId = String(object.id)
          const facts = await intentFacts(paymentIntentId)
          if (received.type === 'payment_intent.payment_failed') {
            const error = object.last_payment_error as { message?: string } | null | undefined
            return {
              kind: 'failed',
              onlinePaymentId,
              paymentIntentId,
              reason: error?.message ?? genericFailure,
              methodKind: facts.methodKind,
            }
          }
          return {
            kind: received.type === 'payment_intent.succeeded' ? 'succeeded' : 'pending',
            onlinePaymentId,
            paymentIntentId,
            ...facts,
          }
        }
        default:
          return { kind: 'ignored' }
      }
    },
  }
}

const bankFailure = 'The bank did not complete the transfer (returned or refused). Nothing was taken.'

const providers = new WeakMap<StripeConfig, PaymentProvider>()

/** The provider for this configuration (one client per process), or undefined without keys. */
export function paymentProviderFor(config: { stripe: StripeConfig | undefined }): PaymentProvider | undefined {
  if (!config.stripe) return undefined
  let provider = providers.get(config.stripe)
  if (!provider) {
    provider = stripeProvider(config.stripe)
    providers.set(config.stripe, provider)
  }
  return provider
}
