import { staffDocumentPdf } from '~/features/billing/pdf-download.server'
import type { Route } from './+types/billing-pdf'

// /admin/billing/{id}/pdf: any document as a PDF, drafts included (marked as drafts).

export const loader = async (args: Route.LoaderArgs) => staffDocumentPdf(args.context, args.params.id, { drafts: true })
