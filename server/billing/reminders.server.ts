import { and, eq, inArray, isNull, lt, lte, notExists, or } from 'drizzle-orm'
import { reminderDue, reminderPolicy } from '../../app/features/billing/reminders.ts'
import { decide, type InvoiceStatus, openInvoiceStatuses } from '../../app/features/billing/states.ts'
import { addDays, businessDate } from '../../app/lib/business-time.ts'
import { recordAudit } from '../audit/audit.server.ts'
import type { Database } from '../db/client.server.ts'
import { type CronJobs, startCronJobs } from '../db/pg-boss.server.ts'
import { billingDocuments, clientOnboarding, onlinePayments } from '../db/schema/index.server.ts'
import type { Logger } from '../log.server.ts'
import type { Outbox } from '../mail/outbox.server.ts'
import { billingRecipients } from '../organisations/recipients.server.ts'
import { type BillingDeps, clientLink } from './documents.server.ts'
import { overdueReminderMail } from './mail.server.ts'

/** Who sends reminders in the audit log: the server itself, not a person. */
export const reminderActor = { userId: 'system', email: 'system:billing-reminders' } as const

/**
 * Sends every overdue reminder that is due (app/features/billing/reminders.ts) and returns how
 * many. Each invoice in its own transaction: locked, checked again against the transition table,
 * counted, audited and its e-mail queued, so two processes running this at once send each reminder
 * once.
 */
export async function sendDueReminders(deps: BillingDeps): Promise<number> {
  const now = deps.now?.() ?? new Date()
  const today = businessDate(now)
  const d = billingDocuments
  const candidates = await deps.db
    .select({ id: d.id })
    .from(d)
    .where(
      and(
        eq(d.kind, 'invoice'),
        eq(d.remindersEnabled, true),
        inArray(d.status, [...openInvoiceStatuses]),
        lte(d.dueOn, addDays(today, -reminderPolicy.firstAfterDays)),
        lt(d.remindersSent, reminderPolicy.max),
        or(isNull(d.lastRemindedOn), lte(d.lastRemindedOn, addDays(today, -reminderPolicy.everyDays))),
        // A bank payment in flight: not overdue while it settles (docs/billing.md#pending-bank-payments).
        notExists(
          deps.db
            .select({ id: onlinePayments.id })
            .from(onlinePayments)
            .where(and(eq(onlinePayments.invoiceId, d.id), eq(onlinePayments.status, 'pending'))),
        ),
      ),
    )
  let sent = 0
  for (const { id } of candidates) {
    const done = await remindInvoice(deps, id, today)
    if (done) sent++
  }
  return sent
}

/**
 * One invoice's reminder, in its own transaction: the invoice locked and everything checked again
 * (the transition table, the schedule, and no bank payment in flight), so a payment that went
 * pending after the job listed its candidates stops the reminder.
 */
export function remindInvoice(deps: BillingDeps, id: string, today: string): Promise<boolean> {
  const d = billingDocuments
  return deps.db.transaction(async (tx) => {
    const [invoice] = await tx.select().from(d).where(eq(d.id, id)).for('update')
    if (invoice?.kind !== 'invoice') return false
    // Again under the lock: a bank payment may have gone pending since the list was read.
    const [inFlight] = await tx
      .select({ id: onlinePayments.id })
      .from(onlinePayments)
      .where(and(eq(onlinePayments.invoiceId, id), eq(onlinePayments.status, 'pending')))
      .limit(1)
    if (inFlight) return false
    const due = reminderDue({ ...invoice, status: invoice.status as InvoiceStatus }, today)
    const decision = decide(
      {
        kind: 'invoice',
        status: invoice.status,
        totalCents: invoice.totalCents,
        amountPaidCents: invoice.amountPaidCents,
        lineCount: 0,
        expired: false,
        reminderDue: due,
      },
      'remind',
      'system',
    )
    if (!decision.ok) return false
    const [client] = await tx.select().from(clientOnboarding).where(eq(clientOnboarding.id, invoice.clientId))
    const email = client?.email ?? invoice.billTo?.email
    if (!email || !invoice.number || !invoice.dueOn) return false
    const count = invoice.remindersSent + 1
    await tx.update(d).set({ remindersSent: count, lastRemindedOn: today }).where(eq(d.id, id))
    await recordAudit(tx, reminderActor, {
      action: 'billing.remind',
      subjectId: id,
      details: { number: invoice.number, clientId: invoice.clientId, reminder: count, dueOn: invoice.dueOn },
    })
    for (const to of await billingRecipients(tx, invoice.organisationId, email)) {
      await deps.outbox.enqueue(
        overdueReminderMail(to, {
          number: invoice.number,
          dueOn: invoice.dueOn,
          balanceCents: invoice.totalCents - invoice.amountPaidCents,
          clientName: invoice.billTo?.name ?? to,
          link: clientLink(deps.publicUrl, invoice),
        }),
        tx,
      )
    }
    return true
  })
}

export const REMINDER_QUEUE = 'billing-reminders'
/** Every hour from 9:00 to 17:00, New York time: reminders arrive in business hours, and a missed run is caught up within the day. */
export const reminderSchedule = '0 9-17 * * *'

export type BillingJobs = CronJobs

/** Billing's scheduled work: the overdue reminders, hourly in business hours (server/db/pg-boss.server.ts). */
export async function startBillingJobs(options: {
  database: Database
  outbox: Pick<Outbox, 'enqueue'>
  publicUrl: string
  log: Logger
  now?: () => Date
  /** How often an idle worker looks for a run, seconds (>= 0.5). */
  pollingIntervalSeconds?: number
}): Promise<BillingJobs> {
  const { database, log } = options
  const deps: BillingDeps = {
    db: database.db,
    outbox: options.outbox,
    publicUrl: options.publicUrl,
    ...(options.now ? { now: options.now } : {}),
  }
  return startCronJobs({
    database,
    log,
    pollingIntervalSeconds: options.pollingIntervalSeconds,
    jobs: [
      {
        queue: REMINDER_QUEUE,
        cron: reminderSchedule,
        retry: { retryLimit: 3, retryDelay: 300, expireInSeconds: 600 },
        run: async () => {
          const sent = await sendDueReminders(deps)
          if (sent > 0) log.info({ event: 'billing.reminders', sent }, `overdue reminders queued: ${sent}`)
        },
      },
    ],
  })
}
