import type { DocumentDetail } from '../../../server/billing/queries.server.ts'
import { pdfInputOf } from '../../../server/billing/queries.server.ts'
import { printedBillingDocument } from './printed'
import { nextReminderOn } from './reminders'
import { type DocumentFacts, type InvoiceStatus, shownStatus } from './states'

/**
 * A sent document as staff read it: the printed document, its shown status, the client, its
 * history, reminders and payments. The admins' page adds the actions the transition table allows;
 * the employees' read-only page shows it as it is. Either way the same words from the same data.
 */

/** What the transition table needs to know of a document today (New York date). */
export function documentFacts(detail: DocumentDetail, today: string): DocumentFacts {
  const doc = detail.document
  return {
    kind: doc.kind,
    status: doc.status,
    totalCents: doc.totalCents,
    amountPaidCents: doc.amountPaidCents,
    lineCount: detail.lines.length,
    expired: doc.expiresOn !== null && doc.expiresOn < today,
  }
}

export const clientLabel = (c: { fullName: string | null; companyName: string | null; email: string }) =>
  [c.companyName, c.fullName, c.email].filter(Boolean).join(' · ')

export function staffDocumentView(detail: DocumentDetail, today: string) {
  const doc = detail.document
  return {
    id: doc.id,
    kind: doc.kind,
    number: doc.number ?? '',
    printed: printedBillingDocument(pdfInputOf(detail, today)),
    shown: shownStatus(doc, today),
    balanceCents: doc.totalCents - doc.amountPaidCents,
    client: { id: detail.client.id, label: clientLabel(detail.client) },
    timeline: {
      createdBy: doc.createdByEmail,
      createdAt: doc.createdAt.toISOString(),
      sentAt: doc.sentAt?.toISOString() ?? null,
      sentBy: doc.sentByEmail,
      viewedAt: doc.viewedAt?.toISOString() ?? null,
      decidedAt: doc.decidedAt?.toISOString() ?? null,
      voidedAt: doc.voidedAt?.toISOString() ?? null,
      paidAt: doc.paidAt?.toISOString() ?? null,
    },
    reminders:
      doc.kind === 'invoice'
        ? {
            enabled: doc.remindersEnabled,
            sent: doc.remindersSent,
            next: nextReminderOn({ ...doc, status: doc.status as InvoiceStatus }),
          }
        : null,
    payments: detail.payments.map((p) => ({
      id: p.id,
      amountCents: p.amountCents,
      method: p.method,
      receivedOn: p.receivedOn,
      reference: p.reference,
      receiptId: p.receiptId,
      receiptNumber: p.receiptNumber,
      recordedBy: p.recordedByEmail,
    })),
    source: detail.source,
    convertedTo: detail.convertedTo,
    paidInvoice: detail.receiptOf?.invoice ?? null,
  }
}

export type StaffDocumentView = ReturnType<typeof staffDocumentView>
