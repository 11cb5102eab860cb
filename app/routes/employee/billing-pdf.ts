import { staffDocumentPdf } from '~/features/billing/pdf-download.server'
import type { Route } from './+types/billing-pdf'

// /employee/billing/{id}/pdf (employees and admins): a sent document's PDF, as the client has it.
// A draft answers 404, as on the document's page.

export const loader = async (args: Route.LoaderArgs) =>
  staffDocumentPdf(args.context, args.params.id, { drafts: false })
