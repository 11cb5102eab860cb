// The staff workspace under load: the built server with 10,000 consultation requests, 2,000
// accounts and their audit entries seeded, on PGlite or on the PostgreSQL of TEST_DATABASE_URL
// (`npm run bench` runs both; this file runs one), seeded as billing.ts is (seeded-server.ts):
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
import { parseArgs } from 'node:util'
import type { Database } from '../../server/db/client.server.ts'
import { auditLog, bookings } from '../../server/db/schema/index.server.ts'
import { benchAdmin, businessKinds, seedAccounts, seedStart, withSeededServer } from './seeded-server.ts'

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

const result = await withSeededServer(
  { name: 'staff', ip: '10.254.2.1', env: { SEED_DEMO: 'false' }, seed },
  async ({ backend, adminCookie, seeded: auditEntries, measure }): Promise<StaffResult> => {
    const deepPage = Math.max(1, Math.floor(requestCount / 25 / 2))
    const pages: StaffTarget[] = []
    for (const target of [
      { label: 'requests (first page)', path: '/employee/requests' },
      { label: 'requests, new consultations', path: '/employee/requests?status=new&kind=consultation' },
      { label: 'requests, searched', path: '/employee/requests?q=bakery' },
      {
        label: 'requests, a month, by name',
        path: '/employee/requests?from=2026-02-01&to=2026-02-28&sort=name&dir=asc',
      },
      { label: `requests, page ${deepPage}`, path: `/employee/requests?page=${deepPage}` },
      { label: 'accounts (first page)', path: '/admin/accounts' },
      { label: 'accounts, searched', path: '/admin/accounts?q=dental' },
      { label: 'accounts, approved clients', path: '/admin/accounts?role=client&state=approved' },
      { label: 'audit log (first page)', path: '/admin/audit' },
      { label: 'audit log, one action', path: '/admin/audit?action=request.status' },
      { label: 'audit log, one actor and a month', path: '/admin/audit?actor=desk-3&from=2026-02-01&to=2026-02-28' },
    ]) {
      pages.push({ label: target.label, path: target.path, ...(await measure(target.path, adminCookie, samples)) })
    }
    return { backend, requests: requestCount, accounts: accountCount, auditEntries, pages }
  },
)
console.log(JSON.stringify(result, null, 2))
if (args.out) fs.writeFileSync(args.out, JSON.stringify(result, null, 2))

/** The requests, accounts and audit entries, straight into the database (the server is stopped). */
async function seed(database: Database): Promise<number> {
  const db = database.db
  const services = ['Managed IT Services', 'Cybersecurity', 'Network Infrastructure', 'Cloud Solutions']
  const statuses = ['new', 'contacted', 'scheduled', 'completed', 'not_a_fit', 'spam'] as const
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
        company: `Rockland ${businessKinds[i % businessKinds.length]} ${i}`,
        services: consultation ? [services[i % services.length] ?? 'Cybersecurity'] : [],
        plan: consultation && i % 3 === 0 ? 'Basic Support ($40/user/mo)' : null,
        message: `Message ${i}`,
        source: 'http://localhost/book',
        receivedAt: new Date(seedStart + i * 9 * 60_000),
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
  const accounts = await seedAccounts(database, accountCount, { prefix: 'bench-account', name: 'Account' }, (i) => ({
    phone: '(201) 555-0100',
    role: i % 50 === 0 ? 'employee' : 'client',
    status: (['approved', 'approved', 'pending', 'pending_verification', 'rejected'] as const)[i % 5] ?? 'approved',
    createdAt: new Date(seedStart + i * 3_600_000),
  }))
  for (let at = 0; at < accounts.length; at += 500) {
    await db.insert(auditLog).values(
      accounts.slice(at, at + 500).map((account) => ({
        actorUserId: staff[0]?.userId ?? 'x',
        actorEmail: benchAdmin.email,
        action: 'account.approve',
        subjectId: account.id,
        at: new Date(account.createdAt.getTime() + 60_000),
        details: { email: account.email },
      })),
    )
  }
  return audit + accounts.length
}
