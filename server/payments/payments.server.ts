import { and, eq, inArray, isNotNull, lte, ne, sql, sum } from 'drizzle-orm'
import { paymentMethodLabels } from '../../app/features/billing/labels.ts'
import { formatMoney } from '../../app/features/billing/money.ts'
import type { PaymentInput } from '../../app/features/billing/schema.ts'
import { decide, openInvoiceStatuses, refusalMessage } from '../../app/features/billing/states.ts'
import { autopayRetryDays, type MethodKind } from '../../app/features/payments/states.ts'
import { businessDate } from '../../app/lib/business-time.ts'
import { DomainError } from '../../app/lib/domain-error.ts'
import { isUuid } from '../../app/lib/uuid.ts'
import { type AuditActor, recordAudit } from '../audit/audit.server.ts'
import {
  type BillingDeps,
  billingInbox,
  type ClientActor,
  clientLink,
  documentNotFoundMessage,
  recordPayment,
  type StaffActor,
  staffLink,
} from '../billing/documents.server.ts'
import type { Db } from '../db/client.server.ts'
import {
  autopaySettings,
  type BillingDocument,
  billingDocuments,
  billingPayments,
  type OnlinePayment,
  onlinePayments,
  onlineRefunds,
  organisations,
  paymentEvents,
} from '../db/schema/index.server.ts'
import type { Logger } from '../log.server.ts'
import { billingRecipients } from '../organisations/recipients.server.ts'
import {
  autopayAttemptMail,
  paymentFailedMail,
  paymentFailedStaffMail,
  paymentPendingMail,
  refundMail,
} from './mail.server.ts'
import type { ChargeOutcome, PaymentProvider, PaymentSignal } from './provider.server.ts'

/**
 * Online payments of invoices (docs/billing.md#online-payments). The rule that keeps the balance
 * right whatever arrives at once: every change that counts money against an invoice — a manual
 * payment, a bank payment going pending, an online payment succeeding — first locks the invoice's
 * row, then reads what is still payable (total − paid − other pending bank payments). A success
 * records its payment through billing's own `recordPayment` (receipt, e-mail, audit) inside the
 * same transaction; what no longer fits (a manual payment came first) is refunded at once.
 */

