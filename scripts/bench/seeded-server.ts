// What the billing and staff workspace benchmarks (scripts/bench/billing.ts, staff.ts) share: the
// built server on PGlite or on a throwaway database of the PostgreSQL of TEST_DATABASE_URL, seeded
// straight into its database while it is stopped, an admin signed in with two-factor, the client
// accounts both seed, and the server time of a page asked for one request at a time.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { type Database, openDatabase } from '../../server/db/client.server.ts'
import { clientOnboarding, type NewClientOnboarding } from '../../server/db/schema/index.server.ts'
import { createLogger } from '../../server/log.server.ts'
import { enrolAdmin, signInOverHttp } from '../../tests/setup/two-factor-http.ts'
import { type BuiltServer, startBuiltServer } from '../lib/server-process.mjs'
import { median, percentile } from './lib.ts'

export const benchAdmin = { email: 'bench-admin@example.com', password: 'bench-admin-password-58' }

/** The kinds of business the seeded companies are named after ("Bergen Bakery 12"); searches look for one. */
export const businessKinds = ['Bakery', 'Dental', 'Law Office', 'Realty', 'Accounting']

/** The first day of the seeded history. */
export const seedStart = Date.UTC(2026, 0, 5)

export type PageTimes = { p50: number; p95: number; p99: number; samples: number }

export type SeededServer<T> = {
  backend: 'pglite' | 'postgres'
  server: BuiltServer
  dataDir: string
  adminCookie: string
  /** Signs an account in from the benchmark's address (or `ip`); resolves with its cookie. */
  signIn(account: { email: string; password: string }, ip?: string): Promise<string>
  /** What the seed returned. */
  seeded: T
  /** The server time of `pathWithQuery` over `count` requests (after as many unmeasured ones, at most 20). */
  measure(pathWithQuery: string, cookie: string, count: number): Promise<PageTimes>
  /** The server time of each of `count` requests, none unmeasured. */
  serverTimes(pathWithQuery: string, cookie: string, count: number): Promise<number[]>
}

export type SeededServerOptions<T> = {
  /** Names the temporary folder, the database and the server's output ("staff": ramapo-bench-staff-…). */
  name: string
  /** Sends every request from this address (each benchmark its own, for the rate limits). */
  ip: string
  /** More of the server's environment. */
  env?: Record<string, string>
  /** Fills the database; the server is stopped meanwhile. */
  seed(database: Database): Promise<T>
}

/**
 * Boots the built server once (migrations, the admin, who enrols in two-factor sign-in), stops it,
 * seeds its database, boots it again, signs the admin in and hands it to `run`. Everything is
 * removed afterwards: the server, its folder and, on PostgreSQL, its database.
 */
export async function withSeededServer<T, R>(
  options: SeededServerOptions<T>,
  run: (seeded: SeededServer<T>) => Promise<R>,
): Promise<R> {
  const adminUrl = process.env.TEST_DATABASE_URL
  const withAdmin = async <V>(task: (client: pg.Client) => Promise<V>): Promise<V> => {
    const client = new pg.Client({ connectionString: adminUrl })
    await client.connect()
    try {
      return await task(client)
    } finally {
      await client.end()
    }
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `ramapo-bench-${options.name}-`))
  let databaseUrl: string | undefined
  let databaseName: string | undefined
  if (adminUrl) {
    databaseName = `bench_${options.name}_${Date.now().toString(36)}`
    await withAdmin((c) => c.query(`create database "${databaseName}"`))
    const url = new URL(adminUrl)
    url.pathname = `/${databaseName}`
    databaseUrl = url.toString()
  }
  const env: Record<string, string> = {
    ADMIN_EMAIL: benchAdmin.email,
    ADMIN_PASSWORD: benchAdmin.password,
    // The request lines carry each request's server time.
    LOG_LEVEL: 'info',
    TRUST_PROXY: 'true',
    ...options.env,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  }
  const label = `bench-${options.name}`
  let server: BuiltServer | undefined
  try {
    server = await startBuiltServer({ dataDir, env, label })
    const totpSecret = await enrolAdmin({ baseURL: server.url, origin: server.url }, benchAdmin)
    await server.stop()
    server = undefined

    const database = await openDatabase({ databaseUrl, dataDir, log: createLogger('warn') })
    let seeded: T
    try {
      seeded = await options.seed(database)
      // PostgreSQL's autovacuum would gather the statistics soon after such a load; PGlite runs
      // none, so its planner works without them, as it does on a site.
      if (database.kind === 'postgres') await database.pool?.query('analyze')
    } finally {
      await database.close()
    }

    server = await startBuiltServer({ dataDir, env, label })
    const running = server
    const http = { baseURL: running.url, origin: running.url }
    const adminCookie = await signInOverHttp(http, { ...benchAdmin, totpSecret }, options.ip)
    const serverTimes = (pathWithQuery: string, cookie: string, count: number) =>
      measureServerTimes(running, options.ip, pathWithQuery, cookie, count, 0)
    return await run({
      backend: adminUrl ? 'postgres' : 'pglite',
      server: running,
      dataDir,
      adminCookie,
      signIn: (account, ip) => signInOverHttp(http, account, ip ?? options.ip),
      seeded,
      serverTimes,
      measure: async (pathWithQuery, cookie, count) =>
        summary(await measureServerTimes(running, options.ip, pathWithQuery, cookie, count, Math.min(20, count))),
    })
  } finally {
    await server?.stop()
    fs.rmSync(dataDir, { recursive: true, force: true })
    if (databaseName) await withAdmin((c) => c.query(`drop database if exists "${databaseName}" with (force)`))
  }
}

