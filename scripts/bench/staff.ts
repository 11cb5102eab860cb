// The staff workspace under load: the built server with 10,000 consultation requests, 2,000
// accounts and their audit entries seeded, on PGlite or on the PostgreSQL of TEST_DATABASE_URL
// (`npm run bench` runs both; this file runs one), in the manner of scripts/bench/billing.ts:
//
//   node scripts/bench/staff.ts --out result.json [--requests 10000] [--accounts 2000] [--samples 200]
//   node scripts/with-postgres.mjs node scripts/bench/staff.ts --out result.json
//
// 1. Boots the server once (migrations, the admin, who enrols in two-factor sign-in), stops it, and
//    seeds the requests, the accounts and an audit entry per request and account straight into its
//    database.
// 2. Boots it again and asks, one request at a time, for the requests list (plain, filtered,
//    searched, a deep page), the accounts list (plain, searched) and the audit log (plain,
//    filtered). Server time is what the server logs for each request (`ms` of its request line).
import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import pg from 'pg'
import { openDatabase } from '../../server/db/client.server.ts'
import { auditLog, bookings, clientOnboarding } from '../../server/db/schema/index.server.ts'
import { createLogger } from '../../server/log.server.ts'
import { enrolAdmin, signInOverHttp } from '../../tests/setup/two-factor-http.ts'
import { type BuiltServer, startBuiltServer } from '../lib/server-process.mjs'
import { median, percentile } from './lib.ts'

export type StaffTarget = { label: string; path: string; p50: number; p95: number; p99: number; samples: number }
export type StaffResult = {
  backend: 'pglite' | 'postgres'
  requests: number
  accounts: number
  auditEntries: number
  pages: StaffTarget[]
}

const { values: args } = parseArgs({
  options: {
    out: { type: 'string' },
    requests: { type: 'string', default: '10000' },
    accounts: { type: 'string', default: '2000' },
    samples: { type: 'string', default: '200' },
  },
})
const requestCount = Math.max(100, Number(args.requests) || 10_000)
const accountCount = Math.max(50, Number(args.accounts) || 2000)
const samples = Math.max(5, Number(args.samples) || 200)
const adminUrl = process.env.TEST_DATABASE_URL
const backend = adminUrl ? 'postgres' : 'pglite'
const admin = { email: 'bench-admin@example.com', password: 'bench-admin-password-58' }
const ip = '10.254.2.1'

async function withAdmin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  try {
    return await run(client)
  } finally {
    await client.end()
  }
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ramapo-bench-staff-'))
let databaseUrl: string | undefined
let databaseName: string | undefined
if (adminUrl) {
  databaseName = `bench_staff_${Date.now().toString(36)}`
  await withAdmin((c) => c.query(`create database "${databaseName}"`))
  const url = new URL(adminUrl)
  url.pathname = `/${databaseName}`
  databaseUrl = url.toString()
}
const env: Record<string, string> = {
  ADMIN_EMAIL: admin.email,
  ADMIN_PASSWORD: admin.password,
  LOG_LEVEL: 'info',
  TRUST_PROXY: 'true',
  SEED_DEMO: 'false',
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
}

let server: BuiltServer | undefined
try {
  server = await startBuiltServer({ dataDir, env, label: 'bench-staff' })
  const totpSecret = await enrolAdmin({ baseURL: server.url, origin: server.url }, admin)
  await server.stop()
  server = undefined

  const auditEntries = await seed()

  server = await startBuiltServer({ dataDir, env, label: 'bench-staff' })
  const running = server
  const http = { baseURL: running.url, origin: running.url }
  const adminCookie = await signInOverHttp(http, { ...admin, totpSecret }, ip)
  const deepPage = Math.max(1, Math.floor(requestCount / 25 / 2))

  const pages: StaffTarget[] = []
  for (const target of [
    { label: 'requests (first page)', path: '/employee/requests' },
    { label: 'requests, new consultations', path: '/employee/requests?status=new&kind=consultation' },
    { label: 'requests, searched', path: '/employee/requests?q=bakery' },
    { label: 'requests, a month, by name', path: '/employee/requests?from=2026-02-01&to=2026-02-28&sort=name&dir=asc' },
    { label: `requests, page ${deepPage}`, path: `/employee/requests?page=${deepPage}` },
    { label: 'accounts (first page)', path: '/admin/accounts' },
    { label: 'accounts, searched', path: '/admin/accounts?q=dental' },
    { label: 'accounts, approved clients', path: '/admin/accounts?role=client&state=approved' },
    { label: 'audit log (first page)', path: '/admin/audit' },
    { label: 'audit log, one action', path: '/admin/audit?action=request.status' },
    { label: 'audit log, one actor and a month', path: '/admin/audit?actor=desk-3&from=2026-02-01&to=2026-02-28' },
  ]) {
    const times = await serverTimes(running, target.path, adminCookie, samples, Math.min(20, samples))
    pages.push({ label: target.label, path: target.path, ...summary(times) })
  }

  const result: StaffResult = { backend, requests: requestCount, accounts: accountCount, auditEntries, pages }
  console.log(JSON.stringify(result, null, 2))
  if (args.out) fs.writeFileSync(args.out, JSON.stringify(result, null, 2))
} finally {
  await server?.stop()
  fs.rmSync(dataDir, { recursive: true, force: true })
  if (databaseName) await withAdmin((c) => c.query(`drop database if exists "${databaseName}" with (force)`))
}

