import fs from 'node:fs'
import path from 'node:path'
import type { PGlite, Transaction } from '@electric-sql/pglite'
import { readMigrationFiles } from 'drizzle-orm/migrator'
import type pg from 'pg'
import type { Database } from '../db/client.server.ts'
import { migrationsDir } from '../paths.server.ts'

/**
 * The database part of a backup, in one portable form for both kinds of database (ADR 029): every
 * table of the `public` schema as JSON lines (one `row_to_json` per row, bytea as hex), the
 * sequences' values, the migration level, and pg-boss's queues and jobs (the mail outbox). Read in
 * one REPEATABLE READ transaction, so every table is of the same moment; loaded into an empty
 * database migrated to the same level, in one transaction.
 */

/** One SQL connection: a PGlite transaction or a node-postgres client inside BEGIN. */
export type Sql = {
  query<T>(text: string, params?: unknown[]): Promise<T[]>
}

function pgliteSql(tx: Transaction | PGlite): Sql {
  return {
    query: async <T>(text: string, params?: unknown[]) => (await tx.query<T>(text, params)).rows,
  }
}

function pgSql(client: pg.PoolClient | pg.Client): Sql {
  return {
    query: async <T>(text: string, params?: unknown[]) => (await client.query(text, params as unknown[])).rows as T[],
  }
}

/** Runs `work` in one transaction of the given isolation on either kind of database. */
export async function inTransaction<T>(
  database: Pick<Database, 'pglite' | 'pool'>,
  mode: 'snapshot' | 'write',
  work: (sql: Sql) => Promise<T>,
): Promise<T> {
  const begin = mode === 'snapshot' ? 'begin isolation level repeatable read read only' : 'begin'
  if (database.pglite) {
    // PGlite's transaction() holds its one connection: the server's other queries wait for it.
    return database.pglite.transaction(async (tx) => {
      if (mode === 'snapshot') await tx.query('set transaction isolation level repeatable read read only')
      return work(pgliteSql(tx))
    })
  }
  if (!database.pool) throw new Error('no database connection')
  const client = await database.pool.connect()
  try {
    await client.query(begin)
    try {
      const result = await work(pgSql(client))
      await client.query('commit')
      return result
    } catch (error) {
      await client.query('rollback').catch(() => undefined)
      throw error
    }
  } finally {
    client.release()
  }
}

