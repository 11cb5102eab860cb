// Memory over time under mixed work (`npm run bench -- --soak <minutes>` runs it on PGlite and on a
// throwaway PostgreSQL; this file runs one), seeded as billing.ts is (seeded-server.ts):
//
//   node scripts/bench/soak.ts --out result.json --minutes 10 [--clients 50] [--concurrency 8]
//   node scripts/with-postgres.mjs node scripts/bench/soak.ts --out result.json --minutes 10
//   node scripts/bench/soak.ts --mix pages,pdfs   (leave bookings out: to tell the parts' memory apart)
//
// The built server with the demo data (its client's invoices) and `--clients` approved clients, each
// signed in once. For `--minutes`, `--concurrency` loops send a mix like a busy day's: of every 20
// requests, one PDF of the demo client's invoice, one new booking (a new address each) and 18 signed-in
// pages (/, /dashboard, /billing, /billing/invoices, the sessions in turn). The server's RSS is sampled
// every 5 s; the report gives the samples and the growth over the second half (flat means the process
// found its size in the first half and kept it), then the memory once the PDF thread has exited.
import fs from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { hashPassword } from 'better-auth/crypto'
import { and, eq, ne } from 'drizzle-orm'
import type { Database } from '../../server/db/client.server.ts'
import { account, billingDocuments, clientOnboarding, user } from '../../server/db/schema/index.server.ts'
import { rssMiB } from './lib.ts'
import { afterPdfThreadExit, type MemoryParts, memoryParts } from './memory-parts.ts'
import { seedAccounts, withSeededServer } from './seeded-server.ts'
import { signedInPaths } from './signed-in-paths.ts'

export type SoakResult = {
  backend: 'pglite' | 'postgres'
  mix: string
  minutes: number
  concurrency: number
  /** Seconds since the start of the mix, and the server's RSS then (MiB). */
  samples: Array<{ atS: number; rssMiB: number }>
  requests: { pages: number; pdfs: number; bookings: number }
  failed: number
  failureSample: string | undefined
  rssStartMiB: number
  rssMaxMiB: number
  rssEndMiB: number
  /** RSS at the end minus RSS at half time (MiB). */
  growthSecondHalfMiB: number
  /** At the end of the mix, and once the PDF thread has exited after its idle time (at most 60 s later). */
  memoryEnd?: MemoryParts
  memoryIdle?: MemoryParts & { waitedS: number }
}

const { values: args } = parseArgs({
  options: {
    out: { type: 'string' },
    minutes: { type: 'string', default: '10' },
    clients: { type: 'string', default: '50' },
    concurrency: { type: 'string', default: '8' },
    mix: { type: 'string', default: 'pages,pdfs,bookings' },
  },
})
const minutes = Math.max(0.1, Number(args.minutes) || 10)
const clientCount = Math.max(1, Number(args.clients) || 50)
const concurrency = Math.max(1, Number(args.concurrency) || 8)
const mix = new Set((args.mix ?? '').split(',').map((k) => k.trim()))
const password = 'bench-client-password-71'
const demoEmail = 'carla@harbor-dental.example'

