import { businessTimeZone } from '../../app/lib/business-time.ts'
import type { Config } from '../config.server.ts'
import type { Database } from '../db/client.server.ts'
import { startPgBoss } from '../db/pg-boss.server.ts'
import type { Logger } from '../log.server.ts'
import type { Outbox } from '../mail/outbox.server.ts'
import { retryDueAutopay } from './payments.server.ts'
import { paymentProviderFor } from './stripe.server.ts'

export const AUTOPAY_RETRY_QUEUE = 'payments-autopay-retries'
/** Every hour at :20, New York time: a retry due today is tried within the hour. */
export const autopayRetrySchedule = '20 * * * *'

export type PaymentJobs = { runNow(): Promise<void>; stop(): Promise<void> }

/**
 * Autopay's retries on pg-boss: a cron schedule queues one run per tick, whichever process sees it
 * first; a worker tries every failed charge whose retry is due (each claimed once). Not started
 * without keys.
 */
export async function startPaymentJobs(options: {
  database: Database
  outbox: Pick<Outbox, 'enqueue'>
  config: Config
  log: Logger
  now?: () => Date
}): Promise<PaymentJobs | null> {
  const provider = paymentProviderFor(options.config)
  if (!provider) return null
  const { database, log } = options
  const boss = await startPgBoss({
    database,
    log,
    name: 'payment jobs',
    waiting: 'autopay retries wait',
    schedule: true,
    supervise: false,
    connections: 2,
  })
  await boss.createQueue(AUTOPAY_RETRY_QUEUE, { retryLimit: 3, retryDelay: 300, expireInSeconds: 900 })
  await boss.schedule(AUTOPAY_RETRY_QUEUE, autopayRetrySchedule, null, { tz: businessTimeZone })
  const deps = {
    db: database.db,
    outbox: options.outbox,
    publicUrl: options.config.publicUrl,
    provider,
    ...(options.now ? { now: options.now } : {}),
  }
  await boss.work(AUTOPAY_RETRY_QUEUE, { pollingIntervalSeconds: 30 }, async () => {
    const tried = await retryDueAutopay(deps)
    if (tried > 0) log.info({ event: 'payments.autopay_retries', tried }, `autopay retries tried: ${tried}`)
  })
  return {
    async runNow() {
      await boss.send(AUTOPAY_RETRY_QUEUE, {})
    },
    async stop() {
      await boss.stop({ graceful: true, timeout: 15_000, close: !database.pglite })
    },
  }
}
