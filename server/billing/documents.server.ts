import { and, asc, count, eq, ne } from 'drizzle-orm'
import { billingTerms, business, paymentInstructions } from '../../app/content/business.ts'
import { documentTotals } from '../../app/features/billing/money.ts'
import { documentSeries } from '../../app/features/billing/numbering.ts'
import type { DraftInput, PaymentInput } from '../../app/features/billing/schema.ts'
import {
  type BillingEvent,
  type DocumentKind,
  decide,
  type Party,
  refusalMessage,
  type StoredStatus,
} from '../../app/features/billing/states.ts'
import { addDays, businessDate } from '../../app/lib/business-time.ts'
import { DomainError } from '../../app/lib/domain-error.ts'
import { isUuid } from '../../app/lib/uuid.ts'
import type { AuditActor } from '../audit/audit.server.ts'
import type { Db } from '../db/client.server.ts'
import {
  type BillingDocument,
  billingDocumentLines,
  billingDocuments,
  billingPayments,
  type ClientOnboarding,
  clientOnboarding,
} from '../db/schema/index.server.ts'
import { defineTransitions, type Tx } from '../db/transition.server.ts'
import type { Outbox } from '../mail/outbox.server.ts'
import { requireAddressee } from '../organisations/addressee.server.ts'
import { billingRecipients } from '../organisations/recipients.server.ts'
import { documentSentMail, documentVoidedMail, estimateDecidedMail, receiptMail } from './mail.server.ts'
import { takeNumber } from './numbering.server.ts'
import { billToOf, currentIssuer } from './parties.server.ts'
import { billingPdf, pdfFilename } from './pdf/billing-pdf.server.tsx'

/**
 * Every change to a billing document (docs/billing.md). Each one: one transaction that locks the
 * document, asks the transition table (`decide`) whether this party may do this now, writes the
 * change, its audit row and the e-mail to the other side (through the outbox), or nothing at all.
 */

export type BillingDeps = {
  db: Db
  outbox: Pick<Outbox, 'enqueue'>
  publicUrl: string
  /** The clock (tests move it); New York's date decides overdue, expired and numbering years. */
  now?: () => Date
}

/** A staff member (an admin) acting through the back office. */
export type StaffActor = AuditActor
/**
 * A signed-in client acting on their organisation's documents: clientId is their account's
 * onboarding record, organisationId the organisation whose documents they may see.
 */
export type ClientActor = AuditActor & { clientId: string; organisationId: string }

/** Where staff hear about clients' decisions. */
export const billingInbox = business.email

export const isDocumentId = (id: string) => isUuid(id)

/** The one answer for a document that does not exist or is not the visitor's (pages say it too). */
export const documentNotFoundMessage = 'There is no document at this address.'

/** Facts beside the document that the transition table asks about. */
type MoveFacts = { lineCount?: number; today: string; amountCents?: number }

/**
 * Lock → ask `decide` → audit, as every record's state changes do (server/db/transition.server.ts).
 * A client is never told what exists beyond their own documents' buttons: not found instead.
 */
const documents = defineTransitions({
  table: billingDocuments,
  notFoundMessage: documentNotFoundMessage,
  visibleTo: (organisationId) => [
    eq(billingDocuments.organisationId, organisationId),
    ne(billingDocuments.status, 'draft'),
  ],
  decide: (doc: BillingDocument, event: BillingEvent, party: Party, facts: MoveFacts) =>
    decide(
      {
        kind: doc.kind,
        status: doc.status,
        totalCents: doc.totalCents,
        amountPaidCents: doc.amountPaidCents,
        lineCount: facts.lineCount ?? 0,
        expired: doc.expiresOn !== null && doc.expiresOn < facts.today,
      },
      event,
      party,
      { amountCents: facts.amountCents },
    ),
  refusalMessage: (doc, _event, refusal) => refusalMessage(doc.kind, refusal),
  hidden: { party: 'client', refusals: ['unknown-event', 'wrong-party'] },
  auditDetails: (doc) => ({
    kind: doc.kind,
    number: doc.number,
    clientId: doc.clientId,
    totalCents: doc.totalCents,
    status: doc.status,
  }),
})
const notFound = documents.notFound

