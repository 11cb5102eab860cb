import type { Config } from '../config.server.ts'
import type { Database } from '../db/client.server.ts'
import { type CronJobs, startCronJobs } from '../db/pg-boss.server.ts'
import type { Logger } from '../log.server.ts'
import type { Outbox } from '../mail/outbox.server.ts'
import { retryDueAutopay } from './payments.server.ts'
import { paymentProviderFor } from './stripe.server.ts'

export const AUTOPAY_RETRY_QUEUE = 'payments-autopay-retries'
/** Every hour at :20, New York time: a retry due today is tried within the hour. */
export const autopayRetrySchedule = '20 * * * *'

export type PaymentJobs = CronJobs

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
  const deps = {
    db: database.db,
    outbox: options.outbox,
    publicUrl: options.config.publicUrl,
    provider,
    ...(options.now ? { now: options.now } : {}),
  }
  return startCronJobs({
    database,
    log,
    jobs: [
      {
        queue: AUTOPAY_RETRY_QUEUE,
        cron: autopayRetrySchedule,
        retry: { retryLimit: 3, retryDelay: 300, expireInSeconds: 900 },
        run: async () => {
          const tried = await retryDueAutopay(deps)
          if (tried > 0) log.info({ event: 'payments.autopay_retries', tried }, `autopay retries tried: ${tried}`)
        },
      },
    ],
  })
}
