import { eq } from 'drizzle-orm'
import { paymentInstructions } from '../../app/content/business.ts'
import type { PaymentMethod } from '../../app/features/billing/labels.ts'
import { documentTotals } from '../../app/features/billing/money.ts'
import { documentSeries } from '../../app/features/billing/numbering.ts'
import type { EstimateStatus, InvoiceStatus } from '../../app/features/billing/states.ts'
import { addDays, businessDate } from '../../app/lib/business-time.ts'
import type { Db } from '../db/client.server.ts'
import {
  type BillingDocument,
  billingDocumentLines,
  billingDocuments,
  billingPayments,
  clientOnboarding,
} from '../db/schema/index.server.ts'
import { takeNumber } from './numbering.server.ts'
import { billToOf, currentIssuer } from './parties.server.ts'

/**
 * Demo billing for the demo client (SEED_DEMO): estimates and invoices in every state, with their
 * payments and receipts, dated around today, so the billing area shows what it does right after
 * `npm start`. Inserted once (when the client has no documents yet), numbered from the same
 * counters as real documents, with no audit rows and no e-mails: nobody did these things.
 */

type Line = { description: string; quantity: number; unitPrice: number; taxable?: boolean }

type Spec = {
  kind: 'estimate' | 'invoice'
  status: EstimateStatus | InvoiceStatus
  /** Days before today it was sent (ignored for drafts). */
  sentDaysAgo: number
  /** Days after sending it is due, or valid. */
  termDays: number
  lines: Line[]
  notes?: string
  viewed?: boolean
  declineReason?: string
  voidReason?: string
  /** Payments: amount in cents (or 'rest' for the balance), days ago, method. */
  payments?: { amount: number | 'rest'; daysAgo: number; method: PaymentMethod; reference?: string }[]
  remindersSent?: number
  /** An estimate turned into this invoice (index into the list). */
  fromEstimate?: number
}

const helpDesk = (users: number): Line => ({
  description: 'Full Help Desk (per user per month)',
  quantity: users,
  unitPrice: 10_000,
})

const specs: Spec[] = [
  // 0: accepted and converted into invoice 8
  {
    kind: 'estimate',
    status: 'converted',
    sentDaysAgo: 34,
    termDays: 30,
    viewed: true,
    lines: [
      { description: 'Network assessment and cabling plan', quantity: 1, unitPrice: 45_000 },
      { description: 'Managed switch, 24 ports', quantity: 2, unitPrice: 38_900, taxable: true },
      { description: 'Installation and configuration (hours)', quantity: 6, unitPrice: 12_500 },
    ],
  },
  {
    kind: 'estimate',
    status: 'sent',
    sentDaysAgo: 3,
    termDays: 30,
    lines: [
      { description: 'Wireless access point, ceiling mount', quantity: 3, unitPrice: 21_900, taxable: true },
      { description: 'Site survey and installation (hours)', quantity: 4, unitPrice: 12_500 },
    ],
    notes: 'Prices held for 30 days. Installation on a weekday evening at no extra charge.',
  },
  {
    kind: 'estimate',
    status: 'viewed',
    sentDaysAgo: 12,
    termDays: 21,
    viewed: true,
    lines: [helpDesk(8), { description: 'Onboarding and documentation (one time)', quantity: 1, unitPrice: 60_000 }],
  },
  {
    kind: 'estimate',
    status: 'declined',
    sentDaysAgo: 50,
    termDays: 30,
    viewed: true,
    declineReason: 'We are keeping our current phones for another year.',
    lines: [{ description: 'VoIP phone system migration', quantity: 1, unitPrice: 240_000 }],
  },
  // Expired: sent 45 days ago, valid for 30.
  {
    kind: 'estimate',
    status: 'sent',
    sentDaysAgo: 45,
    termDays: 30,
    lines: [
      { description: 'Laptop refresh: business laptop with setup', quantity: 4, unitPrice: 129_900, taxable: true },
    ],
  },
  { kind: 'estimate', status: 'draft', sentDaysAgo: 0, termDays: 30, lines: [helpDesk(10)] },
  // Paid in two payments.
  {
    kind: 'invoice',
    status: 'paid',
    sentDaysAgo: 62,
    termDays: 30,
    viewed: true,
    lines: [helpDesk(8), { description: 'After-hours server patching', quantity: 2, unitPrice: 15_000 }],
    payments: [
      { amount: 40_000, daysAgo: 50, method: 'check', reference: 'Check 2214' },
      { amount: 'rest', daysAgo: 35, method: 'ach', reference: 'ACH 88410027' },
    ],
  },
  // Overdue, one reminder sent, partly paid.
  {
    kind: 'invoice',
    status: 'partially_paid',
    sentDaysAgo: 40,
    termDays: 30,
    viewed: true,
    remindersSent: 1,
    lines: [helpDesk(8), { description: 'Backup appliance, 8 TB', quantity: 1, unitPrice: 189_900, taxable: true }],
    payments: [{ amount: 50_000, daysAgo: 20, method: 'card_in_person' }],
  },
  // 8: from estimate 0, sent a few days ago.
  { kind: 'invoice', status: 'sent', sentDaysAgo: 4, termDays: 30, lines: [], fromEstimate: 0 },
  {
    kind: 'invoice',
    status: 'void',
    sentDaysAgo: 25,
    termDays: 30,
    viewed: true,
    voidReason: 'Sent twice by mistake; see the invoice sent the same day.',
    lines: [helpDesk(8)],
  },
  {
    kind: 'invoice',
    status: 'draft',
    sentDaysAgo: 0,
    termDays: 30,
    lines: [helpDesk(8), { description: 'Printer repair, on site', quantity: 1.5, unitPrice: 9500 }],
  },
]

