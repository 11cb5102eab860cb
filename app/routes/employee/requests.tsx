import { DownloadIcon } from 'lucide-react'
import { Link, useSearchParams } from 'react-router'
import { business } from '~/content/business'
import { services } from '~/content/catalog'
import { appContext } from '~/context.server'
import { guardedUser } from '~/features/accounts/guards.server'
import { planChoices } from '~/features/booking/choices'
import { requestFilterOf } from '~/features/booking/request-filter'
import {
  type RequestStatus,
  requestKindLabels,
  requestKinds,
  requestStatuses,
  requestStatusLabels,
} from '~/features/booking/workflow'
import { businessDateTimeFormat } from '~/lib/business-time'
import { pageMeta } from '~/lib/seo'
import { Badge } from '~/ui/badge'
import { Button } from '~/ui/button'
import { DataTable, type DataTableColumn, DateRangeFilter, FilterSelect } from '~/ui/data-table'
import { AssigneeFilter, StaffListFilters } from '~/ui/staff-list-filters'
import { listRequests } from '../../../server/booking/request-list.server.ts'
import { staffChoices } from '../../../server/booking/staff-members.server.ts'
import type { Route } from './+types/requests'

// /employee/requests (employees and admins): every consultation request and contact message,
// newest first, 25 a page, with filters and search in the address; the CSV of the same filter.

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Consultation requests',
    description: `Consultation requests and contact messages sent to ${business.name}.`,
    path: '/employee/requests',
    matches,
    noindex: true,
  })

export const loader = async (args: Route.LoaderArgs) => {
  const user = guardedUser(args.context)
  const { database } = args.context.get(appContext)
  const filter = requestFilterOf(new URL(args.request.url), user.userId)
  const [list, staff] = await Promise.all([listRequests(database.db, filter), staffChoices(database.db)])
  return {
    list,
    filter,
    me: user.userId,
    staff,
  }
}

type Item = Route.ComponentProps['loaderData']['list']['items'][number]

const statusTone: Record<RequestStatus, 'default' | 'secondary' | 'outline' | 'destructive'> = {
  new: 'default',
  contacted: 'secondary',
  scheduled: 'secondary',
  completed: 'outline',
  not_a_fit: 'outline',
  spam: 'destructive',
}

const columns: DataTableColumn<Item>[] = [
  {
    key: 'name',
    header: 'From',
    sortable: true,
    rowHeader: true,
    cell: (item) => (
      <div className="grid gap-0.5">
        <Link to={`/employee/requests/${item.id}`} className="text-primary underline-offset-4 hover:underline">
          {item.name}
        </Link>
        <span className="font-normal text-muted-foreground text-xs">
          {[item.company, item.email].filter(Boolean).join(' · ')}
        </span>
      </div>
    ),
  },
  {
    key: 'kind',
    header: 'Kind',
    cell: (item) => (
      <span className="grid gap-0.5">
        {requestKindLabels[item.kind]}
        {item.services.length > 0 && <span className="text-muted-foreground text-xs">{item.services.join(', ')}</span>}
        {item.plan && <span className="text-muted-foreground text-xs">{item.plan}</span>}
      </span>
    ),
  },
  {
    key: 'received',
    header: 'Received',
    sortable: true,
    cell: (item) => businessDateTimeFormat.format(new Date(item.receivedAt)),
  },
  {
    key: 'status',
    header: 'Status',
    sortable: true,
    cell: (item) => (
      <span className="grid justify-items-start gap-1">
        <Badge variant={statusTone[item.status]}>{requestStatusLabels[item.status]}</Badge>
        {item.appointmentAt && (
          <span className="text-muted-foreground text-xs">
            {businessDateTimeFormat.format(new Date(item.appointmentAt))}
          </span>
        )}
      </span>
    ),
  },
  { key: 'assignee', header: 'Assignee', cell: (item) => item.assigneeEmail ?? '—' },
  {
    key: 'reference',
    header: 'Reference',
    cell: (item) => <span className="font-mono text-xs">{item.reference}</span>,
  },
]

export default function Requests({ loaderData }: Route.ComponentProps) {
  const { list, filter, staff, me } = loaderData
  const [params] = useSearchParams()
  const exportParams = new URLSearchParams(params)
  exportParams.delete('page')
  return (
    <div className="mx-auto grid max-w-7xl gap-6 px-6 py-10">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-1">
          <h1 className="font-bold text-3xl tracking-tight">Consultation requests</h1>
          <p className="text-muted-foreground text-sm">
            Bookings from /book and messages from the contact form. Times are New York time.
          </p>
        </div>
        <Button asChild variant="outline">
          <a href={`/employee/requests/export.csv?${exportParams.toString()}`} download>
            <DownloadIcon aria-hidden="true" />
            Export this view (CSV)
          </a>
        </Button>
      </div>
      <StaffListFilters
        label="Filter requests"
        clearTo="/employee/requests"
        search={{ value: filter.q, placeholder: 'Name, e-mail, company, phone or message' }}
      >
        <FilterSelect
          label="Status"
          name="status"
          value={filter.status}
          allLabel="All statuses"
          options={requestStatuses.map((s) => ({ value: s, label: requestStatusLabels[s] }))}
        />
        <FilterSelect
          label="Kind"
          name="kind"
          value={filter.kind}
          allLabel="Both kinds"
          options={requestKinds.map((k) => ({ value: k, label: requestKindLabels[k] }))}
        />
        <FilterSelect
          label="Service"
          name="service"
          value={filter.service}
          allLabel="Any service"
          options={services.map((s) => ({ value: s.name, label: s.name }))}
        />
        <FilterSelect
          label="Plan"
          name="plan"
          value={filter.plan}
          allLabel="Any plan"
          options={planChoices.map((p) => ({ value: p, label: p }))}
        />
        <AssigneeFilter value={filter.assignee} me={me} staff={staff} />
        <DateRangeFilter fromLabel="Received from" from={filter.from} to={filter.to} />
      </StaffListFilters>
      <DataTable
        caption="Consultation requests and contact messages"
        columns={columns}
        rows={list.items}
        rowKey={(item) => item.id}
        paging={list}
        sort={{ key: filter.sort, dir: filter.dir ?? 'desc' }}
        noun="requests"
        empty={{
          none: 'No requests yet. Bookings from /book and messages from the contact form appear here as they arrive.',
          filtered: 'No request matches these filters.',
        }}
      />
    </div>
  )
}
