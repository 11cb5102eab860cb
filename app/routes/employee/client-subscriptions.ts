import { appContext } from '~/context.server'
import { DomainError } from '~/lib/domain-error'
import { listSubscriptions, organisationExists } from '../../../server/subscriptions/subscriptions.server.ts'
import type { Route } from './+types/client-subscriptions'

// /employee/clients/:id/subscriptions (employees and admins): the organisation's subscriptions as
// data, for the section of its page (app/features/subscriptions/organisation-subscriptions.tsx).
// An organisation that does not exist is a 404.

export const loader = async (args: Route.LoaderArgs) => {
  const { database } = args.context.get(appContext)
  if (!(await organisationExists(database.db, args.params.id))) {
    throw new DomainError('not_found', 'There is no client at this address.')
  }
  return { subscriptions: await listSubscriptions({ db: database.db }, { organisationId: args.params.id }) }
}
