import { extractText, getDocumentProxy } from 'unpdf'
import { describe, expect, it } from 'vitest'
import { documentTotals } from '../../../app/features/billing/money.ts'
import type { BillingDocument, BillingDocumentLine, BillToSnapshot } from '../../db/schema/index.server.ts'
import { currentIssuer } from '../parties.server.ts'
import { type BillingPdfInput, billingPdf, pdfFilename } from './billing-pdf.server.tsx'

const billTo: BillToSnapshot = {
  name: 'Carla Client',
  companyName: 'Harbor Dental & Co.',
  email: 'carla@harbor.example',
  phone: '(845) 555-0123',
}

type StoredInput = BillingPdfInput & { document: BillingDocument }

function invoiceWith(lineCount: number, over: Partial<BillingDocument> = {}): StoredInput {
  const raw = Array.from({ length: lineCount }, (_, i) => ({
    description: `Line ${i + 1}: Full Help Desk, Café office – seat ${i + 1}`,
    quantityMilli: (i + 1) * 500,
    unitPriceCents: 10_000 + i,
    taxable: i % 2 === 0,
  }))
  const totals = documentTotals(raw, 8375)
  const lines: BillingDocumentLine[] = raw.map((line, i) => ({
    ...line,
    id: `line-${i}`,
    documentId: 'doc-1',
    position: i,
    amountCents: totals.lineAmounts[i] ?? 0,
  }))
  const document: BillingDocument = {
    id: '6f0e8a4e-2b7c-4d0f-9a8e-1c2d3e4f5a6b',
    kind: 'invoice',
    status: 'partially_paid',
    clientId: 'client-1',
    organisationId: 'organisation-1',
    number: 'INV-2026-0042',
    issuedOn: '2026-04-01',
    dueOn: '2026-05-01',
    expiresOn: null,
    taxRateMilliPercent: 8375,
    taxLabel: 'Rockland County, NY',
    notes: 'Thank you for choosing us.',
    subtotalCents: totals.subtotalCents,
    taxableCents: totals.taxableCents,
    taxCents: totals.taxCents,
    totalCents: totals.totalCents,
    amountPaidCents: 10_000,
    issuer: currentIssuer(),
    billTo,
    paymentInstructions: 'Check payable to Ramapo IT Services LLC.',
    sourceDocumentId: null,
    sentAt: new Date('2026-04-01T14:00:00Z'),
    sentByEmail: 'owner@example.com',
    viewedAt: null,
    decidedAt: null,
    declineReason: null,
    voidedAt: null,
    voidReason: null,
    paidAt: null,
    remindersEnabled: true,
    remindersSent: 0,
    lastRemindedOn: null,
    createdByEmail: 'owner@example.com',
    createdAt: new Date('2026-03-30T14:00:00Z'),
    updatedAt: new Date('2026-04-01T14:00:00Z'),
    ...over,
  }
  return { document, lines, issuer: currentIssuer(), billTo, sourceNumber: 'EST-2026-0007', today: '2026-04-15' }
}

async function textOf(pdf: Buffer): Promise<{ text: string; pages: number }> {
  const proxy = await getDocumentProxy(new Uint8Array(pdf))
  const { text, totalPages } = await extractText(proxy, { mergePages: true })
  return { text: text.replace(/\s+/g, ' '), pages: totalPages }
}

// The first render loads yoga's WebAssembly and the fonts: seconds on a busy machine.
describe('billing PDFs', { timeout: 30_000 }, () => {
  it('prints an invoice with its header, client, number, dates, every line, tax, totals, status and how to pay', async () => {
    const input = invoiceWith(50)
    const pdf = await billingPdf(input)
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-')
    const { text, pages } = await textOf(pdf)
    expect(pages).toBeGreaterThan(1)
    for (const expected of [
      'Ramapo IT Services',
      '25 Lafayette Avenue',
      'INVOICE',
      'INV-2026-0042',
      'Partially paid',
      'Carla Client',
      'Harbor Dental & Co.',
      'Apr 1, 2026',
      'May 1, 2026',
      'EST-2026-0007',
      'Line 1: Full Help Desk, Café office – seat 1',
      'Line 50: Full Help Desk, Café office – seat 50',
      'Sales tax, Rockland County, NY (8.375%)',
      'HOW TO PAY',
      'Check payable to Ramapo IT Services LLC.',
    ]) {
      expect(text, expected).toContain(expected)
    }
    const doc = input.document
    expect(text).toContain(`Subtotal ${formatted(doc.subtotalCents)}`)
    expect(text).toContain(`Total ${formatted(doc.totalCents)}`)
    expect(text).toContain(`Amount paid ${formatted(doc.amountPaidCents)}`)
    expect(text).toContain(`Balance due ${formatted(doc.totalCents - doc.amountPaidCents)}`)
    // Line 2: 1 × $100.01.
    expect(text).toContain('Line 2: Full Help Desk, Café office – seat 2 1 $100.01 $100.01')
  })

  it('marks a draft as not valid yet and names its file without a number', async () => {
    const input = invoiceWith(2, { status: 'draft', number: null, issuedOn: null, amountPaidCents: 0 })
    const { text } = await textOf(await billingPdf(input))
    expect(text).toContain('Draft: not a valid invoice until it is sent')
    expect(pdfFilename(input.document)).toBe('invoice-draft-6f0e8a4e.pdf')
    expect(pdfFilename({ ...input.document, number: 'INV-2026-0001' })).toBe('INV-2026-0001.pdf')
  })

  it('prints a receipt with the payment and the balance left', async () => {
    const invoice = invoiceWith(1)
    const input: StoredInput = {
      ...invoice,
      lines: [],
      document: {
        ...invoice.document,
        kind: 'receipt',
        status: 'issued',
        number: 'RCT-2026-0003',
        dueOn: null,
        totalCents: 2500,
        subtotalCents: 2500,
        taxableCents: 0,
        taxCents: 0,
        amountPaidCents: 2500,
        paymentInstructions: null,
      },
      payment: {
        amountCents: 2500,
        method: 'check',
        receivedOn: '2026-04-10',
        reference: 'Check 1042',
        balanceAfterCents: 1234,
        invoiceNumber: 'INV-2026-0042',
        invoiceTotalCents: 3734,
      },
    }
    const { text } = await textOf(await billingPdf(input))
    for (const expected of [
      'RECEIPT',
      'RCT-2026-0003',
      'RECEIVED FROM',
      'Apr 10, 2026',
      'Check 1042',
      'INV-2026-0042',
      'Amount received $25.00',
      'Balance after this payment $12.34',
    ]) {
      expect(text, expected).toContain(expected)
    }
  })

  it('renders documents one after another without mixing them up', async () => {
    const inputs = [1, 2, 3, 4].map((n) => invoiceWith(n, { number: `INV-2026-010${n}` }))
    const pdfs = await Promise.all(inputs.map((input) => billingPdf(input)))
    const texts = await Promise.all(pdfs.map(textOf))
    texts.forEach(({ text }, i) => {
      expect(text).toContain(`INV-2026-010${i + 1}`)
      expect(text).toContain(`Line ${i + 1}:`)
      expect(text).not.toContain(`Line ${i + 2}:`)
    })
  })
})

function formatted(cents: number): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100)
}
