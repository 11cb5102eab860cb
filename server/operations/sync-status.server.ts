import fs from 'node:fs'
import path from 'node:path'
import type { SQL } from 'drizzle-orm'
import type { JobState } from '../../app/features/staff/mail-states.ts'
import { BACKUP_QUEUE } from '../backups/jobs.server.ts'
import { type BackupStatus, readBackupStatus } from '../backups/status.server.ts'
import { REMINDER_QUEUE } from '../billing/reminders.server.ts'
import { type Database, selectRows, sql } from '../db/client.server.ts'
import { MAIL_QUEUE } from '../mail/outbox.server.ts'
import { migrationsDir, projectRoot } from '../paths.server.ts'
import { SUBSCRIPTION_RUN_QUEUE } from '../subscriptions/jobs.server.ts'
import { lastRuns } from '../subscriptions/run.server.ts'
import { RETENTION_QUEUE } from './jobs.server.ts'

/**
 * What the sync-status view (/admin/sync-status) shows staff: the mail outbox and the scheduled
 * jobs as pg-boss's job table has them, the database, the mail transport and this process. Read
 * from the database, so every process of the site shows the same (the transport's last success
 * and failure are those of the mail jobs, whichever process sent them).
 */

/** How many messages each list of the view shows (newest first). */
export const MAIL_LIST_LIMIT = 50

export type MailJob = {
  id: string
  to: string
  subject: string
  /** pg-boss's state; its words: app/features/staff/mail-states.ts. */
  state: JobState
  /** Attempts made so far. */
  attempts: number
  maxAttempts: number
  lastError: string | null
  /** When the next attempt may start (waiting messages). */
  nextAttemptAt: string | null
  createdAt: string
  /** Sent, discarded or given up. */
  finishedAt: string | null
}

export type ScheduledJob = {
  queue: string
  label: string
  /** The cron expression and its time zone, when the job is on a schedule. */
  schedule: { cron: string; timeZone: string } | null
  waiting: number
  failed: number
  lastRun: { at: string; output: unknown } | null
  lastFailure: { at: string; error: string | null } | null
}

export type SyncStatus = {
  checkedAt: string
  mail: {
    counts: { waiting: number; sending: number; sent: number; failed: number; discarded: number }
    /** Waiting (first attempt or a retry) and being sent, oldest first. */
    waiting: MailJob[]
    failed: MailJob[]
    sent: MailJob[]
  }
  jobs: ScheduledJob[]
  /** The monthly run's last runs, newest first (server/subscriptions/run.server.ts). */
  subscriptionRuns: SubscriptionRunView[]
  database: { kind: Database['kind']; sizeBytes: number | null; migration: string | null }
  transport: {
    kind: 'file' | 'smtp'
    lastSuccessAt: string | null
    lastFailureAt: string | null
    lastError: string | null
    /** The last attempt failed: nothing was sent since the last failure. */
    failing: boolean
  }
  server: { version: string; startedAt: string; uptimeSeconds: number }
  /** The last backup, its age and the disk (docs/backups.md); null when no BACKUP_DIR was given. */
  backups: BackupStatus | null
}

export type SubscriptionRunView = {
  id: string
  businessDate: string
  startedAt: string
  finishedAt: string | null
  issued: number
  skipped: number
  failed: number
  failures: { subscriptionId: string; periodStart: string; reason: string }[]
}

/** The scheduled jobs the view lists, in the order it lists them. */
const scheduledJobs = [
  { queue: SUBSCRIPTION_RUN_QUEUE, label: 'Monthly subscription invoices' },
  { queue: REMINDER_QUEUE, label: 'Overdue invoice reminders' },
  { queue: RETENTION_QUEUE, label: 'Retention (deletes what the privacy policy no longer keeps)' },
  { queue: BACKUP_QUEUE, label: 'Nightly backup' },
] as const

type JobRow = {
  id: string
  name: string
  data: { to?: string[]; subject?: string } | null
  state: JobState
  retry_count: number
  retry_limit: number
  output: unknown
  start_after: Date | string
  created_on: Date | string
  started_on: Date | string | null
  completed_on: Date | string | null
}

const iso = (value: Date | string | null | undefined) => (value == null ? null : new Date(value).toISOString())

/** The message of a failure as the worker (or pg-boss, for a timeout) stored it. */
function errorOf(output: unknown): string | null {
  if (typeof output !== 'object' || output === null) return null
  const o = output as { message?: unknown; value?: { message?: unknown } }
  const message = typeof o.message === 'string' ? o.message : o.value?.message
  return typeof message === 'string' ? message.slice(0, 500) : null
}

