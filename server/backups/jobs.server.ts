import path from 'node:path'
import { and, eq, isNull } from 'drizzle-orm'
import type { BackupTrigger } from '../../app/features/operations/backup-runs.ts'
import type { BackupSchedule } from '../config.server.ts'
import type { Database } from '../db/client.server.ts'
import { type CronJobs, startCronJobs } from '../db/pg-boss.server.ts'
import { backupRuns, clientOnboarding } from '../db/schema/index.server.ts'
import type { Logger } from '../log.server.ts'
import type { Outbox } from '../mail/outbox.server.ts'
import { type BackupResult, createBackup, pruneBackups } from './backup.server.ts'

export const BACKUP_QUEUE = 'backup'

export type BackupSettings = {
  dataDir: string
  dir: string
  passphrase: string | undefined
  schedule: BackupSchedule | undefined
}

/**
 * The cron of the nightly backup, in the business's time zone: five fields, or six (seconds first)
 * when BACKUP_SCHEDULE names a second.
 */
export const backupCron = ({ hour, minute, second }: BackupSchedule) =>
  second === undefined ? `${minute} ${hour} * * *` : `${second} ${minute} ${hour} * * *`

/**
 * Takes one backup and records it in `backup_runs` (the sync-status page reads it), then prunes
 * BACKUP_DIR to 7 daily and 4 weekly copies. A failure is recorded, e-mailed to the admins through
 * the outbox and thrown.
 */
export async function runRecordedBackup(deps: {
  database: Database
  settings: Pick<BackupSettings, 'dataDir' | 'dir' | 'passphrase'>
  outbox?: Outbox
  trigger: BackupTrigger
  log: Logger
  /** A passphrase asked for by `npm run backup` (its own environment) instead of the server's. */
  passphrase?: string
  now?: () => Date
}): Promise<BackupResult & { pruned: string[] }> {
  const { database, settings, log } = deps
  const startedAt = (deps.now ?? (() => new Date()))()
  try {
    const result = await createBackup({
      database,
      dataDir: settings.dataDir,
      backupDir: settings.dir,
      passphrase: deps.passphrase ?? settings.passphrase,
      ...(deps.now ? { now: deps.now } : {}),
    })
    await database.db.insert(backupRuns).values({
      trigger: deps.trigger,
      outcome: 'written',
      startedAt,
      file: path.basename(result.file),
      bytes: result.bytes,
    })
    const pruned = pruneBackups(settings.dir)
    log.info({ event: 'backup', file: result.file, bytes: result.bytes, ms: result.ms, pruned }, 'backup written')
    return { ...result, pruned }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    log.error({ err: error, event: 'backup' }, 'backup failed')
    await database.db
      .insert(backupRuns)
      .values({ trigger: deps.trigger, outcome: 'failed', startedAt, error: message.slice(0, 2000) })
      .catch((recordError: unknown) => log.error({ err: recordError }, 'backup failure not recorded'))
    if (deps.outbox) {
      await mailAdmins(database, deps.outbox, startedAt, message).catch((mailError: unknown) =>
        log.error({ err: mailError }, 'backup failure not e-mailed'),
      )
    }
    throw error
  }
}

async function mailAdmins(database: Database, outbox: Outbox, at: Date, error: string) {
  const admins = await database.db
    .select({ email: clientOnboarding.email })
    .from(clientOnboarding)
    .where(and(eq(clientOnboarding.role, 'admin'), isNull(clientOnboarding.disabledAt)))
  if (admins.length === 0) return
  await outbox.enqueue({
    to: admins.slice(0, 50).map((a) => a.email),
    subject: 'The backup of the website failed',
    text: [
      `The backup started at ${at.toISOString()} (UTC) failed:`,
      '',
      error,
      '',
      'Until a backup succeeds, nothing new is copied. The sync-status page (/admin/sync-status) shows the last good backup.',
      'Check the disk space and the BACKUP_DIR folder, then run `npm run backup` on the server to try again.',
    ].join('\n'),
  })
}

/** A backup now (tests; the same job the schedule queues), and the stop. */
export type BackupJobs = CronJobs

/**
 * The nightly backup on pg-boss (like retention, ADR 017): a cron schedule in New York time queues
 * one run a night, taken by one process of however many serve the site. BACKUP_SCHEDULE=off
 * removes the schedule. Retried once after 15 minutes; every failed attempt is e-mailed.
 */
export async function startBackupJobs(options: {
  database: Database
  settings: BackupSettings
  outbox: Outbox
  log: Logger
  pollingIntervalSeconds?: number
}): Promise<BackupJobs> {
  const { database, settings, outbox, log } = options
  return startCronJobs({
    database,
    log,
    pollingIntervalSeconds: options.pollingIntervalSeconds,
    stopTimeoutMs: 60_000,
    jobs: [
      {
        queue: BACKUP_QUEUE,
        cron: settings.schedule ? backupCron(settings.schedule) : null,
        retry: { retryLimit: 1, retryDelay: 900, expireInSeconds: 3600 },
        run: async () => {
          const result = await runRecordedBackup({ database, settings, outbox, trigger: 'nightly', log })
          return { file: path.basename(result.file), bytes: result.bytes, ms: result.ms, pruned: result.pruned.length }
        },
      },
    ],
  })
}
