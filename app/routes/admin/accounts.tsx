import { Link } from 'react-router'
import { business } from '~/content/business'
import { appContext } from '~/context.server'
import { accountRoles, accountStates, shownAccountState, stateLabels } from '~/features/accounts/admin-labels'
import { businessDateTimeFormat } from '~/lib/business-time'
import { withOutagePage } from '~/lib/database-outage.server'
import { listParams } from '~/lib/list-params'
import { pageMeta } from '~/lib/seo'
import { Badge } from '~/ui/badge'
import { DataTable, type DataTableColumn, DataTableFilters, FilterSelect } from '~/ui/data-table'
import { Field } from '~/ui/field'
import { Input } from '~/ui/input'
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

const sorts = ['created', 'name', 'email'] as const
const roleLabels: Record<string, string> = { client: 'Client', employee: 'Employee', admin: 'Admin' }

export const loader = withOutagePage(async (args: Route.LoaderArgs) => {
  const p = listParams(new URL(args.request.url))
  const sort = p.sort(sorts, 'created')
  const filter = {
    q: p.text('q'),
    role: p.oneOf('role', accountRoles),
    state: p.oneOf('state', accountStates),
    sort: sort.key,
    dir: sort.dir,
    page: p.page(),
  }
  const { database } = args.context.get(appContext)
  return { list: await listAccounts(database.db, filter), filter }
})

type Item = Route.ComponentProps['loaderData']['list']['items'][number]

const columns: DataTableColumn<Item>[] = [
  {
    key: 'name',
    header: 'Name',
    sortable: true,
    rowHeader: true,
    cell: (item) => (
      <Link to={`/admin/accounts/${item.id}`} className="text-primary underline-offset-4 hover:underline">
        {item.fullName ?? item.email}
      </Link>
    ),
  },
  { key: 'email', header: 'E-mail', sortable: true, cell: (item) => item.email },
  { key: 'company', header: 'Company', cell: (item) => item.companyName ?? '—' },
  { key: 'role', header: 'Role', cell: (item) => roleLabels[item.role] ?? item.role },
  { key: 'state', header: 'Account', cell: (item) => <Badge variant="secondary">{shownAccountState(item)}</Badge> },
  {
    key: 'created',
    header: 'Created',
    sortable: true,
    cell: (item) => businessDateTimeFormat.format(new Date(item.createdAt)),
  },
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
      <DataTableFilters label="Filter accounts" clearTo="/admin/accounts">
        <Field label="Search" className="sm:col-span-2">
          <Input name="q" type="search" defaultValue={filter.q ?? ''} placeholder="Name, company, e-mail or phone" />
        </Field>
        <FilterSelect
          label="Role"
          name="role"
          value={filter.role}
          allLabel="Every role"
          options={accountRoles.map((r) => ({ value: r, label: roleLabels[r] ?? r }))}
        />
        <FilterSelect
          label="Account"
          name="state"
          value={filter.state}
          allLabel="Any status"
          options={accountStates.map((s) => ({ value: s, label: stateLabels[s] ?? s }))}
        />
      </DataTableFilters>
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