const pathOf = (kind: DocumentKind) => `${kind}s`
export const clientLink = (publicUrl: string, doc: Pick<BillingDocument, 'id' | 'kind'>) =>
  `${publicUrl}/billing/${pathOf(doc.kind)}/${doc.id}`
export const staffLink = (publicUrl: string, doc: Pick<BillingDocument, 'id'>) => `${publicUrl}/admin/billing/${doc.id}`

const clockOf = (deps: BillingDeps) => deps.now?.() ?? new Date()

async function lineCountOf(tx: Tx, id: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(billingDocumentLines)
    .where(eq(billingDocumentLines.documentId, id))
  return row?.n ?? 0
}

/** An approved client account, or a field error on the client picker. */
async function requireClientAccount(db: Db | Tx, clientId: string): Promise<ClientOnboarding> {
  const [client] = isDocumentId(clientId)
    ? await db.select().from(clientOnboarding).where(eq(clientOnboarding.id, clientId)).limit(1)
    : []
  if (client?.role !== 'client') {
    throw new DomainError('invalid', 'Choose one of the client accounts.', { field: 'clientId' })
  }
  if (client.status !== 'approved' && client.status !== 'verified') {
    throw new DomainError('invalid', 'This account is not approved yet: approve it on the Admin Dashboard first.', {
      field: 'clientId',
    })
  }
  return client
}

/**
 * Who a draft is for: the organisation the editor picked, addressed to its billing person or owner
 * (server/organisations/addressee.server.ts); or, for a caller that names a client person, that
 * person, filed under their organisation by the database (ADR 028).
 */
async function addresseeOf(db: Db | Tx, input: DraftInput): Promise<{ clientId: string; organisationId?: string }> {
  if (input.organisationId !== undefined) {
    const { organisation, addressee } = await requireAddressee(db, input.organisationId, 'billing')
    return { clientId: addressee.id, organisationId: organisation.id }
  }
  const client = await requireClientAccount(db, input.clientId ?? '')
  return { clientId: client.id }
}

function draftValues(input: DraftInput, to: { clientId: string; organisationId?: string }) {
  const totals = documentTotals(input.lines, input.taxRateMilliPercent)
  return {
    values: {
      ...to,
      taxRateMilliPercent: input.taxRateMilliPercent,
      taxLabel: input.taxLabel,
      notes: input.notes,
      dueOn: input.dueOn,
      expiresOn: input.expiresOn,
      subtotalCents: totals.subtotalCents,
      taxableCents: totals.taxableCents,
      taxCents: totals.taxCents,
      totalCents: totals.totalCents,
    },
    lines: input.lines.map((line, position) => ({ ...line, position, amountCents: totals.lineAmounts[position] ?? 0 })),
  }
}

async function insertLines(tx: Tx, documentId: string, lines: ReturnType<typeof draftValues>['lines']) {
  if (lines.length === 0) return
  await tx.insert(billingDocumentLines).values(lines.map((line) => ({ ...line, documentId })))
}

/** A new draft estimate or invoice for a client account. */
export async function createDraft(deps: BillingDeps, actor: StaffActor, input: DraftInput): Promise<BillingDocument> {
  const to = await addresseeOf(deps.db, input)
  const now = clockOf(deps)
  const { values, lines } = draftValues(input, to)
  return deps.db.transaction(async (tx) => {
    const [doc] = await tx
      .insert(billingDocuments)
      .values({
        ...values,
        kind: input.kind,
        status: 'draft',
        createdByEmail: actor.email,
        createdAt: now,
        updatedAt: now,
      })
      .returning()
    if (!doc) throw new Error('insert returned no row')
    await insertLines(tx, doc.id, lines)
    await documents.audit(tx, actor, 'billing.create', doc)
    return doc
  })
}

/** The conflict error of a draft someone changed after `loaded`. */
function conflict(doc: BillingDocument): DomainError {
  return new DomainError(
    'conflict',
    'Someone changed this draft after you opened it. Nothing was saved; your changes are still in the form.',
    { changedAt: doc.updatedAt },
  )
}

const sameMillisecond = (a: Date, b: Date) => a.getTime() === b.getTime()

