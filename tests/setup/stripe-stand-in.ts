import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import Stripe from 'stripe'

/**
 * A local stand-in for exactly the Stripe endpoints the product calls (server/payments/stripe.server.ts),
 * so tests never reach the internet: the official package is pointed at it through its host, port
 * and protocol options (STRIPE_API_BASE). Objects live in memory. It also serves a "checkout page"
 * a browser can complete, and sends the webhooks Stripe would, signed with the package's own
 * `stripe.webhooks.generateTestHeaderString`.
 *
 * Test cards: `card` pays, `card_declined` is refused (at checkout, and every autopay charge of a
 * method saved with it), `us_bank_account` is a bank payment left processing until `settle()`.
 */

export type TestMethod = 'card' | 'card_declined' | 'us_bank_account'
export type StandInEvent = { id: string; type: string; body: string }
type Obj = Record<string, unknown> & { id: string }

export type StripeStandIn = {
  /** http://127.0.0.1:port, for STRIPE_API_BASE. */
  url: string
  keys: { STRIPE_SECRET_KEY: string; STRIPE_PUBLISHABLE_KEY: string; STRIPE_WEBHOOK_SECRET: string }
  /** Where webhooks go: a URL (POSTed, as Stripe does) or a function (the integration tests' handler). */
  deliverTo(target: string | ((body: string, signature: string) => Promise<unknown>)): void
  /** While held, events are only recorded; `send` delivers one (again, or out of order). */
  hold(held: boolean): void
  /** While down, every API call is answered 500 (Stripe having an outage); the checkout pages still work. */
  down(isDown: boolean): void
  send(event: StandInEvent): Promise<void>
  events: StandInEvent[]
  sessions: Map<string, Obj>
  intents: Map<string, Obj>
  refunds: Map<string, Obj>
  /** What the checkout page does when the client picks a method and confirms. */
  complete(sessionId: string, method: TestMethod): Promise<{ redirect: string | null }>
  /** A bank payment in flight settles, or is returned by the bank. */
  settle(paymentIntentId: string, outcome: 'succeeded' | 'failed'): Promise<void>
  close(): Promise<void>
}

