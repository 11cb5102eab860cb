import type { Contract, ContractEvent } from '../../db/schema/index.server.ts'

/**
 * A contract's PDF file and its name. The document itself (./contract-document.server.tsx) and
 * react-pdf load on the first PDF the process makes, not at boot: about 0.2 s of every start
 * went into loading them (docs/perf/boot.md).
 */

export type ContractPdfInput = { contract: Contract; events: ContractEvent[]; generatedAt: Date }

/** The PDF of a contract as it stands: a draft or an unsigned one says so across the top. */
export async function contractPdf(input: ContractPdfInput): Promise<Buffer> {
  const { renderContractPdf } = await import('./contract-document.server.tsx')
  return renderContractPdf(input)
}

/**
 * Loads the document and react-pdf now, ahead of PDFs made inside a transaction (the demo seed's
 * signed contract): loading them there would hold the embedded database's one connection, and every
 * request waiting for it, for the time it takes.
 */
export async function loadContractPdf(): Promise<void> {
  await import('./contract-document.server.tsx')
}

/** "CTR-2026-0001-signed.pdf", "CTR-2026-0001.pdf" (countersigned, final), a draft "contract-draft-1a2b3c4d.pdf". */
export function contractPdfFilename(
  contract: Pick<Contract, 'id' | 'number'>,
  stage?: 'signed' | 'countersigned',
): string {
  if (!contract.number) return `contract-draft-${contract.id.slice(0, 8)}.pdf`
  return stage === 'signed' ? `${contract.number}-signed.pdf` : `${contract.number}.pdf`
}
