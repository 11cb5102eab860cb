// Billing under load: the built server with 10,000 billing documents seeded, on PGlite or on the
// PostgreSQL of TEST_DATABASE_URL (`npm run bench` runs both; this file runs one):
//
//   node scripts/bench/billing.ts --out result.json [--documents 10000] [--requests 200] [--pdfs 1000]
//   node scripts/with-postgres.mjs node scripts/bench/billing.ts --out result.json
//
// 1. Boots the server once (migrations, the demo client, the admin, who enrols in two-factor sign-in),
//    stops it, and seeds the documents straight into its database: the demo client gets a fifth of
//    them (a heavy client), a hundred other clients the rest, plus one 50-line invoice.
// 2. Boots it again and asks, one request at a time, for the client's /billing/invoices and the
//    staff's /admin/billing (plain, filtered, searched). Server time is what the server itself logs
//    for each request (`ms` of its request line), which excludes the HTTP client.
// 3. Downloads the 50-line invoice's PDF `--pdfs` times: server time per PDF, and the server's RSS
//    before and after (after a warm-up of as many PDFs, with the same pause before each reading).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { eq } from 'drizzle-orm'
import pg from 'pg'
import { documentTotals } from '../../app/features/billing/money.ts'
import type { StoredStatus } from '../../app/features/billing/states.ts'
import { openDatabase } from '../../server/db/client.server.ts'
import {
  billingDocumentLines,
  billingDocuments,
  billingNumberCounters,
  clientOnboarding,
} from '../../server/db/schema/index.server.ts'
import { createLogger } from '../../server/log.server.ts'
import { enrolAdmin, signInOverHttp } from '../../tests/setup/two-factor-http.ts'
import { type BuiltServer, startBuiltServer } from '../lib/server-process.mjs'
import { median, percentile, rssMiB } from './lib.ts'

export type BillingTarget = { label: string; path: string; p50: number; p95: number; p99: number; samples: number }
export type BillingResult = {
  backend: 'pglite' | 'postgres'
  documents: number
  pages: BillingTarget[]
  pdf: {
    lines: number
    generations: number
    p50: number
    p95: number
    /** RSS before the warm-up (as many PDFs as measured), before and after the measured ones. */
    rssStartMiB: number
    rssBeforeMiB: number
    rssAfterMiB: number
  }
}

const { values: args } = parseArgs({
  options: {
    out: { type: 'string' },
    documents: { type: 'string', default: '10000' },
    requests: { type: 'string', default: '200' },
    pdfs: { type: 'string', default: '1000' },
  },
})
const documentCount = Math.max(100, Number(args.documents) || 10_000)
const requests = Math.max(5, Number(args.requests) || 200)
const pdfs = Math.max(5, Number(args.pdfs) || 1000)
const adminUrl = process.env.TEST_DATABASE_URL
const backend = adminUrl ? 'postgres' : 'pglite'
const admin = { email: 'bench-admin@example.com', password: 'bench-admin-password-58' }
const demoEmail = 'carla@harbor-dental.example'
const ip = '10.254.1.1'

async function withAdmin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  try {
    return await run(client)
  } finally {
    await client.end()
  }
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ramapo-bench-billing-'))
let databaseUrl: string | undefined
let databaseName: string | undefined
if (adminUrl) {
  databaseName = `bench_billing_${Date.now().toString(36)}`
  await withAdmin((c) => c.query(`create database "${databaseName}"`))
  const url = new URL(adminUrl)
  url.pathname = `/${databaseName}`
  databaseUrl = url.toString()
}
const env: Record<string, string> = {
  ADMIN_EMAIL: admin.email,
  ADMIN_PASSWORD: admin.password,
  // The request lines carry each request's server time.
  LOG_LEVEL: 'info',
  TRUST_PROXY: 'true',
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
}