export type PaymentsDeps = BillingDeps & {
  provider: PaymentProvider | undefined
  /** Where a provider outage is told to the operators, as a warning (the app's logger). */
  log?: Pick<Logger, 'warn'> | undefined
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

/** Who records what the provider confirms, in the audit log: the server, not a person. */
export const onlinePaymentsActor = { userId: 'system', email: 'system:online-payments' } as const

const notFound = () => new DomainError('not_found', documentNotFoundMessage)
const clockOf = (deps: BillingDeps) => deps.now?.() ?? new Date()
const methodOf = (kind: MethodKind | null) => (kind === 'us_bank_account' ? 'bank_online' : 'card_online')
/** billing's services take the database; inside ours they run on our transaction (a savepoint). */
const onTx = (deps: BillingDeps, tx: Tx): BillingDeps => ({ ...deps, db: tx as unknown as Db })

function requireProvider(deps: PaymentsDeps): PaymentProvider {
  // Without keys there is no online payment at all: the addresses answer as if they did not exist.
  if (!deps.provider) throw new DomainError('not_found', 'Online payments are not available.')
  return deps.provider
}

async function lockInvoice(tx: Tx, id: string, organisationId?: string): Promise<BillingDocument> {
  if (!isUuid(id)) throw notFound()
  const conditions = [eq(billingDocuments.id, id), eq(billingDocuments.kind, 'invoice')]
  if (organisationId !== undefined) {
    conditions.push(eq(billingDocuments.organisationId, organisationId), ne(billingDocuments.status, 'draft'))
  }
  const [row] = await tx
    .select()
    .from(billingDocuments)
    .where(and(...conditions))
    .for('update')
  if (!row) throw notFound()
  return row
}

/** Bank payments in flight on an invoice (all of them, or all but one). */
async function pendingOf(db: Db | Tx, invoiceId: string, except?: string): Promise<number> {
  const conditions = [eq(onlinePayments.invoiceId, invoiceId), eq(onlinePayments.status, 'pending')]
  if (except) conditions.push(ne(onlinePayments.id, except))
  const [row] = await db
    .select({ cents: sum(onlinePayments.pendingCents) })
    .from(onlinePayments)
    .where(and(...conditions))
  return Number(row?.cents ?? 0)
}

/** What can still be paid on an invoice: its balance less bank payments in flight (never below zero). */
async function payableOf(db: Db | Tx, invoice: BillingDocument, except?: string): Promise<number> {
  if (!(openInvoiceStatuses as readonly string[]).includes(invoice.status)) return 0
  return Math.max(0, invoice.totalCents - invoice.amountPaidCents - (await pendingOf(db, invoice.id, except)))
}

/** The payable amount and the pending one, for the pages. */
export async function invoicePaymentState(db: Db, invoice: BillingDocument) {
  const pendingCents = await pendingOf(db, invoice.id)
  return { pendingCents, payableCents: await payableOf(db, invoice) }
}

/**
 * A payment staff record by hand (the admin invoice page's form): billing's `recordPayment`, but
 * under the invoice's lock and counting bank payments in flight, so a manual payment racing an
 * online one never takes the balance below zero.
 */
export async function recordManualPayment(
  deps: BillingDeps,
  actor: StaffActor,
  invoiceId: string,
  input: PaymentInput,
) {
  return deps.db.transaction(async (tx) => {
    const invoice = await lockInvoice(tx, invoiceId)
    const pending = await pendingOf(tx, invoice.id)
    const payable = invoice.totalCents - invoice.amountPaidCents - pending
    if (pending > 0 && input.amount > payable) {
      throw new DomainError(
        'invalid',
        `A bank payment of ${formatMoney(pending)} is in flight on this invoice: at most ${formatMoney(Math.max(0, payable))} can be recorded until it settles or fails.`,
        { fields: { amount: ['More than can be paid while a bank payment is pending.'] } },
      )
    }
    return recordPayment(onTx(deps, tx), actor, invoiceId, input)
  })
}

/**
 * The client's Pay action: opens a checkout at the provider for the balance or a part of it and
 * returns where to send the client. Nothing is counted until the provider says the client paid.
 */
export async function startInvoiceCheckout(
  deps: PaymentsDeps,
  client: ClientActor,
  invoiceId: string,
  amountCents: number,
): Promise<{ url: string }> {
  const provider = requireProvider(deps)
  const now = clockOf(deps)
  const { payment, invoice } = await deps.db.transaction(async (tx) => {
    const invoice = await lockInvoice(tx, invoiceId, client.organisationId)
    const payable = await payableOf(tx, invoice)
    if (payable <= 0) {
      throw new DomainError('conflict', 'Nothing is left to pay on this invoice (a payment may still be settling).')
    }
    if (amountCents > payable) {
      throw new DomainError('invalid', `You can pay at most ${formatMoney(payable)} on this invoice.`, {
        fields: { amount: [`At most ${formatMoney(payable)}.`] },
      })
    }
    const [payment] = await tx
      .insert(onlinePayments)
      .values({
        invoiceId: invoice.id,
        organisationId: client.organisationId,
        provider: provider.name,
        amountCents,
        startedByEmail: client.email,
        createdAt: now,
        updatedAt: now,
      })
      .returning()
    if (!payment) throw new Error('insert returned no row')
    return { payment, invoice }
  })
  const link = clientLink(deps.publicUrl, invoice)
  let session: { sessionId: string; url: string }
  try {
    session = await provider.createPaymentCheckout({
      onlinePaymentId: payment.id,
      invoiceId: invoice.id,
      invoiceNumber: invoice.number ?? '',
      amountCents,
      customerEmail: client.email,
      successUrl: `${link}?payment=${payment.id}`,
      cancelUrl: link,
    })
  } catch (error) {
    if (!(error instanceof DomainError && error.kind === 'unavailable')) throw error
    // The provider did not answer: the checkout never opened, so the row records a failure and
    // nothing counts (should Stripe have opened it after all, its webhooks still find the row).
    deps.log?.warn(
      { err: error.cause, onlinePaymentId: payment.id, invoiceId: invoice.id, provider: provider.name },
      'payment provider unreachable at checkout',
    )
    await deps.db
      .update(onlinePayments)
      .set({ status: 'failed', failureReason: error.message, updatedAt: clockOf(deps) })
      .where(and(eq(onlinePayments.id, payment.id), eq(onlinePayments.status, 'started')))
    throw error
  }
  await deps.db
    .update(onlinePayments)
    .set({ checkoutSessionId: session.sessionId, updatedAt: clockOf(deps) })
    .where(eq(onlinePayments.id, payment.id))
  return { url: session.url }
}

/**
 * A webhook as it came: its signature checked, stored by its event id (a second delivery finds it
 * there), and processed once — the event's row is locked while it is, and marked processed in the
 * same transaction as its effect. An event whose processing failed keeps its error and is processed
 * again at the provider's next delivery. Returns whether anything was done.
 */
export async function receiveWebhook(
  deps: PaymentsDeps,
  rawBody: string,
  signature: string | undefined,
): Promise<'processed' | 'duplicate'> {
  const provider = requireProvider(deps)
  let event: Awaited<ReturnType<PaymentProvider['verifyWebhook']>>
  try {
    event = await provider.verifyWebhook(rawBody, signature)
  } catch {
    throw new DomainError('invalid', 'The webhook signature does not match.')
  }
  const now = clockOf(deps)
  await deps.db
    .insert(paymentEvents)
    .values({ provider: provider.name, eventId: event.id, type: event.type, payload: event.payload, receivedAt: now })
    .onConflictDoNothing()
  const [stored] = await deps.db
    .select({ processedAt: paymentEvents.processedAt })
    .from(paymentEvents)
    .where(and(eq(paymentEvents.provider, provider.name), eq(paymentEvents.eventId, event.id)))
  if (stored?.processedAt) return 'duplicate'
  try {
    const signal = await provider.interpret(event)
    const methodLabel = signal.kind === 'method_saved' ? await provider.describeMethod(signal.paymentMethodId) : null
    const after = await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ processedAt: paymentEvents.processedAt })
        .from(paymentEvents)
        .where(and(eq(paymentEvents.provider, provider.name), eq(paymentEvents.eventId, event.id)))
        .for('update')
      if (row?.processedAt) return 'duplicate' as const
      let followUp: (() => Promise<void>) | null = null
      if (signal.kind === 'method_saved' && methodLabel) {
        followUp = await saveMethod(deps, tx, signal, methodLabel)
      } else if (signal.kind !== 'ignored' && signal.kind !== 'method_saved') {
        followUp = await applySignal(deps, tx, signal)
      }
      await tx
        .update(paymentEvents)
        .set({ processedAt: clockOf(deps), error: null })
        .where(and(eq(paymentEvents.provider, provider.name), eq(paymentEvents.eventId, event.id)))
      return followUp
    })
    if (after === 'duplicate') return 'duplicate'
    if (after) await after()
    return 'processed'
  } catch (error) {
    await deps.db
      .update(paymentEvents)
      .set({ error: error instanceof Error ? error.message.slice(0, 1000) : String(error) })
      .where(and(eq(paymentEvents.provider, provider.name), eq(paymentEvents.eventId, event.id)))
    throw error
  }
}

