import { DownloadIcon, FileSignatureIcon, PlusIcon, SearchIcon } from 'lucide-react'
import { useState } from 'react'
import { Form, Link, useSearchParams } from 'react-router'
import { business } from '~/content/business'
import { appContext } from '~/context.server'
import { billingUnavailable, businessToday } from '~/features/billing/context.server'
import { kindLabels } from '~/features/billing/labels'
import { formatMoney } from '~/features/billing/money'
import { documentKinds, type ShownStatus, statusLabels } from '~/features/billing/states'
import { StatusBadge } from '~/features/billing/status-badge'
import { businessDate, formatCalendarDate } from '~/lib/business-time'
import { pageMeta } from '~/lib/seo'
import { Button } from '~/ui/button'
import { DataTable, type DataTableColumn } from '~/ui/data-table'
import { Field, FormMessage } from '~/ui/field'
import { Input } from '~/ui/input'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '~/ui/select'
import { listClientAccounts, listStaffDocuments } from '../../../server/billing/queries.server.ts'
import type { Route } from './+types/billing'

// /admin/billing: every estimate, invoice and receipt, newest first, 20 a page, filtered by client,
// kind, status and document date, searched by number or client; new documents; the accountant's CSV.

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Billing',
    description: `Estimates, invoices and receipts of ${business.name}'s clients.`,
    path: '/admin/billing',
    matches,
    noindex: true,
  })

