import { Link } from 'react-router'
import { business } from '~/content/business'
import { appContext } from '~/context.server'
import {
  AccountFilters,
  accountListFilter,
  accountColumns as column,
  roleLabels,
} from '~/features/accounts/account-list'
import { accountRoles, accountStates } from '~/features/accounts/admin-labels'
import { pageMeta } from '~/lib/seo'
import { DataTable, type DataTableColumn, FilterSelect } from '~/ui/data-table'
import { listAccounts } from '../../../server/accounts/admin.server.ts'
import type { Route } from './+types/accounts'

// /admin/accounts (admins): every account, 25 a page, searched and filtered by role and state in
// the address; each opens its page with the changes and the history.

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Clients and accounts',
    description: `The accounts of the ${business.name} portal.`,
    path: '/admin/accounts',
    matches,
    noindex: true,
  })

export const loader = async (args: Route.LoaderArgs) => {
  const filter = accountListFilter(new URL(args.request.url), { states: accountStates, roles: accountRoles })
  const { database } = args.context.get(appContext)
  return { list: await listAccounts(database.db, filter), filter }
}

type Item = Route.ComponentProps['loaderData']['list']['items'][number]

const columns: DataTableColumn<Item>[] = [
  column.name('/admin/accounts'),
  column.email(),
  column.company(),
  column.role(),
  column.state(),
  column.created('Created'),
]

export default function Accounts({ loaderData }: Route.ComponentProps) {
  const { list, filter } = loaderData
  return (
    <div className="mx-auto grid max-w-7xl gap-6 px-6 py-10">
      <div className="grid gap-1">
        <h1 className="font-bold text-3xl tracking-tight">Clients and accounts</h1>
        <p className="text-muted-foreground text-sm">
          Clients, employees and admins. Approve waiting accounts and invite people on the{' '}
          <Link to="/admin" className="text-primary underline underline-offset-4">
            Admin Dashboard
          </Link>
          .
        </p>
      </div>
      <AccountFilters label="Filter accounts" clearTo="/admin/accounts" filter={filter} states={accountStates}>
        <FilterSelect
          label="Role"
          name="role"
          value={filter.role}
          allLabel="Every role"
          options={accountRoles.map((r) => ({ value: r, label: roleLabels[r] ?? r }))}
        />
      </AccountFilters>
      <DataTable
        caption="Accounts"
        columns={columns}
        rows={list.items}
        rowKey={(item) => item.id}
        paging={list}
        sort={{ key: filter.sort, dir: filter.dir }}
        noun="accounts"
        empty={{ none: 'No accounts yet.', filtered: 'No account matches these filters.' }}
      />
    </div>
  )
}
