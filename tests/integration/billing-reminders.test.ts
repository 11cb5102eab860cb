import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { paymentFormSchema } from '../../app/features/billing/schema.ts'
import { businessTimeZone } from '../../app/lib/time-zone.ts'
import {
  type BillingDeps,
  createDraft,
  recordPayment,
  sendDocument,
  setReminders,
} from '../../server/billing/documents.server.ts'
import {
  REMINDER_QUEUE,
  reminderActor,
  reminderSchedule,
  sendDueReminders,
  startBillingJobs,
} from '../../server/billing/reminders.server.ts'
import { selectRows } from '../../server/db/client.server.ts'
import { auditLog } from '../../server/db/schema/index.server.ts'
import type { Outbox } from '../../server/mail/outbox.server.ts'
import {
  type ClientAccount,
  clientAccount,
  draft,
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
let deps: BillingDeps
let clock: ReturnType<typeof testClock>
let carla: ClientAccount

beforeAll(async () => {
  database = await openTestDatabase()
  outbox = await queueOnlyOutbox(database)
})
afterAll(async () => {
  await outbox?.stop()
  await database?.cleanup()
})
beforeEach(async () => {
  await resetBilling(database)
  clock = testClock()
  deps = { db: database.db, outbox, publicUrl: PUBLIC_URL, now: clock.now }
  carla = await clientAccount(database, 'carla@harbor.example')
})

/** An invoice sent on Monday March 2, due Tuesday March 10. */
async function sentInvoice() {
  return sendDocument(deps, staff, (await createDraft(deps, staff, draft(carla.clientId, { dueOn: '2026-03-10' }))).id)
}

const reminders = async () => (await queuedMails(database)).filter((m) => m.subject.startsWith('Reminder:'))

/** Runs the reminders at 9:00 New York time on a date. */
async function runOn(date: string): Promise<number> {
  clock.set(`${date}T13:00:00Z`)
  return sendDueReminders(deps)
}

describe(`overdue reminders on ${backend}`, () => {
  it('reminds 3 days after the due date, then weekly, 3 times at most, each once', async () => {
    const invoice = await sentInvoice()
    const sentOn: string[] = []
    for (let day = 0; day < 40; day++) {
      const date = new Date(Date.UTC(2026, 2, 8 + day)).toISOString().slice(0, 10)
      // Twice a day, as two runs (or two processes) would.
      const count = (await runOn(date)) + (await runOn(date))
      expect(count).toBeLessThanOrEqual(1)
      if (count === 1) sentOn.push(date)
    }
    expect(sentOn).toEqual(['2026-03-13', '2026-03-20', '2026-03-27'])
    const mails = await reminders()
    expect(mails).toHaveLength(3)
    expect(mails[0]).toMatchObject({ to: [carla.email], subject: 'Reminder: invoice INV-2026-0001 is past due' })
    expect(mails[0]?.text).toContain('was due on Mar 10, 2026')
    expect(mails[0]?.text).toContain('$1,204.43 is still open')
    expect(mails[0]?.text).toContain(`${PUBLIC_URL}/billing/invoices/${invoice.id}`)
    const rows = (await database.db.select().from(auditLog)).filter((r) => r.action === 'billing.remind')
    expect(rows.map((r) => [r.actorUserId, r.details.reminder])).toEqual([
      [reminderActor.userId, 1],
      [reminderActor.userId, 2],
      [reminderActor.userId, 3],
    ])
  })

  it('sends nothing when staff turned reminders off, or once the invoice is paid', async () => {
    const off = await sentInvoice()
    await setReminders(deps, staff, off.id, false)
    const paid = await sentInvoice()
    await recordPayment(
      deps,
      staff,
      paid.id,
      paymentFormSchema.parse({ amount: '1204.43', method: 'cash', receivedOn: '2026-03-02' }),
    )
    const partly = await sentInvoice()
    await recordPayment(
      deps,
      staff,
      partly.id,
      paymentFormSchema.parse({ amount: '4.43', method: 'cash', receivedOn: '2026-03-02' }),
    )
    expect(await runOn('2026-03-13')).toBe(1)
    const [mail] = await reminders()
    expect(mail?.text).toContain('INV-2026-0003')
    expect(mail?.text).toContain('$1,200.00 is still open')
  })

  it('counts the days on the New York calendar', async () => {
    await sentInvoice()
    // 01:00 UTC on March 14 is still March 13 in New York: the reminder is due.
    clock.set('2026-03-13T03:59:00Z')
    expect(await sendDueReminders(deps)).toBe(0)
    clock.set('2026-03-14T01:00:00Z')
    expect(await sendDueReminders(deps)).toBe(1)
  })

  it('is a pg-boss schedule in New York time whose worker sends the reminders due', async () => {
    await sentInvoice()
    clock.set('2026-03-13T14:00:00Z')
    const jobs = await startBillingJobs({
      database,
      outbox,
      publicUrl: PUBLIC_URL,
      log: silentLogger(),
      now: clock.now,
      pollingIntervalSeconds: 0.5,
    })
    try {
      const [schedule] = await selectRows<{ cron: string; options: { tz?: string } }>(
        database.db,
        sql`select cron, options from pgboss.schedule where name = ${REMINDER_QUEUE}`,
      )
      expect(schedule).toMatchObject({ cron: reminderSchedule, options: { tz: businessTimeZone } })
      await jobs.runNow()
      await waitFor('the reminder run', async () => (await reminders()).length === 1)
    } finally {
      await jobs.stop()
    }
  })
})