function mailJobOf(row: JobRow): MailJob {
  const waiting = row.state === 'created' || row.state === 'retry'
  // pg-boss counts retries, not attempts, and only when it starts one: a job's first start leaves
  // retry_count at 0, each later start adds one. So a job started at least once (sent, failed,
  // waiting for its next retry, being sent) has made retry_count + 1 attempts, one under way
  // included. A job the worker never started has made none, unless its request sent it at once
  // (sendNow marks it sent without starting it): then it took one.
  const attempts = row.started_on !== null ? row.retry_count + 1 : row.state === 'completed' ? 1 : 0
  return {
    id: row.id,
    to: (row.data?.to ?? []).join(', '),
    subject: row.data?.subject ?? '',
    state: row.state,
    attempts,
    maxAttempts: row.retry_limit + 1,
    lastError: row.state === 'completed' ? null : errorOf(row.output),
    nextAttemptAt: waiting ? iso(row.start_after) : null,
    createdAt: iso(row.created_on) ?? '',
    finishedAt: iso(row.completed_on),
  }
}

const jobColumns = sql.raw(
  'id, name, data, state::text as state, retry_count, retry_limit, output, start_after, created_on, started_on, completed_on',
)

export async function readSyncStatus(deps: {
  database: Database
  transportKind: 'file' | 'smtp'
  /** BACKUP_DIR: its disk's free space is shown. */
  backupDir?: string
}): Promise<SyncStatus> {
  const { db } = deps.database
  const mailRows = (states: string[], order: 'asc' | 'desc', orderBy: 'created_on' | 'completed_on') =>
    selectRows<JobRow>(
      db,
      sql`select ${jobColumns} from pgboss.job
          where name = ${MAIL_QUEUE} and state::text = any(${`{${states.join(',')}}`}::text[])
          order by ${sql.raw(orderBy)} ${sql.raw(order)} nulls last limit ${MAIL_LIST_LIMIT}`,
    )
  const [counts, waiting, failed, sent, jobs, transport, database, runs, backups] = await Promise.all([
    selectRows<{ state: string; n: number }>(
      db,
      sql`select state::text as state, count(*)::int as n from pgboss.job where name = ${MAIL_QUEUE} group by state`,
    ),
    mailRows(['created', 'retry', 'active'], 'asc', 'created_on'),
    mailRows(['failed'], 'desc', 'completed_on'),
    mailRows(['completed'], 'desc', 'completed_on'),
    readScheduledJobs(deps.database),
    readTransport(deps.database),
    readDatabase(deps.database),
    lastRuns(db, 10),
    deps.backupDir ? readBackupStatus(deps.database, deps.backupDir) : null,
  ])
  const count = (...states: string[]) =>
    counts.filter((row) => states.includes(row.state)).reduce((sum, row) => sum + row.n, 0)
  return {
    checkedAt: new Date().toISOString(),
    mail: {
      counts: {
        waiting: count('created', 'retry'),
        sending: count('active'),
        sent: count('completed'),
        failed: count('failed'),
        discarded: count('cancelled'),
      },
      waiting: waiting.map(mailJobOf),
      failed: failed.map(mailJobOf),
      sent: sent.map(mailJobOf),
    },
    jobs,
    subscriptionRuns: runs.map((run) => ({
      id: run.id,
      businessDate: run.businessDate,
      startedAt: run.startedAt.toISOString(),
      finishedAt: iso(run.finishedAt),
      issued: run.issued,
      skipped: run.skipped,
      failed: run.failed,
      failures: run.failures.slice(0, 20),
    })),
    database,
    transport: { kind: deps.transportKind, ...transport },
    server: {
      version: packageVersion(),
      startedAt: new Date(Date.now() - process.uptime() * 1000).toISOString(),
      uptimeSeconds: Math.round(process.uptime()),
    },
    backups,
  }
}

