import { formatCalendarDate } from '../../lib/business-time'
import { kindLabels, type PaymentMethod, paymentMethodLabels } from './labels'
import { formatMoney, formatQuantity, formatTaxRate } from './money'
import { type DocumentKind, type StoredStatus, shownStatus, statusLabels } from './states'

/**
 * A billing document as printed: every word and amount, formatted, in the order a reader meets
 * them. The PDF (server/billing/pdf/) lays this out on paper; the document pages and the editor's
 * live preview show the same thing in HTML (printed-document.tsx), so the page, the preview and the
 * PDF never say different things.
 */

/** A document as it is printed: only text, already formatted. */
export type PrintedDocument = {
  /** "Invoice" */
  title: string
  /** "INV-2026-0001", or "Draft" */
  number: string
  /** "Partially paid" */
  status: string
  /** A banner across the top, e.g. for a draft that is not a valid document yet. */
  banner?: string | undefined
  issuer: { name: string; legalName: string; addressLines: string[]; phone: string; email: string }
  /** The addressee: heading ("Bill to", "Received from") and lines. */
  party: { heading: string; lines: string[] }
  facts: { label: string; value: string }[]
  lines?: PrintedLine[] | undefined
  totals: { label: string; value: string; strong?: boolean }[]
  /** Titled blocks of text after the totals (notes, payment instructions, a void reason). */
  sections: { heading: string; text: string }[]
  footer: string
  /** Written into the PDF's properties. */
  meta: { title: string; author: string; subject: string; createdAt: Date }
}

export type PrintedLine = { description: string; quantity: string; unitPrice: string; amount: string; taxable: boolean }

/** The business as it issued a document; copied onto the document when it is sent. */
export type IssuerSnapshot = {
  name: string
  legalName: string
  street: string
  town: string
  state: string
  postalCode: string
  phone: string
  email: string
}

/** The client as a document was addressed when it was sent. */
export type BillToSnapshot = {
  name: string
  companyName: string | null
  email: string
  phone: string | null
}

/** What printing needs of a document (a stored row has all of it; the editor's preview builds it). */
export type PrintableDocument = {
  kind: DocumentKind
  status: StoredStatus
  number: string | null
  issuedOn: string | null
  dueOn: string | null
  expiresOn: string | null
  taxRateMilliPercent: number
  taxLabel: string | null
  notes: string | null
  subtotalCents: number
  taxCents: number
  totalCents: number
  amountPaidCents: number
  /** Bank payments in flight (an invoice shows "Payment pending" when they cover its balance). */
  pendingCents?: number | undefined
  paymentInstructions: string | null
  declineReason: string | null
  voidReason: string | null
  sentAt: Date | null
  updatedAt: Date
}

export type PrintableLine = {
  description: string
  quantityMilli: number
  unitPriceCents: number
  amountCents: number
  taxable: boolean
}

export type PrintablePayment = {
  amountCents: number
  method: PaymentMethod
  receivedOn: string
  reference: string | null
  balanceAfterCents: number
  invoiceNumber: string
  invoiceTotalCents: number
}

/** Everything a billing document shows, on its page, in its PDF and in the editor's preview. */
export type PrintInput = {
  document: PrintableDocument
  lines: readonly PrintableLine[]
  /** The issuer and addressee: the document's own copies once sent, today's for a draft. */
  issuer: IssuerSnapshot
  billTo: BillToSnapshot
  /** A receipt's payment, with the invoice it paid. */
  payment?: PrintablePayment | undefined
  /** An invoice converted from an estimate: the estimate's number. */
  sourceNumber?: string | null | undefined
  /** New York's date, for overdue and expired. */
  today: string
}

const date = (value: string | null) => (value ? formatCalendarDate(value) : '—')

/** The document as printed text (also what the PDF test reads back). */
export function printedBillingDocument(input: PrintInput): PrintedDocument {
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