const idOf = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`

/** Stripe's form encoding (`a[b][0][c]=1`) into objects and arrays. */
function parseForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {}
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.split(/\[|\]\[|\]/).filter((part) => part !== '')
    let node: Record<string, unknown> = root
    path.forEach((part, i) => {
      if (i === path.length - 1) {
        node[part] = value
        return
      }
      node[part] = node[part] ?? {}
      node = node[part] as Record<string, unknown>
    })
  }
  return root
}

const list = (value: unknown): unknown[] =>
  value && typeof value === 'object' ? Object.values(value as Record<string, unknown>) : []

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const keys = {
    STRIPE_SECRET_KEY: `sk_test_${randomBytes(12).toString('hex')}`,
    STRIPE_PUBLISHABLE_KEY: `pk_test_${randomBytes(12).toString('hex')}`,
    STRIPE_WEBHOOK_SECRET: `whsec_${randomBytes(16).toString('hex')}`,
  }
  const stripe = new Stripe(keys.STRIPE_SECRET_KEY)
  const customers = new Map<string, Obj>()
  const sessions = new Map<string, Obj>()
  const intents = new Map<string, Obj>()
  const methods = new Map<string, Obj & { declines: boolean }>()
  const setupIntents = new Map<string, Obj>()
  const refunds = new Map<string, Obj>()
  const idempotent = new Map<string, { status: number; body: unknown }>()
  const events: StandInEvent[] = []
  let target: string | ((body: string, signature: string) => Promise<unknown>) | null = null
  let held = false
  let isDown = false
  let base = ''

  async function send(event: StandInEvent) {
    const signature = stripe.webhooks.generateTestHeaderString({
      payload: event.body,
      secret: keys.STRIPE_WEBHOOK_SECRET,
    })
    if (typeof target === 'function') {
      await target(event.body, signature)
    } else if (target) {
      const response = await fetch(target, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        body: event.body,
      })
      if (!response.ok) throw new Error(`webhook ${event.type} answered ${response.status}`)
    }
  }

  async function emit(type: string, object: Obj) {
    const event = {
      id: idOf('evt'),
      object: 'event',
      api_version: '2026-10-28.endive',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object: structuredClone(object) },
    }
    const stored = { id: event.id, type, body: JSON.stringify(event) }
    events.push(stored)
    if (!held) await send(stored)
  }

  function newMethod(method: TestMethod, customer: string | null): Obj & { declines: boolean } {
    const bank = method === 'us_bank_account'
    const pm = {
      id: idOf('pm'),
      object: 'payment_method',
      type: bank ? 'us_bank_account' : 'card',
      customer,
      card: bank ? null : { brand: 'visa', last4: method === 'card_declined' ? '0341' : '4242' },
      us_bank_account: bank ? { bank_name: 'STRIPE TEST BANK', last4: '6789' } : null,
      declines: method === 'card_declined',
    }
    methods.set(pm.id, pm)
    return pm
  }

  function newIntent(fields: Record<string, unknown>): Obj {
    const intent: Obj = {
      id: idOf('pi'),
      object: 'payment_intent',
      currency: 'usd',
      status: 'requires_payment_method',
      latest_charge: null,
      last_payment_error: null,
      payment_method: null,
      ...fields,
    }
    intents.set(intent.id, intent)
    return intent
  }

  /** Runs a payment with a method: succeeded (card), processing (bank) or refused (declining card). */
  async function pay(intent: Obj, pm: Obj & { declines: boolean }) {
    intent.payment_method = pm.id
    if (pm.declines) {
      intent.status = 'requires_payment_method'
      intent.last_payment_error = { code: 'card_declined', message: 'Your card was declined.', type: 'card_error' }
      await emit('payment_intent.payment_failed', intent)
      return
    }
    if (pm.type === 'us_bank_account') {
      intent.status = 'processing'
      await emit('payment_intent.processing', intent)
      return
    }
    intent.status = 'succeeded'
    intent.latest_charge = idOf('ch')
    await emit('payment_intent.succeeded', intent)
  }

  function expanded(intent: Obj, expand: unknown[]) {
    if (!expand.includes('payment_method') || typeof intent.payment_method !== 'string') return intent
    return { ...intent, payment_method: methods.get(intent.payment_method) ?? null }
  }

  async function api(
    method: string,
    path: string,
    form: Record<string, unknown>,
  ): Promise<{ status: number; body: unknown }> {
    const parts = path.split('/').filter(Boolean) // v1, resource, id, action
    const notFound = {
      status: 404,
      body: { error: { type: 'invalid_request_error', message: `No such object: ${path}` } },
    }
    const metadata = (form.metadata ?? {}) as Record<string, string>
    if (method === 'POST' && path === '/v1/customers') {
      const customer = { id: idOf('cus'), object: 'customer', email: form.email, name: form.name, metadata }
      customers.set(customer.id, customer)
      return { status: 200, body: customer }
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const id = idOf('cs_test')
      const lineItem = list(form.line_items)[0] as { price_data?: { unit_amount?: string } } | undefined
      const session: Obj = {
        id,
        object: 'checkout.session',
        mode: form.mode,
        status: 'open',
        payment_status: 'unpaid',
        amount_total: lineItem?.price_data?.unit_amount ? Number(lineItem.price_data.unit_amount) : null,
        currency: 'usd',
        customer: form.customer ?? null,
        customer_email: form.customer_email ?? null,
        client_reference_id: form.client_reference_id ?? null,
        metadata,
        payment_intent: null,
        setup_intent: null,
        success_url: form.success_url,
        cancel_url: form.cancel_url,
        url: `${base}/checkout/${id}`,
        allowed_payment_method_types: list(form.allowed_payment_method_types),
        intent_metadata: ((form.payment_intent_data as { metadata?: unknown } | undefined)?.metadata ??
          (form.setup_intent_data as { metadata?: unknown } | undefined)?.metadata ??
          {}) as Record<string, string>,
      }
      sessions.set(id, session)
      return { status: 200, body: session }
    }
    if (method === 'GET' && parts[1] === 'checkout' && parts[2] === 'sessions') {
      const session = sessions.get(parts[3] ?? '')
      return session ? { status: 200, body: session } : notFound
    }
    if (parts[1] === 'payment_intents' && method === 'GET') {
      const intent = intents.get(parts[2] ?? '')
      return intent ? { status: 200, body: expanded(intent, list(form.expand)) } : notFound
    }
    if (method === 'POST' && path === '/v1/payment_intents') {
      const pm = methods.get(String(form.payment_method))
      if (!pm) return notFound
      const intent = newIntent({ amount: Number(form.amount), customer: form.customer, metadata })
      await pay(intent, pm)
      if (intent.status === 'requires_payment_method') {
        return {
          status: 402,
          body: {
            error: {
              type: 'card_error',
              code: 'card_declined',
              decline_code: 'generic_decline',
              message: 'Your card was declined.',
              payment_intent: intent,
            },
          },
        }
      }
      return { status: 200, body: intent }
    }
    if (parts[1] === 'payment_methods') {
      const pm = methods.get(parts[2] ?? '')
      if (!pm) return notFound
      if (method === 'POST' && parts[3] === 'detach') pm.customer = null
      const { declines: _, ...shown } = pm
      return { status: 200, body: shown }
    }
    if (method === 'GET' && parts[1] === 'setup_intents') {
      const setup = setupIntents.get(parts[2] ?? '')
      return setup ? { status: 200, body: setup } : notFound
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const intent = intents.get(String(form.payment_intent))
      if (intent?.status !== 'succeeded') {
        return {
          status: 400,
          body: { error: { type: 'invalid_request_error', message: 'This payment cannot be refunded.' } },
        }
      }
      const refund = {
        id: idOf('re'),
        object: 'refund',
        amount: Number(form.amount ?? intent.amount),
        payment_intent: intent.id,
        status: 'succeeded',
      }
      refunds.set(refund.id, refund)
      return { status: 200, body: refund }
    }
    return notFound
  }

  async function complete(sessionId: string, method: TestMethod): Promise<{ redirect: string | null }> {
    const session = sessions.get(sessionId)
    if (session?.status !== 'open') throw new Error(`no open checkout ${sessionId}`)
    const redirect = String(session.success_url).replace('{CHECKOUT_SESSION_ID}', session.id)
    if (session.mode === 'setup') {
      const pm = newMethod(method, String(session.customer))
      const setup = {
        id: idOf('seti'),
        object: 'setup_intent',
        status: 'succeeded',
        customer: session.customer,
        payment_method: pm.id,
        metadata: session.intent_metadata,
      }
      setupIntents.set(setup.id, setup)
      Object.assign(session, { status: 'complete', setup_intent: setup.id })
      await emit('checkout.session.completed', session)
      return { redirect }
    }
    const intent = newIntent({ amount: session.amount_total, metadata: session.intent_metadata })
    session.payment_intent = intent.id
    const pm = newMethod(method, null)
    // Checkout's order: the intent's own event first, then the session's (Stripe promises no order).
    await pay(intent, pm)
    if (intent.status === 'requires_payment_method') return { redirect: null }
    Object.assign(session, { status: 'complete', payment_status: intent.status === 'succeeded' ? 'paid' : 'unpaid' })
    await emit('checkout.session.completed', session)
    return { redirect }
  }

  async function settle(paymentIntentId: string, outcome: 'succeeded' | 'failed') {
    const intent = intents.get(paymentIntentId)
    if (intent?.status !== 'processing') throw new Error(`no bank payment in flight ${paymentIntentId}`)
    const session = [...sessions.values()].find((s) => s.payment_intent === paymentIntentId)
    if (outcome === 'succeeded') {
      Object.assign(intent, { status: 'succeeded', latest_charge: idOf('py') })
      await emit('payment_intent.succeeded', intent)
      if (session) {
        session.payment_status = 'paid'
        await emit('checkout.session.async_payment_succeeded', session)
      }
    } else {
      Object.assign(intent, {
        status: 'requires_payment_method',
        last_payment_error: {
          code: 'payment_method_insufficient_funds',
          message: 'The bank returned the payment: insufficient funds.',
        },
      })
      await emit('payment_intent.payment_failed', intent)
      if (session) await emit('checkout.session.async_payment_failed', session)
    }
  }

  function checkoutPage(session: Obj, error?: string): string {
    const amount = typeof session.amount_total === 'number' ? `$${(session.amount_total / 100).toFixed(2)}` : ''
    const choices: [TestMethod, string][] = [
      ['card', 'Visa ending 4242'],
      ['card_declined', 'Visa ending 0341 (declines)'],
      ['us_bank_account', 'US bank account ending 6789'],
    ]
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Stand-in checkout</title></head><body><main><h1>${session.mode === 'setup' ? 'Save a payment method' : `Pay ${amount}`}</h1>
${error ? `<p role="alert">${error}</p>` : ''}
<form method="post">${choices
      .map(([value, label]) => `<button type="submit" name="method" value="${value}">${label}</button>`)
      .join('')}</form><a href="${String(session.cancel_url)}">Back</a></main></body></html>`
  }

  const server = createServer(async (request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    const raw = Buffer.concat(chunks).toString('utf8')
    const url = new URL(request.url ?? '/', base)
    try {
      if (url.pathname.startsWith('/checkout/')) {
        const session = sessions.get(url.pathname.slice('/checkout/'.length))
        if (!session) {
          response.writeHead(404).end('No such checkout')
          return
        }
        if (request.method === 'POST') {
          const method = new URLSearchParams(raw).get('method') as TestMethod
          const { redirect } = await complete(session.id, method)
          if (redirect) {
            response.writeHead(303, { location: redirect }).end()
            return
          }
          response.writeHead(402, { 'content-type': 'text/html' }).end(checkoutPage(session, 'Your card was declined.'))
          return
        }
        response.writeHead(200, { 'content-type': 'text/html' }).end(checkoutPage(session))
        return
      }
      if (isDown) {
        response.writeHead(500, { 'content-type': 'application/json', 'request-id': idOf('req') })
        response.end(JSON.stringify({ error: { type: 'api_error', message: 'An unknown error occurred' } }))
        return
      }
      if (request.headers.authorization !== `Bearer ${keys.STRIPE_SECRET_KEY}`) {
        response.writeHead(401, { 'content-type': 'application/json' })
        response.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } }))
        return
      }
      const key = request.headers['idempotency-key']
      const cacheKey = typeof key === 'string' && request.method === 'POST' ? `${url.pathname} ${key}` : null
      const form = parseForm(request.method === 'GET' ? url.search.slice(1) : raw)
      const answer = (cacheKey && idempotent.get(cacheKey)) || (await api(request.method ?? 'GET', url.pathname, form))
      if (cacheKey) idempotent.set(cacheKey, answer)
      response.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': idOf('req') })
      response.end(JSON.stringify(answer.body))
    } catch (error) {
      response.writeHead(500, { 'content-type': 'application/json' })
      response.end(JSON.stringify({ error: { type: 'api_error', message: String(error) } }))
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  return {
    url: base,
    keys,
    deliverTo(next) {
      target = next
    },
    hold(next) {
      held = next
    },
    down(next) {
      isDown = next
    },
    send,
    events,
    sessions,
    intents,
    refunds,
    complete,
    settle,
    async close() {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
