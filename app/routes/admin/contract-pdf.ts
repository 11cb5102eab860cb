import { data } from 'react-router'
import { appContext } from '~/context.server'
import { pdfResponse } from '~/features/billing/context.server'
import { contractPdf, contractPdfFilename } from '../../../server/contracts/pdf/contract-pdf.server.ts'
import { contractDetail, latestContractFile } from '../../../server/contracts/queries.server.ts'
import type { Route } from './+types/contract-pdf'

// /admin/contracts/{id}/pdf: the latest PDF issued (byte for byte), or for a draft or an unsigned
// contract a copy made now and marked as such.

export const loader = async (args: Route.LoaderArgs) => {
  const { database } = args.context.get(appContext)
  const detail = await contractDetail(database.db, args.params.id)
  if (!detail) throw data({ error: 'There is no contract at this address.' }, { status: 404 })
  const file = await latestContractFile(database.db, detail.contract.id)
  const pdf = file ? file.pdf : await contractPdf({ ...detail, generatedAt: new Date() })
  return pdfResponse(pdf, contractPdfFilename(detail.contract, file?.stage))
}