const statuses: ShownStatus[] = [
  'draft',
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
const datePattern = /^\d{4}-\d{2}-\d{2}$/

export async function loader(args: Route.LoaderArgs) {
  const url = new URL(args.request.url)
  const get = (name: string) => url.searchParams.get(name)?.trim() || undefined
  const kind = documentKinds.find((k) => k === get('kind'))
  const status = statuses.find((s) => s === get('status'))
  const from = datePattern.test(get('from') ?? '') ? get('from') : undefined
  const to = datePattern.test(get('to') ?? '') ? get('to') : undefined
  const filter = {
    clientId: get('client'),
    kind,
    status,
    from,
    to,
    q: get('q')?.slice(0, 100),
    page: Math.max(1, Math.min(10_000, Number.parseInt(get('page') ?? '1', 10) || 1)),
  }
  const { database, log } = args.context.get(appContext)
  const today = businessToday()
  try {
    const [list, clients] = await Promise.all([
      listStaffDocuments(database.db, filter, today),
      listClientAccounts(database.db),
    ])
    return {
      list,
      filter,
      today,
      clients: clients.map((c) => ({
        id: c.id,
        label: [c.companyName, c.fullName, c.email].filter(Boolean).join(' · '),
      })),
    }
  } catch (error) {
    log.warn({ err: error }, 'admin billing list failed to load')
    throw billingUnavailable()
  }
}

const ALL = 'all'

type Item = Route.ComponentProps['loaderData']['list']['items'][number]

const columns: DataTableColumn<Item>[] = [
  {
    key: 'document',
    header: 'Document',
    rowHeader: true,
    cell: (item) => (
      <Link to={`/admin/billing/${item.id}`} className="text-primary underline-offset-4 hover:underline">
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
  {
    key: 'viewed',
    header: 'Viewed',
    className: 'text-muted-foreground',
    cell: (item) => (item.viewedAt ? formatCalendarDate(businessDate(new Date(item.viewedAt))) : '—'),
  },
]

export default function AdminBilling({ loaderData }: Route.ComponentProps) {
  const { list, filter, clients, today } = loaderData
  const [params] = useSearchParams()
  const [client, setClient] = useState(filter.clientId ?? ALL)
  const [kind, setKind] = useState<string>(filter.kind ?? ALL)
  const [status, setStatus] = useState<string>(filter.status ?? ALL)
  const monthStart = `${today.slice(0, 8)}01`
  return (
    <div className="mx-auto grid max-w-7xl gap-8 px-6 py-10">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-1">
          <p className="text-muted-foreground text-sm">
            <Link to="/admin" className="underline-offset-4 hover:underline">
              Admin Dashboard
            </Link>
          </p>
          <h1 className="font-bold text-3xl tracking-tight">Billing</h1>
          <p className="text-muted-foreground text-sm">Drafts are visible only here. Dates are New York dates.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button asChild size="lg">
            <Link to="/admin/billing/new?kind=invoice">
              <PlusIcon aria-hidden="true" />
              New invoice
            </Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to="/admin/billing/new?kind=estimate">
              <PlusIcon aria-hidden="true" />
              New estimate
            </Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to="/admin/contracts">
              <FileSignatureIcon aria-hidden="true" />
              Contracts
            </Link>
          </Button>
        </div>
      </div>
      {params.get('deleted') === '1' && <FormMessage tone="success">The draft is deleted.</FormMessage>}

      <Form method="get" className="grid gap-4 rounded-xl border bg-card p-6 shadow-sm md:grid-cols-3 xl:grid-cols-6">
        <Field label="Search" className="md:col-span-3 xl:col-span-2">
          <Input name="q" type="search" defaultValue={filter.q ?? ''} placeholder="Number, client, company or e-mail" />
        </Field>
        <Field label="Client">
          <Select name="client" value={client} onValueChange={setClient}>
            <SelectTrigger>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>All clients</SelectItem>
              {clients.map((c) => (
                <SelectItem key={c.id} value={c.id}>
                  {c.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </Field>
        <Field label="Kind">
          <Select name="kind" value={kind} onValueChange={setKind}>
            <SelectTrigger>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>All kinds</SelectItem>
              {documentKinds.map((k) => (
                <SelectItem key={k} value={k}>
                  {kindLabels[k]}s
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </Field>
        <Field label="Status">
          <Select name="status" value={status} onValueChange={setStatus}>
            <SelectTrigger>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>All statuses</SelectItem>
              {statuses.map((s) => (
                <SelectItem key={s} value={s}>
                  {statusLabels[s]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </Field>
        <div className="grid grid-cols-2 gap-2 md:col-span-2 xl:col-span-1 xl:grid-cols-1">
          <Field label="Dated from">
            <Input name="from" type="date" defaultValue={filter.from ?? ''} />
          </Field>
          <Field label="to">
            <Input name="to" type="date" defaultValue={filter.to ?? ''} />
          </Field>
        </div>
        <div className="flex flex-wrap items-end gap-2 md:col-span-3 xl:col-span-6">
          <Button type="submit">
            <SearchIcon aria-hidden="true" />
            Apply
          </Button>
          <Button asChild variant="ghost">
            <Link to="/admin/billing">Clear</Link>
          </Button>
        </div>
      </Form>

      <DataTable
        caption="Billing documents, newest first"
        columns={columns}
        rows={list.items}
        rowKey={(item) => item.id}
        paging={list}
        sort={{ key: 'date', dir: 'desc' }}
        noun="documents"
        notFilters={['deleted']}
        empty={{
          none: 'No billing documents yet. Start with “New estimate” or “New invoice”; a document stays a draft until you send it.',
          filtered: 'No document matches these filters.',
        }}
      />

      <Form
        method="get"
        action="/admin/billing/export.csv"
        reloadDocument
        className="grid gap-4 rounded-xl border bg-card p-6 shadow-sm sm:grid-cols-[auto_auto_1fr] sm:items-end"
      >
        <h2 className="font-semibold text-lg sm:col-span-3">For the accountant</h2>
        <p className="text-muted-foreground text-sm sm:col-span-3">
          One CSV with the invoices dated and the payments received between two dates.
        </p>
        <Field label="First day">
          <Input name="from" type="date" required defaultValue={monthStart} />
        </Field>
        <Field label="Last day">
          <Input name="to" type="date" required defaultValue={today} />
        </Field>
        <div>
          <Button type="submit" variant="outline">
            <DownloadIcon aria-hidden="true" />
            Download CSV
          </Button>
        </div>
      </Form>
    </div>
  )
}
