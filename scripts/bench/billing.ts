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
//    before and after (after a warm-up of the same work, with the same pause before each reading);
//    meanwhile a second client asks for the client's invoice list, timed from outside (a PDF laid
//    out in the request thread held every other request; in the PDF thread it does not).
// 4. Waits until the PDF thread has exited (its idle time, server/billing/pdf/renderer.server.ts;
//    at most 60 s) and reads the RSS again, split into anonymous and file-backed memory
//    (/proc/<pid>/smaps_rollup), then times one PDF more: the first after an idle spell starts the thread.
import fs from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { eq } from 'drizzle-orm'
import { documentTotals } from '../../app/features/billing/money.ts'
import type { StoredStatus } from '../../app/features/billing/states.ts'
import type { Database } from '../../server/db/client.server.ts'
import {
  billingDocumentLines,
  billingDocuments,
  billingNumberCounters,
  clientOnboarding,
} from '../../server/db/schema/index.server.ts'
import { rssMiB } from './lib.ts'
import { afterPdfThreadExit, type MemoryParts, memoryParts } from './memory-parts.ts'
import { benchAdmin, benchIssuer, seedAccounts, seedStart, summary, withSeededServer } from './seeded-server.ts'

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
    /** RSS once the PDF thread has exited (or 60 s after the work, when the thread stays or there is none). */
    rssIdleMiB?: number
    /** Seconds waited for it. */
    idleAfterS?: number
    /** Anonymous and file-backed resident memory after the work and once idle (smaps_rollup). */
    memoryAfter?: MemoryParts
    memoryIdle?: MemoryParts
    /** The client's invoice list timed from outside (ms): alone, and while the measured PDFs render. */
    otherRequest?: { path: string; alone: PageTimes; duringPdfs: PageTimes }
    /** Wall time of the first PDF after the idle spell (ms). */
    firstAfterIdleMs?: number
  }
}
type PageTimes = { p50: number; p95: number; p99: number; samples: number }

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
const demoEmail = 'carla@harbor-dental.example'

const result = await withSeededServer(
  { name: 'billing', ip: '10.254.1.1', seed },
  async ({ backend, server, dataDir, signIn, adminCookie, seeded: fiftyLineId, measure, serverTimes }) => {
    const secrets = JSON.parse(fs.readFileSync(path.join(dataDir, 'secrets.json'), 'utf8')) as {
      demoClientPassword: string
    }
    const clientCookie = await signIn({ email: demoEmail, password: secrets.demoClientPassword })

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
      pages.push({ label: target.label, path: target.path, ...(await measure(target.path, target.cookie, requests)) })
    }

    const pdfPath = `/billing/invoices/${fiftyLineId}/pdf`
    const otherPath = '/billing/invoices'
    const otherAlone = summary(await wallTimes(server.url, otherPath, clientCookie, 50))
    // The PDFs, while a second client asks for its invoice list one request after another (the same
    // pace as alone): a PDF laid out in the request thread held every other request.
    const pdfsBeside = async () => {
      let rendering = true
      const other = (async () => {
        const times: number[] = []
        while (rendering) times.push(...(await wallTimes(server.url, otherPath, clientCookie, 1)))
        return times
      })()
      const pdfTimes = await serverTimes(pdfPath, clientCookie, pdfs).finally(() => {
        rendering = false
      })
      return { pdfTimes, otherTimes: await other }
    }
    // Warm-up: the same work as measured (as many PDFs, the same list beside them). Meanwhile V8 grows
    // its heaps to what this work needs (the heap in use after a collection stays flat,
    // server/billing/pdf/render.server.ts); the growth of the warm-up is reported beside the growth
    // over the measured generations, which is what would keep growing if memory leaked.
    await new Promise((r) => setTimeout(r, 1000))
    const rssStartMiB = rssMiB(server.pid) ?? 0
    await pdfsBeside()
    await new Promise((r) => setTimeout(r, 1000))
    const rssBeforeMiB = rssMiB(server.pid) ?? 0
    const { pdfTimes, otherTimes } = await pdfsBeside()
    const otherDuring = summary(otherTimes)
    await new Promise((r) => setTimeout(r, 1000))
    const rssAfterMiB = rssMiB(server.pid) ?? 0
    const memoryAfter = memoryParts(server.pid)
    const pdfSummary = summary(pdfTimes)

    // The PDF thread exits after its idle time: wait for it (at most 60 s).
    const { waitedS: idleAfterS, memory: memoryIdle } = await afterPdfThreadExit(server.pid, memoryAfter.threads)
    const rssIdleMiB = rssMiB(server.pid) ?? 0
    const [firstAfterIdleMs] = await wallTimes(server.url, pdfPath, clientCookie, 1)

    return {
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
        rssIdleMiB,
        idleAfterS,
        memoryAfter,
        memoryIdle,
        otherRequest: { path: otherPath, alone: otherAlone, duringPdfs: otherDuring },
        firstAfterIdleMs,
      },
    } satisfies BillingResult
  },
)
console.log(JSON.stringify(result, null, 2))
if (args.out) fs.writeFileSync(args.out, JSON.stringify(result, null, 2))