export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`

export type MigrationLevel = { tag: string; when: number; count: number }

type JournalEntry = { idx: number; when: number; tag: string }

export function journal(): JournalEntry[] {
  const file = path.join(migrationsDir(), 'meta/_journal.json')
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { entries: JournalEntry[] }).entries
}

/** The newest migration this code knows. */
export function codeMigrationLevel(): MigrationLevel {
  const entries = journal()
  const last = entries[entries.length - 1]
  if (!last) throw new Error('no migrations in the journal')
  return { tag: last.tag, when: last.when, count: entries.length }
}

/** The migration level of a database (drizzle's table), or undefined when it has none. */
export async function databaseMigrationLevel(sql: Sql): Promise<MigrationLevel | undefined> {
  const [exists] = await sql.query<{ found: boolean }>(
    "select to_regclass('drizzle.__drizzle_migrations') is not null as found",
  )
  if (!exists?.found) return undefined
  const rows = await sql.query<{ created_at: string | number; count: string | number }>(
    'select max(created_at) as created_at, count(*) as count from drizzle.__drizzle_migrations',
  )
  const when = Number(rows[0]?.created_at)
  if (!Number.isFinite(when) || when === 0) return undefined
  const entry = journal().find((e) => e.when === when)
  // A level this code does not know (a newer release made it): named by its time only.
  return { tag: entry?.tag ?? `unknown-${when}`, when, count: Number(rows[0]?.count) }
}

/** Tables of the `public` schema, parents before the tables that refer to them. */
export async function publicTables(sql: Sql): Promise<string[]> {
  const tables = (
    await sql.query<{ name: string }>(
      "select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition order by c.relname",
    )
  ).map((r) => r.name)
  const references = await sql.query<{ child: string; parent: string }>(
    "select c.relname as child, p.relname as parent from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid join pg_namespace n on n.oid = c.relnamespace where k.contype = 'f' and n.nspname = 'public' and c.oid <> p.oid",
  )
  const ordered: string[] = []
  const placed = new Set<string>()
  const visiting = new Set<string>()
  const visit = (table: string) => {
    if (placed.has(table) || visiting.has(table)) return
    visiting.add(table)
    for (const ref of references) if (ref.child === table) visit(ref.parent)
    visiting.delete(table)
    placed.add(table)
    ordered.push(table)
  }
  for (const table of tables) visit(table)
  return ordered
}

export type DumpPart = { name: string; rows: number }

export type DumpSummary = {
  migration: MigrationLevel
  tables: DumpPart[]
  pgBossJobs: number
}

/** Rows read per round trip: a page of JSON lines, PDFs included, kept well under the memory budget. */
const FETCH_ROWS = 200

/**
 * Writes the database into `dir`: `tables/<table>.jsonl`, `sequences.json`, `pgboss-queues.json`,
 * `pgboss-jobs.jsonl`. One snapshot for all of them.
 */
export async function dumpDatabase(database: Database, dir: string): Promise<DumpSummary> {
  fs.mkdirSync(path.join(dir, 'tables'), { recursive: true })
  return inTransaction(database, 'snapshot', async (sql) => {
    const migration = await databaseMigrationLevel(sql)
    if (!migration) throw new Error('the database has no migrations applied: nothing to back up')
    const tables: DumpPart[] = []
    for (const table of await publicTables(sql)) {
      const rows = await copyRows(
        sql,
        `select row_to_json(t)::text as j from public.${quoteIdent(table)} t`,
        path.join(dir, 'tables', `${table}.jsonl`),
      )
      tables.push({ name: table, rows })
    }
    const sequences = await sql.query<{ name: string; value: string | null }>(
      "select sequencename as name, last_value::text as value from pg_sequences where schemaname = 'public' order by 1",
    )
    fs.writeFileSync(path.join(dir, 'sequences.json'), `${JSON.stringify(sequences)}\n`)
    let pgBossJobs = 0
    const [boss] = await sql.query<{ found: boolean }>("select to_regclass('pgboss.job') is not null as found")
    if (boss?.found) {
      const queues = await sql.query<{ j: string }>(
        'select row_to_json(q)::text as j from pgboss.queue q order by q.name',
      )
      fs.writeFileSync(path.join(dir, 'pgboss-queues.json'), `[${queues.map((q) => q.j).join(',\n')}]\n`)
      pgBossJobs = await copyRows(
        sql,
        'select row_to_json(j)::text as j from pgboss.job j',
        path.join(dir, 'pgboss-jobs.jsonl'),
      )
    } else {
      fs.writeFileSync(path.join(dir, 'pgboss-queues.json'), '[]\n')
      fs.writeFileSync(path.join(dir, 'pgboss-jobs.jsonl'), '')
    }
    return { migration, tables, pgBossJobs }
  })
}

/** Streams a query's single text column into a file, a line per row, through a cursor. */
async function copyRows(sql: Sql, query: string, file: string): Promise<number> {
  const fd = fs.openSync(file, 'w')
  let count = 0
  try {
    await sql.query(`declare backup_rows no scroll cursor for ${query}`)
    for (;;) {
      const rows = await sql.query<{ j: string }>(`fetch forward ${FETCH_ROWS} from backup_rows`)
      if (rows.length === 0) break
      fs.writeSync(fd, `${rows.map((r) => r.j).join('\n')}\n`)
      count += rows.length
    }
    await sql.query('close backup_rows')
  } finally {
    fs.closeSync(fd)
  }
  return count
}

/** The statements of every migration up to `level`, the way drizzle's migrator records them. */
function migrationsUpTo(level: MigrationLevel) {
  return readMigrationFiles({ migrationsFolder: migrationsDir() }).filter((m) => m.folderMillis <= level.when)
}

/**
 * Loads a dump written by dumpDatabase into an empty database: its migrations up to the dump's level
 * (later ones are applied by the server's boot, as for any upgrade), every table's rows, the
 * sequences; all in one transaction, so a failure leaves the database as it was. The user triggers
 * (append-only records, a new client's organisation) are held for the load: the rows are copies,
 * not new events. Foreign keys stay checked.
 */
export async function loadDatabase(
  database: Pick<Database, 'pglite' | 'pool'>,
  dir: string,
  level: MigrationLevel,
  options: { replace?: boolean } = {},
): Promise<{ rows: number }> {
  let total = 0
  await inTransaction(database, 'write', async (sql) => {
    if (options.replace) {
      // What was there goes in the same transaction: a failed load leaves it as it was.
      await sql.query('drop schema if exists drizzle cascade')
      await sql.query('drop schema if exists pgboss cascade')
      await sql.query('drop schema public cascade')
      await sql.query('create schema public')
    }
    await sql.query('create schema if not exists drizzle')
    await sql.query(
      'create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)',
    )
    for (const migration of migrationsUpTo(level)) {
      for (const statement of migration.sql) if (statement.trim()) await sql.query(statement)
      await sql.query('insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)', [
        migration.hash,
        migration.folderMillis,
      ])
    }
    const tables = await publicTables(sql)
    // What the migrations inserted themselves is in the dump as well.
    if (tables.length > 0) await sql.query(`truncate ${tables.map((t) => `public.${quoteIdent(t)}`).join(', ')}`)
    for (const table of tables) await sql.query(`alter table public.${quoteIdent(table)} disable trigger user`)
    for (const table of tables) {
      const file = path.join(dir, 'tables', `${table}.jsonl`)
      if (!fs.existsSync(file)) continue
      total += await insertLines(sql, `public.${quoteIdent(table)}`, table, 'public', file)
    }
    for (const table of tables) await sql.query(`alter table public.${quoteIdent(table)} enable trigger user`)
    const sequences = JSON.parse(fs.readFileSync(path.join(dir, 'sequences.json'), 'utf8')) as {
      name: string
      value: string | null
    }[]
    for (const sequence of sequences) {
      if (sequence.value === null) continue
      await sql.query('select setval($1::regclass, $2::bigint, true)', [
        `public.${quoteIdent(sequence.name)}`,
        sequence.value,
      ])
    }
  })
  return { rows: total }
}

/**
 * Loads pg-boss's queues and jobs (the mail outbox, reminders waiting) into a database whose pg-boss
 * schema exists (startPgBoss made it): each queue as pg-boss creates it, then its jobs.
 */
export async function loadPgBoss(database: Pick<Database, 'pglite' | 'pool'>, dir: string): Promise<{ jobs: number }> {
  const queues = JSON.parse(fs.readFileSync(path.join(dir, 'pgboss-queues.json'), 'utf8')) as Record<string, unknown>[]
  let jobs = 0
  await inTransaction(database, 'write', async (sql) => {
    // A queue's dead letter queue first: it refers to it.
    const ordered = [...queues].sort((a, b) => Number(Boolean(a.dead_letter)) - Number(Boolean(b.dead_letter)))
    for (const queue of ordered) {
      const options = {
        policy: queue.policy,
        retryLimit: queue.retry_limit,
        retryDelay: queue.retry_delay,
        retryBackoff: queue.retry_backoff,
        retryDelayMax: queue.retry_delay_max,
        expireInSeconds: queue.expire_seconds,
        retentionSeconds: queue.retention_seconds,
        deleteAfterSeconds: queue.deletion_seconds,
        warningQueueSize: queue.warning_queued,
        deadLetter: queue.dead_letter,
        partition: queue.partition,
        heartbeatSeconds: queue.heartbeat_seconds,
        notify: queue.notify,
      }
      await sql.query('select pgboss.create_queue($1, $2::jsonb)', [queue.name, JSON.stringify(options)])
    }
    jobs = await insertLines(sql, 'pgboss.job', 'job', 'pgboss', path.join(dir, 'pgboss-jobs.jsonl'))
  })
  return { jobs }
}

/** Bytes of JSON per insert statement: a few PDFs at most. */
const INSERT_BYTES = 4 * 1024 * 1024

async function insertLines(sql: Sql, target: string, table: string, schema: string, file: string): Promise<number> {
  // Only the columns the table has now and the dump carries; generated ones are computed again.
  const columns = (
    await sql.query<{ name: string }>(
      "select column_name as name from information_schema.columns where table_schema = $1 and table_name = $2 and is_generated = 'NEVER' order by ordinal_position",
      [schema, table],
    )
  ).map((c) => c.name)
  let batch: string[] = []
  let bytes = 0
  let count = 0
  let present: string[] | undefined
  const flush = async () => {
    if (batch.length === 0) return
    const list = (present ?? columns).map(quoteIdent).join(', ')
    await sql.query(
      `insert into ${target} (${list}) overriding system value select ${list} from json_populate_recordset(null::${target}, $1::json)`,
      [`[${batch.join(',')}]`],
    )
    count += batch.length
    batch = []
    bytes = 0
  }
  for await (const line of readLines(file)) {
    if (!line) continue
    if (!present) {
      const keys = new Set(Object.keys(JSON.parse(line) as object))
      present = columns.filter((c) => keys.has(c))
    }
    batch.push(line)
    bytes += line.length
    if (bytes >= INSERT_BYTES) await flush()
  }
  await flush()
  return count
}

async function* readLines(file: string): AsyncGenerator<string> {
  const stream = fs.createReadStream(file, { encoding: 'utf8', highWaterMark: 1024 * 1024 })
  let rest = ''
  for await (const chunk of stream) {
    const text = rest + (chunk as string)
    const lines = text.split('\n')
    rest = lines.pop() ?? ''
    yield* lines
  }
  if (rest) yield rest
}

export { pgliteSql, pgSql }
