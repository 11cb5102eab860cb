import { appContext } from '~/context.server'
import { guardedUser, pagePath } from '~/features/accounts/guards.server'
import { billingClient, businessToday, documentNotFound, pdfResponse } from '~/features/billing/context.server'
import { kindOfPath } from '~/features/billing/sections'
import { billingPdf, pdfFilename } from '../../../server/billing/pdf/billing-pdf.server.tsx'
import { documentDetail, pdfInputOf } from '../../../server/billing/queries.server.ts'
import type { Route } from './+types/document-pdf'

// /billing/{estimates|invoices|receipts}/{id}/pdf: the client's own document as a PDF file, made
// on the server. Anyone else's, a draft, or an unknown id: 404, as for the page.

export const loader = async (args: Route.LoaderArgs) => {
  const kind = kindOfPath(pagePath(args.request))
  const client = await billingClient(args.context, guardedUser(args.context))
  if (!kind || !client) throw documentNotFound()
  const { database } = args.context.get(appContext)
  const detail = await documentDetail(database.db, args.params.id, client.organisationId)
  if (!detail || detail.document.kind !== kind) throw documentNotFound()
  const pdf = await billingPdf(pdfInputOf(detail, businessToday()))
  return pdfResponse(pdf, pdfFilename(detail.document))
}