/**
 * Saves an edit of a draft opened when it was last changed at `loadedUpdatedAt`; a draft changed
 * since then is not overwritten (a 'conflict' DomainError, the form keeps what was typed).
 */
export async function updateDraft(
  deps: BillingDeps,
  actor: StaffActor,
  id: string,
  loadedUpdatedAt: Date,
  input: DraftInput,
): Promise<BillingDocument> {
  const to = await addresseeOf(deps.db, input)
  const now = clockOf(deps)
  const { values, lines } = draftValues(input, to)
  return deps.db.transaction(async (tx) => {
    const { row: current } = await documents.begin(tx, id, {
      event: 'edit',
      party: 'staff',
      facts: { today: businessDate(now) },
    })
    if (current.kind !== input.kind) {
      throw new DomainError('invalid', 'A draft keeps its kind: start a new document instead.', { field: 'kind' })
    }
    if (!sameMillisecond(current.updatedAt, loadedUpdatedAt)) throw conflict(current)
    const [doc] = await tx
      .update(billingDocuments)
      .set({ ...values, updatedAt: now })
      .where(eq(billingDocuments.id, id))
      .returning()
    if (!doc) throw notFound()
    await tx.delete(billingDocumentLines).where(eq(billingDocumentLines.documentId, id))
    await insertLines(tx, id, lines)
    const changed = Object.entries(values)
      .filter(([key, value]) => current[key as keyof typeof values] !== value)
      .map(([key]) => key)
    await documents.audit(tx, actor, 'billing.update', doc, { changed, lines: lines.length })
    return doc
  })
}

/** Deletes a draft (it has no number, so no gap is left). */
export async function deleteDraft(deps: BillingDeps, actor: StaffActor, id: string, loadedUpdatedAt?: Date) {
  const now = clockOf(deps)
  await deps.db.transaction(async (tx) => {
    const { row: doc } = await documents.begin(tx, id, {
      event: 'delete',
      party: 'staff',
      facts: { today: businessDate(now) },
    })
    if (loadedUpdatedAt && !sameMillisecond(doc.updatedAt, loadedUpdatedAt)) throw conflict(doc)
    if (doc.sourceDocumentId) {
      throw new DomainError(
        'conflict',
        'This draft was converted from an accepted estimate: edit it and send it, or void it once sent.',
      )
    }
    await tx.delete(billingDocuments).where(eq(billingDocuments.id, id))
    await documents.audit(tx, actor, 'billing.delete', doc)
  })
}

/**
 * Sends a draft: numbers it (EST/INV-year-n, gapless), dates it, freezes it with copies of the
 * issuer, the addressee and (invoices) the payment instructions, and e-mails the client a link.
 */
export async function sendDocument(
  deps: BillingDeps,
  actor: StaffActor,
  id: string,
  loadedUpdatedAt?: Date,
): Promise<BillingDocument> {
  const now = clockOf(deps)
  const today = businessDate(now)
  return deps.db.transaction(async (tx) => {
    const draft = await documents.lock(tx, id)
    if (loadedUpdatedAt && draft.status === 'draft' && !sameMillisecond(draft.updatedAt, loadedUpdatedAt)) {
      throw conflict(draft)
    }
    documents.allow(draft, 'send', 'staff', { today, lineCount: await lineCountOf(tx, id) })
    const client = await requireClientAccount(tx, draft.clientId)
    const until = draft.kind === 'invoice' ? draft.dueOn : draft.expiresOn
    if (until === null || until < today) {
      throw new DomainError(
        'conflict',
        draft.kind === 'invoice'
          ? 'The due date has passed: choose a new one before sending.'
          : 'The valid-until date has passed: choose a new one before sending.',
        { field: draft.kind === 'invoice' ? 'dueOn' : 'expiresOn' },
      )
    }
    const kind = draft.kind as 'estimate' | 'invoice'
    const number = await takeNumber(tx, documentSeries[kind], Number(today.slice(0, 4)))
    const billTo = billToOf(client)
    const [doc] = await tx
      .update(billingDocuments)
      .set({
        status: 'sent',
        number,
        issuedOn: today,
        issuer: currentIssuer(),
        billTo,
        paymentInstructions: kind === 'invoice' ? paymentInstructions : null,
        sentAt: now,
        sentByEmail: actor.email,
        updatedAt: now,
      })
      .where(eq(billingDocuments.id, id))
      .returning()
    if (!doc) throw notFound()
    await documents.audit(tx, actor, 'billing.send', doc)
    for (const to of await billingRecipients(tx, doc.organisationId, client.email)) {
      await deps.outbox.enqueue(
        documentSentMail(to, {
          kind,
          number,
          totalCents: doc.totalCents,
          until,
          clientName: billTo.name,
          link: clientLink(deps.publicUrl, doc),
        }),
        tx,
      )
    }
    return doc
  })
}