function summary(times: number[]) {
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
async function serverTimes(running: BuiltServer, pathWithQuery: string, cookie: string, count: number, warmup: number) {
  const pathname = pathWithQuery.split('?')[0] ?? pathWithQuery
  for (let i = 0; i < warmup; i++) await fetchOk(running, pathWithQuery, cookie)
  const requestIds: string[] = []
  for (let i = 0; i < count; i++) requestIds.push(await fetchOk(running, pathWithQuery, cookie))
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

async function fetchOk(running: BuiltServer, pathWithQuery: string, cookie: string): Promise<string> {
  const response = await fetch(`${running.url}${pathWithQuery}`, {
    headers: { cookie, 'x-forwarded-for': ip },
    redirect: 'manual',
  })
  await response.arrayBuffer()
  if (response.status !== 200) throw new Error(`${pathWithQuery} answered ${response.status}`)
  return response.headers.get('x-request-id') ?? ''
}

/** The requests, accounts and audit entries, straight into the database (the server is stopped). */
async function seed(): Promise<number> {
  const database = await openDatabase({ databaseUrl, dataDir, log: createLogger('warn') })
  try {
    const db = database.db
    const names = ['Bakery', 'Dental', 'Law Office', 'Realty', 'Accounting']
    const services = ['Managed IT Services', 'Cybersecurity', 'Network Infrastructure', 'Cloud Solutions']
    const statuses = ['new', 'contacted', 'scheduled', 'completed', 'not_a_fit', 'spam'] as const
    const start = Date.UTC(2026, 0, 5)
    const staff = Array.from({ length: 10 }, (_, i) => ({ userId: randomUUID(), email: `desk-${i}@example.com` }))
    let audit = 0
    for (let at = 0; at < requestCount; at += 500) {
      const rows = Array.from({ length: Math.min(500, requestCount - at) }, (_, j) => {
        const i = at + j
        const id = randomUUID()
        const consultation = i % 4 !== 0
        return {
          id,
          formType: consultation ? 'consultation' : 'contact',
          status: statuses[i % 7 === 0 ? 0 : i % statuses.length] ?? 'new',
          name: `Person ${i}`,
          firstName: `Person`,
          lastName: `${i}`,
          email: `person-${i}@example.com`,
          phone: '(845) 555-0100',
          company: `Rockland ${names[i % names.length]} ${i}`,
          services: consultation ? [services[i % services.length] ?? 'Cybersecurity'] : [],
          plan: consultation && i % 3 === 0 ? 'Basic Support ($40/user/mo)' : null,
          message: `Message ${i}`,
          source: 'http://localhost/book',
          receivedAt: new Date(start + i * 9 * 60_000),
          ipHash: 'bench',
          payloadHash: id,
          assigneeUserId: i % 2 === 0 ? (staff[i % staff.length]?.userId ?? null) : null,
          assigneeEmail: i % 2 === 0 ? (staff[i % staff.length]?.email ?? null) : null,
        }
      })
      await db.insert(bookings).values(rows)
      await db.insert(auditLog).values(
        rows.map((row, j) => {
          const actor = staff[(at + j) % staff.length] ?? { userId: 'x', email: 'x@example.com' }
          return {
            actorUserId: actor.userId,
            actorEmail: actor.email,
            action: 'request.status',
            subjectId: row.id,
            at: new Date(row.receivedAt.getTime() + 3_600_000),
            details: { from: 'new', to: row.status },
            before: { status: 'new' },
            after: { status: row.status },
          }
        }),
      )
      audit += rows.length
    }
    for (let at = 0; at < accountCount; at += 500) {
      const rows = Array.from({ length: Math.min(500, accountCount - at) }, (_, j) => {
        const i = at + j
        return {
          email: `bench-account-${i}@example.com`,
          fullName: `Account ${i}`,
          companyName: `Bergen ${names[i % names.length]} ${i}`,
          phone: '(201) 555-0100',
          role: i % 50 === 0 ? ('employee' as const) : ('client' as const),
          status:
            (['approved', 'approved', 'pending', 'pending_verification', 'rejected'] as const)[i % 5] ?? 'approved',
          createdAt: new Date(start + i * 3_600_000),
        }
      })
      const inserted = await db.insert(clientOnboarding).values(rows).returning({ id: clientOnboarding.id })
      await db.insert(auditLog).values(
        inserted.map((row, j) => ({
          actorUserId: staff[0]?.userId ?? 'x',
          actorEmail: admin.email,
          action: 'account.approve',
          subjectId: row.id,
          at: new Date(start + (at + j) * 3_600_000 + 60_000),
          details: { email: rows[j]?.email ?? '' },
        })),
      )
      audit += inserted.length
    }
    if (database.kind === 'postgres') await database.pool?.query('analyze')
    return audit
  } finally {
    await database.close()
  }
}
