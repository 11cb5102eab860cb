/**
 * The life of a billing document: its statuses, and the one table of transitions the server
 * enforces (server/billing/documents.server.ts asks `decide()` before every change). Pure, so the
 * pages can show only the buttons that would work, and a property test can drive it.
 */

export const documentKinds = ['estimate', 'invoice', 'receipt'] as const
export type DocumentKind = (typeof documentKinds)[number]

export const estimateStatuses = ['draft', 'sent', 'viewed', 'accepted', 'declined', 'converted', 'void'] as const
export const invoiceStatuses = ['draft', 'sent', 'viewed', 'partially_paid', 'paid', 'void'] as const
export const receiptStatuses = ['issued'] as const

export type EstimateStatus = (typeof estimateStatuses)[number]
export type InvoiceStatus = (typeof invoiceStatuses)[number]
export type ReceiptStatus = (typeof receiptStatuses)[number]
/** What the database stores. */
export type StoredStatus = EstimateStatus | InvoiceStatus | ReceiptStatus

export const statusesOf: Record<DocumentKind, readonly StoredStatus[]> = {
  estimate: estimateStatuses,
  invoice: invoiceStatuses,
  receipt: receiptStatuses,
}

/**
 * What a person is shown. Two are read from the calendar rather than stored, so they are right
 * the moment the date passes, without a job flipping rows: an invoice sent, viewed or partly paid
 * whose due date has passed (New York time) is `overdue`; an estimate still waiting for a decision
 * after its expiry date is `expired`. A third is read from the online payments: an open invoice
 * whose whole balance is covered by bank payments in flight is `payment_pending` (not overdue, not
 * paid) until they settle or fail (docs/billing.md#pending-bank-payments).
 */
export type ShownStatus = StoredStatus | 'overdue' | 'expired' | 'payment_pending'

export const statusLabels: Record<ShownStatus, string> = {
  draft: 'Draft',
  sent: 'Sent',
  viewed: 'Viewed',
  accepted: 'Accepted',
  declined: 'Declined',
  converted: 'Invoiced',
  void: 'Void',
  partially_paid: 'Partially paid',
  paid: 'Paid',
  issued: 'Issued',
  overdue: 'Overdue',
  expired: 'Expired',
  payment_pending: 'Payment pending',
}

/** Invoice statuses that still owe money. */
export const openInvoiceStatuses = ['sent', 'viewed', 'partially_paid'] as const satisfies readonly InvoiceStatus[]
/** Estimate statuses that wait for the client's decision. */
export const awaitingEstimateStatuses = ['sent', 'viewed'] as const satisfies readonly EstimateStatus[]

const includes = <T extends string>(list: readonly T[], value: string): value is T => list.includes(value as T)

/** What shownStatus() reads of a document; `pendingCents` is its bank payments in flight (0 when not given). */
export type StatusFacts = {
  kind: DocumentKind
  status: StoredStatus
  dueOn: string | null
  expiresOn: string | null
  totalCents?: number
  amountPaidCents?: number
  pendingCents?: number
}

/** An open invoice whose whole balance is covered by bank payments in flight. */
export function coveredByPending(doc: StatusFacts): boolean {
  const pending = doc.pendingCents ?? 0
  if (doc.kind !== 'invoice' || !includes(openInvoiceStatuses, doc.status) || pending <= 0) return false
  return pending >= (doc.totalCents ?? 0) - (doc.amountPaidCents ?? 0)
}

/**
 * `payment_pending` from the pending payments, then `overdue` and `expired` from the dates; `today`
 * is New York's date as YYYY-MM-DD. The SQL twin for lists and counts is billing's
 * `shownStatusCondition` (server/billing/queries.server.ts).
 */
export function shownStatus(doc: StatusFacts, today: string): ShownStatus {
  if (coveredByPending(doc)) return 'payment_pending'
  if (doc.kind === 'invoice' && includes(openInvoiceStatuses, doc.status) && doc.dueOn !== null && doc.dueOn < today) {
    return 'overdue'
  }
  if (
    doc.kind === 'estimate' &&
    includes(awaitingEstimateStatuses, doc.status) &&
    doc.expiresOn !== null &&
    doc.expiresOn < today
  ) {
    return 'expired'
  }
  return doc.status
}

