import { appContext } from '~/context.server'
import { guardedUser } from '~/features/accounts/guards.server'
import { ticketViewerOf } from '~/features/support/context.server'
import { attachmentNotFound, attachmentResponse } from '~/features/support/files.server'
import { attachmentFor } from '../../../server/support/tickets.server.ts'
import type { Route } from './+types/file'

// /support/{id}/files/{fileId}: a file of the ticket's public thread, always as a download (the
// thread shows images from here). Another organisation's, a ticket the visitor is not on, or a file
// of an internal note: 404.

export const loader = async (args: Route.LoaderArgs) => {
  const viewer = ticketViewerOf(guardedUser(args.context))
  if (viewer?.kind !== 'client') throw attachmentNotFound()
  const { database } = args.context.get(appContext)
  const file = await attachmentFor(database.db, viewer, args.params.id, args.params.fileId)
  if (!file) throw attachmentNotFound()
  return attachmentResponse(file)
}