type MoneySignal = Exclude<PaymentSignal, { kind: 'ignored' } | { kind: 'method_saved' }>

/**
 * What the provider said about one online payment, applied in the caller's transaction, in any
 * order: a success after a success, a pending after a success, a failure after a success change
 * nothing. Returns work for after the commit (refunding what no longer fits), or null.
 */
async function applySignal(deps: PaymentsDeps, tx: Tx, signal: MoneySignal): Promise<(() => Promise<void>) | null> {
  if (!isUuid(signal.onlinePaymentId)) return null
  const [current] = await tx
    .select()
    .from(onlinePayments)
    .where(eq(onlinePayments.id, signal.onlinePaymentId))
    .for('update')
  if (!current) return null
  const invoice = await lockInvoice(tx, current.invoiceId)
  const [payment] = await tx
    .select()
    .from(onlinePayments)
    .where(eq(onlinePayments.id, signal.onlinePaymentId))
    .for('update')
  if (!payment) return null
  const now = clockOf(deps)
  const ids = {
    paymentIntentId: signal.paymentIntentId ?? payment.paymentIntentId,
    methodKind: signal.methodKind ?? payment.methodKind,
    ...('chargeId' in signal && signal.chargeId ? { chargeId: signal.chargeId } : {}),
    updatedAt: now,
  }
  const settled = ['succeeded', 'refunded', 'partially_refunded'].includes(payment.status)
  const link = clientLink(deps.publicUrl, invoice)
  const recipients = await billingRecipients(tx, invoice.organisationId, invoice.billTo?.email)

  if (signal.kind === 'pending') {
    if (settled || payment.status === 'pending') {
      await tx.update(onlinePayments).set(ids).where(eq(onlinePayments.id, payment.id))
      return null
    }
    const held = Math.min(payment.amountCents, await payableOf(tx, invoice, payment.id))
    await tx
      .update(onlinePayments)
      .set({ ...ids, status: 'pending', pendingCents: held, failureReason: null })
      .where(eq(onlinePayments.id, payment.id))
    for (const to of recipients) {
      await deps.outbox.enqueue(
        paymentPendingMail(to, { invoiceNumber: invoice.number ?? '', amountCents: payment.amountCents, link }),
        tx,
      )
    }
    return null
  }

  if (signal.kind === 'failed') {
    if (settled || payment.status === 'failed') return null
    const wasPending = payment.status === 'pending'
    const nextAttemptAt = payment.autopay ? nextAttemptAfter(payment.attempt, now) : null
    await tx
      .update(onlinePayments)
      .set({ ...ids, status: 'failed', pendingCents: 0, failureReason: signal.reason, nextAttemptAt })
      .where(eq(onlinePayments.id, payment.id))
    await recordAudit(tx, onlinePaymentsActor, {
      action: 'payment.failed',
      subjectId: invoice.id,
      details: {
        number: invoice.number,
        amountCents: payment.amountCents,
        reason: signal.reason,
        autopay: payment.autopay,
        attempt: payment.attempt,
        paymentIntentId: ids.paymentIntentId,
      },
    })
    // A card refused on the provider's checkout page is said there; a bank payment returned later,
    // or an autopay charge, is told by e-mail (the client is not looking).
    if (wasPending || payment.autopay) {
      const about = { invoiceNumber: invoice.number ?? '', amountCents: payment.amountCents, link }
      for (const to of recipients) {
        await deps.outbox.enqueue(
          paymentFailedMail(to, {
            ...about,
            reason: signal.reason,
            nextAttemptOn: nextAttemptAt ? businessDate(nextAttemptAt) : null,
          }),
          tx,
        )
      }
      await deps.outbox.enqueue(
        paymentFailedStaffMail(billingInbox, {
          ...about,
          link: staffLink(deps.publicUrl, invoice),
          reason: signal.reason,
          clientName: invoice.billTo?.companyName ?? invoice.billTo?.name ?? '',
          attempt: payment.attempt,
          autopay: payment.autopay,
        }),
        tx,
      )
    }
    return null
  }

  // Succeeded.
  if (settled) return null
  const fits = Math.min(payment.amountCents, await payableOf(tx, invoice, payment.id))
  let paymentId: string | null = null
  if (fits > 0) {
    const { receipt } = await recordPayment(onTx(deps, tx), onlinePaymentsActor, invoice.id, {
      amount: fits,
      method: methodOf(ids.methodKind),
      receivedOn: businessDate(now),
      reference: ids.paymentIntentId,
    })
    const [recorded] = await tx
      .select({ id: billingPayments.id })
      .from(billingPayments)
      .where(eq(billingPayments.receiptId, receipt.id))
    paymentId = recorded?.id ?? null
  }
  await tx
    .update(onlinePayments)
    .set({ ...ids, status: 'succeeded', pendingCents: 0, failureReason: null, nextAttemptAt: null, paymentId })
    .where(eq(onlinePayments.id, payment.id))
  const excess = payment.amountCents - fits
  if (excess <= 0 || !ids.paymentIntentId) return null
  // Paid twice over (a manual payment was recorded first): what does not fit goes back at once.
  return async () => {
    await refundOnlinePayment(
      deps,
      onlinePaymentsActor,
      payment.id,
      excess,
      'Paid already: the invoice had no balance left for this part.',
    )
  }
}

