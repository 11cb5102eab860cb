import type { Database } from '../db/client.server.ts'
import { startCronJobs } from '../db/pg-boss.server.ts'
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
  const jobs = await startCronJobs({
    database,
    log,
    pollingIntervalSeconds: options.pollingIntervalSeconds,
    jobs: [
      {
        queue: RETENTION_QUEUE,
        cron: retentionSchedule,
        retry: { retryLimit: 3, retryDelay: 600, expireInSeconds: 900 },
        run: async () => {
          const deleted = await enforceRetention({
            db: database.db,
            dataDir: options.dataDir,
            ...(options.now ? { now: options.now } : {}),
          })
          log.info({ event: 'retention', deleted }, 'retention run finished')
          return { deleted }
        },
      },
    ],
  })
  return { runRetentionNow: jobs.runNow, stop: jobs.stop }
}
