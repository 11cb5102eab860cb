import { type PrintInput, printedBillingDocument } from '../../../app/features/billing/printed.ts'
import type { BillingDocument } from '../../db/schema/index.server.ts'
import { pdfRenderer } from './renderer.server.ts'

export type BillingPdfInput = PrintInput
export { printedBillingDocument }

/**
 * The PDF file of a billing document, made in the PDF thread (./renderer.server.ts): react-pdf and
 * the document's parts load there, on the first PDF after an idle spell, never in the request thread.
 */
export function billingPdf(input: BillingPdfInput): Promise<Buffer> {
  return pdfRenderer.render({ kind: 'billing', input })
}

/** "INV-2026-0001.pdf"; a draft: "invoice-draft-1a2b3c4d.pdf". */
export function pdfFilename(doc: Pick<BillingDocument, 'id' | 'kind' | 'number'>): string {
  return doc.number ? `${doc.number}.pdf` : `${doc.kind}-draft-${doc.id.slice(0, 8)}.pdf`
}
