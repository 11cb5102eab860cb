import { sql } from 'drizzle-orm'
import { bigint, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { backupOutcomes, backupTriggers } from '../../../app/features/operations/backup-runs.ts'
import { oneOf } from './checks.server.ts'

/**
 * One row per backup the site took or tried (docs/backups.md): the sync-status page shows the last
 * good one and the last failure from here, the same in every process.
 */
export const backupRuns = pgTable(
  'backup_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    trigger: text('trigger', { enum: backupTriggers }).notNull(),
    outcome: text('outcome', { enum: backupOutcomes }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }).notNull().defaultNow(),
    /** The file's name (in BACKUP_DIR), when written. */
    file: text('file'),
    bytes: bigint('bytes', { mode: 'number' }),
    error: text('error'),
  },
  (table) => [
    check('backup_runs_trigger_check', sql`${table.trigger} in (${oneOf(backupTriggers)})`),
    check('backup_runs_outcome_check', sql`${table.outcome} in (${oneOf(backupOutcomes)})`),
    index('backup_runs_finished_idx').on(table.finishedAt),
  ],
)
