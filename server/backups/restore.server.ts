import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { DomainError } from '../../app/lib/domain-error.ts'
import {
  copyTemplateInto,
  type Database,
  openDatabase,
  pgliteByteaHandlers,
  pgliteExtensions,
  pgliteStartParams,
} from '../db/client.server.ts'
import { acquireDataDirLock } from '../db/lock.server.ts'
import { startPgBoss } from '../db/pg-boss.server.ts'
import type { Logger } from '../log.server.ts'
import { type Manifest, unpackBackup } from './archive.server.ts'
import { isDataDirOwnEntry } from './backup.server.ts'
import { codeMigrationLevel, inTransaction, journal, loadDatabase, loadPgBoss, type Sql } from './dump.server.ts'

export type RestoreResult = {
  manifest: Manifest
  target: 'pglite' | 'postgres'
  rows: number
  jobs: number
  files: number
  /** With --replace on the embedded database: where what was there was moved. */
  movedAside?: string
  ms: number
}

/**
 * Restores a backup file (docs/backups.md): checks it whole first (format, version, checksums,
 * migration level) and touches nothing when it is bad; then loads it into an empty database (the
 * embedded one in DATA_DIR/db, or PostgreSQL at `databaseUrl`) and puts DATA_DIR's files back.
 * A non-empty target is refused unless `replace`: then the embedded database and files are moved
 * aside into DATA_DIR/replaced-<time>, and PostgreSQL's schemas are dropped in the load's transaction.
 */
export async function restoreBackup(options: {
  file: string
  dataDir: string
  databaseUrl?: string | undefined
  replace?: boolean
  passphrase?: string | undefined
  log: Logger
}): Promise<RestoreResult> {
  const started = performance.now()
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'ramapo-restore-'))
  try {
    const manifest = await unpackBackup(options.file, work, options.passphrase)
    checkLevel(manifest)
    const dump = path.join(work, 'database')
    const files = path.join(work, 'files')
    // The embedded database's folder is held for the whole restore: no server may open it meanwhile.
    const release = acquireDataDirLock(options.dataDir)
    try {
      const present = dataDirEntries(options.dataDir)
      if (options.databaseUrl) {
        const database = await openDatabase({ databaseUrl: options.databaseUrl, dataDir: 'memory', log: options.log })
        try {
          const holds = await inTransaction(database, 'snapshot', databaseContents)
          refuseNonEmpty([...holds, ...present], options)
          const { rows } = await loadDatabase(database, dump, manifest.migration, { replace: options.replace === true })
          const { jobs } = await restorePgBoss(database, dump, options.log)
          const copied = restoreFiles(files, options.dataDir, present, options.replace === true)
          return {
            manifest,
            target: 'postgres',
            rows,
            jobs,
            files: copied.count,
            ms: Math.round(performance.now() - started),
          }
        } finally {
          await database.close()
        }
      }
      refuseNonEmpty(present, options)
      const staging = path.join(options.dataDir, 'db.restoring')
      fs.rmSync(staging, { recursive: true, force: true })
      // A fresh PGlite folder costs an initdb in WebAssembly (half a minute on a busy small machine):
      // the build's template starts from a copy, whose schemas the load then drops and replaces in its
      // transaction, as on PostgreSQL with --replace. Without a fitting template, initdb it is.
      const fromTemplate = copyTemplateInto(staging)
      const client = new PGlite({
        dataDir: staging,
        startParams: pgliteStartParams,
        extensions: pgliteExtensions,
        ...pgliteByteaHandlers,
      })
      let rows = 0
      let jobs = 0
      try {
        await client.waitReady
        const database = { kind: 'pglite', pglite: client } as unknown as Database
        rows = (await loadDatabase(database, dump, manifest.migration, { replace: fromTemplate })).rows
        jobs = (await restorePgBoss(database, dump, options.log)).jobs
      } catch (error) {
        await client.close().catch(() => undefined)
        fs.rmSync(staging, { recursive: true, force: true })
        throw error
      }
      await client.close()
      const copied = restoreFiles(files, options.dataDir, present, options.replace === true)
      fs.renameSync(staging, path.join(options.dataDir, 'db'))
      return {
        manifest,
        target: 'pglite',
        rows,
        jobs,
        files: copied.count,
        ...(copied.movedAside ? { movedAside: copied.movedAside } : {}),
        ms: Math.round(performance.now() - started),
      }
    } finally {
      release()
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true })
  }
}

