import { businessTimeZone } from '../../app/lib/time-zone.ts'
import type { Database } from '../db/client.server.ts'
import { startPgBoss } from '../db/pg-boss.server.ts'
import type { Logger } from '../log.server.ts'
import type { Outbox } from '../mail/outbox.server.ts'
import { type RunDeps, runSubscriptions } from './run.server.ts'

export const SUBSCRIPTION_RUN_QUEUE = 'subscription-run'
/**
 * Every hour at five past, New York time: a subscription is billed in the first hour of its billing
 * day, and a run missed (a restart, an outage) is caught up by the next one.
 */
export const subscriptionRunSchedule = '5 * * * *'

export type SubscriptionJobs = {
  /** Queues a run now (tests; an operator's one-off). */
  runNow(): Promise<void>
  stop(): Promise<void>
}

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
  const boss = await startPgBoss({
    database,
    log,
    name: 'subscription run',
    waiting: 'the monthly run waits',
    schedule: true,
    supervise: false,
    connections: 2,
  })
  await boss.createQueue(SUBSCRIPTION_RUN_QUEUE, { retryLimit: 3, retryDelay: 300, expireInSeconds: 1800 })
  await boss.schedule(SUBSCRIPTION_RUN_QUEUE, subscriptionRunSchedule, null, { tz: businessTimeZone })
  const deps: RunDeps = {
    db: database.db,
    outbox: options.outbox,
    publicUrl: options.publicUrl,
    ...(options.now ? { now: options.now } : {}),
    ...(options.afterIssue ? { afterIssue: options.afterIssue } : {}),
  }
  await boss.work(
    SUBSCRIPTION_RUN_QUEUE,
    { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 30 },
    async () => {
      const summary = await runSubscriptions(deps)
      if (summary.issued > 0 || summary.failed > 0) {
        log.info(
          { event: 'subscriptions.run', issued: summary.issued, skipped: summary.skipped, failed: summary.failed },
          `monthly run: ${summary.issued} invoices issued, ${summary.failed} failed`,
        )
      }
      return { issued: summary.issued, skipped: summary.skipped, failed: summary.failed }
    },
  )
  return {
    async runNow() {
      await boss.send(SUBSCRIPTION_RUN_QUEUE, {})
    },
    async stop() {
      await boss.stop({ graceful: true, timeout: 15_000, close: !database.pglite })
    },
  }
}
