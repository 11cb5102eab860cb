import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { type SQL, sql } from 'drizzle-orm'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import type { Logger } from '../log.server.ts'
import { migrationsDir, projectRoot } from '../paths.server.ts'
import { acquireDataDirLock } from './lock.server.ts'
import { withPreparedStatements } from './pglite-statements.server.ts'
import * as schema from './schema/index.server.ts'

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>

export type Database = {
  db: Db
  kind: 'pglite' | 'postgres'
  /** Set for the embedded database; shared with the job queue. */
  pglite?: PGlite
  /** Set for a real PostgreSQL server. */
  pool?: pg.Pool
  connectionString?: string
  ping(timeoutMs?: number): Promise<void>
  migrate(): Promise<void>
  close(): Promise<void>
}

export type OpenOptions = {
  /** A postgres:// URL: use a real PostgreSQL server. */
  databaseUrl?: string
  /** Folder holding the embedded database in ./db; 'memory' keeps it in memory (tests). */
  dataDir: string | 'memory'
  log: Logger
  /**
   * In memory only: start from this copy of a data folder (PGlite's dumpDataDir) instead of an
   * empty cluster. The tests open hundreds of databases; each would otherwise run initdb and every
   * migration (tests/integration/global-setup.ts makes the copy once).
   */
  memoryImage?: Blob
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.log)
    : openPglite(options.dataDir, options.memoryImage)
}

/**
 * PGlite's PostgreSQL, with 32 MB of shared buffers instead of initdb's 128 MB: its shared memory
 * lives in the process's WebAssembly memory and is zero-filled there at start, so every megabyte of
 * it is resident (docs/perf/memory.md). A site's database is tens of MB, and pages missing from the
 * buffers are one read away in the operating system's file cache.
 */
export const pgliteStartParams = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB']

/**
 * The extensions the migrations create, which PGlite must be given at every open (PostgreSQL has
 * them as contrib): pg_trgm, for the trigram index of the staff's search of requests
 * (docs/decisions/023-trigram-search.md). Without it, writing a booking fails. It adds nothing
 * measurable to an open; the first query that needs it loads its 32 KB module (about 8 ms).
 */
export const pgliteExtensions = { pg_trgm }

/** PostgreSQL's type id of bytea. */
const byteaTypeId = 17

/**
 * bytea to and from PostgreSQL's hex text form through Buffer. PGlite's own handlers go through one
 * JavaScript value per byte (Array.from(bytes).map(…) to send; parseInt of each pair to read): a
 * 10 MB ticket attachment made some 20 million of them, over the server's 256 MB heap (it crashed).
 * Buffer's hex codec makes two strings the size of the text.
 */
export const pgliteByteaHandlers = {
  serializers: {
    [byteaTypeId]: (value: unknown): string => {
      if (!(value instanceof Uint8Array)) throw new Error('Invalid input for bytea type')
      return `\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex')}`
    },
  },
  parsers: {
    [byteaTypeId]: (text: string): Buffer => Buffer.from(text.slice(2), 'hex'),
  },
}

/**
 * The embedded database as a fresh install starts it, initialized and migrated, made by `npm run
 * build` (scripts/build-database-template.ts): an empty data folder gets a copy instead of running
 * PostgreSQL's initdb, which takes 3-4 s of WebAssembly (docs/perf/boot.md).
 */
export const databaseTemplateDir = () => path.join(projectRoot(), 'build/database-template')

/** What a template was made with; it is used only with the same PGlite and migrations it holds. */
export type DatabaseTemplateManifest = { pglite: string; pgBoss: string; migrations: string[] }

export function pgliteVersion(): string {
  const pkg = path.join(path.dirname(fileURLToPath(import.meta.resolve('@electric-sql/pglite'))), '../package.json')
  return (JSON.parse(fs.readFileSync(pkg, 'utf8')) as { version: string }).version
}

export function migrationFiles(): string[] {
  return fs
    .readdirSync(migrationsDir())
    .filter((name) => name.endsWith('.sql'))
    .sort()
}

/**
 * Copies the build's template into `dbDir` when that folder does not exist yet and the template
 * fits this code (same PGlite; its migrations all present here, later ones are applied at boot as
 * usual). Copied beside and renamed, so a boot stopped halfway leaves no half database. True when copied.
 */
export function copyTemplateInto(dbDir: string): boolean {
  if (fs.existsSync(dbDir)) return false
  const template = databaseTemplateDir()
  let manifest: DatabaseTemplateManifest
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(template, 'manifest.json'), 'utf8')) as DatabaseTemplateManifest
  } catch {
    return false
  }
  const known = new Set(migrationFiles())
  if (manifest.pglite !== pgliteVersion() || !manifest.migrations.every((name) => known.has(name))) return false
  const staging = `${dbDir}.copying`
  fs.rmSync(staging, { recursive: true, force: true })
  fs.cpSync(path.join(template, 'db'), staging, { recursive: true })
  fs.renameSync(staging, dbDir)
  return true
}