/** A backup of a newer migration level than this code knows is refused; an older one migrates at boot. */
function checkLevel(manifest: Manifest) {
  const code = codeMigrationLevel()
  const known = journal().some((entry) => entry.when === manifest.migration.when)
  if (!known || manifest.migration.when > code.when) {
    throw new DomainError(
      'conflict',
      `The backup was made by a newer release (database at migration ${manifest.migration.tag}, app ${manifest.appVersion}); this one knows migrations up to ${code.tag}: restore it with that release or a later one.`,
    )
  }
}

/** What a PostgreSQL database already holds of this site: tables in public, the migrations, pg-boss. */
async function databaseContents(sql: Sql): Promise<string[]> {
  const rows = await sql.query<{ what: string }>(
    `select 'table ' || c.relname as what from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind in ('r', 'p')
     union all select 'schema ' || nspname from pg_namespace where nspname in ('drizzle', 'pgboss')
     order by 1 limit 5`,
  )
  return rows.map((r) => r.what)
}

/** The entries of DATA_DIR a restore would overwrite: everything but its lock and the backups folder. */
function dataDirEntries(dataDir: string): string[] {
  if (!fs.existsSync(dataDir)) return []
  return fs
    .readdirSync(dataDir)
    .filter(
      (name) => name !== 'db.lock' && name !== 'backups' && name !== 'db.restoring' && !name.startsWith('replaced-'),
    )
    .sort()
}

function refuseNonEmpty(
  holds: string[],
  options: { replace?: boolean; dataDir: string; databaseUrl?: string | undefined },
) {
  if (holds.length === 0 || options.replace) return
  const where = options.databaseUrl ? `The database or ${options.dataDir}` : options.dataDir
  throw new DomainError(
    'conflict',
    `${where} is not empty (${holds.slice(0, 5).join(', ')}): restore into an empty one, or pass --replace to replace what is there.`,
  )
}

/** pg-boss's schema as this release makes it, then the backup's queues and jobs. */
async function restorePgBoss(database: Database, dump: string, log: Logger): Promise<{ jobs: number }> {
  const boss = await startPgBoss({
    database,
    log,
    name: 'restore',
    waiting: 'the restore waits',
    schedule: false,
    supervise: false,
    connections: 1,
  })
  try {
    return await loadPgBoss(database, dump)
  } finally {
    await boss.stop({ graceful: false, close: !database.pglite })
  }
}

/**
 * Puts DATA_DIR's files back. With replace, what was there (the database folder too) is moved into
 * DATA_DIR/replaced-<time> first, never deleted: the owner deletes it once the restore is checked.
 */
function restoreFiles(from: string, dataDir: string, present: string[], replace: boolean) {
  fs.mkdirSync(dataDir, { recursive: true })
  let movedAside: string | undefined
  if (replace && present.length > 0) {
    movedAside = path.join(
      dataDir,
      `replaced-${new Date()
        .toISOString()
        .replaceAll(':', '')
        .replace(/\.\d+Z$/, 'Z')}`,
    )
    fs.mkdirSync(movedAside)
    for (const name of present)
      if (!isDataDirOwnEntry(name) || name === 'db')
        fs.renameSync(path.join(dataDir, name), path.join(movedAside, name))
  }
  let count = 0
  if (fs.existsSync(from)) {
    for (const name of fs.readdirSync(from)) {
      fs.cpSync(path.join(from, name), path.join(dataDir, name), { recursive: true })
    }
    count = countFiles(from)
  }
  const secrets = path.join(dataDir, 'secrets.json')
  if (fs.existsSync(secrets)) fs.chmodSync(secrets, 0o600)
  return { count, movedAside }
}

function countFiles(dir: string): number {
  let count = 0
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    count += entry.isDirectory() ? countFiles(path.join(dir, entry.name)) : 1
  }
  return count
}
