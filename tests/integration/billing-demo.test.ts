import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { shownStatus } from '../../app/features/billing/states.ts'
import { businessDate } from '../../app/lib/business-time.ts'
import { demoClient } from '../../server/accounts/demo-client.server.ts'
import { seedDemoBilling } from '../../server/billing/demo.server.ts'
import { printedBillingDocument } from '../../server/billing/pdf/billing-pdf.server.tsx'
import { documentDetail, pdfInputOf } from '../../server/billing/queries.server.ts'
import { auditLog, billingDocuments, billingPayments, clientOnboarding } from '../../server/db/schema/index.server.ts'
import { loadDemoClientPassword } from '../../server/secrets.server.ts'
import { type Harness, signIn, startHarness } from './helpers/accounts.ts'
import { backend } from './helpers/database.ts'
import { waitFor } from './helpers/wait.ts'

let harness: Harness

beforeAll(async () => {
  harness = await startHarness()
})
afterAll(async () => {
  await harness?.cleanup()
})

describe(`the demo client and its billing on ${backend}`, () => {
  it("keeps the install's own demo password in secrets.json, generated once", () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-secret-'))
    try {
      const password = loadDemoClientPassword(dataDir)
      expect(password).toMatch(/^[A-Za-z0-9_-]{16}$/)
      expect(loadDemoClientPassword(dataDir)).toBe(password)
      const file = path.join(dataDir, 'secrets.json')
      expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toEqual({ demoClientPassword: password })
      expect(fs.statSync(file).mode & 0o777).toBe(0o600)
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true })
    }
  })

  it('is an approved client that signs in with the configured password, set again at every boot', async () => {
    const first = await harness.accounts.seedDemoClient('first-demo-password-1')
    const again = await harness.accounts.seedDemoClient('second-demo-password-2')
    expect(again.onboardingId).toBe(first.onboardingId)
    const [record] = await harness.database.db
      .select()
      .from(clientOnboarding)
      .where(eq(clientOnboarding.email, demoClient.email))
    expect(record).toMatchObject({ role: 'client', status: 'approved', companyName: demoClient.companyName })
    await expect(signIn(harness, demoClient.email, 'first-demo-password-1')).rejects.toThrow(/sign-in failed/)
    await signIn(harness, demoClient.email, 'second-demo-password-2')
  })

  it('is not signed in to while its data is written after the server listens; other requests go on', async () => {
    // As at boot (server/main.server.ts): the demo data is written once the server answers.
    let finish = () => {}
    const seeding = new Promise<void>((resolve) => {
      finish = resolve
    })
    harness.accounts.holdSignInsUntil(seeding)
    let answered = false
    const held = signIn(harness, demoClient.email, 'second-demo-password-2').then(() => {
      answered = true
    })
    expect((await harness.app.request('http://portal.test/healthz')).status).toBe(200)
    // The sign-in has reached the hold and waits there, rather than "some time has passed".
    await waitFor('the sign-in to wait for the demo data', () => harness.accounts.heldSignIns() === 1, {
      timeoutMs: 20_000,
      intervalMs: 10,
    })
    expect(answered).toBe(false)
    finish()
    await held
    expect(answered).toBe(true)

    // A seed that fails lets sign-ins through as well (it is logged; the server keeps serving).
    harness.accounts.holdSignInsUntil(Promise.reject(new Error('seed failed')))
    await signIn(harness, demoClient.email, 'second-demo-password-2')
  })

  it('gets documents in every state, numbered without gaps, once', async () => {
    const { onboardingId } = await harness.accounts.seedDemoClient('second-demo-password-2')
    const db = harness.database.db
    const now = new Date('2026-05-20T15:00:00Z')
    const [first, second] = await Promise.all([
      seedDemoBilling(db, onboardingId, now),
      seedDemoBilling(db, onboardingId, now),
    ])
    expect([first, second].sort()).toEqual([0, 14])
    expect(await seedDemoBilling(db, onboardingId, now)).toBe(0)

    const docs = await db.select().from(billingDocuments).where(eq(billingDocuments.clientId, onboardingId))
    const today = businessDate(now)
    const shown = new Set(docs.map((d) => `${d.kind}:${shownStatus(d, today)}`))
    for (const expected of [
      'estimate:draft',
      'estimate:sent',
      'estimate:viewed',
      'estimate:declined',
      'estimate:converted',
      'estimate:expired',
      'invoice:draft',
      'invoice:sent',
      'invoice:paid',
      'invoice:overdue',
      'invoice:void',
      'receipt:issued',
    ]) {
      expect(shown, expected).toContain(expected)
    }
    for (const series of ['EST', 'INV', 'RCT']) {
      const numbers = docs
        .map((d) => d.number)
        .filter((n): n is string => n?.startsWith(series) ?? false)
        .map((n) => Number(n.split('-')[2]))
        .sort((a, b) => a - b)
      expect(numbers, series).toEqual(numbers.map((_, i) => i + 1))
    }
    // Paid amounts are the sums of the payments; every document prints.
    const payments = await db.select().from(billingPayments)
    for (const doc of docs.filter((d) => d.kind === 'invoice')) {
      const sum = payments.filter((p) => p.invoiceId === doc.id).reduce((a, p) => a + p.amountCents, 0)
      expect(doc.amountPaidCents).toBe(sum)
    }
    for (const doc of docs) {
      const detail = await documentDetail(db, doc.id)
      if (!detail) throw new Error('missing detail')
      expect(printedBillingDocument(pdfInputOf(detail, today)).number).toBe(doc.number ?? 'Draft')
    }
    // Nobody did these things: no audit rows.
    expect(await db.select().from(auditLog)).toEqual([])
  })
})