/** Inserts the demo documents for this client unless it has some; returns how many were inserted. */
export async function seedDemoBilling(db: Db, clientId: string, now = new Date()): Promise<number> {
  const today = businessDate(now)
  return db.transaction(async (tx) => {
    // The account's row, locked: a second process seeding at the same time waits here, then finds the documents.
    const [client] = await tx.select().from(clientOnboarding).where(eq(clientOnboarding.id, clientId)).for('update')
    if (!client) return 0
    const [some] = await tx
      .select({ id: billingDocuments.id })
      .from(billingDocuments)
      .where(eq(billingDocuments.clientId, clientId))
      .limit(1)
    if (some) return 0
    const issuer = currentIssuer()
    const billTo = billToOf(client)
    const created: BillingDocument[] = []
    const linesOf = new Map<number, Line[]>()
    // Numbers follow the dates they were sent: oldest first within each series.
    const order = specs
      .map((spec, index) => ({ spec, index }))
      .sort((a, b) => b.spec.sentDaysAgo - a.spec.sentDaysAgo || a.index - b.index)
    let inserted = 0
    for (const { spec, index } of order) {
      const lines = spec.fromEstimate !== undefined ? (linesOf.get(spec.fromEstimate) ?? []) : spec.lines
      linesOf.set(index, lines)
      const draft = spec.status === 'draft'
      const issuedOn = addDays(today, -spec.sentDaysAgo)
      const sentAt = new Date(now.getTime() - spec.sentDaysAgo * 86_400_000)
      const raw = lines.map((line) => ({
        description: line.description,
        quantityMilli: Math.round(line.quantity * 1000),
        unitPriceCents: line.unitPrice,
        taxable: line.taxable ?? false,
      }))
      const taxRate = 8375
      const totals = documentTotals(raw, taxRate)
      let paid = 0
      const payments = (spec.payments ?? []).map((p) => {
        const amount = p.amount === 'rest' ? totals.totalCents - paid : p.amount
        paid += amount
        return { ...p, amount, balanceAfter: totals.totalCents - paid }
      })
      const number = draft ? null : await takeNumber(tx, documentSeries[spec.kind], Number(issuedOn.slice(0, 4)))
      const source = spec.fromEstimate !== undefined ? created[spec.fromEstimate] : undefined
      const [doc] = await tx
        .insert(billingDocuments)
        .values({
          kind: spec.kind,
          status: spec.status,
          clientId,
          number,
          issuedOn: draft ? null : issuedOn,
          dueOn: spec.kind === 'invoice' ? addDays(draft ? today : issuedOn, spec.termDays) : null,
          expiresOn: spec.kind === 'estimate' ? addDays(draft ? today : issuedOn, spec.termDays) : null,
          taxRateMilliPercent: taxRate,
          taxLabel: 'Rockland County, NY',
          notes: spec.notes ?? null,
          subtotalCents: totals.subtotalCents,
          taxableCents: totals.taxableCents,
          taxCents: totals.taxCents,
          totalCents: totals.totalCents,
          amountPaidCents: paid,
          issuer: draft ? null : issuer,
          billTo: draft ? null : billTo,
          paymentInstructions: spec.kind === 'invoice' && !draft ? paymentInstructions : null,
          sourceDocumentId: source?.id ?? null,
          sentAt: draft ? null : sentAt,
          sentByEmail: draft ? null : 'demo seed',
          viewedAt: spec.viewed ? new Date(sentAt.getTime() + 86_400_000) : null,
          decidedAt: ['accepted', 'declined', 'converted'].includes(spec.status)
            ? new Date(sentAt.getTime() + 2 * 86_400_000)
            : null,
          declineReason: spec.declineReason ?? null,
          voidedAt: spec.voidReason ? new Date(sentAt.getTime() + 86_400_000) : null,
          voidReason: spec.voidReason ?? null,
          paidAt:
            spec.status === 'paid' ? new Date(now.getTime() - (payments.at(-1)?.daysAgo ?? 0) * 86_400_000) : null,
          remindersSent: spec.remindersSent ?? 0,
          lastRemindedOn: spec.remindersSent ? addDays(today, -4) : null,
          createdByEmail: 'demo seed',
          createdAt: draft ? now : new Date(sentAt.getTime() - 86_400_000),
          updatedAt: draft ? now : sentAt,
        })
        .returning()
      if (!doc) throw new Error('insert returned no row')
      created[index] = doc
      inserted++
      if (raw.length > 0) {
        await tx.insert(billingDocumentLines).values(
          raw.map((line, position) => ({
            ...line,
            documentId: doc.id,
            position,
            amountCents: totals.lineAmounts[position] ?? 0,
          })),
        )
      }
      for (const p of payments) {
        const receivedOn = addDays(today, -p.daysAgo)
        const at = new Date(now.getTime() - p.daysAgo * 86_400_000)
        const [receipt] = await tx
          .insert(billingDocuments)
          .values({
            kind: 'receipt',
            status: 'issued',
            clientId,
            number: await takeNumber(tx, documentSeries.receipt, Number(receivedOn.slice(0, 4))),
            issuedOn: receivedOn,
            subtotalCents: p.amount,
            totalCents: p.amount,
            amountPaidCents: p.amount,
            issuer,
            billTo,
            sourceDocumentId: doc.id,
            sentAt: at,
            sentByEmail: 'demo seed',
            remindersEnabled: false,
            createdByEmail: 'demo seed',
            createdAt: at,
            updatedAt: at,
          })
          .returning()
        if (!receipt) throw new Error('insert returned no row')
        inserted++
        await tx.insert(billingPayments).values({
          invoiceId: doc.id,
          receiptId: receipt.id,
          amountCents: p.amount,
          method: p.method,
          receivedOn,
          reference: p.reference ?? null,
          balanceAfterCents: p.balanceAfter,
          recordedByUserId: 'demo-seed',
          recordedByEmail: 'demo seed',
          createdAt: at,
        })
      }
    }
    return inserted
  })
}