/** When autopay tries again after its nth attempt failed: 3, 5 and 7 days after the first. */
export function nextAttemptAfter(attempt: number, now: Date): Date | null {
  const days = autopayRetryDays[attempt - 1]
  if (days === undefined) return null
  const previous = attempt > 1 ? (autopayRetryDays[attempt - 2] ?? 0) : 0
  return new Date(now.getTime() + (days - previous) * 86_400_000)
}

/**
 * Gives back part or all of an online payment (staff from the invoice, or the server for what no
 * longer fits): refunded at the provider, recorded, audited and e-mailed. The invoice's payments
 * and receipts stay as they were (the refund is its own record beside them), but the invoice owes
 * the refunded amount again: its amount paid goes down and it goes back to partly paid, or to sent
 * (overdue by its due date) when nothing stays paid, through the transition table's `refund`. What
 * was never counted as paid (the part that no longer fitted) reopens nothing.
 */
export async function refundOnlinePayment(
  deps: PaymentsDeps,
  actor: AuditActor,
  onlinePaymentId: string,
  amountCents: number,
  reason: string | null,
): Promise<OnlinePayment> {
  const provider = requireProvider(deps)
  if (!isUuid(onlinePaymentId)) throw notFound()
  return deps.db.transaction(async (tx) => {
    // The invoice's row first, as every change of what is paid takes it, then the payment's.
    const [found] = await tx
      .select({ invoiceId: onlinePayments.invoiceId })
      .from(onlinePayments)
      .where(eq(onlinePayments.id, onlinePaymentId))
    if (!found) throw notFound()
    const [invoice] = await tx
      .select()
      .from(billingDocuments)
      .where(eq(billingDocuments.id, found.invoiceId))
      .for('update')
    if (!invoice) throw notFound()
    const [payment] = await tx.select().from(onlinePayments).where(eq(onlinePayments.id, onlinePaymentId)).for('update')
    if (!payment) throw notFound()
    if (!['succeeded', 'partially_refunded'].includes(payment.status) || !payment.paymentIntentId) {
      throw new DomainError('conflict', 'Only an online payment that went through can be refunded.')
    }
    const left = payment.amountCents - payment.refundedCents
    if (amountCents <= 0 || amountCents > left) {
      throw new DomainError('invalid', `At most ${formatMoney(left)} of this payment can be refunded.`, {
        fields: { amount: [`At most ${formatMoney(left)}.`] },
      })
    }
    // The part of the payment that was recorded on the invoice (all of it, but for what no longer fitted).
    const [recorded] = payment.paymentId
      ? await tx
          .select({ cents: billingPayments.amountCents })
          .from(billingPayments)
          .where(eq(billingPayments.id, payment.paymentId))
      : []
    const unrecorded = payment.amountCents - (recorded?.cents ?? 0)
    // What the invoice owes again: the refund less what was never counted as paid.
    const reopens =
      Math.max(0, payment.refundedCents + amountCents - unrecorded) - Math.max(0, payment.refundedCents - unrecorded)
    const decision =
      reopens > 0
        ? decide(
            {
              kind: 'invoice',
              status: invoice.status,
              totalCents: invoice.totalCents,
              amountPaidCents: invoice.amountPaidCents,
              lineCount: 0,
              expired: false,
            },
            'refund',
            'staff',
            { amountCents: reopens },
          )
        : null
    if (decision && (!decision.ok || decision.to === 'deleted')) {
      throw new DomainError('conflict', refusalMessage('invoice', decision.ok ? 'wrong-status' : decision.refusal))
    }
    const { refundId } = await provider.refund({
      paymentIntentId: payment.paymentIntentId,
      amountCents,
      idempotencyKey: `refund-${payment.id}-${payment.refundedCents}-${amountCents}`,
    })
    const now = clockOf(deps)
    const refunded = payment.refundedCents + amountCents
    await tx.insert(onlineRefunds).values({
      onlinePaymentId: payment.id,
      providerRefundId: refundId,
      amountCents,
      reason,
      refundedByEmail: actor.email,
      createdAt: now,
    })
    const [updated] = await tx
      .update(onlinePayments)
      .set({
        refundedCents: refunded,
        status: refunded === payment.amountCents ? 'refunded' : 'partially_refunded',
        updatedAt: now,
      })
      .where(eq(onlinePayments.id, payment.id))
      .returning()
    if (!updated) throw notFound()
    const paidAfter = invoice.amountPaidCents - reopens
    // Back to partly paid, or sent (viewed, when the client had opened it); overdue is read from its due date.
    const to = decision?.ok && decision.to !== 'deleted' ? decision.to : invoice.status
    const reopened = to === 'sent' && invoice.viewedAt !== null ? 'viewed' : to
    if (reopens > 0) {
      await tx
        .update(billingDocuments)
        .set({ amountPaidCents: paidAfter, status: reopened, updatedAt: now })
        .where(eq(billingDocuments.id, invoice.id))
    }
    await recordAudit(tx, actor, {
      action: 'payment.refund',
      subjectId: invoice.id,
      details: {
        number: invoice.number,
        amountCents,
        paymentCents: payment.amountCents,
        refundedCents: refunded,
        reason,
        refundId,
        paymentIntentId: payment.paymentIntentId,
        reopenedCents: reopens,
        status: { from: invoice.status, to: reopened },
        balanceCents: invoice.totalCents - paidAfter,
      },
    })
    const link = clientLink(deps.publicUrl, invoice)
    for (const to of await billingRecipients(tx, invoice.organisationId, invoice.billTo?.email)) {
      await deps.outbox.enqueue(
        refundMail(to, {
          invoiceNumber: invoice.number ?? '',
          amountCents: payment.amountCents,
          refundCents: amountCents,
          reason,
          balanceCents: invoice.totalCents - paidAfter,
          reopened: reopens > 0,
          link,
        }),
        tx,
      )
    }
    return updated
  })
}

