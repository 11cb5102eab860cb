import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { printedBillingDocument } from '../../app/features/billing/printed.ts'
import { paymentFormSchema } from '../../app/features/billing/schema.ts'
import { shownStatus } from '../../app/features/billing/states.ts'
import { navigationFor } from '../../app/features/staff/areas.server.ts'
import { DomainError } from '../../app/lib/domain-error.ts'
import { type ClientActor, createDraft, sendDocument } from '../../server/billing/documents.server.ts'
import { accountantCsv } from '../../server/billing/export.server.ts'
import {
  clientSummary,
  documentDetail,
  listClientDocuments,
  listStaffDocuments,
  pdfInputOf,
} from '../../server/billing/queries.server.ts'
import { remindInvoice, sendDueReminders } from '../../server/billing/reminders.server.ts'
import {
  auditLog,
  autopaySettings,
  billingDocuments,
  billingPayments,
  onlinePayments,
  onlineRefunds,
  paymentEvents,
} from '../../server/db/schema/index.server.ts'
import type { Outbox } from '../../server/mail/outbox.server.ts'
import {
  chargeAutopayInvoice,
  failingPayments,
  invoicePaymentState,
  type PaymentsDeps,
  receiveWebhook,
  recordManualPayment,
  refundOnlinePayment,
  removeSavedMethod,
  retryDueAutopay,
  setAutopay,
  startInvoiceCheckout,
  startMethodSetup,
} from '../../server/payments/payments.server.ts'
import { providerUnavailableMessage } from '../../server/payments/provider.server.ts'
import { stripeProvider } from '../../server/payments/stripe.server.ts'
import { type StripeStandIn, startStripeStandIn } from '../setup/stripe-stand-in.ts'
import {
  clientAccount,
  draft,
  PUBLIC_URL,
  queuedMails,
  queueOnlyOutbox,
  resetBilling,
  staff,
  testClock,
} from './helpers/billing.ts'
import { backend, openTestDatabase, type TestDatabase } from './helpers/database.ts'
import { capturingLogger } from './helpers/log.ts'

// Journeys of online payments (docs/billing.md#online-payments) against the Stripe stand-in and a
// real database: the official package talks HTTP to the stand-in, whose webhooks are signed with
// the package's own test header and handed to the same function the webhook address calls.

let database: TestDatabase
let outbox: Outbox
let standIn: StripeStandIn
let clock: ReturnType<typeof testClock>
let deps: PaymentsDeps
let carla: ClientActor
const TOTAL = 120_443 // the helper's draft: $1,204.43

beforeAll(async () => {
  database = await openTestDatabase()
  outbox = await queueOnlyOutbox(database)
  standIn = await startStripeStandIn()
})
afterAll(async () => {
  await standIn?.close()
  await outbox?.stop()
  await database?.cleanup()
})
beforeEach(async () => {
  await database.db.delete(onlineRefunds)
  await database.db.delete(onlinePayments)
  await database.db.delete(paymentEvents)
  await database.db.delete(autopaySettings)
  await resetBilling(database)
  clock = testClock()
  const provider = stripeProvider({
    secretKey: standIn.keys.STRIPE_SECRET_KEY,
    publishableKey: standIn.keys.STRIPE_PUBLISHABLE_KEY,
    webhookSecret: standIn.keys.STRIPE_WEBHOOK_SECRET,
    apiBase: { protocol: 'http', host: '127.0.0.1', port: Number(new URL(standIn.url).port) },
  })
  deps = { db: database.db, outbox, publicUrl: PUBLIC_URL, now: clock.now, provider }
  standIn.hold(false)
  standIn.deliverTo((body, signature) => receiveWebhook(deps, body, signature))
  carla = await clientAccount(database, 'carla@harbor.example')
})

async function sentInvoice(): Promise<string> {
  const doc = await createDraft(deps, staff, draft(carla.clientId))
  await sendDocument(deps, staff, doc.id)
  return doc.id
}

async function invoice(id: string) {
  const [row] = await database.db.select().from(billingDocuments).where(eq(billingDocuments.id, id))
  if (!row) throw new Error('no invoice')
  return row
}

async function onlineOf(invoiceId: string) {
  return database.db.select().from(onlinePayments).where(eq(onlinePayments.invoiceId, invoiceId))
}