async function readScheduledJobs(database: Database): Promise<ScheduledJob[]> {
  const queues = `{${scheduledJobs.map((job) => job.queue).join(',')}}`
  const [schedules, counts, lastRuns, lastFailures] = await Promise.all([
    selectRows<{ name: string; cron: string; tz: string | null }>(
      database.db,
      sql`select name, cron, coalesce(options->>'tz', timezone) as tz from pgboss.schedule where name = any(${queues}::text[])`,
    ),
    selectRows<{ name: string; state: string; n: number }>(
      database.db,
      sql`select name, state::text as state, count(*)::int as n from pgboss.job
          where name = any(${queues}::text[]) and state::text in ('created', 'retry', 'active', 'failed') group by name, state`,
    ),
    selectRows<{ name: string; completed_on: Date | string; output: unknown }>(
      database.db,
      sql`select distinct on (name) name, completed_on, output from pgboss.job
          where name = any(${queues}::text[]) and state = 'completed' order by name, completed_on desc`,
    ),
    selectRows<{ name: string; at: Date | string; output: unknown }>(
      database.db,
      sql`select distinct on (name) name, coalesce(completed_on, started_on) as at, output from pgboss.job
          where name = any(${queues}::text[]) and state::text in ('retry', 'failed') and started_on is not null
          order by name, coalesce(completed_on, started_on) desc`,
    ),
  ])
  return scheduledJobs.map(({ queue, label }) => {
    const schedule = schedules.find((row) => row.name === queue)
    const run = lastRuns.find((row) => row.name === queue)
    const failure = lastFailures.find((row) => row.name === queue)
    const n = (...states: string[]) =>
      counts.filter((row) => row.name === queue && states.includes(row.state)).reduce((sum, row) => sum + row.n, 0)
    return {
      queue,
      label,
      schedule: schedule ? { cron: schedule.cron, timeZone: schedule.tz ?? 'UTC' } : null,
      waiting: n('created', 'retry', 'active'),
      failed: n('failed'),
      lastRun: run ? { at: iso(run.completed_on) ?? '', output: run.output } : null,
      lastFailure: failure ? { at: iso(failure.at) ?? '', error: errorOf(failure.output) } : null,
    }
  })
}

/**
 * The transport's last success and last failure, from the mail jobs: a sent message's completion,
 * and a failed attempt's start (pg-boss keeps the worker's error on the job). A message sent at once
 * by the request that queued it is marked sent the same way; a failure there is retried by the
 * worker, whose attempt is recorded.
 */
export async function readTransport(database: Database): Promise<Omit<SyncStatus['transport'], 'kind'>> {
  const [row] = await selectRows<{ success: Date | string | null; failure: Date | string | null; output: unknown }>(
    database.db,
    sql`select
          (select max(completed_on) from pgboss.job where name = ${MAIL_QUEUE} and state = 'completed') as success,
          f.at as failure, f.output
        from (select 1) one
        left join lateral (
          select coalesce(completed_on, started_on) as at, output from pgboss.job
          where name = ${MAIL_QUEUE} and state::text in ('retry', 'failed') and started_on is not null
          order by coalesce(completed_on, started_on) desc limit 1
        ) f on true`,
  )
  const lastSuccessAt = iso(row?.success)
  const lastFailureAt = iso(row?.failure)
  return {
    lastSuccessAt,
    lastFailureAt,
    lastError: lastFailureAt ? errorOf(row?.output) : null,
    failing: lastFailureAt !== null && (lastSuccessAt === null || lastFailureAt > lastSuccessAt),
  }
}

async function readDatabase(database: Database): Promise<SyncStatus['database']> {
  const [size] = await selectRows<{ bytes: string | number }>(
    database.db,
    sql`select pg_database_size(current_database())::text as bytes`,
  ).catch(() => [])
  const [applied] = await selectRows<{ created_at: string | number }>(
    database.db,
    sql`select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
  ).catch(() => [])
  return {
    kind: database.kind,
    sizeBytes: size ? Number(size.bytes) : null,
    migration: applied ? migrationTag(Number(applied.created_at)) : null,
  }
}

/** The migration's name from drizzle's journal, by the time drizzle-kit gave it (what drizzle records). */
function migrationTag(when: number): string {
  try {
    const journal = JSON.parse(fs.readFileSync(path.join(migrationsDir(), 'meta', '_journal.json'), 'utf8')) as {
      entries: Array<{ when: number; tag: string }>
    }
    return journal.entries.find((entry) => entry.when === when)?.tag ?? `unknown (${when})`
  } catch {
    return `unknown (${when})`
  }
}

let version: string | undefined
function packageVersion(): string {
  version ??= (() => {
    try {
      return (JSON.parse(fs.readFileSync(path.join(projectRoot(), 'package.json'), 'utf8')) as { version: string })
        .version
    } catch {
      return 'unknown'
    }
  })()
  return version
}

/** E-mails that gave up (state failed): the number the back office's navigation shows beside Sync status. */
/** The e-mails that failed for good, as a query (the back office's navigation reads it with its other counts). */
export function failedMailCount(): SQL {
  return sql`select count(*)::int as n from pgboss.job where name = ${MAIL_QUEUE} and state = 'failed'`
}
