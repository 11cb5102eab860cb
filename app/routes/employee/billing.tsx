import { business } from '~/content/business'
import { appContext } from '~/context.server'
import { businessToday } from '~/features/billing/context.server'
import { kindLabels } from '~/features/billing/labels'
import { formatMoney } from '~/features/billing/money'
import { documentKinds, type ShownStatus, statusLabels } from '~/features/billing/states'
import { StatusBadge } from '~/features/billing/status-badge'
import { formatCalendarDate } from '~/lib/business-time'
import { withOutagePage } from '~/lib/database-outage.server'
import { listParams } from '~/lib/list-params'
import { pageMeta } from '~/lib/seo'
import { DataTable, type DataTableColumn, DataTableFilters, FilterSelect } from '~/ui/data-table'
import { Field } from '~/ui/field'
import { Input } from '~/ui/input'
import { listStaffDocuments } from '../../../server/billing/queries.server.ts'
import type { Route } from './+types/billing'

// /employee/billing (employees and admins): the billing documents, read only, through the same
// query as the admins' list (sent documents only: drafts are an admin's work in progress).

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Billing (read only)',
    description: `Estimates, invoices and receipts of ${business.name}'s clients.`,
    path: '/employee/billing',
    matches,
    noindex: true,
  })

const statuses: ShownStatus[] = [
  'sent',
  'viewed',
  'overdue',
  'partially_paid',
  'paid',
  'accepted',
  'declined',
  'expired',
  'converted',
  'void',
  'issued',
]

export const loader = withOutagePage(async (args: Route.LoaderArgs) => {
  const p = listParams(new URL(args.request.url))
  const filter = {
    kind: p.oneOf('kind', documentKinds),
    status: p.oneOf('status', statuses),
    from: p.date('from'),
    to: p.date('to'),
    q: p.text('q'),
    page: p.page(),
  }
  const { database } = args.context.get(appContext)
  // Without a status the list would include drafts: "sent or later" is every shown status but draft.
  const list = await listStaffDocuments(database.db, { ...filter, excludeDrafts: true }, businessToday())
  return { list, filter }
})

type Item = Route.ComponentProps['loaderData']['list']['items'][number]

const columns: DataTableColumn<Item>[] = [
  {
    key: 'document',
    header: 'Document',
    rowHeader: true,
    cell: (item) => `${kindLabels[item.kind]} ${item.number ?? ''}`,
  },
  {
    key: 'client',
    header: 'Client',
    cell: (item) => [item.companyName, item.clientName].filter(Boolean).join(' · '),
  },
  { key: 'date', header: 'Date', cell: (item) => (item.issuedOn ? formatCalendarDate(item.issuedOn) : '—') },
  {
    key: 'due',
    header: 'Due / valid until',
    cell: (item) =>
      item.dueOn ? formatCalendarDate(item.dueOn) : item.expiresOn ? formatCalendarDate(item.expiresOn) : '—',
  },
  { key: 'total', header: 'Total', align: 'right', cell: (item) => formatMoney(item.totalCents) },
  {
    key: 'balance',
    header: 'Balance',
    align: 'right',
    cell: (item) => (item.kind === 'invoice' ? formatMoney(item.balanceCents) : '—'),
  },
  { key: 'status', header: 'Status', cell: (item) => <StatusBadge status={item.shown} /> },
]

export default function EmployeeBilling({ loaderData }: Route.ComponentProps) {
  const { list, filter } = loaderData
  return (
    <div className="mx-auto grid max-w-7xl gap-6 px-6 py-10">
      <div className="grid gap-1">
        <h1 className="font-bold text-3xl tracking-tight">Billing</h1>
        <p className="text-muted-foreground text-sm">
          Read only: to answer a client's question. An administrator writes and sends documents and records payments.
        </p>
      </div>
      <DataTableFilters label="Filter billing documents" clearTo="/employee/billing">
        <Field label="Search" className="sm:col-span-2">
          <Input name="q" type="search" defaultValue={filter.q ?? ''} placeholder="Number, client, company or e-mail" />
        </Field>
        <FilterSelect
          label="Kind"
          name="kind"
          value={filter.kind}
          allLabel="All kinds"
          options={documentKinds.map((k) => ({ value: k, label: `${kindLabels[k]}s` }))}
        />
        <FilterSelect
          label="Status"
          name="status"
          value={filter.status}
          allLabel="All statuses"
          options={statuses.map((s) => ({ value: s, label: statusLabels[s] }))}
        />
        <div className="grid grid-cols-2 gap-2">
          <Field label="Dated from">
            <Input name="from" type="date" defaultValue={filter.from ?? ''} />
          </Field>
          <Field label="to">
            <Input name="to" type="date" defaultValue={filter.to ?? ''} />
          </Field>
        </div>
      </DataTableFilters>
      <DataTable
        caption="Billing documents, newest first"
        columns={columns}
        rows={list.items}
        rowKey={(item) => item.id}
        paging={list}
        sort={{ key: 'date', dir: 'desc' }}
        noun="documents"
        empty={{ none: 'No billing documents have been sent yet.', filtered: 'No document matches these filters.' }}
      />
    </div>
  )
}
