import { business } from '~/content/business'
import { appContext } from '~/context.server'
import { AccountFilters, accountListFilter, accountColumns as column } from '~/features/accounts/account-list'
import { accountStates } from '~/features/accounts/admin-labels'
import { pageMeta } from '~/lib/seo'
import { DataTable, type DataTableColumn } from '~/ui/data-table'
import { listAccounts } from '../../../server/accounts/admin.server.ts'
import type { Route } from './+types/clients'

// /employee/clients (employees and admins): the client accounts, read only: contact details and
// account status; each links to the client's page with their requests.

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Clients',
    description: `The client accounts of ${business.name}.`,
    path: '/employee/clients',
    matches,
    noindex: true,
  })

const states = accountStates.filter((s) => s !== 'invited')

export const loader = async (args: Route.LoaderArgs) => {
  const filter = accountListFilter(new URL(args.request.url), { states, role: 'client' })
  const { database } = args.context.get(appContext)
  return { list: await listAccounts(database.db, filter), filter }
}

type Item = Route.ComponentProps['loaderData']['list']['items'][number]

const columns: DataTableColumn<Item>[] = [
  column.name('/employee/clients'),
  column.company(),
  column.email(),
  column.state(),
  column.created('Since'),
]

export default function Clients({ loaderData }: Route.ComponentProps) {
  const { list, filter } = loaderData
  return (
    <div className="mx-auto grid max-w-7xl gap-6 px-6 py-10">
      <div className="grid gap-1">
        <h1 className="font-bold text-3xl tracking-tight">Clients</h1>
        <p className="text-muted-foreground text-sm">
          Client accounts, read only. An administrator approves and changes them.
        </p>
      </div>
      <AccountFilters label="Filter clients" clearTo="/employee/clients" filter={filter} states={states} />
      <DataTable
        caption="Client accounts"
        columns={columns}
        rows={list.items}
        rowKey={(item) => item.id}
        paging={list}
        sort={{ key: filter.sort, dir: filter.dir }}
        noun="clients"
        empty={{ none: 'No client accounts yet.', filtered: 'No client matches these filters.' }}
      />
    </div>
  )
}
