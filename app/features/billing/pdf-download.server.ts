import { data, type RouterContextProvider } from 'react-router'
import { billingPdf, pdfFilename } from '../../../server/billing/pdf/billing-pdf.server.tsx'
import { documentDetail, pdfInputOf } from '../../../server/billing/queries.server.ts'
import { appContext } from '../../context.server'
import { businessToday, pdfResponse } from './context.server'

/**
 * A document's PDF for staff, by id: admins get drafts too (marked as drafts), employees only what
 * was sent; anything else is the same 404 as an unknown id.
 */
export async function staffDocumentPdf(
  context: Readonly<RouterContextProvider>,
  id: string,
  { drafts }: { drafts: boolean },
): Promise<Response> {
  const detail = await documentDetail(context.get(appContext).database.db, id)
  if (!detail || (!drafts && detail.document.status === 'draft')) {
    throw data({ error: 'There is no billing document at this address.' }, { status: 404 })
  }
  return pdfResponse(await billingPdf(pdfInputOf(detail, businessToday())), pdfFilename(detail.document))
}
