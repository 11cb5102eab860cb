import { businessTimeZone } from '../../app/lib/business-time.ts'
import type { Database } from '../db/client.server.ts'
import { startPgBoss } from '../db/pg-boss.server.ts'
import type { Logger } from '../log.server.ts'
import { enforceRetention } from './retention.server.ts'

export const RETENTION_QUEUE = 'retention'
/** Every night at 3:30, New York time: out of business hours, and after the day's mail is long sent. */
export const retentionSchedule = '30 3 * * *'

export type OperationsJobs = {
  /** Queues a retention run now (tests; an operator's one-off). */
  runRetentionNow(): Promise<void>
  stop(): Promise<void>
}

/**
 * The scheduled work of operations on pg-boss, like billing's reminders (ADR 017): a cron schedule
 * in New York time queues one retention run per night, whichever process's clock monitor sees it
 * first, and a worker in each process takes such runs. What a run deleted is the job's output, which
 * the sync-status view shows (server/operations/sync-status.server.ts).
 */
export async function startOperationsJobs(options: {
  database: Database
  dataDir: string
  log: Logger
  now?: () => Date
  /** How often an idle worker looks for a run, seconds (>= 0.5). */
  pollingIntervalSeconds?: number
}): Promise<OperationsJobs> {
  const { database, log } = options
  const boss = await startPgBoss({
    database,
    log,
    name: 'operations jobs',
    waiting: 'retention waits',
    schedule: true,
    supervise: false,
    connections: 2,
  })
  await boss.createQueue(RETENTION_QUEUE, { retryLimit: 3, retryDelay: 600, expireInSeconds: 900 })
  await boss.schedule(RETENTION_QUEUE, retentionSchedule, null, { tz: businessTimeZone })
  await boss.work(RETENTION_QUEUE, { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 30 }, async () => {
    const deleted = await enforceRetention({
      db: database.db,
      dataDir: options.dataDir,
      ...(options.now ? { now: options.now } : {}),
    })
    log.info({ event: 'retention', deleted }, 'retention run finished')
    return { deleted }
  })
  return {
    async runRetentionNow() {
      await boss.send(RETENTION_QUEUE, {})
    },
    async stop() {
      await boss.stop({ graceful: true, timeout: 15_000, close: !database.pglite })
    },
  }
}
