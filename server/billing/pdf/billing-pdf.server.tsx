import { type PrintInput, printedBillingDocument } from '../../../app/features/billing/printed.ts'
import type { BillingDocument } from '../../db/schema/index.server.ts'
import { PrintedDocumentPdf } from './parts.server.tsx'
import { renderPdf } from './render.server.ts'

export type BillingPdfInput = PrintInput
export { printedBillingDocument }

/** The PDF file of a billing document. */
export function billingPdf(input: BillingPdfInput): Promise<Buffer> {
  return renderPdf(<PrintedDocumentPdf doc={printedBillingDocument(input)} />)
}

/** "INV-2026-0001.pdf"; a draft: "invoice-draft-1a2b3c4d.pdf". */
export function pdfFilename(doc: Pick<BillingDocument, 'id' | 'kind' | 'number'>): string {
  return doc.number ? `${doc.number}.pdf` : `${doc.kind}-draft-${doc.id.slice(0, 8)}.pdf`
}
