import { eq, sql } from 'drizzle-orm'
import fc from 'fast-check'
import { extractText, getDocumentProxy } from 'unpdf'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { business } from '../../app/content/business.ts'
import { periodsDue } from '../../app/features/subscriptions/periods.ts'
import { subscriptionFormSchema } from '../../app/features/subscriptions/schema.ts'
import { businessDate } from '../../app/lib/business-time.ts'
import { businessTimeZone } from '../../app/lib/time-zone.ts'
import { selectRows } from '../../server/db/client.server.ts'
import {
  auditLog,
  billingDocumentLines,
  billingDocuments,
  organisationMembers,
  subscriptionChanges,
  subscriptionPeriods,
  subscriptionRuns,
  subscriptions,
  supportTicketEvents,
  supportTickets,
} from '../../server/db/schema/index.server.ts'
import type { Outbox } from '../../server/mail/outbox.server.ts'
import { readSyncStatus } from '../../server/operations/sync-status.server.ts'
import {
  SUBSCRIPTION_RUN_QUEUE,
  startSubscriptionJobs,
  subscriptionRunSchedule,
} from '../../server/subscriptions/jobs.server.ts'
import { type RunDeps, runActor, runSubscriptions } from '../../server/subscriptions/run.server.ts'
import {
  cancelSubscription,
  changeSeats,
  clientPlans,
  createSubscription,
  pauseSubscription,
  resumeSubscription,
} from '../../server/subscriptions/subscriptions.server.ts'
import { changesOfOne, termsOf } from '../../server/subscriptions/terms.server.ts'
import {
  type ClientAccount,
  clientAccount,
  PUBLIC_URL,
  queuedMails,
  queueOnlyOutbox,
  resetBilling,
  staff,
  testClock,
} from './helpers/billing.ts'
import { backend, openTestDatabase, silentLogger, type TestDatabase } from './helpers/database.ts'
import { waitFor } from './helpers/wait.ts'

let database: TestDatabase
let outbox: Outbox
let clock: ReturnType<typeof testClock>
let deps: RunDeps
let carla: ClientAccount

// Opening, migrating and starting pg-boss take a minute or more on a loaded machine.
beforeAll(async () => {
  database = await openTestDatabase()
  outbox = await queueOnlyOutbox(database)
}, 180_000)
afterAll(async () => {
  await outbox?.stop()
  await database?.cleanup()
})

async function resetSubscriptions() {
  await database.db.delete(supportTickets)
  await database.db.delete(subscriptionPeriods)
  await database.db.delete(subscriptionChanges)
  await database.db.delete(subscriptions)
  await database.db.delete(subscriptionRuns)
  await resetBilling(database)
}

beforeEach(async () => {
  await resetSubscriptions()
  clock = testClock('2026-10-20T15:00:00Z')
  deps = { db: database.db, outbox, publicUrl: PUBLIC_URL, now: clock.now }
  carla = await clientAccount(database, 'carla@harbor.example')
})

const subscribe = (fields: Record<string, string>, organisationId = carla.organisationId) =>
  createSubscription(
    deps,
    staff,
    subscriptionFormSchema.parse({
      organisationId,
      plan: 'basic',
      seats: '12',
      startOn: '2026-11-01',
      billingDay: '1',
      ...fields,
    }),
  )

const invoices = () =>
  database.db
    .select()
    .from(billingDocuments)
    .where(eq(billingDocuments.kind, 'invoice'))
    .orderBy(billingDocuments.number)
const linesOf = (id: string) =>
  database.db
    .select()
    .from(billingDocumentLines)
    .where(eq(billingDocumentLines.documentId, id))
    .orderBy(billingDocumentLines.position)

/** Runs at a moment (UTC ISO). */
async function runAt(iso: string) {
  clock.set(iso)
  return runSubscriptions(deps)
}

let tickets = 0
/**
 * A ticket of the organisation with time added at moments (UTC ISO), as `addTime` records it: one
 * `time` event per addition, holding the ticket's total before and after.
 */
