import { Link } from 'react-router'
import { business } from '~/content/business'
import { appContext } from '~/context.server'
import { guardedUser } from '~/features/accounts/guards.server'
import {
  ticketCategories,
  ticketCategoryLabels,
  ticketNumberText,
  ticketPriorities,
  ticketPriorityLabels,
  ticketStatuses,
  ticketStatusLabels,
} from '~/features/support'
import { businessMinutesBetween } from '~/features/support/business-hours'
import { ticketQueueFilterOf, ticketTargetFilterLabels, ticketTargetFilters } from '~/features/support/queue-filter'
import { TicketStatusBadge } from '~/features/support/status-badge'
import { describeTimeLeft, dueSoonMinutes, targetKindLabels } from '~/features/support/targets'
import { businessDateTimeFormat } from '~/lib/business-time'
import { pageMeta } from '~/lib/seo'
import { Badge } from '~/ui/badge'
import { DataTable, type DataTableColumn, FilterSelect, LazyFilterSelect } from '~/ui/data-table'
import { AssigneeFilter, StaffListFilters } from '~/ui/staff-list-filters'
import { staffChoices } from '../../../server/booking/staff-members.server.ts'
import { listQueue, organisationChoice } from '../../../server/support/queue.server.ts'
import type { Route } from './+types/tickets'

// /employee/tickets (employees and admins): the support queue: every ticket, 25 a page, latest
// activity first, with filters (status, priority, organisation, assignee, category), search and
// sorting in the address.

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Support tickets',
    description: `The support queue of ${business.name}.`,
    path: '/employee/tickets',
    matches,
    noindex: true,
  })

export const loader = async (args: Route.LoaderArgs) => {
  const user = guardedUser(args.context)
  const { database } = args.context.get(appContext)
  const filter = ticketQueueFilterOf(new URL(args.request.url), user.userId)
  const now = new Date()
  const [list, staff, organisation] = await Promise.all([
    listQueue(database.db, filter, now),
    staffChoices(database.db),
    organisationChoice(database.db, filter.organisation),
  ])
  return {
    list: {
      ...list,
      items: list.items.map((item) => ({
        ...item,
        number: ticketNumberText(item.number),
        updated: businessDateTimeFormat.format(item.updatedAt),
        answered: item.firstRespondedAt !== null,
        target: nextTarget(item, now),
      })),
    },
    filter,
    me: user.userId,
    staff,
    organisation: organisation ? { value: organisation.id, label: organisation.name } : undefined,
  }
}

type Item = Route.ComponentProps['loaderData']['list']['items'][number]

/** The next running target in business time: "First response · 45 min left", "Paused", or nothing when met. */
function nextTarget(
  item: { nextDueAt: Date | null; firstResponseDueAt: Date | null; paused: boolean | null },
  now: Date,
): { text: string; kind: string | null; tone: 'overdue' | 'soon' | 'calm' } | null {
  if (!item.nextDueAt) return item.paused ? { text: describeTimeLeft(null), kind: null, tone: 'calm' } : null
  const left = businessMinutesBetween(now, item.nextDueAt)
  const kind = item.firstResponseDueAt?.getTime() === item.nextDueAt.getTime() ? 'first_response' : 'resolution'
  return {
    text: describeTimeLeft(left),
    kind: targetKindLabels[kind],
    tone: left < 0 ? 'overdue' : left <= dueSoonMinutes ? 'soon' : 'calm',
  }
}

const priorityTone = { low: 'outline', normal: 'secondary', high: 'default', urgent: 'destructive' } as const

