import { fromPglite, PgBoss } from 'pg-boss'
import type { Logger } from '../log.server.ts'
import { type Database, isDatabaseUnavailable, summarizeError } from './client.server.ts'

/**
 * Starts a pg-boss instance on the product's database, the one way the mail outbox, billing's
 * reminders and operations' retention do it (ADR 004, ADR 017): on PGlite it shares the one
 * instance with Drizzle; on PostgreSQL it opens its own pool of `connections`. While the database
 * is unreachable every poll fails: that is said once a minute (`waiting` says what waits), not
 * twice a second; any other error is logged as one.
 */
export async function startPgBoss(options: {
  database: Database
  log: Logger
  /** Who this instance is, in the log: "mail queue", "billing jobs". */
  name: string
  /** What waits during an outage, in the log: "mail waits and is retried". */
  waiting: string
  /** Runs the clock monitor that turns cron schedules into jobs. */
  schedule: boolean
  /** Runs pg-boss's maintenance (expiry, retention of finished jobs); one instance per process is enough. */
  supervise: boolean
  connections: number
}): Promise<PgBoss> {
  const { database, log, schedule, supervise } = options
  const boss = database.pglite
    ? new PgBoss({ db: fromPglite(database.pglite), backend: 'pglite', schedule, supervise })
    : new PgBoss({ connectionString: database.connectionString ?? '', max: options.connections, schedule, supervise })
  let lastUnavailableLog = 0
  boss.on('error', (error: unknown) => {
    if (isDatabaseUnavailable(error)) {
      const now = Date.now()
      if (now - lastUnavailableLog < 60_000) return
      lastUnavailableLog = now
      log.warn({ err: summarizeError(error) }, `${options.name}: database unavailable; ${options.waiting}`)
      return
    }
    log.error({ err: summarizeError(error) }, `${options.name} error`)
  })
  await boss.start()
  return boss
}