/** The statuses a client may filter their list by (never draft: a client never sees one). */
export const clientStatusFilters: Record<'estimate' | 'invoice', readonly ShownStatus[]> = {
  estimate: ['sent', 'viewed', 'accepted', 'declined', 'expired', 'converted', 'void'],
  invoice: ['sent', 'viewed', 'partially_paid', 'payment_pending', 'paid', 'overdue', 'void'],
}

/** Who acts: staff (admins) through the back office, the client who owns the document, or the server's own jobs. */
export type Party = 'staff' | 'client' | 'system'

export type BillingEvent =
  | 'edit'
  | 'delete'
  | 'send'
  | 'view'
  | 'accept'
  | 'decline'
  | 'convert'
  | 'pay'
  | 'refund'
  | 'void'
  | 'set-reminders'
  | 'remind'

/**
 * What a transition leads to: a status, the same status, nothing (deleted), paid/partly paid by the
 * balance left, or, after a refund, partly paid or sent again by what stays paid.
 */
export type Target = StoredStatus | 'same' | 'deleted' | 'by-balance' | 'by-refund'

export type Transition = {
  kind: DocumentKind
  event: BillingEvent
  from: readonly StoredStatus[]
  to: Target
  by: Party
  /** A condition besides the status, checked by decide(). */
  when?: 'sendable' | 'not-expired' | 'payable-amount' | 'refundable-amount' | 'reminder-due'
}

/**
 * The transition table: every change of every document, and nothing else. A receipt is issued
 * with its payment and never changes.
 */
export const transitions: readonly Transition[] = [
  { kind: 'estimate', event: 'edit', from: ['draft'], to: 'draft', by: 'staff' },
  { kind: 'estimate', event: 'delete', from: ['draft'], to: 'deleted', by: 'staff' },
  { kind: 'estimate', event: 'send', from: ['draft'], to: 'sent', by: 'staff', when: 'sendable' },
  { kind: 'estimate', event: 'view', from: ['sent'], to: 'viewed', by: 'client' },
  { kind: 'estimate', event: 'accept', from: ['sent', 'viewed'], to: 'accepted', by: 'client', when: 'not-expired' },
  { kind: 'estimate', event: 'decline', from: ['sent', 'viewed'], to: 'declined', by: 'client', when: 'not-expired' },
  { kind: 'estimate', event: 'convert', from: ['accepted'], to: 'converted', by: 'staff' },
  { kind: 'estimate', event: 'void', from: ['sent', 'viewed'], to: 'void', by: 'staff' },
  { kind: 'invoice', event: 'edit', from: ['draft'], to: 'draft', by: 'staff' },
  { kind: 'invoice', event: 'delete', from: ['draft'], to: 'deleted', by: 'staff' },
  { kind: 'invoice', event: 'send', from: ['draft'], to: 'sent', by: 'staff', when: 'sendable' },
  { kind: 'invoice', event: 'view', from: ['sent'], to: 'viewed', by: 'client' },
  {
    kind: 'invoice',
    event: 'pay',
    from: ['sent', 'viewed', 'partially_paid'],
    to: 'by-balance',
    by: 'staff',
    when: 'payable-amount',
  },
  // A refund gives money back: the invoice owes it again (sent, or overdue by its due date, when nothing stays paid).
  {
    kind: 'invoice',
    event: 'refund',
    from: ['partially_paid', 'paid'],
    to: 'by-refund',
    by: 'staff',
    when: 'refundable-amount',
  },
  // Only before any payment: money received is not undone by voiding the paper.
  { kind: 'invoice', event: 'void', from: ['sent', 'viewed'], to: 'void', by: 'staff' },
  {
    kind: 'invoice',
    event: 'set-reminders',
    from: ['draft', 'sent', 'viewed', 'partially_paid'],
    to: 'same',
    by: 'staff',
  },
  {
    kind: 'invoice',
    event: 'remind',
    from: ['sent', 'viewed', 'partially_paid'],
    to: 'same',
    by: 'system',
    when: 'reminder-due',
  },
]