const columns: DataTableColumn<Item>[] = [
  {
    key: 'number',
    header: 'Ticket',
    sortable: true,
    rowHeader: true,
    cell: (item) => (
      <div className="grid min-w-48 gap-0.5">
        <Link
          to={`/employee/tickets/${item.id}`}
          className="break-words text-primary underline-offset-4 hover:underline"
        >
          {item.subject}
        </Link>
        <span className="font-normal text-muted-foreground text-xs">
          {item.number} · {item.organisationName}
        </span>
      </div>
    ),
  },
  {
    key: 'status',
    header: 'Status',
    cell: (item) => (
      <span className="grid justify-items-start gap-1">
        <TicketStatusBadge status={item.status} audience="staff" />
        {!item.answered && item.status === 'new' && <span className="text-muted-foreground text-xs">Not answered</span>}
      </span>
    ),
  },
  {
    key: 'priority',
    header: 'Priority',
    sortable: true,
    cell: (item) => <Badge variant={priorityTone[item.priority]}>{ticketPriorityLabels[item.priority]}</Badge>,
  },
  {
    key: 'target',
    header: 'Next target',
    sortable: true,
    cell: (item) =>
      item.target ? (
        <span className="grid gap-0.5">
          <span
            className={
              item.target.tone === 'overdue'
                ? 'font-semibold text-destructive'
                : item.target.tone === 'soon'
                  ? 'font-semibold'
                  : undefined
            }
          >
            {item.target.text}
          </span>
          {item.target.kind && <span className="text-muted-foreground text-xs">{item.target.kind}</span>}
        </span>
      ) : (
        <span className="text-muted-foreground">Met</span>
      ),
  },
  { key: 'category', header: 'About', cell: (item) => ticketCategoryLabels[item.category] },
  { key: 'assignee', header: 'Assignee', cell: (item) => item.assigneeName ?? 'Nobody' },
  { key: 'updated', header: 'Last activity', sortable: true, cell: (item) => item.updated },
]

export default function Tickets({ loaderData }: Route.ComponentProps) {
  const { list, filter, staff, me, organisation } = loaderData
  return (
    <div className="mx-auto grid max-w-7xl gap-6 px-4 py-10 sm:px-6">
      <div className="grid gap-1">
        <h1 className="font-bold text-3xl tracking-tight">Support tickets</h1>
        <p className="text-muted-foreground text-sm">
          Clients&apos; questions from the portal and by e-mail. Times are New York time.
        </p>
      </div>
      <StaffListFilters
        label="Filter tickets"
        clearTo="/employee/tickets"
        search={{ value: filter.q, placeholder: 'Subject, T-000123 or organisation' }}
      >
        <FilterSelect
          label="Status"
          name="status"
          value={filter.status}
          allLabel="All statuses"
          options={[
            { value: 'active', label: 'Still to do (new, open, waiting)' },
            ...ticketStatuses.map((s) => ({ value: s, label: ticketStatusLabels[s] })),
          ]}
        />
        <FilterSelect
          label="Priority"
          name="priority"
          value={filter.priority}
          allLabel="Any priority"
          options={ticketPriorities.map((p) => ({ value: p, label: ticketPriorityLabels[p] }))}
        />
        <LazyFilterSelect
          label="Organisation"
          name="organisation"
          value={filter.organisation}
          chosen={organisation}
          allLabel="Every organisation"
          source="/employee/tickets/organisations"
          loadingLabel="Loading organisations…"
        />
        <AssigneeFilter value={filter.assignee} me={me} staff={staff} />
        <FilterSelect
          label="About"
          name="category"
          value={filter.category}
          allLabel="Every service line"
          options={ticketCategories.map((c) => ({ value: c, label: ticketCategoryLabels[c] }))}
        />
        <FilterSelect
          label="Targets"
          name="target"
          value={filter.target}
          allLabel="Any"
          options={ticketTargetFilters.map((t) => ({ value: t, label: ticketTargetFilterLabels[t] }))}
        />
      </StaffListFilters>
      <DataTable
        caption="Support tickets"
        columns={columns}
        rows={list.items}
        rowKey={(item) => item.id}
        paging={list}
        sort={{ key: filter.sort === 'created' ? 'updated' : filter.sort, dir: filter.dir }}
        noun="tickets"
        empty={{
          none: 'No tickets yet. Clients open them from their portal; e-mails to the support address arrive here too.',
          filtered: 'No ticket matches these filters.',
        }}
      />
      <Link
        to="/employee/tickets/new"
        className="inline-flex min-h-11 items-center font-semibold text-primary underline"
      >
        Open a ticket for a client
      </Link>
    </div>
  )
}
