// Upgrades (docs/backups.md#upgrades): an embedded database made by the previous release
// (tests/fixtures/upgrade, made by scripts/make-upgrade-fixture.ts from its own code) boots on this
// code: the server's backup before migrating is written at the old level, the migrations run, and
// no row of the old tables is lost or changed. On PostgreSQL (npm run test:pg) the same database,
// restored there at its old level, is migrated by two processes starting at once: each migration
// runs once.

import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { codeMigrationLevel, journal } from '../../server/backups/dump.server.ts'
import { restoreBackup } from '../../server/backups/restore.server.ts'
import { backupBeforeMigrating, recordUpgradeBackup } from '../../server/backups/upgrade.server.ts'
import {
  type Database,
  openDatabase,
  pgliteExtensions,
  pgliteStartParams,
  selectRows,
  sql,
} from '../../server/db/client.server.ts'
import { databaseUrlFor, onPostgres, silentLogger, testDatabaseUrl } from './helpers/database.ts'

const fixtures = path.resolve('tests/fixtures/upgrade')
const previous = JSON.parse(fs.readFileSync(path.join(fixtures, 'previous-release.json'), 'utf8')) as {
  commit: string
  lastMigration: string
  migrations: number
}
const previousRows = JSON.parse(fs.readFileSync(path.join(fixtures, 'previous-release-rows.json'), 'utf8')) as Record<
  string,
  number
>
const log = silentLogger()
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'upgrade-test-'))
const createdDatabases: string[] = []

afterAll(async () => {
  if (testDatabaseUrl && createdDatabases.length > 0) {
    const admin = new pg.Client({ connectionString: testDatabaseUrl })
    await admin.connect()
    for (const name of createdDatabases) await admin.query(`drop database if exists "${name}" with (force)`)
    await admin.end()
  }
  fs.rmSync(work, { recursive: true, force: true })
})

/** The previous release's data folder, unpacked into DATA_DIR/db. */
async function previousReleaseDataDir(): Promise<string> {
  const dataDir = path.join(work, 'data')
  const tarball = fs.readFileSync(path.join(fixtures, 'previous-release-pglite.tar.gz'))
  fs.mkdirSync(dataDir, { recursive: true })
  const client = new PGlite({
    dataDir: path.join(dataDir, 'db'),
    loadDataDir: new Blob([tarball]),
    startParams: pgliteStartParams,
    extensions: pgliteExtensions,
  })
  await client.waitReady
  await client.close()
  return dataDir
}

/** Each table's rows as JSON of the given columns, sorted. */
async function rowsOf(database: Database, columns: Record<string, string[]>): Promise<Record<string, string[]>> {
  const all: Record<string, string[]> = {}
  for (const [table, names] of Object.entries(columns)) {
    const list = names.map((n) => `"${n}"`).join(', ')
    const rows = await selectRows<{ j: string }>(
      database.db,
      sql.raw(`select row_to_json(t)::text as j from (select ${list} from public."${table}") t order by 1`),
    )
    all[table] = rows.map((r) => r.j)
  }
  return all
}

async function columnsOf(database: Database): Promise<Record<string, string[]>> {
  const rows = await selectRows<{ table_name: string; column_name: string }>(
    database.db,
    sql`select table_name, column_name from information_schema.columns where table_schema = 'public' order by table_name, ordinal_position`,
  )
  const columns: Record<string, string[]> = {}
  for (const row of rows) columns[row.table_name] = [...(columns[row.table_name] ?? []), row.column_name]
  return columns
}

let upgradeBackup: string | undefined

describe(`an upgrade from the previous release (${previous.commit.slice(0, 7)}, ${previous.lastMigration})`, () => {
  it('backs up, migrates and keeps every row of the old tables', async () => {
    expect(previous.lastMigration).not.toBe(codeMigrationLevel().tag)
    const dataDir = await previousReleaseDataDir()
    const backupDir = path.join(work, 'backups')
    const database = await openDatabase({ dataDir, log })
    try {
      const columns = await columnsOf(database)
      const before = await rowsOf(database, columns)
      expect(Object.fromEntries(Object.entries(before).map(([t, rows]) => [t, rows.length]))).toEqual(previousRows)
      expect(previousRows.contract_files).toBeGreaterThan(0)
      expect(previousRows.billing_documents).toBeGreaterThan(0)

      const taken = await backupBeforeMigrating({
        database,
        settings: { dataDir, dir: backupDir, passphrase: undefined },
        log,
      })
      if (!taken) throw new Error('no backup before the upgrade')
      expect(taken.result.manifest.migration.tag).toBe(previous.lastMigration)
      upgradeBackup = taken.result.file

      await database.migrate()
      await recordUpgradeBackup(database, taken)
      const [applied] = await selectRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      )
      expect(applied?.n).toBe(journal().length)
      expect(await rowsOf(database, columns)).toEqual(before)
      const runs = await selectRows<{ trigger: string; file: string }>(
        database.db,
        sql`select trigger, file from backup_runs`,
      )
      expect(runs).toEqual([{ trigger: 'upgrade', file: path.basename(taken.result.file) }])
      // Up to date now: the next boot takes no backup.
      expect(
        await backupBeforeMigrating({ database, settings: { dataDir, dir: backupDir, passphrase: undefined }, log }),
      ).toBeUndefined()
    } finally {
      await database.close()
    }
  }, 600_000)

  onPostgres.it(
    'migrates once when two processes start at once on PostgreSQL',
    async () => {
      if (!testDatabaseUrl || !upgradeBackup) throw new Error('needs the backup of the first test')
      const name = `upgrade_${Date.now().toString(36)}_${randomUUID().slice(0, 8)}`
      const admin = new pg.Client({ connectionString: testDatabaseUrl })
      await admin.connect()
      await admin.query(`create database "${name}"`)
      await admin.end()
      createdDatabases.push(name)
      const databaseUrl = databaseUrlFor(testDatabaseUrl, name)
      // The previous release's database, at its own level, on PostgreSQL.
      await restoreBackup({ file: upgradeBackup, dataDir: path.join(work, 'pg-data'), databaseUrl, log })
      const [first, second] = await Promise.all([
        openDatabase({ databaseUrl, dataDir: 'memory', log }),
        openDatabase({ databaseUrl, dataDir: 'memory', log }),
      ])
      try {
        await Promise.all([first.migrate(), second.migrate()])
        const [applied] = await selectRows<{ n: number; hashes: number }>(
          first.db,
          sql`select count(*)::int as n, count(distinct hash)::int as hashes from drizzle.__drizzle_migrations`,
        )
        expect(applied).toEqual({ n: journal().length, hashes: journal().length })
        for (const [table, count] of Object.entries(previousRows)) {
          const [row] = await selectRows<{ n: number }>(
            first.db,
            sql.raw(`select count(*)::int as n from public."${table}"`),
          )
          expect(row?.n, table).toBe(count)
        }
      } finally {
        await first.close()
        await second.close()
      }
    },
    600_000,
  )
})
