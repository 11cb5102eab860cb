import { Link } from 'react-router'
import { business } from '~/content/business'
import { appContext } from '~/context.server'
import { accountStates, shownAccountState, stateLabels } from '~/features/accounts/admin-labels'
import { businessDateTimeFormat } from '~/lib/business-time'
import { withOutagePage } from '~/lib/database-outage.server'
import { listParams } from '~/lib/list-params'
import { pageMeta } from '~/lib/seo'
import { Badge } from '~/ui/badge'
import { DataTable, type DataTableColumn, DataTableFilters, FilterSelect } from '~/ui/data-table'
import { Field } from '~/ui/field'
import { Input } from '~/ui/input'
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

const sorts = ['created', 'name', 'email'] as const
const states = accountStates.filter((s) => s !== 'invited')

export const loader = withOutagePage(async (args: Route.LoaderArgs) => {
  const p = listParams(new URL(args.request.url))
  const sort = p.sort(sorts, 'created')
  const filter = {
    q: p.text('q'),
    state: p.oneOf('state', states),
    role: 'client' as const,
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
      <Link to={`/employee/clients/${item.id}`} className="text-primary underline-offset-4 hover:underline">
        {item.fullName ?? item.email}
      </Link>
    ),
  },
  { key: 'company', header: 'Company', cell: (item) => item.companyName ?? '—' },
  { key: 'email', header: 'E-mail', sortable: true, cell: (item) => item.email },
  { key: 'state', header: 'Account', cell: (item) => <Badge variant="secondary">{shownAccountState(item)}</Badge> },
  {
    key: 'created',
    header: 'Since',
    sortable: true,
    cell: (item) => businessDateTimeFormat.format(new Date(item.createdAt)),
  },
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
      <DataTableFilters label="Filter clients" clearTo="/employee/clients">
        <Field label="Search" className="sm:col-span-2">
          <Input name="q" type="search" defaultValue={filter.q ?? ''} placeholder="Name, company, e-mail or phone" />
        </Field>
        <FilterSelect
          label="Account"
          name="state"
          value={filter.state}
          allLabel="Any status"
          options={states.map((s) => ({ value: s, label: stateLabels[s] ?? s }))}
        />
      </DataTableFilters>
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
