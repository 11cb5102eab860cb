import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import pg from 'pg'
import pino from 'pino'
import { describe, inject, it } from 'vitest'
import { type Database, openDatabase } from '../../../server/db/client.server.ts'
import type { Logger } from '../../../server/log.server.ts'

/** The real PostgreSQL server the suite runs against (scripts/with-postgres.mjs), or undefined for PGlite. */
export const testDatabaseUrl: string | undefined = process.env.TEST_DATABASE_URL || undefined

export const backend: 'pglite' | 'postgres' = testDatabaseUrl ? 'postgres' : 'pglite'

/**
 * Tests of one backend only (two processes on one PostgreSQL server, its listener connection, or
 * PGlite's own behaviour), declared only when the suite runs on that backend: the other run has no
 * such test, rather than one it reports as skipped. `npm test` runs both backends.
 */
export const onPostgres = {
  describe: backend === 'postgres' ? describe : () => {},
  it: backend === 'postgres' ? it : () => {},
}
export const onPglite = {
  describe: backend === 'pglite' ? describe : () => {},
}

/** A logger that writes nothing. */
export function silentLogger(): Logger {
  return pino({ level: 'silent' })
}

export type TestDatabase = Database & {
  /** Name of the throwaway database on the real server; undefined on PGlite. */
  name: string | undefined
  /** Closes the database and, on a real server, drops it. Safe to call twice. */
  cleanup(): Promise<void>
}

/** The server's admin URL with another database name. */
export function databaseUrlFor(adminUrl: string, name: string): string {
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return url.toString()
}

async function withAdmin<T>(adminUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 10_000 })
  client.on('error', () => {
    // a dropped admin connection surfaces through the query that was running
  })
  await client.connect()
  try {
    return await run(client)
  } finally {
    await client.end().catch(() => {})
  }
}

/**
 * The project's Database, migrated, on whichever backend the suite runs on: PGlite in memory when
 * TEST_DATABASE_URL is unset; otherwise a fresh, uniquely named database on that server.
 */
export async function openTestDatabase(
  options: {
    log?: Logger
    migrate?: boolean
    /** Put this password in the URL the database is opened with (the test server trusts any). */
    password?: string
  } = {},
): Promise<TestDatabase> {
  const log = options.log ?? silentLogger()
  const adminUrl = testDatabaseUrl
  // The integration project migrates one database for the run (tests/integration/global-setup.ts);
  // other projects, and tests about migrating, start from an empty one.
  const migrated = options.migrate === false ? undefined : inject('migratedDatabase')
  let name: string | undefined
  let database: Database
  if (adminUrl) {
    name = `test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`
    const createdName = name
    const template = migrated?.kind === 'postgres' ? ` template "${migrated.name}"` : ''
    await withAdmin(adminUrl, (client) => client.query(`create database "${createdName}"${template}`))
    try {
      const url = new URL(databaseUrlFor(adminUrl, name))
      if (options.password) url.password = options.password
      database = await openDatabase({ databaseUrl: url.toString(), dataDir: 'memory', log })
    } catch (error) {
      await dropDatabase(adminUrl, name)
      throw error
    }
  } else {
    const memoryImage = migrated?.kind === 'pglite' ? await migratedImage(migrated.file) : undefined
    database = await openDatabase({ dataDir: 'memory', log, memoryImage })
  }
  let cleaned = false
  const cleanup = async () => {
    if (cleaned) return
    cleaned = true
    try {
      await database.close()
    } finally {
      if (adminUrl && name) await dropDatabase(adminUrl, name)
    }
  }
  if (options.migrate !== false) {
    try {
      await database.migrate()
    } catch (error) {
      await cleanup()
      throw error
    }
  }
  return Object.assign(database, { name, cleanup })
}

let image: { file: string; blob: Promise<Blob> } | undefined
/** The migrated data folder, read once per test file. */
function migratedImage(file: string): Promise<Blob> {
  if (image?.file !== file) image = { file, blob: fs.promises.readFile(file).then((bytes) => new Blob([bytes])) }
  return image.blob
}

async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  await withAdmin(adminUrl, (client) => client.query(`drop database if exists "${name}" with (force)`))
}
