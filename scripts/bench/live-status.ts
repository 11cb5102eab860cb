// Live status latency: how long from an onboarding update made through one server process until the
// event reaches a browser whose stream is held by another process on the same PostgreSQL.
//
//   node scripts/with-postgres.mjs node scripts/bench/live-status.ts --updates 100 --out result.json
//
// (`npm run bench` runs it that way.) Two built servers share TEST_DATABASE_URL and one DATA_DIR
// (secrets and the mail folder). For every update: a new account signs up and confirms its e-mail
// over HTTP, a Chromium page signed in on process B opens /dashboard (an islands page for signed-in
// visitors, ADR 024: its plain-DOM live status, app/features/accounts/enhance/signed-in.ts, keeps an
// EventSource to /api/realtime open; on an app page the app's LiveStatus would), then the admin
// approves the account through process A's Admin Dashboard action. The latency is from just before
// that POST to the `status: approved` event in the page, both read from the same clock. The events are
// read from the page's own EventSource (the constructor is wrapped before any script runs), whichever
// code opened it; the result says how many of the pages were islands pages.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import pg from 'pg'
import type { Browser } from 'playwright-core'
import { parseMessage } from '../../tests/integration/helpers/mail.ts'
import { enrolOverHttp } from '../../tests/setup/two-factor-http.ts'
import { launchChromium } from '../lib/chromium.mjs'
import { type BuiltServer, startBuiltServer } from '../lib/server-process.mjs'
import { median, percentile } from './lib.ts'

export type LiveStatusResult = {
  updates: number
  p50Ms: number
  p99Ms: number
  maxMs: number
  missed: number
  samplesMs: number[]
  /** How many of the /dashboard pages were islands pages (`<body data-account-status>`), not the app. */
  islandsPages?: number
}

const { values: args } = parseArgs({
  options: { updates: { type: 'string', default: '100' }, out: { type: 'string' } },
})
const updates = Math.max(1, Number(args.updates) || 100)
const databaseUrl = process.env.TEST_DATABASE_URL
if (!databaseUrl) {
  console.error('TEST_DATABASE_URL is unset: run through scripts/with-postgres.mjs')
  process.exit(2)
}

const admin = { email: 'bench-admin@example.com', password: 'bench-admin-password-58' }
const password = 'harbor-maple-lantern-58'

