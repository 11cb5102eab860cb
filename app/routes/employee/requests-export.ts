import { appContext } from '~/context.server'
import { guardedUser } from '~/features/accounts/guards.server'
import { requestFilterOf } from '~/features/booking/request-filter'
import { businessDate } from '~/lib/business-time'
import { requestsCsv } from '../../../server/booking/requests-csv.server.ts'
import type { Route } from './+types/requests-export'

// GET /employee/requests/export.csv?<the list's filters>: the requests of the current view as CSV.

export const loader = async (args: Route.LoaderArgs) => {
  const user = guardedUser(args.context)
  const { database } = args.context.get(appContext)
  const { page: _page, ...filter } = requestFilterOf(new URL(args.request.url), user.userId)
  const { csv } = await requestsCsv(database.db, filter)
  return new Response(csv, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="requests-${businessDate(new Date())}.csv"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  })
}