// ---------------------------------------------------------------------------------------------
// Saved methods and autopay

/** An organisation's saved method and autopay switch, or null. */
export async function autopayOf(db: Db, organisationId: string) {
  const [row] = await db.select().from(autopaySettings).where(eq(autopaySettings.organisationId, organisationId))
  return row ?? null
}

/** Opens the provider's page to save a card or bank account (no charge); the customer is made once. */
export async function startMethodSetup(
  deps: PaymentsDeps,
  client: ClientActor,
  urls: { successUrl: string; cancelUrl: string },
): Promise<{ url: string }> {
  const provider = requireProvider(deps)
  let setting = await autopayOf(deps.db, client.organisationId)
  if (!setting) {
    const [organisation] = await deps.db
      .select({ name: organisations.name })
      .from(organisations)
      .where(eq(organisations.id, client.organisationId))
    const customerId = await provider.createCustomer({
      organisationId: client.organisationId,
      email: client.email,
      name: organisation?.name ?? client.email,
    })
    await deps.db
      .insert(autopaySettings)
      .values({
        organisationId: client.organisationId,
        customerId,
        updatedByEmail: client.email,
        updatedAt: clockOf(deps),
      })
      .onConflictDoNothing()
    setting = await autopayOf(deps.db, client.organisationId)
  }
  if (!setting) throw new Error('autopay settings were not stored')
  const session = await provider.createSetupCheckout({
    organisationId: client.organisationId,
    customerId: setting.customerId,
    ...urls,
  })
  return { url: session.url }
}

