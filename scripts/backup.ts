// `npm run backup`: writes one backup file into BACKUP_DIR (default $DATA_DIR/backups): the database
// with everything stored in it (PDFs, attachments, the mail outbox) and the files of DATA_DIR
// (secrets.json, mail files), with a manifest of checksums; encrypted with age when
// BACKUP_PASSPHRASE is set. docs/backups.md.
//
// PostgreSQL (DATABASE_URL): read directly, in one snapshot, while servers keep serving. The
// embedded database: when a server holds DATA_DIR, that server writes the file (asked through
// DATA_DIR/backup.sock, reachable only by its user); when none does, this opens the database itself.
//
// Node 24 runs this file as it is (type stripping), like scripts/seed.ts.
import fs from 'node:fs'
import path from 'node:path'
import { isDomainError } from '../app/lib/domain-error.ts'
import { type BackupResult, createBackup } from '../server/backups/backup.server.ts'
import { requestBackup } from '../server/backups/socket.server.ts'
import { type Config, loadConfig } from '../server/config.server.ts'
import { openDatabase } from '../server/db/client.server.ts'
import { acquireDataDirLock } from '../server/db/lock.server.ts'
import { backupRuns } from '../server/db/schema/index.server.ts'
import { createLogger } from '../server/log.server.ts'
import { assertNode24 } from '../server/node-guard.server.ts'

assertNode24('backup')

function fail(message: string): never {
  console.error(`✖ ${message}`)
  process.exit(1)
}

let config: Config
try {
  config = loadConfig()
} catch (error) {
  if (isDomainError(error)) fail(error.message)
  throw error
}
const log = createLogger('warn')
const { dir: backupDir, passphrase } = config.backup

async function direct(): Promise<BackupResult> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, log })
  try {
    const startedAt = new Date()
    const result = await createBackup({ database, dataDir: config.dataDir, backupDir, passphrase })
    // Shown on sync status like the server's own; a database of an older release has no such table yet.
    await database.db
      .insert(backupRuns)
      .values({
        trigger: 'manual',
        outcome: 'written',
        startedAt,
        file: path.basename(result.file),
        bytes: result.bytes,
      })
      .catch(() => undefined)
    return result
  } finally {
    await database.close()
  }
}

let result: { file: string; bytes: number; ms: number; how: string }
try {
  if (config.databaseUrl) {
    result = { ...(await direct()), how: `PostgreSQL at ${new URL(config.databaseUrl).host}` }
  } else {
    if (!fs.existsSync(path.join(config.dataDir, 'db')))
      fail(`there is no embedded database in ${config.dataDir}/db to back up`)
    let serverRunning = false
    try {
      acquireDataDirLock(config.dataDir)()
    } catch (error) {
      // The lock refused (a DomainError 'conflict'): a server holds the folder.
      if (!(isDomainError(error) && error.kind === 'conflict')) throw error
      serverRunning = true
    }
    if (serverRunning) {
      const answer = await requestBackup(config.dataDir, { backupDir, ...(passphrase ? { passphrase } : {}) }).catch(
        (error: Error) =>
          fail(
            `a server holds ${config.dataDir} but did not answer on its backup socket (${error.message}): is it this release?`,
          ),
      )
      if (!answer.ok) fail(`the server could not write the backup: ${answer.error}`)
      result = { ...answer, how: 'the running server' }
    } else {
      result = { ...(await direct()), how: `the embedded database in ${config.dataDir}/db` }
    }
  }
} catch (error) {
  fail(`backup failed: ${(error as Error).message}`)
}
console.log(
  `✔ backup of ${result.how} written: ${result.file} (${(result.bytes / 1024 / 1024).toFixed(1)} MB, ${result.ms} ms)`,
)
process.exit(0)
