import { pdfRenderer } from '../../billing/pdf/renderer.server.ts'
import type { Contract, ContractEvent } from '../../db/schema/index.server.ts'

/**
 * A contract's PDF file and its name. The document itself (./contract-document.server.tsx) and
 * react-pdf load in the PDF thread (server/billing/pdf/renderer.server.ts), never in the request thread.
 */

export type ContractPdfInput = { contract: Contract; events: ContractEvent[]; generatedAt: Date }

/** The PDF of a contract as it stands: a draft or an unsigned one says so across the top. */
export function contractPdf(input: ContractPdfInput): Promise<Buffer> {
  return pdfRenderer.render({ kind: 'contract', input })
}

/**
 * Starts the PDF thread and loads react-pdf in it now, ahead of PDFs made inside a transaction (the
 * demo seed's signed contract): loading them there would hold the embedded database's one
 * connection, and every request waiting for it, for the time it takes.
 */
export function loadContractPdf(): Promise<void> {
  return pdfRenderer.warm()
}

/** "CTR-2026-0001-signed.pdf", "CTR-2026-0001.pdf" (countersigned, final), a draft "contract-draft-1a2b3c4d.pdf". */
export function contractPdfFilename(
  contract: Pick<Contract, 'id' | 'number'>,
  stage?: 'signed' | 'countersigned',
): string {
  if (!contract.number) return `contract-draft-${contract.id.slice(0, 8)}.pdf`
  return stage === 'signed' ? `${contract.number}-signed.pdf` : `${contract.number}.pdf`
}