export function summary(times: number[]): PageTimes {
  return {
    p50: median(times),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    samples: times.length,
  }
}

/**
 * Asks for `pathWithQuery` `count` times, one after another (after `warmup` unmeasured ones), and
 * returns the server time of each, read from the server's own request lines.
 */
async function measureServerTimes(
  running: BuiltServer,
  ip: string,
  pathWithQuery: string,
  cookie: string,
  count: number,
  warmup: number,
): Promise<number[]> {
  const pathname = pathWithQuery.split('?')[0] ?? pathWithQuery
  for (let i = 0; i < warmup; i++) await fetchOk(running, ip, pathWithQuery, cookie)
  const requestIds: string[] = []
  for (let i = 0; i < count; i++) requestIds.push(await fetchOk(running, ip, pathWithQuery, cookie))
  // The request line is written as the answer goes out: give the last one a moment.
  await new Promise((r) => setTimeout(r, 200))
  const wanted = new Set(requestIds)
  const times: number[] = []
  for (const line of running.output().split('\n')) {
    if (!line.includes('"msg":"request"') || !line.includes(pathname)) continue
    const entry = JSON.parse(line) as { requestId?: string; ms?: number }
    if (entry.requestId && wanted.has(entry.requestId) && typeof entry.ms === 'number') times.push(entry.ms)
  }
  if (times.length !== count) throw new Error(`${pathWithQuery}: ${times.length} of ${count} request lines found`)
  return times
}

async function fetchOk(running: BuiltServer, ip: string, pathWithQuery: string, cookie: string): Promise<string> {
  const response = await fetch(`${running.url}${pathWithQuery}`, {
    headers: { cookie, 'x-forwarded-for': ip },
    redirect: 'manual',
  })
  await response.arrayBuffer()
  if (response.status !== 200) throw new Error(`${pathWithQuery} answered ${response.status}`)
  return response.headers.get('x-request-id') ?? ''
}

export type SeededAccount = { id: string; email: string; createdAt: Date }

/** The business that issues the seeded billing documents (the demo install's own details). */
export const benchIssuer = {
  name: 'Ramapo IT Services',
  legalName: 'Ramapo IT Services LLC',
  street: '25 Lafayette Avenue, Suite 2',
  town: 'Suffern',
  state: 'NY',
  postalCode: '10901',
  phone: '(845) 555-0142',
  email: 'hello@ramapo-it.example',
}

/**
 * `count` accounts, 500 to a statement: `<prefix>-<i>@example.com`, "<Name> <i>" of "Bergen <kind>
 * <i>", approved clients unless `each` says otherwise. Returned in order, with their ids.
 */
export async function seedAccounts(
  database: Database,
  count: number,
  names: { prefix: string; name: string },
  each: (i: number) => Partial<NewClientOnboarding> = () => ({}),
): Promise<SeededAccount[]> {
  const accounts: SeededAccount[] = []
  for (let at = 0; at < count; at += 500) {
    const rows = Array.from({ length: Math.min(500, count - at) }, (_, j) => {
      const i = at + j
      return {
        email: `${names.prefix}-${i}@example.com`,
        fullName: `${names.name} ${i}`,
        companyName: `Bergen ${businessKinds[i % businessKinds.length]} ${i}`,
        role: 'client' as const,
        status: 'approved' as const,
        ...each(i),
      }
    })
    accounts.push(
      ...(await database.db.insert(clientOnboarding).values(rows).returning({
        id: clientOnboarding.id,
        email: clientOnboarding.email,
        createdAt: clientOnboarding.createdAt,
      })),
    )
  }
  return accounts
}
