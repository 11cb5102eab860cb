import { type PrintInput, printedBillingDocument } from '../../../app/features/billing/printed.ts'
import type { BillingDocument } from '../../db/schema/index.server.ts'

export type BillingPdfInput = PrintInput
export { printedBillingDocument }

/**
 * The PDF file of a billing document. The document's parts and react-pdf load on the first PDF the
 * process makes, not at boot: about 0.2 s of every start went into loading them (docs/perf/boot.md).
 */
export async function billingPdf(input: BillingPdfInput): Promise<Buffer> {
  const [{ PrintedDocumentPdf }, { renderPdf }] = await Promise.all([
    import('./parts.server.tsx'),
    import('./render.server.ts'),
  ])
  return renderPdf(<PrintedDocumentPdf doc={printedBillingDocument(input)} />)
}

/** "INV-2026-0001.pdf"; a draft: "invoice-draft-1a2b3c4d.pdf". */
export function pdfFilename(doc: Pick<BillingDocument, 'id' | 'kind' | 'number'>): string {
  return doc.number ? `${doc.number}.pdf` : `${doc.kind}-draft-${doc.id.slice(0, 8)}.pdf`
}
