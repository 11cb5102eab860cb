import { data, type RouterContextProvider } from 'react-router'
import { businessDate } from '~/lib/business-time'
import {
  type BillingDeps,
  type ClientActor,
  documentNotFoundMessage,
} from '../../../server/billing/documents.server.ts'
import { appContext } from '../../context.server'
import type { CurrentUser } from '../accounts'

/** What billing pages and actions need from the request: the services, the visitor as a client, today. */

export function billingDeps(context: Readonly<RouterContextProvider>): BillingDeps {
  const { database, outbox, config } = context.get(appContext)
  if (!outbox) throw new Error('billing needs the mail outbox')
  return { db: database.db, outbox, publicUrl: config.publicUrl }
}

/** New York's date now: what makes an invoice overdue or an estimate expired. */
export const businessToday = () => businessDate(new Date())

/**
 * The visitor a guarded page let in (guardedUser), as a client acting on their organisation's
 * documents, or null for staff (who have none of their own; they work in the back office). The
 * organisation is the one the visitor is in at this request (read with their access): a person
 * removed from it sees nothing of it from their next request on. The page's requirement (`billing`,
 * `contracts`) already holds, so a client here is in an organisation.
 */
export async function billingClient(
  _context: Readonly<RouterContextProvider>,
  user: CurrentUser,
): Promise<ClientActor | null> {
  if (user.role !== 'client' || !user.organisation || !user.personId) return null
  // The person was read with the visitor's access, once for the whole request (guards.server.ts).
  return { userId: user.userId, email: user.email, clientId: user.personId, organisationId: user.organisation.id }
}

/** The answer for a document that does not exist or is not the visitor's: the same 404. */
export function documentNotFound() {
  return data({ error: documentNotFoundMessage }, { status: 404 })
}

/** A PDF download: its file name, never cached, never sniffed as anything else. */
export function pdfResponse(pdf: Buffer, filename: string): Response {
  return new Response(new Uint8Array(pdf), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${filename}"`,
      'Content-Length': String(pdf.length),
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  })
}