/** Opens a checkout as the Pay action does and returns its session id. */
async function checkout(invoiceId: string, amount: number): Promise<string> {
  const { url } = await startInvoiceCheckout(deps, carla, invoiceId, amount)
  return url.split('/checkout/')[1] ?? ''
}

async function thrown(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  if (!(error instanceof DomainError)) throw new Error(`expected a DomainError, got ${String(error)}`)
  return error
}

const manual = (amount: string) =>
  paymentFormSchema.parse({ amount, method: 'check', receivedOn: '2026-03-02', reference: 'Check 1042' })

describe(`online payments on ${backend}`, () => {
  it('a card payment of part of the balance records the payment and its receipt as a manual one does', async () => {
    const id = await sentInvoice()
    const session = await checkout(id, 50_000)
    expect((await onlineOf(id))[0]).toMatchObject({
      status: 'started',
      amountCents: 50_000,
      checkoutSessionId: session,
    })
    // Nothing is counted while the client is on the provider's page.
    expect((await invoicePaymentState(database.db, await invoice(id))).payableCents).toBe(TOTAL)

    const { redirect } = await standIn.complete(session, 'card')
    expect(redirect).toContain(`/billing/invoices/${id}?payment=`)
    const [online] = await onlineOf(id)
    expect(online).toMatchObject({ status: 'succeeded', methodKind: 'card', pendingCents: 0 })
    expect(online?.paymentIntentId).toMatch(/^pi_/)
    expect(online?.chargeId).toMatch(/^ch_/)
    expect(await invoice(id)).toMatchObject({ status: 'partially_paid', amountPaidCents: 50_000 })
    const [payment] = await database.db.select().from(billingPayments).where(eq(billingPayments.invoiceId, id))
    expect(payment).toMatchObject({ method: 'card_online', amountCents: 50_000, reference: online?.paymentIntentId })
    expect(online?.paymentId).toBe(payment?.id)
    const receiptMail = (await queuedMails(database)).find((m) => m.subject.startsWith('Receipt'))
    expect(receiptMail?.to).toEqual(['carla@harbor.example'])
    expect(receiptMail?.attachments?.[0]?.filename).toMatch(/^RCT-2026-\d{4}\.pdf$/)

    // The accountant's CSV carries the provider's ids.
    const { csv } = await accountantCsv(database.db, { from: '2026-03-01', to: '2026-03-31' }, '2026-03-02')
    expect(csv).toContain(online?.paymentIntentId ?? 'no intent')
    expect(csv).toContain(online?.chargeId ?? 'no charge')
    expect(csv).toContain('Card, paid online')

    // More than what is left cannot be paid; the rest can.
    expect((await thrown(startInvoiceCheckout(deps, carla, id, TOTAL))).kind).toBe('invalid')
    await standIn.complete(await checkout(id, TOTAL - 50_000), 'card')
    expect(await invoice(id)).toMatchObject({ status: 'paid', amountPaidCents: TOTAL })
    expect((await thrown(startInvoiceCheckout(deps, carla, id, 100))).kind).toBe('conflict')
  })

  it('the provider down, failing or unreachable at checkout: a clear 502 refusal, a warning, nothing paid', async () => {
    const id = await sentInvoice()
    const { log, lines } = capturingLogger()
    const warnings = () => lines.filter((l) => l.level === 40)
    standIn.down(true)
    try {
      const error = await thrown(startInvoiceCheckout({ ...deps, log }, carla, id, 50_000))
      expect(error).toMatchObject({ kind: 'unavailable', status: 502, message: providerUnavailableMessage })
    } finally {
      standIn.down(false)
    }
    expect(warnings()).toMatchObject([{ msg: 'payment provider unreachable at checkout', invoiceId: id }])
    expect(await onlineOf(id)).toMatchObject([{ status: 'failed', failureReason: providerUnavailableMessage }])
    // Nowhere to connect to (Stripe unreachable): the same answer.
    const unreachable = stripeProvider({
      secretKey: standIn.keys.STRIPE_SECRET_KEY,
      publishableKey: standIn.keys.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: standIn.keys.STRIPE_WEBHOOK_SECRET,
      apiBase: { protocol: 'http', host: '127.0.0.1', port: 9 },
    })
    const error = await thrown(startInvoiceCheckout({ ...deps, provider: unreachable, log }, carla, id, 50_000))
    expect(error.kind).toBe('unavailable')
    expect(warnings()).toHaveLength(2)
    // Nothing was recorded as paid, nothing is pending, and the whole balance can still be paid.
    expect(await invoice(id)).toMatchObject({ status: 'sent', amountPaidCents: 0 })
    expect(await database.db.select().from(billingPayments).where(eq(billingPayments.invoiceId, id))).toEqual([])
    expect(await invoicePaymentState(database.db, await invoice(id))).toEqual({ pendingCents: 0, payableCents: TOTAL })
    // Once the provider answers again, the checkout opens.
    await standIn.complete(await checkout(id, TOTAL), 'card')
    expect(await invoice(id)).toMatchObject({ status: 'paid' })
  })

  it("another organisation's invoice is not found, and without keys there is no online payment", async () => {
    const id = await sentInvoice()
    const bruno = await clientAccount(database, 'bruno@bergen.example', { companyName: 'Bergen Bakery' })
    expect((await thrown(startInvoiceCheckout(deps, bruno, id, 100))).kind).toBe('not_found')
    expect((await thrown(startInvoiceCheckout({ ...deps, provider: undefined }, carla, id, 100))).kind).toBe(
      'not_found',
    )
  })

  it('a bank payment is pending (not paid, no reminder) until it settles, then is recorded', async () => {
    const id = await sentInvoice()
    const session = await checkout(id, TOTAL)
    await standIn.complete(session, 'us_bank_account')
    const [online] = await onlineOf(id)
    expect(online).toMatchObject({ status: 'pending', pendingCents: TOTAL, methodKind: 'us_bank_account' })
    expect(await invoice(id)).toMatchObject({ status: 'sent', amountPaidCents: 0 })
    expect(await invoicePaymentState(database.db, await invoice(id))).toEqual({ pendingCents: TOTAL, payableCents: 0 })
    expect((await queuedMails(database)).some((m) => m.subject.startsWith('Bank payment for invoice'))).toBe(true)

    // Long past the due date (2026-04-01): an invoice with a bank payment in flight gets no reminder,
    // neither from the job's list nor from its check under the lock.
    clock.set('2026-04-10T15:00:00Z')
    expect(await sendDueReminders(deps)).toBe(0)
    expect(await remindInvoice(deps, id, '2026-04-10')).toBe(false)
    expect((await invoice(id)).remindersSent).toBe(0)

    // Shown as "Payment pending", not "Overdue": the invoice page, the client's and staff's lists and
    // their filters, the client's overdue list and the staff's overdue count.
    const late = '2026-04-10'
    const detail = await documentDetail(database.db, id, carla.organisationId)
    expect(detail && shownStatus(detail.document, late)).toBe('payment_pending')
    expect(detail && printedBillingDocument(pdfInputOf(detail, late)).status).toBe('Payment pending')
    const clientList = await listClientDocuments(database.db, carla.organisationId, { kind: 'invoice' }, late)
    expect(clientList.items.map((i) => i.shown)).toEqual(['payment_pending'])
    for (const [status, n] of [
      ['payment_pending', 1],
      ['overdue', 0],
      ['sent', 0],
    ] as const) {
      expect(
        (await listClientDocuments(database.db, carla.organisationId, { kind: 'invoice', status }, late)).total,
      ).toBe(n)
      expect((await listStaffDocuments(database.db, { status }, late)).total).toBe(n)
    }
    expect((await clientSummary(database.db, carla.organisationId, late)).overdue).toEqual([])
    const billingLink = (await navigationFor(database.db, 'admin', late)).find((l) => l.key === 'billing')
    expect(billingLink?.count).toBe(0)
    // A pending payment of only part of the balance leaves the invoice overdue.
    clock.set('2026-03-02T15:00:00Z')
    const other = await sentInvoice()
    await standIn.complete(await checkout(other, 1000), 'us_bank_account')
    clock.set('2026-04-10T15:00:00Z')
    expect((await listStaffDocuments(database.db, { status: 'overdue' }, late)).items.map((i) => i.id)).toEqual([other])
    expect((await listStaffDocuments(database.db, { status: 'payment_pending' }, late)).items.map((i) => i.id)).toEqual(
      [id],
    )

    await standIn.settle(online?.paymentIntentId ?? '', 'succeeded')
    expect((await onlineOf(id))[0]).toMatchObject({ status: 'succeeded', pendingCents: 0 })
    expect(await invoice(id)).toMatchObject({ status: 'paid', amountPaidCents: TOTAL })
    const [payment] = await database.db.select().from(billingPayments).where(eq(billingPayments.invoiceId, id))
    expect(payment?.method).toBe('bank_online')
  })

  it('a bank payment that fails removes the pending amount, and the client and staff are told why', async () => {
    const id = await sentInvoice()
    await standIn.complete(await checkout(id, 30_000), 'us_bank_account')
    const [pending] = await onlineOf(id)
    await standIn.settle(pending?.paymentIntentId ?? '', 'failed')
    const [failed] = await onlineOf(id)
    expect(failed).toMatchObject({ status: 'failed', pendingCents: 0 })
    expect(failed?.failureReason).toContain('insufficient funds')
    expect(await invoice(id)).toMatchObject({ status: 'sent', amountPaidCents: 0 })
    expect((await invoicePaymentState(database.db, await invoice(id))).payableCents).toBe(TOTAL)
    const mails = (await queuedMails(database)).filter(
      (m) => m.subject.includes('did not go through') || m.subject.startsWith('Online payment failed'),
    )
    expect(mails).toHaveLength(2)
    expect(mails.map((m) => m.to[0])).toContain('carla@harbor.example')
    for (const mail of mails) expect(mail.text).toContain('insufficient funds')
    expect((await failingPayments(database.db)).map((p) => p.id)).toEqual([failed?.id])
    const [audit] = await database.db.select().from(auditLog).where(eq(auditLog.action, 'payment.failed'))
    expect(audit?.subjectId).toBe(id)
  })

  it('a webhook delivered twice and out of order is processed once and ends right', async () => {
    const id = await sentInvoice()
    standIn.hold(true)
    await standIn.complete(await checkout(id, 40_000), 'card')
    const events = [...standIn.events.slice(-2)]
    expect(events.map((e) => e.type)).toEqual(['payment_intent.succeeded', 'checkout.session.completed'])
    const [intentEvent, sessionEvent] = events as [(typeof events)[0], (typeof events)[0]]
    await standIn.send(sessionEvent)
    await standIn.send(intentEvent)
    await standIn.send(sessionEvent)
    await standIn.send(intentEvent)
    expect(await invoice(id)).toMatchObject({ amountPaidCents: 40_000 })
    expect(await database.db.select().from(billingPayments).where(eq(billingPayments.invoiceId, id))).toHaveLength(1)
    const stored = await database.db.select().from(paymentEvents)
    expect(stored.filter((e) => events.some((x) => x.id === e.eventId))).toHaveLength(2)
    expect(stored.every((e) => e.processedAt !== null && e.error === null)).toBe(true)

    // A bank payment whose success arrives before the checkout's "completed, unpaid": paid, not pending.
    const bankSession = await checkout(id, 10_000)
    await standIn.complete(bankSession, 'us_bank_account')
    const bank = (await onlineOf(id)).find((p) => p.amountCents === 10_000)
    const [processing, completed] = standIn.events.slice(-2) as [(typeof events)[0], (typeof events)[0]]
    await standIn.settle(String(standIn.sessions.get(bankSession)?.payment_intent), 'succeeded')
    const [succeeded, asyncSucceeded] = standIn.events.slice(-2) as [(typeof events)[0], (typeof events)[0]]
    for (const event of [succeeded, completed, processing, asyncSucceeded]) await standIn.send(event)
    expect((await onlineOf(id)).find((p) => p.id === bank?.id)).toMatchObject({ status: 'succeeded', pendingCents: 0 })
    expect(await invoice(id)).toMatchObject({ amountPaidCents: 50_000 })

    // A forged event is refused before anything is stored.
    const forged = await thrown(receiveWebhook(deps, sessionEvent.body.replace('40000', '4'), 't=1,v1=00'))
    expect(forged.kind).toBe('invalid')
  })

  it('a manual payment racing an online one never takes the balance below zero', async () => {
    const id = await sentInvoice()
    // A bank payment in flight counts against what staff can record.
    await standIn.complete(await checkout(id, 100_000), 'us_bank_account')
    const refused = await thrown(recordManualPayment(deps, staff, id, manual('500')))
    expect(refused.kind).toBe('invalid')
    expect(refused.message).toContain('$204.43')
    await recordManualPayment(deps, staff, id, manual('204.43'))
    expect(await invoice(id)).toMatchObject({ amountPaidCents: 20_443 })

    // A card payment of the whole balance and a manual payment of it at the same moment.
    const other = await sentInvoice()
    standIn.hold(true)
    await standIn.complete(await checkout(other, TOTAL), 'card')
    const events = standIn.events.slice(-2)
    const results = await Promise.allSettled([
      recordManualPayment(deps, staff, other, manual('1204.43')),
      (async () => {
        for (const event of events) await standIn.send(event)
      })(),
    ])
    expect(results[1].status).toBe('fulfilled')
    const paid = await invoice(other)
    expect(paid).toMatchObject({ status: 'paid', amountPaidCents: TOTAL })
    const [online] = await onlineOf(other)
    if (results[0].status === 'fulfilled') {
      // The manual payment came first: the card payment no longer fits and was given back whole.
      expect(online).toMatchObject({ status: 'refunded', refundedCents: TOTAL })
      expect(standIn.refunds.size).toBeGreaterThan(0)
    } else {
      expect(online).toMatchObject({ status: 'succeeded' })
    }
    const payments = await database.db.select().from(billingPayments).where(eq(billingPayments.invoiceId, other))
    expect(payments.reduce((s, p) => s + p.amountCents, 0)).toBe(TOTAL)
  })

  it('staff refund part, then the rest, of an online payment: recorded, audited and e-mailed', async () => {
    const id = await sentInvoice()
    await standIn.complete(await checkout(id, 50_000), 'card')
    const [online] = await onlineOf(id)
    const part = await refundOnlinePayment(deps, staff, online?.id ?? '', 20_000, 'Duplicate line')
    expect(part).toMatchObject({ status: 'partially_refunded', refundedCents: 20_000 })
    expect((await thrown(refundOnlinePayment(deps, staff, online?.id ?? '', 40_000, null))).kind).toBe('invalid')
    const rest = await refundOnlinePayment(deps, staff, online?.id ?? '', 30_000, null)
    expect(rest).toMatchObject({ status: 'refunded', refundedCents: 50_000 })
    const refunds = await database.db.select().from(onlineRefunds)
    expect(refunds.map((r) => r.amountCents).sort()).toEqual([20_000, 30_000])
    expect(refunds.every((r) => standIn.refunds.has(r.providerRefundId))).toBe(true)
    const audits = await database.db.select().from(auditLog).where(eq(auditLog.action, 'payment.refund'))
    expect(audits).toHaveLength(2)
    expect(audits[0]).toMatchObject({ actorEmail: staff.email, subjectId: id })
    const mails = (await queuedMails(database)).filter((m) => m.subject.startsWith('Refund of'))
    expect(mails.map((m) => m.subject)).toEqual([
      `Refund of $200.00 for invoice ${(await invoice(id)).number}`,
      `Refund of $300.00 for invoice ${(await invoice(id)).number}`,
    ])
    // Nothing stays paid: the invoice owes its whole total again, sent, and overdue past its due date.
    expect(await invoice(id)).toMatchObject({ status: 'sent', amountPaidCents: 0 })
    expect(mails[1]?.text).toContain('The invoice is open again: $1,204.43 is now due on it.')
  })

  it('a refund of a paid invoice reopens it for the refunded amount, audited and shown to the client', async () => {
    const id = await sentInvoice()
    await standIn.complete(await checkout(id, TOTAL), 'card')
    expect(await invoice(id)).toMatchObject({ status: 'paid', amountPaidCents: TOTAL })
    const [online] = await onlineOf(id)
    await refundOnlinePayment(deps, staff, online?.id ?? '', 20_443, 'Returned router')
    expect(await invoice(id)).toMatchObject({ status: 'partially_paid', amountPaidCents: 100_000 })
    const [audit] = await database.db.select().from(auditLog).where(eq(auditLog.action, 'payment.refund'))
    expect(audit?.details).toMatchObject({
      reopenedCents: 20_443,
      status: { from: 'paid', to: 'partially_paid' },
      balanceCents: 20_443,
    })
    // The client's page and lists read the invoice as owing again; past its due date, overdue.
    const detail = await documentDetail(database.db, id, carla.organisationId)
    expect(detail && shownStatus(detail.document, '2026-03-02')).toBe('partially_paid')
    expect(detail && shownStatus(detail.document, '2026-04-10')).toBe('overdue')
    expect(
      (
        await listClientDocuments(
          database.db,
          carla.organisationId,
          { kind: 'invoice', status: 'overdue' },
          '2026-04-10',
        )
      ).items[0],
    ).toMatchObject({ id, balanceCents: 20_443 })
    const mail = (await queuedMails(database)).find((m) => m.subject.startsWith('Refund of'))
    expect(mail?.text).toContain('The invoice is open again: $204.43 is now due on it.')
    // It can be paid again, and the refund cannot exceed what the payment has left.
    expect((await invoicePaymentState(database.db, await invoice(id))).payableCents).toBe(20_443)
    expect((await thrown(refundOnlinePayment(deps, staff, online?.id ?? '', 100_001, null))).kind).toBe('invalid')
  })

  it('autopay with a failing card: each attempt and failure e-mailed, retried after 3, 5 and 7 days, then listed for staff', async () => {
    const id = await sentInvoice()
    const intentsBefore = standIn.intents.size
    const { url } = await startMethodSetup(deps, carla, {
      successUrl: `${PUBLIC_URL}/billing/autopay`,
      cancelUrl: `${PUBLIC_URL}/billing/autopay`,
    })
    await standIn.complete(url.split('/checkout/')[1] ?? '', 'card_declined')
    const [saved] = await database.db.select().from(autopaySettings)
    expect(saved).toMatchObject({ methodKind: 'card', methodLabel: 'Visa ending 0341', enabled: false })
    // Nothing was charged by saving it.
    expect(standIn.intents.size).toBe(intentsBefore)
    expect(await chargeAutopayInvoice(deps, id)).toBeNull()
    await setAutopay(deps, carla, true)

    const start = clock.now().getTime()
    expect(await chargeAutopayInvoice(deps, id)).toBe('failed')
    const nextOf = async () =>
      (await onlineOf(id)).sort((a, b) => b.attempt - a.attempt)[0]?.nextAttemptAt?.getTime() ?? null
    const day = 86_400_000
    expect(await nextOf()).toBe(start + 3 * day)
    expect(await retryDueAutopay(deps)).toBe(0)
    clock.advanceDays(3)
    expect(await retryDueAutopay(deps)).toBe(1)
    expect(await nextOf()).toBe(start + 5 * day)
    clock.advanceDays(2)
    expect(await retryDueAutopay(deps)).toBe(1)
    expect(await nextOf()).toBe(start + 7 * day)
    clock.advanceDays(2)
    expect(await retryDueAutopay(deps)).toBe(1)
    expect(await nextOf()).toBeNull()
    clock.advanceDays(10)
    expect(await retryDueAutopay(deps)).toBe(0)

    const attempts = (await onlineOf(id)).sort((a, b) => a.attempt - b.attempt)
    expect(attempts.map((a) => [a.attempt, a.status, a.autopay])).toEqual([
      [1, 'failed', true],
      [2, 'failed', true],
      [3, 'failed', true],
      [4, 'failed', true],
    ])
    expect(attempts[0]?.failureReason).toBe('Your card was declined.')
    const mails = await queuedMails(database)
    expect(mails.filter((m) => m.subject.startsWith('Autopay: charging'))).toHaveLength(4)
    expect(mails.filter((m) => m.subject.includes('did not go through'))).toHaveLength(4)
    expect(mails.filter((m) => m.subject.startsWith('Online payment failed'))).toHaveLength(4)
    expect(mails.find((m) => m.subject.includes('did not go through'))?.text).toContain(
      'try your saved payment method again',
    )
    expect(await invoice(id)).toMatchObject({ status: 'sent', amountPaidCents: 0 })
    expect((await failingPayments(database.db)).length).toBe(4)

    // Removing the saved method turns autopay off.
    await removeSavedMethod(deps, carla)
    expect((await database.db.select().from(autopaySettings))[0]).toMatchObject({
      enabled: false,
      paymentMethodId: null,
    })
    expect((await thrown(setAutopay(deps, carla, true))).kind).toBe('conflict')
  })

  it('autopay with a good card pays the invoice when it is charged', async () => {
    const id = await sentInvoice()
    const { url } = await startMethodSetup(deps, carla, { successUrl: PUBLIC_URL, cancelUrl: PUBLIC_URL })
    await standIn.complete(url.split('/checkout/')[1] ?? '', 'card')
    await setAutopay(deps, carla, true)
    expect(await chargeAutopayInvoice(deps, id)).toBe('succeeded')
    expect(await invoice(id)).toMatchObject({ status: 'paid', amountPaidCents: TOTAL })
    expect(await chargeAutopayInvoice(deps, id)).toBeNull()
    expect(await onlineOf(id)).toHaveLength(1)
  })
})
