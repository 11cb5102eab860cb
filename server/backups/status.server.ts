import fs from 'node:fs'
import { desc, eq } from 'drizzle-orm'
import {
  BACKUP_STALE_HOURS,
  type BackupTrigger,
  DISK_NEARLY_FULL_SHARE,
} from '../../app/features/operations/backup-runs.ts'
import type { Database } from '../db/client.server.ts'
import { backupRuns } from '../db/schema/index.server.ts'

export type BackupStatus = {
  /** The last backup written, from the table every process shares. */
  lastGood: { at: string; file: string | null; bytes: number | null; trigger: BackupTrigger; ageHours: number } | null
  /** The last failed one, when it is newer than the last good one. */
  lastFailure: { at: string; error: string | null; trigger: BackupTrigger } | null
  /** No good backup, or the last good one is over BACKUP_STALE_HOURS old. */
  stale: boolean
  /** The disk of BACKUP_DIR as this process sees it; null when it cannot be read. */
  disk: { freeBytes: number; totalBytes: number; nearlyFull: boolean } | null
}

/** The backups part of the sync-status page (docs/backups.md). */
export async function readBackupStatus(database: Database, backupDir: string, now = new Date()): Promise<BackupStatus> {
  const [good] = await database.db
    .select()
    .from(backupRuns)
    .where(eq(backupRuns.outcome, 'written'))
    .orderBy(desc(backupRuns.finishedAt))
    .limit(1)
  const [failed] = await database.db
    .select()
    .from(backupRuns)
    .where(eq(backupRuns.outcome, 'failed'))
    .orderBy(desc(backupRuns.finishedAt))
    .limit(1)
  const ageHours = good ? (now.getTime() - good.finishedAt.getTime()) / 3_600_000 : null
  return {
    lastGood: good
      ? {
          at: good.finishedAt.toISOString(),
          file: good.file,
          bytes: good.bytes,
          trigger: good.trigger,
          ageHours: Math.round((ageHours ?? 0) * 10) / 10,
        }
      : null,
    lastFailure:
      failed && (!good || failed.finishedAt > good.finishedAt)
        ? { at: failed.finishedAt.toISOString(), error: failed.error, trigger: failed.trigger }
        : null,
    stale: ageHours === null || ageHours > BACKUP_STALE_HOURS,
    disk: diskOf(backupDir),
  }
}

function diskOf(backupDir: string): BackupStatus['disk'] {
  // The folder may not exist before the first backup: its parent's disk is the one it will use.
  let dir = backupDir
  while (!fs.existsSync(dir)) {
    const parent = dir.replace(/\/[^/]*\/?$/, '') || '/'
    if (parent === dir) return null
    dir = parent
  }
  try {
    const stats = fs.statfsSync(dir)
    const totalBytes = stats.blocks * stats.bsize
    const freeBytes = stats.bavail * stats.bsize
    return { freeBytes, totalBytes, nearlyFull: totalBytes > 0 && freeBytes / totalBytes < DISK_NEARLY_FULL_SHARE }
  } catch {
    return null
  }
}