/**
 * A client opens one of their documents. The first time after it was sent, the time is kept
 * (staff see it) and a sent document becomes viewed. Anything not theirs, or a draft, is not found.
 */
export async function markViewed(deps: BillingDeps, client: ClientActor, id: string): Promise<BillingDocument> {
  if (!isDocumentId(id)) throw notFound()
  const [seen] = await deps.db
    .select()
    .from(billingDocuments)
    .where(
      and(
        eq(billingDocuments.id, id),
        eq(billingDocuments.organisationId, client.organisationId),
        ne(billingDocuments.status, 'draft'),
      ),
    )
    .limit(1)
  if (!seen) throw notFound()
  if (seen.viewedAt !== null || seen.kind === 'receipt') return seen
  const now = clockOf(deps)
  return deps.db.transaction(async (tx) => {
    const doc = await documents.lock(tx, id, { organisationId: client.organisationId })
    if (doc.viewedAt !== null) return doc
    const status =
      doc.status === 'sent' ? documents.allow(doc, 'view', 'client', { today: businessDate(now) }) : doc.status
    const [viewed] = await tx
      .update(billingDocuments)
      .set({ viewedAt: now, status: status as StoredStatus })
      .where(eq(billingDocuments.id, id))
      .returning()
    if (!viewed) throw notFound()
    await documents.audit(tx, client, 'billing.view', viewed)
    return viewed
  })
}

async function decideEstimate(
  deps: BillingDeps,
  client: ClientActor,
  id: string,
  decision: 'accepted' | 'declined',
  reason: string | null,
): Promise<BillingDocument> {
  const now = clockOf(deps)
  return deps.db.transaction(async (tx) => {
    const estimate = await documents.lock(tx, id, { organisationId: client.organisationId })
    if (estimate.kind !== 'estimate') throw notFound()
    const to = documents.allow(estimate, decision === 'accepted' ? 'accept' : 'decline', 'client', {
      today: businessDate(now),
    })
    const [doc] = await tx
      .update(billingDocuments)
      .set({
        status: to as StoredStatus,
        decidedAt: now,
        declineReason: decision === 'declined' ? reason : null,
        viewedAt: estimate.viewedAt ?? now,
        updatedAt: now,
      })
      .where(eq(billingDocuments.id, id))
      .returning()
    if (!doc) throw notFound()
    await documents.audit(
      tx,
      client,
      decision === 'accepted' ? 'billing.accept' : 'billing.decline',
      doc,
      decision === 'declined' ? { reason } : {},
    )
    const billTo = doc.billTo ?? { name: client.email, companyName: null, email: client.email, phone: null }
    await deps.outbox.enqueue(
      estimateDecidedMail(
        billingInbox,
        { number: doc.number ?? '', decision, reason, totalCents: doc.totalCents },
        { name: billTo.name, companyName: billTo.companyName, email: client.email },
        staffLink(deps.publicUrl, doc),
      ),
      tx,
    )
    return doc
  })
}

/** The client accepts their sent estimate (until it expires); staff hear about it. */
export function acceptEstimate(deps: BillingDeps, client: ClientActor, id: string) {
  return decideEstimate(deps, client, id, 'accepted', null)
}

/** The client declines their sent estimate, optionally saying why; staff hear about it. */
export function declineEstimate(deps: BillingDeps, client: ClientActor, id: string, reason: string | null) {
  return decideEstimate(deps, client, id, 'declined', reason)
}

/**
 * Turns an accepted estimate into a draft invoice with the same client, lines, tax and notes, due
 * in the usual number of days; the estimate becomes "invoiced". Returns the new draft.
 */
