import { Hono } from 'hono'
import { isDomainError } from '../../app/lib/domain-error.ts'
import type { Config } from '../config.server.ts'
import type { Database } from '../db/client.server.ts'
import type { AppEnv } from '../http/app.server.ts'
import type { Logger } from '../log.server.ts'
import type { Outbox } from '../mail/outbox.server.ts'
import { receiveWebhook } from './payments.server.ts'
import { paymentProviderFor } from './stripe.server.ts'

/**
 * POST /api/payments/stripe/webhook: Stripe's events, read as the raw body (the signature is over
 * its exact bytes), verified, stored and processed once (payments.server.ts). 200 when done or
 * already done; 400 for a signature that does not match; any other failure is answered 500 so that
 * Stripe delivers the event again. Without keys the address does not exist.
 */
export function paymentsApi(deps: { config: Config; database: Database; outbox: Outbox | undefined; log: Logger }) {
  const api = new Hono<AppEnv>()
  const provider = paymentProviderFor(deps.config)
  if (!provider || !deps.outbox) return api
  const outbox = deps.outbox
  api.post('/stripe/webhook', async (c) => {
    const raw = await c.req.text()
    try {
      const outcome = await receiveWebhook(
        { db: deps.database.db, outbox, publicUrl: deps.config.publicUrl, provider },
        raw,
        c.req.header('stripe-signature'),
      )
      return c.json({ received: true, duplicate: outcome === 'duplicate' })
    } catch (error) {
      if (isDomainError(error) && error.kind === 'invalid') return c.json({ error: error.message }, 400)
      throw error
    }
  })
  return api
}
