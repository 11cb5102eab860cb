/**
 * The backups the site took (docs/backups.md), as the `backup_runs` table holds them: what started
 * one and how it ended. The table's CHECK constraints are written from these lists
 * (tests/integration/catalogues.test.ts).
 */
/** nightly: the schedule; manual: `npm run backup`; upgrade: the server, before it migrated the database. */
export const backupTriggers = ['nightly', 'manual', 'upgrade'] as const
export type BackupTrigger = (typeof backupTriggers)[number]

export const backupOutcomes = ['written', 'failed'] as const
export type BackupOutcome = (typeof backupOutcomes)[number]

export const backupTriggerLabels: Record<BackupTrigger, string> = {
  nightly: 'Nightly',
  manual: 'npm run backup',
  upgrade: 'Before an upgrade',
}

/** The last good backup older than this is a warning on the sync-status page. */
export const BACKUP_STALE_HOURS = 26
/** Less free space than this share of the backup folder's disk is a warning. */
export const DISK_NEARLY_FULL_SHARE = 0.1