export async function convertEstimate(deps: BillingDeps, actor: StaffActor, id: string): Promise<BillingDocument> {
  const now = clockOf(deps)
  const today = businessDate(now)
  return deps.db.transaction(async (tx) => {
    const { row: estimate } = await documents.begin(tx, id, { event: 'convert', party: 'staff', facts: { today } })
    const lines = await tx
      .select()
      .from(billingDocumentLines)
      .where(eq(billingDocumentLines.documentId, id))
      .orderBy(asc(billingDocumentLines.position))
    const [invoice] = await tx
      .insert(billingDocuments)
      .values({
        kind: 'invoice',
        status: 'draft',
        clientId: estimate.clientId,
        dueOn: addDays(today, billingTerms.paymentDays),
        taxRateMilliPercent: estimate.taxRateMilliPercent,
        taxLabel: estimate.taxLabel,
        notes: estimate.notes,
        subtotalCents: estimate.subtotalCents,
        taxableCents: estimate.taxableCents,
        taxCents: estimate.taxCents,
        totalCents: estimate.totalCents,
        sourceDocumentId: estimate.id,
        createdByEmail: actor.email,
        createdAt: now,
        updatedAt: now,
      })
      .returning()
    if (!invoice) throw new Error('insert returned no row')
    await insertLines(
      tx,
      invoice.id,
      lines.map(({ id: _id, documentId: _doc, ...line }) => line),
    )
    const [converted] = await tx
      .update(billingDocuments)
      .set({ status: 'converted', updatedAt: now })
      .where(eq(billingDocuments.id, id))
      .returning()
    if (!converted) throw notFound()
    await documents.audit(tx, actor, 'billing.convert', converted, { invoiceId: invoice.id })
    await documents.audit(tx, actor, 'billing.create', invoice, { fromEstimate: estimate.number })
    return invoice
  })
}

/**
 * Records a payment against a sent invoice (part or all of the balance): a numbered receipt is
 * issued, the invoice becomes partially paid or paid, and the client is e-mailed the receipt's PDF.
 */
export async function recordPayment(
  deps: BillingDeps,
  actor: StaffActor,
  invoiceId: string,
  input: PaymentInput,
): Promise<{ invoice: BillingDocument; receipt: BillingDocument }> {
  const now = clockOf(deps)
  const today = businessDate(now)
  if (input.receivedOn > today) {
    throw new DomainError('invalid', 'The payment cannot be received in the future.', { field: 'receivedOn' })
  }
  return deps.db.transaction(async (tx) => {
    const invoice = await documents.lock(tx, invoiceId)
    if (invoice.kind !== 'invoice') throw notFound()
    const to = documents.allow(invoice, 'pay', 'staff', { today, amountCents: input.amount })
    const client = await tx.select().from(clientOnboarding).where(eq(clientOnboarding.id, invoice.clientId)).limit(1)
    const email = client[0]?.email ?? invoice.billTo?.email
    if (!email) throw new Error('the invoice has no client to e-mail')
    const amountPaidCents = invoice.amountPaidCents + input.amount
    const balanceAfterCents = invoice.totalCents - amountPaidCents
    const number = await takeNumber(tx, documentSeries.receipt, Number(today.slice(0, 4)))
    const billTo = invoice.billTo ?? billToOf(client[0] as ClientOnboarding)
    const [receipt] = await tx
      .insert(billingDocuments)
      .values({
        kind: 'receipt',
        status: 'issued',
        clientId: invoice.clientId,
        number,
        issuedOn: today,
        subtotalCents: input.amount,
        totalCents: input.amount,
        amountPaidCents: input.amount,
        issuer: currentIssuer(),
        billTo,
        sourceDocumentId: invoice.id,
        sentAt: now,
        sentByEmail: actor.email,
        remindersEnabled: false,
        createdByEmail: actor.email,
        createdAt: now,
        updatedAt: now,
      })
      .returning()
    if (!receipt) throw new Error('insert returned no row')
    const [payment] = await tx
      .insert(billingPayments)
      .values({
        invoiceId: invoice.id,
        receiptId: receipt.id,
        amountCents: input.amount,
        method: input.method,
        receivedOn: input.receivedOn,
        reference: input.reference,
        balanceAfterCents,
        recordedByUserId: actor.userId,
        recordedByEmail: actor.email,
        createdAt: now,
      })
      .returning()
    if (!payment) throw new Error('insert returned no row')
    const [updated] = await tx
      .update(billingDocuments)
      .set({
        status: to as StoredStatus,
        amountPaidCents,
        paidAt: to === 'paid' ? now : null,
        updatedAt: now,
      })
      .where(eq(billingDocuments.id, invoice.id))
      .returning()
    if (!updated) throw notFound()
    await documents.audit(tx, actor, 'billing.payment', updated, {
      amountCents: input.amount,
      method: input.method,
      receivedOn: input.receivedOn,
      reference: input.reference,
      receiptId: receipt.id,
      receiptNumber: number,
    })
    const pdf = await billingPdf({
      document: receipt,
      lines: [],
      issuer: receipt.issuer ?? currentIssuer(),
      billTo,
      payment: { ...payment, invoiceNumber: invoice.number ?? '', invoiceTotalCents: invoice.totalCents },
      today,
    })
    for (const to of await billingRecipients(tx, invoice.organisationId, email)) {
      await deps.outbox.enqueue(
        receiptMail(to, {
          number,
          invoiceNumber: invoice.number ?? '',
          amountCents: input.amount,
          balanceAfterCents,
          receivedOn: input.receivedOn,
          clientName: billTo.name,
          link: clientLink(deps.publicUrl, receipt),
          pdf: { filename: pdfFilename(receipt), content: pdf },
        }),
        tx,
      )
    }
    return { invoice: updated, receipt }
  })
}