/** The provider confirmed a saved method: it replaces the organisation's previous one (forgotten after). */
async function saveMethod(
  deps: PaymentsDeps,
  tx: Tx,
  signal: Extract<PaymentSignal, { kind: 'method_saved' }>,
  method: { kind: MethodKind; label: string },
): Promise<(() => Promise<void>) | null> {
  const [current] = await tx
    .select()
    .from(autopaySettings)
    .where(eq(autopaySettings.organisationId, signal.organisationId))
    .for('update')
  if (!current || current.customerId !== signal.customerId) return null
  if (current.paymentMethodId === signal.paymentMethodId) return null
  await tx
    .update(autopaySettings)
    .set({
      paymentMethodId: signal.paymentMethodId,
      methodKind: method.kind,
      methodLabel: method.label,
      updatedAt: clockOf(deps),
    })
    .where(eq(autopaySettings.organisationId, signal.organisationId))
  await recordAudit(tx, onlinePaymentsActor, {
    action: 'payment.method_saved',
    subjectId: signal.organisationId,
    details: { method: method.label },
  })
  const previous = current.paymentMethodId
  const provider = deps.provider
  return previous && provider ? () => provider.detachMethod(previous) : null
}

/** Turns autopay on (a saved method needed) or off. */
export async function setAutopay(deps: PaymentsDeps, client: ClientActor, enabled: boolean) {
  requireProvider(deps)
  return deps.db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(autopaySettings)
      .where(eq(autopaySettings.organisationId, client.organisationId))
      .for('update')
    if (enabled && !current?.paymentMethodId) {
      throw new DomainError('conflict', 'Save a card or bank account first; then turn autopay on.')
    }
    if (!current || current.enabled === enabled) return current ?? null
    const [updated] = await tx
      .update(autopaySettings)
      .set({ enabled, updatedByEmail: client.email, updatedAt: clockOf(deps) })
      .where(eq(autopaySettings.organisationId, client.organisationId))
      .returning()
    await recordAudit(tx, client, {
      action: enabled ? 'payment.autopay_on' : 'payment.autopay_off',
      subjectId: client.organisationId,
      details: { method: current.methodLabel },
    })
    return updated ?? null
  })
}

