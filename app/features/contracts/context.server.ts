import { data, type RouterContextProvider } from 'react-router'
import { businessDate } from '~/lib/business-time'
import {
  type ContractClient,
  type ContractDeps,
  contractNotFoundMessage,
  type RequestFacts,
  requestFacts,
} from '../../../server/contracts/contracts.server.ts'
import { appContext } from '../../context.server'
import type { CurrentUser } from '../accounts'

/** What contract pages and actions need from the request: the services, the visitor, where they are. */

export function contractDeps(context: Readonly<RouterContextProvider>): ContractDeps {
  const { database, outbox, config } = context.get(appContext)
  if (!outbox) throw new Error('contracts need the mail outbox')
  return { db: database.db, outbox, publicUrl: config.publicUrl }
}

export const contractsToday = () => businessDate(new Date())

/**
 * The IP the server sees (the connection's, or X-Forwarded-For's last hop with TRUST_PROXY: the
 * one rule of server/http) and the browser's user agent: what a signature and the trail record.
 */
export function requestFactsOf(args: { request: Request; context: Readonly<RouterContextProvider> }): RequestFacts {
  return requestFacts(args.context.get(appContext).clientIp, args.request.headers.get('user-agent'))
}

/**
 * The visitor a guarded page let in (guardedUser), as a client acting on their organisation's
 * contracts, or null for staff (who have none of their own; they work in the back office). The
 * organisation is the one the visitor is in at this request (read with their access): a person
 * removed from it sees nothing of it from their next request on. The page's requirement (`billing`,
 * `contracts`) already holds, so a client here is in an organisation.
 */
export async function contractClient(
  _context: Readonly<RouterContextProvider>,
  user: CurrentUser,
): Promise<ContractClient | null> {
  if (user.role !== 'client' || !user.organisation || !user.personId) return null
  // The person was read with the visitor's access, once for the whole request (guards.server.ts).
  return { userId: user.userId, email: user.email, clientId: user.personId, organisationId: user.organisation.id }
}

/** Not theirs, a draft, or no such contract: the same 404. */
export function contractNotFound() {
  return data({ error: contractNotFoundMessage }, { status: 404 })
}