/** Voids a sent invoice with nothing paid, or withdraws a sent estimate; the client is told why. */
export async function voidDocument(
  deps: BillingDeps,
  actor: StaffActor,
  id: string,
  reason: string,
): Promise<BillingDocument> {
  const now = clockOf(deps)
  return deps.db.transaction(async (tx) => {
    await documents.begin(tx, id, {
      event: 'void',
      party: 'staff',
      facts: { today: businessDate(now) },
    })
    const [doc] = await tx
      .update(billingDocuments)
      .set({ status: 'void', voidedAt: now, voidReason: reason, updatedAt: now })
      .where(eq(billingDocuments.id, id))
      .returning()
    if (!doc) throw notFound()
    await documents.audit(tx, actor, 'billing.void', doc, { reason })
    const [client] = await tx.select().from(clientOnboarding).where(eq(clientOnboarding.id, doc.clientId)).limit(1)
    const email = client?.email ?? doc.billTo?.email
    for (const to of await billingRecipients(tx, doc.organisationId, email)) {
      await deps.outbox.enqueue(
        documentVoidedMail(to, {
          kind: doc.kind as 'estimate' | 'invoice',
          number: doc.number ?? '',
          reason,
          clientName: doc.billTo?.name ?? to,
          link: clientLink(deps.publicUrl, doc),
        }),
        tx,
      )
    }
    return doc
  })
}

/** Turns an invoice's overdue reminders on or off. */
export async function setReminders(
  deps: BillingDeps,
  actor: StaffActor,
  id: string,
  enabled: boolean,
): Promise<BillingDocument> {
  const now = clockOf(deps)
  return deps.db.transaction(async (tx) => {
    await documents.begin(tx, id, {
      event: 'set-reminders',
      party: 'staff',
      facts: { today: businessDate(now) },
    })
    const [doc] = await tx
      .update(billingDocuments)
      .set({ remindersEnabled: enabled, updatedAt: now })
      .where(eq(billingDocuments.id, id))
      .returning()
    if (!doc) throw notFound()
    await documents.audit(tx, actor, enabled ? 'billing.reminders_on' : 'billing.reminders_off', doc)
    return doc
  })
}

/** The client account (onboarding record) of a signed-in client, by e-mail; null for staff or an unknown address. */
export async function clientAccountOf(db: Db, email: string): Promise<Pick<ClientOnboarding, 'id'> | null> {
  const [row] = await db
    .select({ id: clientOnboarding.id })
    .from(clientOnboarding)
    .where(and(eq(clientOnboarding.email, email.toLowerCase()), eq(clientOnboarding.role, 'client')))
    .limit(1)
  return row ?? null
}
