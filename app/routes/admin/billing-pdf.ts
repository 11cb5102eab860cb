import { staffDocumentPdf } from '~/features/billing/pdf-download.server'
import type { Route } from './+types/billing-pdf'

// /admin/billing/{id}/pdf: any document as a PDF, drafts included (marked as drafts).

export async function loader(args: Route.LoaderArgs) {
  return staffDocumentPdf(args.context, args.params.id, { drafts: true })
}
