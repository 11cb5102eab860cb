import { Link } from 'react-router'
import { businessDate, formatCalendarDate } from '~/lib/business-time'
import { listParams } from '~/lib/list-params'
import type { DataTableColumn } from '~/ui/data-table'
import { DateRangeFilter, FilterSelect } from '~/ui/data-table'
import { Field } from '~/ui/field'
import { Input } from '~/ui/input'
import { kindLabels } from './labels'
import { formatMoney } from './money'
import { documentKinds, type ShownStatus, statusLabels } from './states'
import { StatusBadge } from './status-badge'

/**
 * The staff's list of billing documents: the admins' (`/admin/billing`, drafts included, with
 * their actions) and the employees' (`/employee/billing`, read only) show the same columns and
 * filters; each page adds what it alone has.
 */

/** Every shown status staff can filter by, drafts first (the employees' list leaves drafts out). */
export const staffStatusFilters: readonly ShownStatus[] = [
  'draft',
  'sent',
  'viewed',
  'overdue',
  'payment_pending',
  'partially_paid',
  'paid',
  'accepted',
  'declined',
  'expired',
  'converted',
  'void',
  'issued',
]

/** The list's filters from its address; what is not one of them is ignored. */
export function documentFilterOf(url: URL, statuses: readonly ShownStatus[]) {
  const p = listParams(url)
  return {
    kind: p.oneOf('kind', documentKinds),
    status: p.oneOf('status', statuses),
    from: p.date('from'),
    to: p.date('to'),
    q: p.text('q'),
    page: p.page(),
  }
}

type ListedDocument = {
  id: string
  kind: keyof typeof kindLabels
  number: string | null
  clientName: string
  companyName: string | null
  issuedOn: string | null
  dueOn: string | null
  expiresOn: string | null
  totalCents: number
  balanceCents: number
  shown: ShownStatus
  viewedAt: string | Date | null
}

/** The columns; `href` is the staff page of a document, `viewed` adds when the client opened it. */
export function documentColumns<T extends ListedDocument>({
  href,
  viewed = false,
}: {
  href: (item: T) => string
  viewed?: boolean
}): DataTableColumn<T>[] {
  return [
    {
      key: 'document',
      header: 'Document',
      rowHeader: true,
      cell: (item) => (
        <Link to={href(item)} className="text-primary underline-offset-4 hover:underline">
          {kindLabels[item.kind]} {item.number ?? '(draft)'}
        </Link>
      ),
    },
    {
      key: 'client',
      header: 'Client',
      cell: (item) => (
        <>
          {item.companyName ?? item.clientName}
          {item.companyName && <span className="block text-muted-foreground text-xs">{item.clientName}</span>}
        </>
      ),
    },
    { key: 'date', header: 'Date', cell: (item) => (item.issuedOn ? formatCalendarDate(item.issuedOn) : '—') },
    {
      key: 'due',
      header: 'Due / valid until',
      cell: (item) =>
        item.dueOn ? formatCalendarDate(item.dueOn) : item.expiresOn ? formatCalendarDate(item.expiresOn) : '—',
    },
    {
      key: 'total',
      header: 'Total',
      align: 'right',
      className: 'tabular-nums',
      cell: (item) => formatMoney(item.totalCents),
    },
    {
      key: 'balance',
      header: 'Balance',
      align: 'right',
      className: 'tabular-nums',
      cell: (item) => (item.kind === 'invoice' ? formatMoney(item.balanceCents) : '—'),
    },
    { key: 'status', header: 'Status', cell: (item) => <StatusBadge status={item.shown} /> },
    ...(viewed
      ? [
          {
            key: 'viewed',
            header: 'Viewed',
            className: 'text-muted-foreground',
            cell: (item: T) => (item.viewedAt ? formatCalendarDate(businessDate(new Date(item.viewedAt))) : '—'),
          },
        ]
      : []),
  ]
}

/** The filters both lists have: search, kind, status and the document date; `children` adds more. */
export function DocumentFilterFields({
  filter,
  statuses,
}: {
  filter: Partial<Record<'kind' | 'status' | 'from' | 'to', string | undefined>>
  statuses: readonly ShownStatus[]
}) {
  return (
    <>
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
      <DateRangeFilter fromLabel="Dated from" from={filter.from} to={filter.to} />
    </>
  )
}

/** The search field of both lists. */
export function DocumentSearchField({ q }: { q: string | undefined }) {
  return (
    <Field label="Search" className="sm:col-span-2">
      <Input name="q" type="search" defaultValue={q ?? ''} placeholder="Number, client, company or e-mail" />
    </Field>
  )
}