/** Removes the saved method (forgotten at the provider too); autopay turns off with it. */
export async function removeSavedMethod(deps: PaymentsDeps, client: ClientActor) {
  const provider = requireProvider(deps)
  const removed = await deps.db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(autopaySettings)
      .where(eq(autopaySettings.organisationId, client.organisationId))
      .for('update')
    if (!current?.paymentMethodId) throw new DomainError('conflict', 'There is no saved payment method to remove.')
    await tx
      .update(autopaySettings)
      .set({
        paymentMethodId: null,
        methodKind: null,
        methodLabel: null,
        enabled: false,
        updatedByEmail: client.email,
        updatedAt: clockOf(deps),
      })
      .where(eq(autopaySettings.organisationId, client.organisationId))
    await recordAudit(tx, client, {
      action: 'payment.method_removed',
      subjectId: client.organisationId,
      details: { method: current.methodLabel, autopayWasOn: current.enabled },
    })
    return current.paymentMethodId
  })
  await provider.detachMethod(removed)
}

/**
 * Charges an issued invoice to its organisation's saved method when autopay is on (the monthly run
 * calls it for each invoice it issues; the retry job for each retry due). Returns what happened,
 * or null when there is nothing to do (no keys, autopay off, nothing payable).
 */
export async function chargeAutopayInvoice(
  deps: PaymentsDeps,
  invoiceId: string,
  attempt = 1,
): Promise<ChargeOutcome['status'] | null> {
  const provider = deps.provider
  if (!provider) return null
  const now = clockOf(deps)
  const started = await deps.db.transaction(async (tx) => {
    const invoice = await lockInvoice(tx, invoiceId)
    if (!invoice.organisationId) return null
    const [setting] = await tx
      .select()
      .from(autopaySettings)
      .where(eq(autopaySettings.organisationId, invoice.organisationId))
    if (!setting?.enabled || !setting.paymentMethodId) return null
    const amount = await payableOf(tx, invoice)
    if (amount <= 0) return null
    const [payment] = await tx
      .insert(onlinePayments)
      .values({
        invoiceId: invoice.id,
        organisationId: invoice.organisationId,
        provider: provider.name,
        amountCents: amount,
        methodKind: setting.methodKind,
        autopay: true,
        attempt,
        startedByEmail: onlinePaymentsActor.email,
        createdAt: now,
        updatedAt: now,
      })
      .returning()
    if (!payment) throw new Error('insert returned no row')
    const link = clientLink(deps.publicUrl, invoice)
    for (const to of await billingRecipients(tx, invoice.organisationId, invoice.billTo?.email)) {
      await deps.outbox.enqueue(
        autopayAttemptMail(to, {
          invoiceNumber: invoice.number ?? '',
          amountCents: amount,
          link,
          attempt,
          methodLabel: setting.methodLabel ?? 'saved payment method',
        }),
        tx,
      )
    }
    return { payment, setting }
  })
  if (!started) return null
  const { payment, setting } = started
  const outcome = await provider.chargeSavedMethod({
    onlinePaymentId: payment.id,
    invoiceId,
    customerId: setting.customerId,
    paymentMethodId: setting.paymentMethodId ?? '',
    amountCents: payment.amountCents,
    idempotencyKey: `autopay-${payment.id}`,
  })
  const signal: MoneySignal =
    outcome.status === 'failed'
      ? {
          kind: 'failed',
          onlinePaymentId: payment.id,
          paymentIntentId: outcome.paymentIntentId,
          reason: outcome.reason,
          methodKind: outcome.methodKind,
        }
      : {
          kind: outcome.status === 'succeeded' ? 'succeeded' : 'pending',
          onlinePaymentId: payment.id,
          paymentIntentId: outcome.paymentIntentId,
          chargeId: outcome.status === 'succeeded' ? outcome.chargeId : null,
          methodKind: outcome.methodKind,
        }
  const after = await deps.db.transaction((tx) => applySignal(deps, tx, signal))
  if (after) await after()
  return outcome.status
}

