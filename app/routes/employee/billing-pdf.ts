import { data } from 'react-router'
import { appContext } from '~/context.server'
import { billingUnavailable, businessToday, pdfResponse } from '~/features/billing/context.server'
import { billingPdf, pdfFilename } from '../../../server/billing/pdf/billing-pdf.server.tsx'
import { documentDetail, pdfInputOf } from '../../../server/billing/queries.server.ts'
import type { Route } from './+types/billing-pdf'

// /employee/billing/{id}/pdf (employees and admins): a sent document's PDF, as the client has it.
// A draft answers 404, as on the document's page.

export async function loader(args: Route.LoaderArgs) {
  const { database, log } = args.context.get(appContext)
  let detail: Awaited<ReturnType<typeof documentDetail>>
  try {
    detail = await documentDetail(database.db, args.params.id)
  } catch (error) {
    log.warn({ err: error, id: args.params.id }, 'employee billing PDF failed to load')
    throw billingUnavailable()
  }
  if (!detail || detail.document.status === 'draft') {
    throw data({ error: 'There is no billing document at this address.' }, { status: 404 })
  }
  return pdfResponse(await billingPdf(pdfInputOf(detail, businessToday())), pdfFilename(detail.document))
}
