import { data, type RouterContextProvider } from 'react-router'
import { type SupportDeps, type TicketViewer, ticketNotFoundMessage } from '../../../server/support/tickets.server.ts'
import { appContext } from '../../context.server'
import type { CurrentUser } from '../accounts'

/** What ticket pages and actions need from the request: the services and the visitor as a ticket viewer. */

export function supportDeps(context: Readonly<RouterContextProvider>): SupportDeps {
  const { database, outbox, config } = context.get(appContext)
  return {
    db: database.db,
    outbox: outbox ?? null,
    mail: { address: config.supportMailAddress, publicUrl: config.publicUrl },
  }
}

/**
 * The visitor a guarded page let in, as tickets see them: staff, or a client of an organisation
 * (the `support` requirement already holds, so a client here is in one). Null for a client in none.
 */
export function ticketViewerOf(user: CurrentUser): TicketViewer | null {
  if (user.role !== 'client') return { kind: 'staff', userId: user.userId, email: user.email }
  if (!user.organisation) return null
  return {
    kind: 'client',
    userId: user.userId,
    email: user.email,
    organisationId: user.organisation.id,
    organisationRole: user.organisation.role,
  }
}

/** Not theirs, or no such ticket: the same 404. */
export function ticketNotFound() {
  return data({ error: ticketNotFoundMessage }, { status: 404 })
}
