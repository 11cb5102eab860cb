import { extractText, getDocumentProxy } from 'unpdf'
import { describe, expect, it, vi } from 'vitest'
import { documentTotals } from '../../../app/features/billing/money.ts'
import type { BillingDocument, BillingDocumentLine, BillToSnapshot } from '../../db/schema/index.server.ts'
import { currentIssuer } from '../parties.server.ts'
import { type BillingPdfInput, billingPdf, pdfFilename, printedBillingDocument } from './billing-pdf.server.tsx'
import { PdfRenderer } from './renderer.server.ts'

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

// The PDF thread (renderer.server.ts): started on demand, one job at a time, gone after its idle time.
describe('the PDF thread', { timeout: 60_000 }, () => {
  const job = (input: BillingPdfInput) => ({ kind: 'billing' as const, input })

  it('renders in a thread of its own that exits after its idle time, and starts again for the next PDF', async () => {
    const renderer = new PdfRenderer({ idleMs: 50 })
    expect(renderer.state.running).toBe(false)
    const pdf = await renderer.render(job(invoiceWith(3)))
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-')
    expect(renderer.state.started).toBe(1)
    await vi.waitFor(() => expect(renderer.state.running).toBe(false), { timeout: 10_000, interval: 20 })
    const again = await renderer.render(job(invoiceWith(1, { number: 'INV-2026-0077' })))
    expect((await textOf(again)).text).toContain('INV-2026-0077')
    expect(renderer.state.started).toBe(2)
    await renderer.stop()
  })

  it('rejects with the error the rendering threw, as rendering in the caller did, and keeps its thread', async () => {
    const renderer = new PdfRenderer()
    const broken = { ...invoiceWith(1), document: null } as unknown as BillingPdfInput
    const thrown = (() => {
      try {
        printedBillingDocument(broken)
      } catch (error) {
        return error as Error
      }
    })()
    expect(thrown).toBeInstanceOf(TypeError)
    const error = await renderer.render(job(broken)).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(TypeError)
    expect((error as Error).message).toBe(thrown?.message)
    expect((await renderer.render(job(invoiceWith(1)))).subarray(0, 5).toString()).toBe('%PDF-')
    expect(renderer.state.started).toBe(1)
    await renderer.stop()
  })

  it('fails the job of a thread that dies (past its memory limit) and gives the next job a new thread', async () => {
    const renderer = new PdfRenderer({ maxOldGenerationSizeMb: 48 })
    const huge = renderer.render(job(invoiceWith(40_000)))
    const next = renderer.render(job(invoiceWith(2, { number: 'INV-2026-0099' })))
    await expect(huge).rejects.toMatchObject({ code: 'ERR_WORKER_OUT_OF_MEMORY' })
    expect((await textOf(await next)).text).toContain('INV-2026-0099')
    expect(renderer.state.started).toBe(2)
    await renderer.stop()
  })

  it('stops only after the PDFs already asked for are made', async () => {
    const renderer = new PdfRenderer()
    const made: string[] = []
    const asked = [1, 2, 3].map((n) =>
      renderer.render(job(invoiceWith(n, { number: `INV-2026-020${n}` }))).then((pdf) => made.push(`${n}`) && pdf),
    )
    await renderer.stop()
    expect(made).toEqual(['1', '2', '3'])
    expect(renderer.state).toMatchObject({ running: false, queued: 0 })
    await Promise.all(asked)
  })
})

function formatted(cents: number): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100)
}
