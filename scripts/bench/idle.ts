// What a server does while nobody asks anything: the built server on PGlite, or on the PostgreSQL of
// TEST_DATABASE_URL, left alone after boot (the demo data seeded, `--settle` seconds), then watched for
// `--seconds`. Reports the server's CPU (ms a second), on PostgreSQL the transactions the database
// committed and the connections the server held, and the server's RSS at the end.
// Its timers (the scheduled jobs' pollers, the outbox's worker) are all that runs: docs/perf/idle.md,
// ADR 037.
//
//   node scripts/bench/idle.ts [--settle 30] [--seconds 60]
//   node scripts/with-postgres.mjs node scripts/bench/idle.ts
import { parseArgs } from 'node:util'
import pg from 'pg'
import { startBuiltServer } from '../lib/server-process.mjs'
import { rssMiB, treeCpuMs } from './lib.ts'

const { values: args } = parseArgs({
  options: { settle: { type: 'string', default: '30' }, seconds: { type: 'string', default: '60' } },
})
const settleSeconds = Math.max(0, Number(args.settle) || 30)
const seconds = Math.max(1, Number(args.seconds) || 60)
const url = process.env.TEST_DATABASE_URL || undefined

const admin = url ? new pg.Client({ connectionString: url }) : undefined
await admin?.connect()
/** Transactions committed or rolled back in the database so far (PostgreSQL's own statistics). */
async function transactions(): Promise<number> {
  if (!admin) return 0
  const { rows } = await admin.query<{ n: number }>(
    'select (xact_commit + xact_rollback)::int as n from pg_stat_database where datname = current_database()',
  )
  return rows[0]?.n ?? 0
}
async function connections(): Promise<number> {
  if (!admin) return 0
  const { rows } = await admin.query<{ n: number }>(
    'select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
  )
  return rows[0]?.n ?? 0
}

const server = await startBuiltServer({ env: url ? { DATABASE_URL: url } : {}, label: 'idle' })
try {
  await new Promise((resolve) => setTimeout(resolve, settleSeconds * 1000))
  const before = { cpu: treeCpuMs(server.pid) ?? 0, tx: await transactions() }
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000))
  const after = { cpu: treeCpuMs(server.pid) ?? 0, tx: await transactions() }
  const perSecond = (ms: number) => Math.round((ms / seconds) * 10) / 10
  const parts = [
    `idle ${url ? 'postgres' : 'pglite'}, ${seconds} s after ${settleSeconds} s: server CPU ${perSecond(after.cpu - before.cpu)} ms/s`,
    ...(url
      ? [
          // The reading of the statistics is a transaction of its own.
          `${Math.round(((after.tx - before.tx - 1) * 60) / seconds)} transactions a minute`,
          `${await connections()} connections`,
        ]
      : []),
    `RSS ${server.pid ? rssMiB(server.pid) : null} MiB`,
  ]
  process.stdout.write(`${parts.join(', ')}\n`)
} finally {
  await server.stop()
  await admin?.end()
}