/** The newest message to `to` whose subject matches, from the shared mail folder. */
async function waitForMail(dataDir: string, to: string, subject: RegExp) {
  const dir = path.join(dataDir, 'mail')
  const deadline = Date.now() + 30_000
  for (;;) {
    for (const file of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
      if (!file.endsWith('.eml')) continue
      let message: ReturnType<typeof parseMessage>
      try {
        message = parseMessage(fs.readFileSync(path.join(dir, file), 'utf8'))
      } catch {
        continue // still being written
      }
      if ((message.headers.get('to') ?? '').includes(to) && subject.test(message.headers.get('subject') ?? '')) {
        return message
      }
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${to} matching ${subject}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

async function post(server: BuiltServer, route: string, body: unknown, ip: string, cookie?: string) {
  return fetch(`${server.url}${route}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: server.url,
      'x-forwarded-for': ip,
      ...(cookie ? { cookie } : {}),
    },
    body: JSON.stringify(body),
  })
}

async function signIn(server: BuiltServer, email: string, secret: string, ip: string) {
  const response = await post(server, '/api/auth/sign-in/email', { email, password: secret }, ip)
  if (response.status !== 200) throw new Error(`sign-in of ${email} answered ${response.status}`)
  return response.headers.getSetCookie().map((c) => c.split(';')[0] ?? '')
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ramapo-live-'))
  const env = {
    DATABASE_URL: databaseUrl ?? '',
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    TRUST_PROXY: 'true',
  }
  const servers: BuiltServer[] = []
  let browser: Browser | undefined
  const db = new pg.Client({ connectionString: databaseUrl })
  try {
    // A first (it migrates and writes the shared secrets), then B on the same data folder.
    const a = await startBuiltServer({ dataDir, env })
    servers.push(a)
    const b = await startBuiltServer({ dataDir, env })
    servers.push(b)
    await db.connect()
    browser = await launchChromium()
    // Staff pages need a second factor: the admin enrols first, and keeps the session that gives.
    const passwordOnly = (await signIn(a, admin.email, admin.password, '10.200.0.1')).join('; ')
    const server = { baseURL: a.url, origin: a.url }
    const { cookie: adminCookie } = await enrolOverHttp(server, passwordOnly, admin.password, '10.200.0.1')

    const samples: number[] = []
    let missed = 0
    let islandsPages = 0
    for (let i = 0; i < updates; i++) {
      // A fresh address per account keeps the per-IP sign-up limits out of the measurement.
      const ip = `10.201.${Math.floor(i / 250)}.${(i % 250) + 1}`
      const email = `live-${Date.now().toString(36)}-${i}@example.com`
      const signUp = await post(
        a,
        '/api/auth/sign-up/email',
        { name: 'Pat Pending', email, password, phone: '(845) 555-0188', companyName: null },
        ip,
      )
      if (signUp.status !== 200) throw new Error(`sign-up answered ${signUp.status}: ${await signUp.text()}`)
      const mail = await waitForMail(dataDir, email, /Confirm your e-mail/)
      const token = /[?&]token=([^&\s]+)/.exec(mail.text)?.[1]
      if (!token) throw new Error(`no token in the confirmation mail:\n${mail.text}`)
      const verify = await post(a, '/api/auth/email-otp/verify-email', { email, otp: decodeURIComponent(token) }, ip)
      if (verify.status !== 200) throw new Error(`verification answered ${verify.status}`)

      const cookies = await signIn(b, email, password, ip)
      const context = await browser.newContext({ baseURL: b.url, extraHTTPHeaders: { 'x-forwarded-for': ip } })
      await context.addCookies(
        cookies.map((c) => {
          const [name = '', ...rest] = c.split('=')
          return { name, value: rest.join('='), url: b.url }
        }),
      )
      // Record the arrival time of every status event the app's own EventSource receives.
      await context.addInitScript(() => {
        const Native = window.EventSource
        const seen: Array<{ at: number; data: string }> = []
        Object.assign(window, { __liveStatusEvents: seen })
        window.EventSource = class extends Native {
          constructor(url: string | URL, init?: EventSourceInit) {
            super(url, init)
            this.addEventListener('status', (event) => seen.push({ at: Date.now(), data: String(event.data) }))
          }
        }
      })
      const page = await context.newPage()
      await page.goto('/dashboard', { waitUntil: 'load' })
      // The stream is open once its first event (the current status, pending) has arrived.
      await page.waitForFunction(
        () => ((window as unknown as { __liveStatusEvents: unknown[] }).__liveStatusEvents ?? []).length > 0,
        undefined,
        { timeout: 15_000 },
      )
      // Root marks a signed-in visitor's islands page with the account's status (ADR 024).
      if (await page.evaluate(() => document.body.dataset.accountStatus !== undefined)) islandsPages += 1

      const { rows } = await db.query<{ id: string }>('select id from client_onboarding where email = $1', [email])
      const onboardingId = rows[0]?.id
      if (!onboardingId) throw new Error(`no onboarding record for ${email}`)
      const startedAt = Date.now()
      const review = await fetch(`${a.url}/admin`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          origin: a.url,
          cookie: adminCookie,
          'x-forwarded-for': '10.200.0.1',
        },
        body: new URLSearchParams({ intent: 'review', onboardingId, decision: 'approve', reason: '' }),
        redirect: 'manual',
      })
      if (review.status !== 200) throw new Error(`approval answered ${review.status}`)
      try {
        const handle = await page.waitForFunction(
          () =>
            (
              (window as unknown as { __liveStatusEvents: Array<{ at: number; data: string }> }).__liveStatusEvents ??
              []
            ).find((e) => e.data.includes('"approved"'))?.at,
          undefined,
          { timeout: 10_000, polling: 10 },
        )
        samples.push(Math.max(0, Number(await handle.jsonValue()) - startedAt))
      } catch {
        missed += 1
      }
      await context.close()
    }
    const result: LiveStatusResult = {
      updates,
      p50Ms: median(samples),
      p99Ms: percentile(samples, 99),
      maxMs: Math.max(0, ...samples),
      missed,
      samplesMs: samples,
      islandsPages,
    }
    console.log(
      `live status over ${updates} updates: p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms, missed ${result.missed}; ${islandsPages} of ${updates} pages were islands pages`,
    )
    if (args.out) fs.writeFileSync(args.out, JSON.stringify(result))
  } finally {
    await browser?.close()
    await db.end().catch(() => {})
    for (const server of servers.reverse()) await server.stop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

await main()