/** `count` requests one after another, each timed from outside the server (ms, wall time). */
async function wallTimes(baseUrl: string, pathWithQuery: string, cookie: string, count: number): Promise<number[]> {
  const times: number[] = []
  for (let i = 0; i < count; i++) {
    const start = performance.now()
    const response = await fetch(`${baseUrl}${pathWithQuery}`, {
      headers: { cookie, 'x-forwarded-for': '10.254.1.1' },
      redirect: 'manual',
    })
    await response.arrayBuffer()
    if (response.status !== 200) throw new Error(`${pathWithQuery} answered ${response.status}`)
    times.push(Math.round((performance.now() - start) * 10) / 10)
  }
  return times
}

/**
 * `documentCount` documents of every kind and a hundred clients, straight into the database
 * (the server is stopped); returns the id of the 50-line invoice of the demo client.
 */
async function seed(database: Database): Promise<string> {
  const db = database.db
  const [demo] = await db.select().from(clientOnboarding).where(eq(clientOnboarding.email, demoEmail))
  if (!demo) throw new Error('the demo client was not seeded')
  const others = await seedAccounts(database, 100, { prefix: 'bench-client', name: 'Client' })
  const issuer = benchIssuer
  const counters = { estimate: 0, invoice: 0, receipt: 0 }
  const series = { estimate: 'EST', invoice: 'INV', receipt: 'RCT' } as const
  const rows = Array.from({ length: documentCount }, (_, i) => {
    const clientId = i % 5 === 0 ? demo.id : (others[i % others.length]?.id ?? demo.id)
    const kind = (['invoice', 'invoice', 'estimate', 'receipt'] as const)[i % 4] ?? 'invoice'
    counters[kind] += 1
    const issuedOn = new Date(seedStart + (i % 300) * 86_400_000).toISOString().slice(0, 10)
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
      dueOn: kind === 'invoice' ? new Date(seedStart + ((i % 300) + 30) * 86_400_000).toISOString().slice(0, 10) : null,
      expiresOn:
        kind === 'estimate' ? new Date(seedStart + ((i % 300) + 30) * 86_400_000).toISOString().slice(0, 10) : null,
      taxRateMilliPercent: 8375,
      subtotalCents: totals.subtotalCents,
      taxableCents: totals.taxableCents,
      taxCents: totals.taxCents,
      totalCents: totals.totalCents,
      amountPaidCents: paid,
      issuer,
      billTo: { name: `Client ${i % 100}`, companyName: null, email: 'client@example.com', phone: null },
      sentAt: new Date(seedStart + (i % 300) * 86_400_000),
      sentByEmail: benchAdmin.email,
      createdByEmail: benchAdmin.email,
      createdAt: new Date(seedStart + i * 60_000),
      updatedAt: new Date(seedStart + i * 60_000),
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
      sentByEmail: benchAdmin.email,
      createdByEmail: benchAdmin.email,
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
  return big.id
}