async function ticketWithTime(organisationId: string, subject: string, additions: [string, number][]) {
  tickets++
  const [ticket] = await database.db
    .insert(supportTickets)
    .values({
      organisationId,
      subject,
      category: 'managed_it',
      replyToken: 'a'.repeat(31) + 'abcdefghijklmnopqrstuvwxyz234567'[tickets % 32],
    })
    .returning()
  if (!ticket) throw new Error('no ticket')
  let total = 0
  for (const [at, minutes] of additions) {
    await database.db.insert(supportTicketEvents).values({
      ticketId: ticket.id,
      kind: 'time',
      fromValue: String(total),
      toValue: String(total + minutes),
      createdAt: new Date(at),
    })
    total += minutes
  }
  await database.db.update(supportTickets).set({ timeSpentMinutes: total }).where(eq(supportTickets.id, ticket.id))
  return ticket
}

describe(`the monthly run on ${backend}`, () => {
  it('bills Residential Hourly time after its period, one line per ticket, and claims no period without time', async () => {
    const sub = await subscribe({ plan: 'hourly', seats: '', startOn: '2026-11-01' })
    const printer = await ticketWithTime(carla.organisationId, 'Printer offline', [
      ['2026-11-03T15:00:00Z', 30],
      ['2026-11-20T15:00:00Z', 15],
      // 23:30 on Nov 30 in New York: still November.
      ['2026-12-01T04:30:00Z', 5],
      // December's time waits for December's invoice.
      ['2026-12-02T15:00:00Z', 10],
    ])
    const wifi = await ticketWithTime(carla.organisationId, 'Wi-Fi drops', [['2026-11-10T15:00:00Z', 1]])
    // Another organisation's time is not this one's.
    const other = await clientAccount(database, 'other@example.com')
    await ticketWithTime(other.organisationId, 'Not ours', [['2026-11-10T15:00:00Z', 60]])
    // During the period: nothing due yet, nothing claimed.
    expect(await runAt('2026-11-15T15:00:00Z')).toMatchObject({ issued: 0, skipped: 0, failed: 0 })
    expect(await database.db.select().from(subscriptionPeriods)).toEqual([])
    // The day after the period, two runs at once: one invoice.
    clock.set('2026-12-01T14:00:00Z')
    const [a, b] = await Promise.all([runSubscriptions(deps), runSubscriptions(deps)])
    expect((a?.issued ?? 0) + (b?.issued ?? 0)).toBe(1)
    const [invoice, ...others] = await invoices()
    expect(others).toEqual([])
    expect(invoice).toMatchObject({
      number: 'INV-2026-0001',
      issuedOn: '2026-12-01',
      dueOn: '2026-12-31',
      totalCents: 51 * 208,
      notes: 'Residential Hourly: time on support tickets, Nov 1–30.',
    })
    expect((await linesOf(invoice?.id ?? '')).map((l) => [l.description, l.quantityMilli, l.unitPriceCents])).toEqual([
      [`Ticket T-${String(printer.number).padStart(6, '0')} Printer offline: 50 minutes, Nov 1–30`, 50_000, 208],
      [`Ticket T-${String(wifi.number).padStart(6, '0')} Wi-Fi drops: 1 minute, Nov 1–30`, 1000, 208],
    ])
    const periods = await database.db.select().from(subscriptionPeriods)
    expect(periods).toMatchObject([{ subscriptionId: sub.id, periodStart: '2026-11-01', invoiceId: invoice?.id }])
    // December had 10 minutes, January none: January is never claimed, no invoice of $0.
    expect((await runAt('2027-01-01T15:00:00Z')).issued).toBe(1)
    expect((await runAt('2027-02-01T15:00:00Z')).issued).toBe(0)
    const all = await invoices()
    expect(all.map((i) => [i.issuedOn, i.totalCents])).toEqual([
      ['2026-12-01', 51 * 208],
      ['2027-01-01', 10 * 208],
    ])
    const claimed = await database.db.select().from(subscriptionPeriods)
    expect(claimed).toHaveLength(2)
    expect(claimed.every((p) => p.invoiceId !== null)).toBe(true)
  })

  it('shows a business plan’s time of the period just ended on its invoice as included, at $0.00', async () => {
    await subscribe({ startOn: '2026-10-01' })
    const printer = await ticketWithTime(carla.organisationId, 'Printer offline', [
      // Before the subscription: never shown.
      ['2026-09-20T15:00:00Z', 20],
      ['2026-10-03T15:00:00Z', 30],
      // 23:30 on Oct 31 in New York: still October.
      ['2026-11-01T03:30:00Z', 15],
      // November's time waits for December's invoice.
      ['2026-11-02T15:00:00Z', 10],
    ])
    const wifi = await ticketWithTime(carla.organisationId, 'Wi-Fi drops', [['2026-10-10T15:00:00Z', 1]])
    const other = await clientAccount(database, 'other@example.com')
    await ticketWithTime(other.organisationId, 'Not ours', [['2026-10-10T15:00:00Z', 60]])
    const ticket = (t: { number: number }) => `T-${String(t.number).padStart(6, '0')}`
    // October's invoice is the first: no period before it, the plan alone.
    expect((await runAt('2026-10-01T15:00:00Z')).issued).toBe(1)
    // November's, two runs at once: one invoice, October's time included, the total unchanged.
    clock.set('2026-11-01T14:00:00Z')
    const [a, b] = await Promise.all([runSubscriptions(deps), runSubscriptions(deps)])
    expect((a?.issued ?? 0) + (b?.issued ?? 0)).toBe(1)
    expect((await runAt('2026-11-01T16:00:00Z')).issued).toBe(0)
    // A catch-up: December's invoice issued days late still shows November's time only.
    expect((await runAt('2026-12-03T15:00:00Z')).issued).toBe(1)
    const all = await invoices()
    expect(all.map((i) => [i.issuedOn, i.totalCents, i.subtotalCents])).toEqual([
      ['2026-10-01', 48_000, 48_000],
      ['2026-11-01', 48_000, 48_000],
      ['2026-12-01', 48_000, 48_000],
    ])
    const lines = await Promise.all(
      all.map(async (i) =>
        (await linesOf(i.id)).map((l) => [l.description, l.quantityMilli, l.unitPriceCents, l.amountCents]),
      ),
    )
    expect(lines).toEqual([
      [['Basic Support, 12 users, Oct 1–31', 12_000, 4000, 48_000]],
      [
        ['Basic Support, 12 users, Nov 1–30', 12_000, 4000, 48_000],
        [`Ticket ${ticket(printer)} Printer offline: 45 minutes, Oct 1–31, included in your plan`, 45_000, 0, 0],
        [`Ticket ${ticket(wifi)} Wi-Fi drops: 1 minute, Oct 1–31, included in your plan`, 1000, 0, 0],
      ],
      [
        ['Basic Support, 12 users, Dec 1–31', 12_000, 4000, 48_000],
        [`Ticket ${ticket(printer)} Printer offline: 10 minutes, Nov 1–30, included in your plan`, 10_000, 0, 0],
      ],
    ])
    expect(await database.db.select().from(subscriptionPeriods)).toHaveLength(3)
    // The PDF e-mailed with November's invoice shows the included line at $0.00.
    const mail = (await queuedMails(database)).find((m) => m.subject.includes(all[1]?.number ?? '-'))
    const proxy = await getDocumentProxy(
      new Uint8Array(Buffer.from(mail?.attachments?.[0]?.contentBase64 ?? '', 'base64')),
    )
    const text = (await extractText(proxy, { mergePages: true })).text.replace(/\s+/g, ' ')
    expect(text).toContain(
      `Ticket ${ticket(printer)} Printer offline: 45 minutes, Oct 1–31, included in your plan 45 $0.00 $0.00`,
    )
    expect(text).toContain('Total $480.00')
  })

  it('issues the invoice on the billing day, New York’s date, numbered and e-mailed with its PDF', async () => {
    await subscribe({})
    // 23:30 on Oct 31 in New York: not yet.
    expect((await runAt('2026-11-01T03:30:00Z')).issued).toBe(0)
    const run = await runAt('2026-11-01T04:30:00Z')
    expect(run).toMatchObject({ businessDate: '2026-11-01', issued: 1, skipped: 0, failed: 0 })
    const [invoice, ...others] = await invoices()
    expect(others).toEqual([])
    expect(invoice).toMatchObject({
      number: 'INV-2026-0001',
      status: 'sent',
      issuedOn: '2026-11-01',
      dueOn: '2026-12-01',
      totalCents: 48_000,
      organisationId: carla.organisationId,
      clientId: carla.clientId,
      sentByEmail: runActor.email,
    })
    expect((await linesOf(invoice?.id ?? '')).map((l) => [l.description, l.quantityMilli, l.unitPriceCents])).toEqual([
      ['Basic Support, 12 users, Nov 1–30', 12_000, 4000],
    ])
    const [mail] = await queuedMails(database)
    expect(mail).toMatchObject({ to: [carla.email], subject: `Invoice INV-2026-0001 from ${business.name}` })
    expect(mail?.text).toContain('Basic Support subscription, Nov 1–30')
    expect(mail?.text).toContain(`${PUBLIC_URL}/billing/invoices/${invoice?.id}`)
    expect(mail?.attachments?.[0]).toMatchObject({ filename: 'INV-2026-0001.pdf', contentType: 'application/pdf' })
    expect(
      Buffer.from(mail?.attachments?.[0]?.contentBase64 ?? '', 'base64')
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-')
    const audit = await database.db.select().from(auditLog).where(eq(auditLog.action, 'subscription.invoice'))
    expect(audit).toHaveLength(1)
    const runs = await database.db.select().from(subscriptionRuns).orderBy(subscriptionRuns.startedAt)
    expect(runs.map((r) => [r.businessDate, r.issued, r.finishedAt !== null])).toEqual([
      ['2026-10-31', 0, true],
      ['2026-11-01', 1, true],
    ])
  })

  it('issues once when two runs go at once, and nothing on a rerun', async () => {
    for (let i = 0; i < 5; i++) {
      const person = await clientAccount(database, `owner${i}@example.com`)
      await subscribe({}, person.organisationId)
    }
    clock.set('2026-11-01T14:00:00Z')
    const [a, b] = await Promise.all([runSubscriptions(deps), runSubscriptions(deps)])
    expect((a?.issued ?? 0) + (b?.issued ?? 0)).toBe(5)
    expect((await invoices()).map((i) => i.number)).toEqual([1, 2, 3, 4, 5].map((n) => `INV-2026-000${n}`))
    const rerun = await runSubscriptions(deps)
    expect(rerun).toMatchObject({ issued: 0, failed: 0 })
    expect(await invoices()).toHaveLength(5)
    expect((await queuedMails(database)).length).toBe(5)
  })

  it('catches up after an outage: one invoice per missed period, dated for its period', async () => {
    await subscribe({ startOn: '2026-09-14', billingDay: '1' })
    // The server was down from Sep 13 to Nov 3.
    const run = await runAt('2026-11-03T16:00:00Z')
    expect(run.issued).toBe(3)
    const all = await invoices()
    expect(all.map((i) => [i.number, i.issuedOn, i.dueOn, i.totalCents])).toEqual([
      ['INV-2026-0001', '2026-09-14', '2026-10-14', 27_200],
      ['INV-2026-0002', '2026-10-01', '2026-10-31', 48_000],
      ['INV-2026-0003', '2026-11-01', '2026-12-01', 48_000],
    ])
    expect((await linesOf(all[0]?.id ?? ''))[0]?.description).toBe('Basic Support, 12 users, Sep 14–30 (17 of 30 days)')
    expect((await runAt('2026-11-04T16:00:00Z')).issued).toBe(0)
  })

  it('prorates added users on the next invoice, bills fewer from the next period', async () => {
    const sub = await subscribe({})
    await runAt('2026-11-01T14:00:00Z')
    clock.set('2026-11-14T15:00:00Z')
    const more = await changeSeats(deps, staff, sub.id, { seats: 15, version: sub.version })
    expect(more.effectiveOn).toBe('2026-11-14')
    const fewer = await changeSeats(deps, staff, sub.id, { seats: 10, version: more.subscription.version })
    expect(fewer.effectiveOn).toBe('2026-12-01')
    await runAt('2026-12-01T14:00:00Z')
    const december = (await invoices())[1]
    expect((await linesOf(december?.id ?? '')).map((l) => [l.description, l.amountCents])).toEqual([
      ['Basic Support, 10 users, Dec 1–31', 40_000],
      ['3 more users, Nov 14–30 (17 of 30 days)', 6800],
    ])
    expect(december?.totalCents).toBe(46_800)
  })

  it('bills nothing while paused, and never the same period twice after resuming', async () => {
    const sub = await subscribe({})
    await runAt('2026-11-01T14:00:00Z')
    clock.set('2026-11-05T15:00:00Z')
    const paused = await pauseSubscription(deps, staff, sub.id, sub.version)
    expect((await runAt('2026-12-02T15:00:00Z')).issued).toBe(0)
    const resumed = await resumeSubscription(deps, staff, sub.id, paused.version)
    expect(resumed.billsFrom).toBe('2026-12-02')
    expect((await runAt('2026-12-02T16:00:00Z')).issued).toBe(1)
    const [, december] = await invoices()
    expect((await linesOf(december?.id ?? ''))[0]?.description).toBe(
      'Basic Support, 12 users, Dec 2–31 (30 of 31 days)',
    )
  })

  it('cancels at the period’s end or now with a prorated credit', async () => {
    const sub = await subscribe({})
    await runAt('2026-11-01T14:00:00Z')
    clock.set('2026-11-14T15:00:00Z')
    const now = await cancelSubscription(deps, staff, sub.id, { when: 'now', version: sub.version })
    expect(now.creditCents).toBe(27_200)
    expect(now.subscription).toMatchObject({ status: 'cancelled', cancelAt: '2026-11-14', creditCents: 27_200 })
    expect((await runAt('2027-01-02T15:00:00Z')).issued).toBe(0)

    const other = await subscribe({ plan: 'subscription', seats: '', price: '49' })
    clock.set('2026-11-14T15:00:00Z')
    const atEnd = await cancelSubscription(deps, staff, other.id, { when: 'period_end', version: other.version })
    expect(atEnd).toMatchObject({ creditCents: 0, subscription: { cancelAt: '2026-12-01' } })
    await expect(cancelSubscription(deps, staff, other.id, { when: 'now', version: other.version })).rejects.toThrow(
      /changed this subscription/,
    )
    expect((await runAt('2027-01-02T15:00:00Z')).issued).toBe(1)
    const rows = await database.db.select().from(auditLog).where(eq(auditLog.action, 'subscription.cancel'))
    expect(rows.map((r) => r.details.creditCents)).toEqual(expect.arrayContaining([27_200, 0]))
  })

  it('records a failure with its reason and issues the period once the cause is fixed', async () => {
    await subscribe({})
    await database.db.delete(organisationMembers).where(eq(organisationMembers.organisationId, carla.organisationId))
    const failed = await runAt('2026-11-01T14:00:00Z')
    expect(failed).toMatchObject({ issued: 0, failed: 1 })
    expect(failed.failures[0]?.reason).toMatch(/has nobody to send invoices to/)
    const [run] = await database.db.select().from(subscriptionRuns).where(eq(subscriptionRuns.id, failed.runId))
    expect(run?.failures[0]?.reason).toMatch(/has nobody to send invoices to/)
    await database.db
      .insert(organisationMembers)
      .values({ personId: carla.clientId, organisationId: carla.organisationId, role: 'owner' })
    expect((await runAt('2026-11-01T15:00:00Z')).issued).toBe(1)
  })

  it('shows a client their own organisation’s plans only, with the users and next invoice date', async () => {
    await subscribe({ startOn: '2026-10-20', billingDay: '15' })
    const other = await clientAccount(database, 'ben@other.example')
    await subscribe({ plan: 'custom', seats: '', price: '1,250' }, other.organisationId)
    expect(await clientPlans(deps, carla.organisationId)).toEqual([
      expect.objectContaining({
        plan: 'Basic Support',
        seats: 12,
        nextInvoiceOn: '2026-11-15',
        price: '$40.00 per user a month',
      }),
    ])
    expect(await clientPlans(deps, other.organisationId)).toEqual([
      expect.objectContaining({ plan: 'Custom Solutions', seats: null, price: '$1,250.00 a month' }),
    ])
  })

  it('refuses a plan without its users or price, and a tier outside the price list', async () => {
    await expect(subscribe({ seats: '' })).rejects.toMatchObject({
      kind: 'invalid',
      fields: { seats: ['Enter the number of users.'] },
    })
    await expect(subscribe({ plan: 'subscription', seats: '', price: '120' })).rejects.toMatchObject({
      kind: 'invalid',
      fields: { price: ['Choose a monthly price from $29.00 to $99.00.'] },
    })
    await expect(subscribe({ startOn: '2025-01-01' })).rejects.toMatchObject({
      fields: { startOn: [expect.any(String)] },
    })
  })

  it('issues exactly one invoice per period whatever the clock does (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            day: fc.integer({ min: 0, max: 120 }),
            hour: fc.integer({ min: 0, max: 23 }),
            twice: fc.boolean(),
          }),
          { minLength: 1, maxLength: 8 },
        ),
        fc.integer({ min: 1, max: 28 }),
        async (moments, billingDay) => {
          await resetSubscriptions()
          clock.set('2026-10-20T15:00:00Z')
          const person = await clientAccount(database, 'prop@example.com')
          const sub = await subscribe({ startOn: '2026-10-25', billingDay: String(billingDay) }, person.organisationId)
          let latest = ''
          for (const m of moments) {
            // The clock jumps forward and back: days since Oct 20, at any hour.
            clock.set(new Date(Date.UTC(2026, 9, 20 + m.day, m.hour, 30)).toISOString())
            const today = businessDate(clock.now())
            if (today > latest) latest = today
            if (m.twice) await Promise.all([runSubscriptions(deps), runSubscriptions(deps)])
            else await runSubscriptions(deps)
          }
          const periods = await database.db
            .select()
            .from(subscriptionPeriods)
            .where(eq(subscriptionPeriods.subscriptionId, sub.id))
          const expected = periodsDue(termsOf(sub, await changesOfOne(database.db, sub.id)), latest)
          expect(periods.map((p) => p.periodStart).sort()).toEqual(expected.map((p) => p.start))
          const issued = await invoices()
          expect(issued).toHaveLength(expected.length)
          expect(new Set(periods.map((p) => p.invoiceId)).size).toBe(expected.length)
          // Gapless numbers per year.
          const byYear = new Map<string, number[]>()
          for (const i of issued) {
            const [, year = '', n = ''] = (i.number ?? '').split('-')
            byYear.set(year, [...(byYear.get(year) ?? []), Number(n)])
          }
          for (const numbers of byYear.values()) {
            expect(numbers.sort((a, b) => a - b)).toEqual(numbers.map((_, i) => i + 1))
          }
        },
      ),
      { numRuns: 12 },
    )
    // Twelve histories of up to eight runs each (some twice at once): minutes on a loaded machine.
  }, 600_000)
})

