import path from 'node:path'
import type { Database } from '../db/client.server.ts'
import { backupRuns } from '../db/schema/index.server.ts'
import type { Logger } from '../log.server.ts'
import { type BackupResult, createBackup } from './backup.server.ts'
import { codeMigrationLevel, databaseMigrationLevel, inTransaction } from './dump.server.ts'
import type { BackupSettings } from './jobs.server.ts'

/**
 * Before the boot migrates an existing database to a newer level (an upgrade), the server takes a
 * backup of it as it is, into BACKUP_DIR: going back is restoring that file with the previous
 * release (README "Upgrading"). A new database (no migrations yet, or the build's template at this
 * level) needs none. When the backup fails the boot stops: an upgrade never runs without one.
 * The run is recorded once the migrations made its table (recordUpgradeBackup).
 */
export async function backupBeforeMigrating(deps: {
  database: Database
  settings: Pick<BackupSettings, 'dataDir' | 'dir' | 'passphrase'>
  log: Logger
}): Promise<{ result: BackupResult; startedAt: Date } | undefined> {
  const level = await inTransaction(deps.database, 'snapshot', databaseMigrationLevel)
  const code = codeMigrationLevel()
  if (!level || level.when >= code.when) return undefined
  const startedAt = new Date()
  deps.log.info({ from: level.tag, to: code.tag }, 'upgrade: backing up the database before migrating it')
  const result = await createBackup({
    database: deps.database,
    dataDir: deps.settings.dataDir,
    backupDir: deps.settings.dir,
    passphrase: deps.settings.passphrase,
  })
  deps.log.info({ file: result.file, bytes: result.bytes, ms: result.ms }, 'upgrade: backup written')
  return { result, startedAt }
}

export async function recordUpgradeBackup(database: Database, taken: { result: BackupResult; startedAt: Date }) {
  await database.db.insert(backupRuns).values({
    trigger: 'upgrade',
    outcome: 'written',
    startedAt: taken.startedAt,
    file: path.basename(taken.result.file),
    bytes: taken.result.bytes,
  })
}
