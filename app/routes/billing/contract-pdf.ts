import { appContext } from '~/context.server'
import { guardedUser } from '~/features/accounts/guards.server'
import { pdfResponse } from '~/features/billing/context.server'
import { contractClient, contractNotFound } from '~/features/contracts/context.server'
import { contractPdf, contractPdfFilename } from '../../../server/contracts/pdf/contract-pdf.server.ts'
import { contractDetail, latestContractFile } from '../../../server/contracts/queries.server.ts'
import type { Route } from './+types/contract-pdf'

// /billing/contracts/{id}/pdf: once signed, the very file that was issued and e-mailed (the
// countersigned one when there is one), byte for byte; before that, a review copy marked unsigned.
// Anyone else's, a draft or an unknown id: 404.

export const loader = async (args: Route.LoaderArgs) => {
  const client = await contractClient(args.context, guardedUser(args.context))
  if (!client) throw contractNotFound()
  const { database } = args.context.get(appContext)
  const detail = await contractDetail(database.db, args.params.id, client.organisationId)
  if (!detail) throw contractNotFound()
  const file = await latestContractFile(database.db, detail.contract.id)
  const pdf = file ? file.pdf : await contractPdf({ ...detail, generatedAt: new Date() })
  const filename = contractPdfFilename(detail.contract, file?.stage)
  return pdfResponse(pdf, filename)
}
