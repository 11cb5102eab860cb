import { fromPglite, PgBoss } from 'pg-boss'
import { businessTimeZone } from '../../app/lib/time-zone.ts'
import type { Logger } from '../log.server.ts'
import { type Database, isDatabaseUnavailable, summarizeError } from './client.server.ts'

/**
 * Starts a pg-boss instance on the product's database, the one way the mail outbox and every
 * scheduled job do it (ADR 004, ADR 017): on PGlite it shares the one
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
  // No job of ours has dependents (pg-boss's flows): the supervising instance's pass that unblocks
  // them would run two statements every 5 s (its default) for nothing. It runs hourly instead.
  const common = { schedule, supervise, flowIntervalSeconds: 3600 }
  const boss = database.pglite
    ? new PgBoss({ db: fromPglite(database.pglite), backend: 'pglite', ...common })
    : new PgBoss({ connectionString: database.connectionString ?? '', max: options.connections, ...common })
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

/** One job run on a cron schedule: its queue, its schedule (New York time), retries, and the work. */
export type CronJob = {
  queue: string
  /** The schedule, or null for none (a schedule left from before is removed): run only when asked. */
  cron: string | null
  /** pg-boss's retry of a failed run, and how long one run may take. */
  retry: { retryLimit: number; retryDelay: number; expireInSeconds: number }
  /** What it returns is the job's output (the sync-status page shows the last one). */
  run: () => Promise<unknown>
}

/** Started cron jobs: a run of each now (tests; an operator's one-off), and the stop at shutdown. */
export type CronJobs = { runNow(): Promise<void>; stop(): Promise<void> }

/**
 * Scheduled work on pg-boss (ADR 017), the one way every job does it (billing's reminders,
 * support's target warnings and auto-close, retention, the monthly run, autopay retries, the
 * nightly backup):
 * a cron schedule in New York time queues one run per tick, whichever process's clock monitor sees
 * it first, and a worker in each process takes such runs (looking every `pollingIntervalSeconds`
 * when idle, 30 by default).
 *
 * Every subsystem's jobs in a process share one pg-boss instance on the database, beside the mail
 * outbox's (ADR 037): one clock monitor, one cron worker and one pool of two connections on
 * PostgreSQL, where an instance per subsystem polled the database six times as often while idle.
 * The instance starts with the first subsystem's jobs and stops with the last one's.
 */
export async function startCronJobs(options: {
  database: Database
  log: Logger
  jobs: readonly CronJob[]
  pollingIntervalSeconds?: number | undefined
  /** How long a stop waits for a run under way (15 s; a backup takes longer). */
  stopTimeoutMs?: number
}): Promise<CronJobs> {
  const { database, log, jobs } = options
  const scheduler = await joinScheduler(database, log)
  const { boss } = scheduler
  try {
    for (const job of jobs) await boss.createQueue(job.queue, job.retry)
    for (const job of jobs) {
      if (job.cron) await boss.schedule(job.queue, job.cron, null, { tz: businessTimeZone })
      else await boss.unschedule(job.queue)
    }
    const polling = { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 30 }
    for (const job of jobs) await boss.work(job.queue, polling, job.run)
  } catch (error) {
    await stopWorkers(boss, jobs, 0)
    await scheduler.leave(0)
    throw error
  }
  let stopped: Promise<void> | undefined
  return {
    async runNow() {
      for (const job of jobs) await boss.send(job.queue, {})
    },
    stop() {
      const timeoutMs = options.stopTimeoutMs ?? 15_000
      stopped ??= stopWorkers(boss, jobs, timeoutMs).then(() => scheduler.leave(timeoutMs))
      return stopped
    },
  }
}

/** Stops the workers of `jobs`, waiting up to `timeoutMs` for a run under way. */
async function stopWorkers(boss: PgBoss, jobs: readonly CronJob[], timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, timeoutMs)
  })
  try {
    await Promise.race([Promise.all(jobs.map((job) => boss.offWork(job.queue))), timeout])
  } finally {
    clearTimeout(timer)
  }
}

type Scheduler = { boss: PgBoss; leave(timeoutMs: number): Promise<void> }

/** The pg-boss instance of the scheduled jobs on each database, with how many subsystems use it. */
const schedulers = new WeakMap<Database, { started: Promise<PgBoss>; users: number }>()

/** Joins the database's scheduled-jobs instance, starting it for the first subsystem. */
async function joinScheduler(database: Database, log: Logger): Promise<Scheduler> {
  let shared = schedulers.get(database)
  if (!shared) {
    const started = startPgBoss({
      database,
      log,
      name: 'scheduled jobs',
      waiting: 'scheduled runs wait',
      schedule: true,
      supervise: false,
      connections: 2,
    })
    shared = { started, users: 0 }
    schedulers.set(database, shared)
  }
  const entry = shared
  entry.users++
  let boss: PgBoss
  try {
    boss = await entry.started
  } catch (error) {
    entry.users--
    if (schedulers.get(database) === entry) schedulers.delete(database)
    throw error
  }
  let left = false
  return {
    boss,
    async leave(timeoutMs) {
      if (left) return
      left = true
      entry.users--
      if (entry.users > 0) return
      if (schedulers.get(database) === entry) schedulers.delete(database)
      await boss.stop({ graceful: true, timeout: timeoutMs, close: !database.pglite })
    },
  }
}
