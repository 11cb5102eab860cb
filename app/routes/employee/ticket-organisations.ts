import { data } from 'react-router'
import { appContext } from '~/context.server'
import { guardedUser } from '~/features/accounts/guards.server'
import { organisationsWithTickets } from '../../../server/support/queue.server.ts'
import type { Route } from './+types/ticket-organisations'

// /employee/tickets/organisations (employees and admins): every organisation by name, for the
// queue's organisation filter, which asks for it when it is opened: a desk with a thousand
// clients no longer sends their names with every page of the queue (docs/support.md#performance).

export const loader = async (args: Route.LoaderArgs) => {
  guardedUser(args.context)
  const { database } = args.context.get(appContext)
  const organisations = await organisationsWithTickets(database.db)
  return data(
    { options: organisations.map((o) => ({ value: o.id, label: o.name })) },
    { headers: { 'Cache-Control': 'private, no-store' } },
  )
}
