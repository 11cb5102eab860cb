import { appContext } from '~/context.server'
import { guardedUser } from '~/features/accounts/guards.server'
import { attachmentNotFound, attachmentResponse } from '~/features/support/files.server'
import { attachmentFor } from '../../../server/support/tickets.server.ts'
import type { Route } from './+types/ticket-file'

// /employee/tickets/{id}/files/{fileId} (employees and admins): a file of the ticket's thread, notes
// included, always as a download (the thread shows images from here).

export const loader = async (args: Route.LoaderArgs) => {
  const user = guardedUser(args.context)
  const { database } = args.context.get(appContext)
  const viewer = { kind: 'staff' as const, userId: user.userId, email: user.email }
  const file = await attachmentFor(database.db, viewer, args.params.id, args.params.fileId)
  if (!file) throw attachmentNotFound()
  return attachmentResponse(file)
}