describe(`the monthly run's schedule on ${backend}`, () => {
  it('runs on pg-boss every hour in New York time, and staff see its runs on the sync-status page', async () => {
    await subscribe({})
    clock.set('2026-11-01T14:00:00Z')
    const jobs = await startSubscriptionJobs({
      database,
      outbox,
      publicUrl: PUBLIC_URL,
      log: silentLogger(),
      now: clock.now,
      pollingIntervalSeconds: 0.5,
    })
    try {
      await jobs.runNow()
      await waitFor('the queued run', async () =>
        (await database.db.select().from(subscriptionRuns)).some((r) => r.finishedAt),
      )
      const status = await readSyncStatus({ database, transportKind: 'file' })
      expect(status.subscriptionRuns[0]).toMatchObject({ businessDate: '2026-11-01', issued: 1, failed: 0 })
      expect(status.jobs.find((job) => job.queue === SUBSCRIPTION_RUN_QUEUE)).toMatchObject({
        label: 'Monthly subscription invoices',
        schedule: { cron: subscriptionRunSchedule, timeZone: businessTimeZone },
      })
    } finally {
      await jobs.stop()
    }
  })
})

// The database itself holds the rule: a second row for the same period is refused.
describe(`the one-invoice-per-period key on ${backend}`, () => {
  it('refuses a second row for a subscription and period', async () => {
    const sub = await subscribe({})
    await database.db
      .insert(subscriptionPeriods)
      .values({ subscriptionId: sub.id, periodStart: '2026-11-01', periodEnd: '2026-11-30' })
    await expect(
      database.db
        .insert(subscriptionPeriods)
        .values({ subscriptionId: sub.id, periodStart: '2026-11-01', periodEnd: '2026-11-30' }),
    ).rejects.toThrow()
    const [row] = await selectRows<{ n: number }>(database.db, sql`select count(*)::int as n from subscription_periods`)
    expect(row?.n).toBe(1)
  })
})