async function openPglite(dataDir: string, memoryImage?: Blob): Promise<Database> {
  const release = dataDir === 'memory' ? () => {} : acquireDataDirLock(dataDir)
  let client: PGlite
  try {
    if (dataDir !== 'memory') copyTemplateInto(path.join(dataDir, 'db'))
    // One options object: given `undefined` for a folder (in memory), PGlite ignores its second argument.
    client = new PGlite({
      ...(dataDir === 'memory'
        ? memoryImage
          ? { loadDataDir: memoryImage }
          : {}
        : { dataDir: path.join(dataDir, 'db') }),
      startParams: pgliteStartParams,
      extensions: pgliteExtensions,
      ...pgliteByteaHandlers,
    })
    await client.waitReady
  } catch (error) {
    release()
    throw error
  }
  // Each statement text parsed and planned once (ADR 041); migrations below keep PGlite's own query().
  const db = drizzlePglite({ client: withPreparedStatements(client), schema }) as unknown as Db
  return {
    db,
    kind: 'pglite',
    pglite: client,
    // A long or stuck transaction holds PGlite's only connection: the health check must not wait on it.
    ping: async (timeoutMs = 2_000) => {
      await withTimeout(client.query('select 1'), timeoutMs)
    },
    migrate: async () => {
      await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder: migrationsDir() })
    },
    close: async () => {
      try {
        if (!client.closed) await client.close()
      } finally {
        release()
      }
    },
  }
}

async function openPostgres(connectionString: string, log: Logger): Promise<Database> {
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  })
  // An idle client losing its connection (database restart) must not crash the process:
  // the pool drops it and opens a new one on the next query.
  // Logged in short: node-postgres attaches the whole client object to these errors.
  pool.on('error', (error) => log.warn({ err: summarizeError(error) }, 'database connection lost'))
  // The pool listens to idle clients only. A client in use (a transaction) whose connection drops
  // emits 'error' as well, and an 'error' nobody listens to ends the process. Such a client is
  // also easily lost: drizzle sends BEGIN before its try/finally, so when the connection dies right
  // there nobody calls release(), the pool keeps counting that client, and pool.end() at shutdown
  // waits for it forever. So a client in use that fails goes back to the pool at once, with the
  // error (the pool drops it), and its holder's later release() does nothing. The holder's query
  // fails with the connection error already (the request answers 503).
  const inUse = new WeakSet<pg.PoolClient>()
  pool.on('acquire', (client) => inUse.add(client))
  pool.on('release', (_error, client) => inUse.delete(client))
  pool.on('connect', (client) => {
    client.on('error', (error) => {
      if (!inUse.has(client)) return // idle: the pool's own listener drops it
      const release = client.release
      client.release = () => {}
      release(error)
    })
  })
  const db = drizzlePg({ client: pool, schema }) as unknown as Db
  return {
    db,
    kind: 'postgres',
    pool,
    connectionString,
    ping: async (timeoutMs = 2_000) => {
      await withTimeout(pool.query('select 1'), timeoutMs)
    },
    migrate: async () => {
      // Several processes may boot at once against one server: only one migrates at a time.
      const client = await pool.connect()
      try {
        await client.query('select pg_advisory_lock(727170)')
        try {
          await migratePg(drizzlePg({ client, schema }), { migrationsFolder: migrationsDir() })
          await keepGinPendingList(client)
        } finally {
          await client.query('select pg_advisory_unlock(727170)')
        }
      } finally {
        client.release()
      }
    },
    close: async () => {
      await pool.end()
    },
  }
}

/**
 * The staff's search index (`bookings_search_idx`, ADR 023) is created with GIN's pending list off,
 * which PGlite needs (it runs no autovacuum to merge the list). PostgreSQL's autovacuum does merge
 * it, so there the list is turned back on after the migrations: a booking's insert appends its
 * trigrams to the list instead of updating the index's tree, and the merge happens off the
 * booking's path. Searches read the list until it is merged, and find the same rows.
 */
async function keepGinPendingList(client: pg.PoolClient): Promise<void> {
  const { rows } = await client.query<{ reloptions: string[] | null }>(
    "select reloptions from pg_class where relname = 'bookings_search_idx' and relkind = 'i'",
  )
  if (rows[0]?.reloptions?.includes('fastupdate=false')) {
    await client.query('alter index bookings_search_idx set (fastupdate = on)')
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(Object.assign(new Error('database ping timed out'), { code: 'ETIMEDOUT' })),
      ms,
    )
    promise.then(
      (value) => {
        clearTimeout(timer)
        resolve(value)
      },
      (error: unknown) => {
        clearTimeout(timer)
        reject(error)
      },
    )
  })
}

const unavailableCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '08000',
  '08001',
  '08003',
  '08006',
])

/** True when an error (or its cause chain) says the database could not be reached. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error
  for (let depth = 0; current && depth < 5; depth++) {
    const e = current as { code?: unknown; message?: unknown; cause?: unknown }
    if (typeof e.code === 'string' && unavailableCodes.has(e.code)) return true
    if (
      typeof e.message === 'string' &&
      /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|PGlite is closed|Cannot use a pool after calling end/i.test(
        e.message,
      )
    ) {
      return true
    }
    current = e.cause
  }
  return false
}

/**
 * The loggable part of an error: type, code and message (plus the stack for errors that are not
 * about reaching the database). node-postgres hangs the whole client on some errors, and logging
 * that dumps the connection's internals on one huge line.
 */
export function summarizeError(error: unknown): { type: string; message: string; code?: string; stack?: string } {
  if (!(error instanceof Error) && (typeof error !== 'object' || error === null)) {
    return { type: typeof error, message: String(error) }
  }
  const e = error as { name?: unknown; message?: unknown; code?: unknown; stack?: unknown }
  const summary: { type: string; message: string; code?: string; stack?: string } = {
    type: typeof e.name === 'string' ? e.name : 'Error',
    message: typeof e.message === 'string' ? e.message : String(error),
  }
  if (typeof e.code === 'string') summary.code = e.code
  if (typeof e.stack === 'string' && !isDatabaseUnavailable(error)) summary.stack = e.stack
  return summary
}

/** Raw SQL returning rows, the same shape on PGlite and node-postgres. */
export async function selectRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] }
  return result.rows
}

export { sql }