const result = await withSeededServer(
  { name: 'soak', ip: '10.254.4.1', seed },
  async ({ backend, server, dataDir, signIn, seeded }): Promise<SoakResult> => {
    const secrets = JSON.parse(fs.readFileSync(path.join(dataDir, 'secrets.json'), 'utf8')) as {
      demoClientPassword: string
    }
    const demoCookie = await signIn({ email: demoEmail, password: secrets.demoClientPassword })
    const cookies: string[] = []
    for (const [i, email] of seeded.emails.entries()) {
      cookies.push(await signIn({ email, password }, `10.252.${Math.floor(i / 250)}.${(i % 250) + 1}`))
    }
    const pdfPath = `/billing/invoices/${seeded.invoiceId}/pdf`
    const requests = { pages: 0, pdfs: 0, bookings: 0 }
    let failed = 0
    let failureSample: string | undefined
    let sent = 0
    const started = performance.now()
    const deadline = started + minutes * 60_000
    const samples: Array<{ atS: number; rssMiB: number }> = []
    const sample = () =>
      samples.push({ atS: Math.round((performance.now() - started) / 1000), rssMiB: rssMiB(server.pid) ?? 0 })
    sample()
    const sampler = setInterval(sample, 5000)

    const one = async (n: number) => {
      // A kind left out of the mix is a signed-in page instead.
      const drawn = n % 20
      const kind = (drawn === 0 && !mix.has('pdfs')) || (drawn === 1 && !mix.has('bookings')) ? 2 : drawn
      let response: Response
      if (kind === 0) {
        response = await fetch(`${server.url}${pdfPath}`, { headers: { cookie: demoCookie } })
        requests.pdfs++
      } else if (kind === 1) {
        response = await fetch(`${server.url}/api/process-form`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json', 'x-forwarded-for': address(n) },
          body: booking(n),
        })
        requests.bookings++
      } else {
        const page = signedInPaths[n % signedInPaths.length] ?? '/'
        const cookie = cookies[Math.floor(n / 20) % cookies.length] ?? ''
        response = await fetch(`${server.url}${page}`, {
          headers: { cookie, 'accept-encoding': 'gzip, deflate, br' },
        })
        requests.pages++
      }
      await response.arrayBuffer()
      if (response.status >= 300) {
        failed++
        failureSample ??= `${kind === 0 ? 'PDF' : kind === 1 ? 'booking' : 'page'} answered ${response.status}`
      }
    }
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (performance.now() < deadline) await one(sent++)
      }),
    )
    clearInterval(sampler)
    sample()
    const memoryEnd = memoryParts(server.pid)
    const idle = await afterPdfThreadExit(server.pid, memoryEnd.threads)
    const rss = samples.map((s) => s.rssMiB)
    const half = samples.find((s) => s.atS >= (minutes * 60) / 2) ?? samples[0]
    const end = samples.at(-1)
    return {
      backend,
      mix: [...mix].join(','),
      minutes,
      concurrency,
      samples,
      requests,
      failed,
      failureSample,
      rssStartMiB: rss[0] ?? 0,
      rssMaxMiB: Math.max(...rss),
      rssEndMiB: end?.rssMiB ?? 0,
      growthSecondHalfMiB: Math.round(((end?.rssMiB ?? 0) - (half?.rssMiB ?? 0)) * 10) / 10,
      memoryEnd,
      memoryIdle: { ...idle.memory, waitedS: idle.waitedS },
    }
  },
)
console.log(
  `soak ${result.backend}: ${JSON.stringify({ ...result, samples: result.samples.filter((_, i) => i % 12 === 0) })}`,
)
if (args.out) fs.writeFileSync(args.out, JSON.stringify(result, null, 2))

/** The n-th client address, from 198.18.0.0/15 (set aside for benchmarks, RFC 2544): one booking each. */
function address(n: number): string {
  return `198.${18 + ((n >> 16) & 1)}.${(n >> 8) & 255}.${n & 255}`
}

/** A unique, valid booking (the intake benchmark's shape). */
function booking(n: number): string {
  return JSON.stringify({
    formType: 'consultation',
    firstName: 'Soak',
    lastName: `Client ${n}`,
    name: `Soak Client ${n}`,
    email: `soak-${n}@bench.example`,
    phone: '(845) 555-0100',
    company: `Soak Company ${n}`,
    employees: (n % 40) + 1,
    services: ['Cybersecurity'],
    service: 'Cybersecurity',
    plan: 'Full Help Desk ($100/user/mo)',
    message: `Soak booking number ${n}.`,
    source: 'http://127.0.0.1/book',
    timestamp: new Date().toISOString(),
  })
}

/** The signed-in clients (one password hash) and the id of one of the demo client's invoices. */
async function seed(database: Database): Promise<{ emails: string[]; invoiceId: string }> {
  const seeded = await seedAccounts(database, clientCount, { prefix: 'soak-client', name: 'Client' })
  const hash = await hashPassword(password)
  const users = await database.db
    .insert(user)
    .values(seeded.map((a, i) => ({ name: `Client ${i}`, email: a.email, emailVerified: true })))
    .returning({ id: user.id })
  await database.db
    .insert(account)
    .values(users.map((u) => ({ accountId: u.id, providerId: 'credential', userId: u.id, password: hash })))
  const [invoice] = await database.db
    .select({ id: billingDocuments.id })
    .from(billingDocuments)
    .innerJoin(clientOnboarding, eq(billingDocuments.clientId, clientOnboarding.id))
    .where(
      and(
        eq(clientOnboarding.email, demoEmail),
        eq(billingDocuments.kind, 'invoice'),
        ne(billingDocuments.status, 'draft'),
      ),
    )
    .limit(1)
  if (!invoice) throw new Error('the demo client has no invoice to download')
  return { emails: seeded.map((a) => a.email), invoiceId: invoice.id }
}
