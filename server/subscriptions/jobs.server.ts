import type { Database } from '../db/client.server.ts'
import { type CronJobs, startCronJobs } from '../db/pg-boss.server.ts'
import type { Logger } from '../log.server.ts'
import type { Outbox } from '../mail/outbox.server.ts'
import { type RunDeps, runSubscriptions } from './run.server.ts'

export const SUBSCRIPTION_RUN_QUEUE = 'subscription-run'
/**
 * Every hour at five past, New York time: a subscription is billed in the first hour of its billing
 * day, and a run missed (a restart, an outage) is caught up by the next one.
 */
export const subscriptionRunSchedule = '5 * * * *'

/** A run now (tests; an operator's one-off), and the stop. */
export type SubscriptionJobs = CronJobs

/**
 * The monthly run on pg-boss (ADR 017), as billing's reminders: a cron schedule in New York time
 * that queues one run per tick, whichever process's clock monitor sees it first, and a worker in
 * each process. Two runs at once are harmless (server/subscriptions/run.server.ts), and pg-boss's
 * singleton key keeps a second one from being queued while one waits.
 */
export async function startSubscriptionJobs(options: {
  database: Database
  outbox: Pick<Outbox, 'enqueue'>
  publicUrl: string
  log: Logger
  now?: () => Date
  afterIssue?: RunDeps['afterIssue']
  pollingIntervalSeconds?: number
}): Promise<SubscriptionJobs> {
  const { database, log } = options
  const deps: RunDeps = {
    db: database.db,
    outbox: options.outbox,
    publicUrl: options.publicUrl,
    ...(options.now ? { now: options.now } : {}),
    ...(options.afterIssue ? { afterIssue: options.afterIssue } : {}),
  }
  return startCronJobs({
    database,
    log,
    pollingIntervalSeconds: options.pollingIntervalSeconds,
    jobs: [
      {
        queue: SUBSCRIPTION_RUN_QUEUE,
        cron: subscriptionRunSchedule,
        retry: { retryLimit: 3, retryDelay: 300, expireInSeconds: 1800 },
        run: async () => {
          const summary = await runSubscriptions(deps)
          if (summary.issued > 0 || summary.failed > 0) {
            log.info(
              { event: 'subscriptions.run', issued: summary.issued, skipped: summary.skipped, failed: summary.failed },
              `monthly run: ${summary.issued} invoices issued, ${summary.failed} failed`,
            )
          }
          return { issued: summary.issued, skipped: summary.skipped, failed: summary.failed }
        },
      },
    ],
  })
}