/**
 * Tries again every failed autopay charge whose retry is due, each claimed once (its
 * `next_attempt_at` cleared in the statement that takes it), so two processes never charge twice.
 */
export async function retryDueAutopay(deps: PaymentsDeps): Promise<number> {
  const now = clockOf(deps)
  const due = await deps.db
    .update(onlinePayments)
    .set({ nextAttemptAt: null, updatedAt: now })
    .where(
      and(
        eq(onlinePayments.autopay, true),
        eq(onlinePayments.status, 'failed'),
        isNotNull(onlinePayments.nextAttemptAt),
        lte(onlinePayments.nextAttemptAt, now),
      ),
    )
    .returning({ invoiceId: onlinePayments.invoiceId, attempt: onlinePayments.attempt })
  let tried = 0
  for (const { invoiceId, attempt } of due) {
    if ((await chargeAutopayInvoice(deps, invoiceId, attempt + 1)) !== null) tried++
  }
  return tried
}

/** Staff's list: every failed online payment of an invoice still open, newest first. */
export async function failingPayments(db: Db) {
  return db
    .select({
      id: onlinePayments.id,
      invoiceId: onlinePayments.invoiceId,
      invoiceNumber: billingDocuments.number,
      organisation: organisations.name,
      amountCents: onlinePayments.amountCents,
      methodKind: onlinePayments.methodKind,
      reason: onlinePayments.failureReason,
      autopay: onlinePayments.autopay,
      attempt: onlinePayments.attempt,
      nextAttemptAt: onlinePayments.nextAttemptAt,
      failedAt: onlinePayments.updatedAt,
    })
    .from(onlinePayments)
    .innerJoin(billingDocuments, eq(billingDocuments.id, onlinePayments.invoiceId))
    .innerJoin(organisations, eq(organisations.id, onlinePayments.organisationId))
    .where(and(eq(onlinePayments.status, 'failed'), inArray(billingDocuments.status, [...openInvoiceStatuses])))
    .orderBy(sql`${onlinePayments.updatedAt} desc`)
    .limit(200)
}

/** An invoice's online payments (newest first), for its pages. */
export async function onlinePaymentsOf(db: Db, invoiceId: string) {
  return db
    .select()
    .from(onlinePayments)
    .where(and(eq(onlinePayments.invoiceId, invoiceId), ne(onlinePayments.status, 'started')))
    .orderBy(sql`${onlinePayments.createdAt} desc`)
}

export const methodWords = (kind: MethodKind | null) => paymentMethodLabels[methodOf(kind)]