/** What decide() needs to know of a document. */
export type DocumentFacts = {
  kind: DocumentKind
  status: StoredStatus
  totalCents: number
  amountPaidCents: number
  lineCount: number
  /** An estimate past its expiry date (New York time). */
  expired: boolean
  /** Set for `remind`: whether the reminder schedule says one is due now. */
  reminderDue?: boolean
}

export type Refusal =
  | 'unknown-event'
  | 'wrong-party'
  | 'wrong-status'
  | 'not-sendable'
  | 'expired'
  | 'bad-amount'
  | 'not-due'

export type Decision = { ok: true; to: StoredStatus | 'deleted'; rule: Transition } | { ok: false; refusal: Refusal }

/**
 * May `party` do `event` to this document now, and what does it become? `amountCents` is the
 * payment of a `pay`.
 */
export function decide(
  facts: DocumentFacts,
  event: BillingEvent,
  party: Party,
  input: { amountCents?: number } = {},
): Decision {
  const rules = transitions.filter((t) => t.kind === facts.kind && t.event === event)
  if (rules.length === 0) return { ok: false, refusal: 'unknown-event' }
  const byParty = rules.filter((t) => t.by === party)
  if (byParty.length === 0) return { ok: false, refusal: 'wrong-party' }
  const rule = byParty.find((t) => t.from.includes(facts.status))
  if (!rule) return { ok: false, refusal: 'wrong-status' }
  switch (rule.when) {
    case 'sendable':
      if (facts.lineCount < 1 || facts.totalCents <= 0) return { ok: false, refusal: 'not-sendable' }
      break
    case 'not-expired':
      if (facts.expired) return { ok: false, refusal: 'expired' }
      break
    case 'payable-amount': {
      const amount = input.amountCents ?? 0
      const balance = facts.totalCents - facts.amountPaidCents
      if (!Number.isSafeInteger(amount) || amount <= 0 || amount > balance) return { ok: false, refusal: 'bad-amount' }
      break
    }
    case 'refundable-amount': {
      const amount = input.amountCents ?? 0
      if (!Number.isSafeInteger(amount) || amount <= 0 || amount > facts.amountPaidCents) {
        return { ok: false, refusal: 'bad-amount' }
      }
      break
    }
    case 'reminder-due':
      if (!facts.reminderDue) return { ok: false, refusal: 'not-due' }
      break
    case undefined:
      break
  }
  if (rule.to === 'same') return { ok: true, to: facts.status, rule }
  if (rule.to === 'by-balance') {
    const paid = facts.amountPaidCents + (input.amountCents ?? 0)
    return { ok: true, to: paid >= facts.totalCents ? 'paid' : 'partially_paid', rule }
  }
  if (rule.to === 'by-refund') {
    const paid = facts.amountPaidCents - (input.amountCents ?? 0)
    return { ok: true, to: paid > 0 ? 'partially_paid' : 'sent', rule }
  }
  return { ok: true, to: rule.to, rule }
}

/** The events `party` could do to this document now (for the buttons a page shows). */
export function availableEvents(facts: DocumentFacts, party: Party): BillingEvent[] {
  const events = new Set<BillingEvent>()
  for (const t of transitions) {
    if (t.kind !== facts.kind || t.by !== party || !t.from.includes(facts.status)) continue
    // A payment's amount is not known yet: offer it whenever something is owed.
    const probe = t.event === 'pay' || t.event === 'refund' ? { amountCents: 1 } : {}
    if (decide(facts, t.event, party, probe).ok) events.add(t.event)
  }
  return [...events]
}

/** The words a person reads when decide() refuses. */
export function refusalMessage(kind: DocumentKind, refusal: Refusal): string {
  const name = kind === 'estimate' ? 'estimate' : kind === 'invoice' ? 'invoice' : 'receipt'
  switch (refusal) {
    case 'unknown-event':
    case 'wrong-party':
      return `That cannot be done to this ${name}.`
    case 'wrong-status':
      return `This ${name} has changed since you opened it: reload the page to see where it stands.`
    case 'not-sendable':
      return `Add at least one line, with a total above $0.00, before sending this ${name}.`
    case 'expired':
      return 'This estimate has expired and can no longer be accepted or declined. Ask us for a new one.'
    case 'bad-amount':
      return 'Enter an amount above $0.00 and no more than the balance due.'
    case 'not-due':
      return 'No reminder is due for this invoice.'
  }
}
