import { kindLabels, paymentMethodLabels } from '../../../app/features/billing/labels.ts'
import { formatMoney, formatQuantity, formatTaxRate } from '../../../app/features/billing/money.ts'
import { shownStatus, statusLabels } from '../../../app/features/billing/states.ts'
import { formatCalendarDate } from '../../../app/lib/business-time.ts'
import type {
  BillingDocument,
  BillingDocumentLine,
  BillingPayment,
  BillToSnapshot,
  IssuerSnapshot,
} from '../../db/schema/index.server.ts'
import { type PrintedDocument, PrintedDocumentPdf } from './parts.server.tsx'
import { renderPdf } from './render.server.ts'

/** Everything a billing document's PDF shows, as read from the database. */
export type BillingPdfInput = {
  document: BillingDocument
  lines: BillingDocumentLine[]
  /** The issuer and addressee: the document's own copies once sent, today's for a draft. */
  issuer: IssuerSnapshot
  billTo: BillToSnapshot
  /** A receipt's payment, with the invoice it paid. */
  payment?: (BillingPayment & { invoiceNumber: string; invoiceTotalCents: number }) | undefined
  /** An invoice converted from an estimate: the estimate's number. */
  sourceNumber?: string | null | undefined
  /** New York's date, for overdue and expired. */
  today: string
}

const date = (value: string | null) => (value ? formatCalendarDate(value) : '—')

/** The document as printed text (also what the PDF test reads back). */
export function printedBillingDocument(input: BillingPdfInput): PrintedDocument {
  const { document: doc, issuer, billTo } = input
  const title = kindLabels[doc.kind]
  const number = doc.number ?? 'Draft'
  const status = statusLabels[shownStatus(doc, input.today)]
  const facts: PrintedDocument['facts'] = []
  const totals: PrintedDocument['totals'] = []
  const sections: PrintedDocument['sections'] = []
  const taxLine = () => {
    const rate = formatTaxRate(doc.taxRateMilliPercent)
    const label = doc.taxLabel ? `Sales tax, ${doc.taxLabel} (${rate})` : `Sales tax (${rate})`
    return { label, value: formatMoney(doc.taxCents) }
  }

  if (doc.kind === 'estimate') {
    facts.push(
      { label: 'Estimate date', value: date(doc.issuedOn) },
      { label: 'Valid until', value: date(doc.expiresOn) },
    )
    totals.push({ label: 'Subtotal', value: formatMoney(doc.subtotalCents) }, taxLine(), {
      label: 'Total',
      value: formatMoney(doc.totalCents),
      strong: true,
    })
    if (doc.status === 'declined' && doc.declineReason) {
      sections.push({ heading: 'Declined', text: doc.declineReason })
    }
  } else if (doc.kind === 'invoice') {
    facts.push({ label: 'Invoice date', value: date(doc.issuedOn) }, { label: 'Due date', value: date(doc.dueOn) })
    if (input.sourceNumber) facts.push({ label: 'Estimate', value: input.sourceNumber })
    totals.push(
      { label: 'Subtotal', value: formatMoney(doc.subtotalCents) },
      taxLine(),
      { label: 'Total', value: formatMoney(doc.totalCents), strong: true },
      { label: 'Amount paid', value: formatMoney(doc.amountPaidCents) },
      { label: 'Balance due', value: formatMoney(doc.totalCents - doc.amountPaidCents), strong: true },
    )
    if (doc.paymentInstructions && doc.status !== 'paid' && doc.status !== 'void') {
      sections.push({ heading: 'How to pay', text: doc.paymentInstructions })
    }
  } else {
    const payment = input.payment
    facts.push({ label: 'Receipt date', value: date(doc.issuedOn) })
    if (payment) {
      facts.push(
        { label: 'Payment received', value: date(payment.receivedOn) },
        { label: 'Method', value: paymentMethodLabels[payment.method] },
        ...(payment.reference ? [{ label: 'Reference', value: payment.reference }] : []),
        { label: 'Invoice', value: payment.invoiceNumber },
      )
      totals.push(
        { label: 'Amount received', value: formatMoney(payment.amountCents), strong: true },
        { label: `Invoice ${payment.invoiceNumber} total`, value: formatMoney(payment.invoiceTotalCents) },
        { label: 'Balance after this payment', value: formatMoney(payment.balanceAfterCents) },
      )
    }
  }
  if (doc.status === 'void') {
    sections.push({ heading: 'Void', text: doc.voidReason ?? 'This document is void.' })
  }
  if (doc.notes) sections.push({ heading: 'Notes', text: doc.notes })

  const party = {
    heading: doc.kind === 'receipt' ? 'Received from' : doc.kind === 'estimate' ? 'Prepared for' : 'Bill to',
    lines: [billTo.name, billTo.companyName, billTo.email, billTo.phone].filter((line): line is string =>
      Boolean(line),
    ),
  }
  return {
    title,
    number,
    status,
    banner: doc.status === 'draft' ? `Draft: not a valid ${title.toLowerCase()} until it is sent` : undefined,
    issuer: {
      name: issuer.name,
      legalName: issuer.legalName,
      addressLines: [issuer.street, `${issuer.town}, ${issuer.state} ${issuer.postalCode}`],
      phone: issuer.phone,
      email: issuer.email,
    },
    party,
    facts,
    lines:
      doc.kind === 'receipt'
        ? undefined
        : input.lines.map((line) => ({
            description: line.description,
            quantity: formatQuantity(line.quantityMilli),
            unitPrice: formatMoney(line.unitPriceCents),
            amount: formatMoney(line.amountCents),
            taxable: line.taxable,
          })),
    totals,
    sections,
    footer: `${issuer.legalName} · ${title} ${number}`,
    meta: {
      title: `${title} ${number}`,
      author: issuer.name,
      subject: `${title} ${number} for ${billTo.companyName ?? billTo.name}`,
      createdAt: doc.sentAt ?? doc.updatedAt,
    },
  }
}

/** The PDF file of a billing document. */
export function billingPdf(input: BillingPdfInput): Promise<Buffer> {
  return renderPdf(<PrintedDocumentPdf doc={printedBillingDocument(input)} />)
}

/** "INV-2026-0001.pdf"; a draft: "invoice-draft-1a2b3c4d.pdf". */
export function pdfFilename(doc: Pick<BillingDocument, 'id' | 'kind' | 'number'>): string {
  return doc.number ? `${doc.number}.pdf` : `${doc.kind}-draft-${doc.id.slice(0, 8)}.pdf`
}
