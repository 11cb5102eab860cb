import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Database } from '../db/client.server.ts'
import { projectRoot } from '../paths.server.ts'
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, describeParts, type Manifest, packBackup } from './archive.server.ts'
import { dumpDatabase } from './dump.server.ts'

/** What of DATA_DIR is not copied as files: the database itself (dumped), its lock, the socket, work folders. */
export function isDataDirOwnEntry(name: string): boolean {
  return (
    name === 'db' ||
    name === 'db.lock' ||
    name === 'backup.sock' ||
    name.startsWith('db.') ||
    name.startsWith('replaced-') ||
    name.endsWith('.tmp')
  )
}

/** The default BACKUP_DIR: $DATA_DIR/backups. */
export const defaultBackupDir = (dataDir: string) => path.join(dataDir, 'backups')

export function appVersion(): string {
  return (JSON.parse(fs.readFileSync(path.join(projectRoot(), 'package.json'), 'utf8')) as { version: string }).version
}

/**
 * `ramapo-backup-20261127T081500Z.tar.gz` (`.tar.gz.age` encrypted): UTC, sortable, no characters a
 * file system refuses. Files of format 1 end in `.tar` / `.tar.age` and are still pruned and restored.
 */
export function backupFileName(at: Date, encrypted: boolean): string {
  const stamp = at
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replaceAll('-', '')
    .replaceAll(':', '')
  return `ramapo-backup-${stamp}.tar.gz${encrypted ? '.age' : ''}`
}

const BACKUP_NAME = /^ramapo-backup-(\d{8}T\d{6}Z)(-\d+)?\.tar(\.gz)?(\.age)?$/

/** The time in a backup file's name, or undefined for any other file. */
export function backupTimeOf(name: string): Date | undefined {
  const match = BACKUP_NAME.exec(name)
  if (!match?.[1]) return undefined
  const s = match[1]
  return new Date(
    `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}T${s.slice(9, 11)}:${s.slice(11, 13)}:${s.slice(13, 15)}Z`,
  )
}

export type BackupResult = { file: string; bytes: number; manifest: Manifest; ms: number }

/**
 * Writes one backup file into `backupDir`: the database (one consistent snapshot, read while the
 * server keeps serving) and the files of DATA_DIR besides the database (secrets.json, mail files),
 * described by a manifest with a checksum per part; encrypted with age when a passphrase is given.
 */
export async function createBackup(options: {
  database: Database
  dataDir: string
  backupDir: string
  passphrase?: string | undefined
  now?: () => Date
}): Promise<BackupResult> {
  const started = performance.now()
  const createdAt = (options.now ?? (() => new Date()))()
  fs.mkdirSync(options.backupDir, { recursive: true, mode: 0o700 })
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), 'ramapo-backup-'))
  try {
    const summary = await dumpDatabase(options.database, path.join(staging, 'database'))
    copyDataDirFiles(options.dataDir, path.resolve(options.backupDir), path.join(staging, 'files'))
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      appVersion: appVersion(),
      migration: summary.migration,
      database: options.database.kind,
      createdAt: createdAt.toISOString(),
      tables: summary.tables,
      pgBossJobs: summary.pgBossJobs,
      compression: 'gzip',
      parts: describeParts(staging),
    }
    let file = path.join(options.backupDir, backupFileName(createdAt, Boolean(options.passphrase)))
    // Two backups in one second (a manual one beside the nightly one) keep both.
    for (let n = 1; fs.existsSync(file); n++) file = file.replace(/(\.tar\.gz(\.age)?)$/, `-${n}$1`)
    await packBackup(staging, manifest, file, options.passphrase)
    return { file, bytes: fs.statSync(file).size, manifest, ms: Math.round(performance.now() - started) }
  } finally {
    fs.rmSync(staging, { recursive: true, force: true })
  }
}

function copyDataDirFiles(dataDir: string, backupDir: string, into: string) {
  fs.mkdirSync(into, { recursive: true })
  if (!fs.existsSync(dataDir)) return
  for (const entry of fs.readdirSync(dataDir, { withFileTypes: true })) {
    const from = path.join(dataDir, entry.name)
    if (isDataDirOwnEntry(entry.name) || path.resolve(from) === backupDir) continue
    if (!entry.isFile() && !entry.isDirectory()) continue
    fs.cpSync(from, path.join(into, entry.name), {
      recursive: true,
      // Backups kept inside a folder of DATA_DIR are not backed up again.
      filter: (source) =>
        !path.resolve(source).startsWith(`${backupDir}${path.sep}`) && path.resolve(source) !== backupDir,
    })
  }
}

/**
 * Which backup files in `backupDir` to keep: the newest of each of the last `daily` days with a
 * backup, and the newest of each of the last `weekly` ISO weeks (UTC). The others are deleted.
 * Files of other names are left alone. Returns the deleted names.
 */
export function pruneBackups(backupDir: string, keep = { daily: 7, weekly: 4 }): string[] {
  if (!fs.existsSync(backupDir)) return []
  const backups = fs
    .readdirSync(backupDir)
    .map((name) => ({ name, at: backupTimeOf(name) }))
    .filter((b): b is { name: string; at: Date } => b.at !== undefined)
    .sort((a, b) => b.at.getTime() - a.at.getTime() || b.name.localeCompare(a.name))
  const kept = new Set<string>()
  const keepNewestPer = (key: (at: Date) => string, count: number) => {
    const seen = new Set<string>()
    for (const backup of backups) {
      const k = key(backup.at)
      if (seen.has(k)) continue
      if (seen.size >= count) break
      seen.add(k)
      kept.add(backup.name)
    }
  }
  keepNewestPer((at) => at.toISOString().slice(0, 10), keep.daily)
  keepNewestPer(isoWeek, keep.weekly)
  const deleted: string[] = []
  for (const backup of backups) {
    if (kept.has(backup.name)) continue
    fs.rmSync(path.join(backupDir, backup.name), { force: true })
    deleted.push(backup.name)
  }
  return deleted
}

/** `2026-W48`: the ISO week (Monday first) of a UTC date. */
export function isoWeek(at: Date): string {
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()))
  const weekday = day.getUTCDay() || 7
  day.setUTCDate(day.getUTCDate() + 4 - weekday)
  const yearStart = Date.UTC(day.getUTCFullYear(), 0, 1)
  const week = Math.ceil(((day.getTime() - yearStart) / 86_400_000 + 1) / 7)
  return `${day.getUTCFullYear()}-W${String(week).padStart(2, '0')}`
}
