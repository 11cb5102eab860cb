import { data } from 'react-router'
import { appContext } from '~/context.server'
import { businessToday } from '~/features/billing/context.server'
import { exportRangeSchema } from '~/features/billing/schema'
import { accountantCsv } from '../../../server/billing/export.server.ts'
import type { Route } from './+types/billing-export'

// GET /admin/billing/export.csv?from=YYYY-MM-DD&to=YYYY-MM-DD: the accountant's CSV of the range.

export const loader = async (args: Route.LoaderArgs) => {
  const url = new URL(args.request.url)
  const range = exportRangeSchema.safeParse({
    from: url.searchParams.get('from') ?? '',
    to: url.searchParams.get('to') ?? '',
  })
  if (!range.success) {
    throw data({ error: range.error.issues[0]?.message ?? 'Choose the first and last day.' }, { status: 400 })
  }
  const { database } = args.context.get(appContext)
  const { csv, filename } = await accountantCsv(database.db, range.data, businessToday())
  return new Response(csv, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${filename}"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  })
}