let server: BuiltServer | undefined
try {
  server = await startBuiltServer({ dataDir, env, label: 'bench-billing' })
  const totpSecret = await enrolAdmin({ baseURL: server.url, origin: server.url }, admin)
  await server.stop()
  server = undefined

  const fiftyLineId = await seed()

  server = await startBuiltServer({ dataDir, env, label: 'bench-billing' })
  const running = server
  const http = { baseURL: running.url, origin: running.url }
  const adminCookie = await signInOverHttp(http, { ...admin, totpSecret }, ip)
  const secrets = JSON.parse(fs.readFileSync(path.join(dataDir, 'secrets.json'), 'utf8')) as {
    demoClientPassword: string
  }
  const clientCookie = await signInOverHttp(http, { email: demoEmail, password: secrets.demoClientPassword }, ip)

  const pages: BillingTarget[] = []
  for (const target of [
    { label: "client's invoices (first page)", path: '/billing/invoices', cookie: clientCookie },
    { label: "client's overdue invoices", path: '/billing/invoices?status=overdue', cookie: clientCookie },
    { label: 'staff list (first page)', path: '/admin/billing', cookie: adminCookie },
    {
      label: 'staff list, invoices sent, page 5',
      path: '/admin/billing?kind=invoice&status=sent&page=5',
      cookie: adminCookie,
    },
    { label: 'staff search by company', path: '/admin/billing?q=bakery', cookie: adminCookie },
  ]) {
    const times = await serverTimes(running, target.path, target.cookie, requests, Math.min(20, requests))
    pages.push({ label: target.label, path: target.path, ...summary(times) })
  }

  const pdfPath = `/billing/invoices/${fiftyLineId}/pdf`
  // Warm-up: as many PDFs as are measured. Meanwhile V8 grows its heap to what this work needs (the
  // heap in use after a collection stays flat, server/billing/pdf/render.server.ts); the growth of
  // the warm-up is reported beside the growth over the measured generations.
  await new Promise((r) => setTimeout(r, 1000))
  const rssStartMiB = rssMiB(running.pid) ?? 0
  await serverTimes(running, pdfPath, clientCookie, pdfs, 0)
  await new Promise((r) => setTimeout(r, 1000))
  const rssBeforeMiB = rssMiB(running.pid) ?? 0
  const pdfTimes = await serverTimes(running, pdfPath, clientCookie, pdfs, 0)
  await new Promise((r) => setTimeout(r, 1000))
  const rssAfterMiB = rssMiB(running.pid) ?? 0
  const pdfSummary = summary(pdfTimes)

  const result: BillingResult = {
    backend,
    documents: documentCount,
    pages,
    pdf: {
      lines: 50,
      generations: pdfs,
      p50: pdfSummary.p50,
      p95: pdfSummary.p95,
      rssStartMiB,
      rssBeforeMiB,
      rssAfterMiB,
    },
  }
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

/**
 * `documentCount` documents of every kind and a hundred clients, straight into the database
 * (the server is stopped); returns the id of the 50-line invoice of the demo client.
 */
async function seed(): Promise<string> {
  const database = await openDatabase({ databaseUrl, dataDir, log: createLogger('warn') })
  try {
    const db = database.db
    const [demo] = await db.select().from(clientOnboarding).where(eq(clientOnboarding.email, demoEmail))
    if (!demo) throw new Error('the demo client was not seeded')
    const names = ['Bakery', 'Dental', 'Law Office', 'Realty', 'Accounting']
    const others = await db
      .insert(clientOnboarding)
      .values(
        Array.from({ length: 100 }, (_, i) => ({
          email: `bench-client-${i}@example.com`,
          fullName: `Client ${i}`,
          companyName: `Bergen ${names[i % names.length]} ${i}`,
          role: 'client' as const,
          status: 'approved' as const,
        })),
      )
      .returning({ id: clientOnboarding.id })
    const issuer = {
      name: 'Ramapo IT Services',
      legalName: 'Ramapo IT Services LLC',
      street: '25 Lafayette Avenue, Suite 2',
      town: 'Suffern',
      state: 'NY',
      postalCode: '10901',
      phone: '(845) 555-0142',
      email: 'hello@ramapo-it.example',
    }
    const counters = { estimate: 0, invoice: 0, receipt: 0 }
    const series = { estimate: 'EST', invoice: 'INV', receipt: 'RCT' } as const
    const start = Date.UTC(2026, 0, 5)
    const rows = Array.from({ length: documentCount }, (_, i) => {
      const clientId = i % 5 === 0 ? demo.id : (others[i % others.length]?.id ?? demo.id)
      const kind = (['invoice', 'invoice', 'estimate', 'receipt'] as const)[i % 4] ?? 'invoice'
      counters[kind] += 1
      const issuedOn = new Date(start + (i % 300) * 86_400_000).toISOString().slice(0, 10)
      const lines = [
        { quantityMilli: 8000, unitPriceCents: 10_000, taxable: false },
        { quantityMilli: 1000, unitPriceCents: 64_999 + (i % 100), taxable: true },
      ]
      const totals = documentTotals(lines, 8375)
      const invoiceStatus = (['sent', 'viewed', 'paid', 'partially_paid'] as const)[i % 4] ?? 'sent'
      const status: StoredStatus = kind === 'invoice' ? invoiceStatus : kind === 'estimate' ? 'sent' : 'issued'
      const paid =
        kind === 'receipt' || status === 'paid'
          ? totals.totalCents
          : status === 'partially_paid'
            ? Math.floor(totals.totalCents / 2)
            : 0
      return {
        kind,
        status,
        clientId,
        number: `${series[kind]}-2026-${String(counters[kind]).padStart(5, '0')}`,
        issuedOn,
        dueOn: kind === 'invoice' ? new Date(start + ((i % 300) + 30) * 86_400_000).toISOString().slice(0, 10) : null,
        expiresOn:
          kind === 'estimate' ? new Date(start + ((i % 300) + 30) * 86_400_000).toISOString().slice(0, 10) : null,
        taxRateMilliPercent: 8375,
        subtotalCents: totals.subtotalCents,
        taxableCents: totals.taxableCents,
        taxCents: totals.taxCents,
        totalCents: totals.totalCents,
        amountPaidCents: paid,
        issuer,
        billTo: { name: `Client ${i % 100}`, companyName: null, email: 'client@example.com', phone: null },
        sentAt: new Date(start + (i % 300) * 86_400_000),
        sentByEmail: admin.email,
        createdByEmail: admin.email,
        createdAt: new Date(start + i * 60_000),
        updatedAt: new Date(start + i * 60_000),
        lines: lines.map((line, position) => ({
          ...line,
          position,
          description: `Line ${position + 1}`,
          amountCents: totals.lineAmounts[position] ?? 0,
        })),
      }
    })
    for (let at = 0; at < rows.length; at += 500) {
      const batch = rows.slice(at, at + 500)
      const inserted = await db
        .insert(billingDocuments)
        .values(batch.map(({ lines: _lines, ...doc }) => doc))
        .returning({ id: billingDocuments.id })
      await db
        .insert(billingDocumentLines)
        .values(batch.flatMap((row, j) => row.lines.map((line) => ({ ...line, documentId: inserted[j]?.id ?? '' }))))
    }
    for (const kind of ['estimate', 'invoice', 'receipt'] as const) {
      await db
        .insert(billingNumberCounters)
        .values({ series: series[kind], year: 2026, lastNumber: counters[kind] + 1000 })
        .onConflictDoNothing()
    }
    // The 50-line invoice the PDF step downloads.
    const lines = Array.from({ length: 50 }, (_, i) => ({
      description: `Full Help Desk, seat ${i + 1} (per user per month)`,
      quantityMilli: 1000 + i * 250,
      unitPriceCents: 10_000 + i,
      taxable: i % 3 === 0,
    }))
    const totals = documentTotals(lines, 8375)
    const [big] = await db
      .insert(billingDocuments)
      .values({
        kind: 'invoice',
        status: 'sent',
        clientId: demo.id,
        number: 'INV-2026-99999',
        issuedOn: '2026-05-01',
        dueOn: '2026-05-31',
        taxRateMilliPercent: 8375,
        taxLabel: 'Rockland County, NY',
        subtotalCents: totals.subtotalCents,
        taxableCents: totals.taxableCents,
        taxCents: totals.taxCents,
        totalCents: totals.totalCents,
        issuer,
        billTo: { name: 'Carla Reyes', companyName: 'Harbor Dental (demo)', email: demoEmail, phone: null },
        paymentInstructions: 'Check payable to Ramapo IT Services LLC.',
        sentAt: new Date(),
        sentByEmail: admin.email,
        createdByEmail: admin.email,
      })
      .returning({ id: billingDocuments.id })
    if (!big) throw new Error('no 50-line invoice')
    await db.insert(billingDocumentLines).values(
      lines.map((line, position) => ({
        ...line,
        position,
        documentId: big.id,
        amountCents: totals.lineAmounts[position] ?? 0,
      })),
    )
    if (database.kind === 'postgres') await database.pool?.query('analyze')
    return big.id
  } finally {
    await database.close()
  }
}
