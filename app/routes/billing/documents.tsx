import * as arrowLeft from 'lucide-react/icons/arrow-left'
import * as download from 'lucide-react/icons/download'
import { data, useNavigation } from 'react-router'
import { business } from '~/content/business'
import { appContext } from '~/context.server'
import { guardedUser, pagePath } from '~/features/accounts/guards.server'
import { billingClient, businessToday } from '~/features/billing/context.server'
import { formatMoney } from '~/features/billing/money'
import { Pager } from '~/features/billing/pager'
import { billingSection, clientDocumentPath, kindOfPath, sectionOfKind } from '~/features/billing/sections'
import { clientStatusFilters, type ShownStatus, statusLabels } from '~/features/billing/states'
import { StatusBadge } from '~/features/billing/status-badge'
import { formatCalendarDate } from '~/lib/business-time'
import { cn } from '~/lib/cn'
import { islandsHandle } from '~/lib/islands-mode'
import { pageMeta } from '~/lib/seo'
import { FrameLink } from '~/ui/frame-link'
import { iconData, staticIcon } from '~/ui/static-icon'
import { listClientDocuments } from '../../../server/billing/queries.server.ts'
import type { Route } from './+types/documents'

// /billing/estimates, /billing/invoices, /billing/receipts: a client's documents of one kind,
// newest first, 20 a page, with a status filter (?status=overdue&page=2). An islands page (ADR 024):
// its filters and pages are plain links, so it needs none of the app's JavaScript.

export const handle = islandsHandle

// Made once (ui/static-icon.ts): drawn on every visit, the download icon once a row.
const backIcon = staticIcon(iconData(arrowLeft), 'size-4')
const downloadIcon = staticIcon(iconData(download), 'size-4')

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const section = billingSection(location.pathname.split('/')[2] ?? '')
  return pageMeta({
    title: section ? `${section.title} | Billing` : 'Billing',
    description: `Your ${section?.title.toLowerCase() ?? 'billing documents'} from ${business.name}.`,
    path: section?.path ?? '/billing',
    matches,
    noindex: true,
  })
}

export const loader = async (args: Route.LoaderArgs) => {
  const kind = kindOfPath(pagePath(args.request))
  if (!kind) throw data(null, { status: 404 })
  const url = new URL(args.request.url)
  const filters = kind === 'receipt' ? [] : clientStatusFilters[kind]
  const requested = url.searchParams.get('status')
  const status = filters.find((s) => s === requested)
  const page = Math.max(1, Math.min(10_000, Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1))
  const base = { kind, section: sectionOfKind[kind], filters, status: status ?? null }
  const client = await billingClient(args.context, guardedUser(args.context))
  if (!client) return { ...base, list: null }
  const { database } = args.context.get(appContext)
  const list = await listClientDocuments(database.db, client.organisationId, { kind, status, page }, businessToday())
  return { ...base, list }
}

export default function BillingDocuments({ loaderData }: Route.ComponentProps) {
  const { kind, section: key, filters, status, list } = loaderData
  const section = billingSection(key)
  const navigation = useNavigation()
  const loading = navigation.state === 'loading' && navigation.location.pathname === section?.path
  const query = (next: { status?: ShownStatus | null; page?: number }) => {
    const params = new URLSearchParams()
    const s = next.status === undefined ? status : next.status
    if (s) params.set('status', s)
    if (next.page && next.page > 1) params.set('page', String(next.page))
    const text = params.toString()
    // A whole address: a plain link to "" would keep the query it is meant to clear.
    return `${section?.path ?? '/billing'}${text ? `?${text}` : ''}`
  }
  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-10 sm:px-6">
      <FrameLink
        to="/billing"
        className="inline-flex min-h-11 items-center gap-1 font-semibold text-primary text-sm hover:underline"
      >
        {backIcon}
        Billing
      </FrameLink>
      <h1 className="font-bold text-3xl tracking-tight">{section?.title}</h1>
      {filters.length > 0 && (
        <nav aria-label="Filter by status">
          <ul className="flex flex-wrap gap-2">
            {[null, ...filters].map((s) => (
              <li key={s ?? 'all'}>
                <FrameLink
                  to={query({ status: s, page: 1 })}
                  aria-current={status === s ? 'page' : undefined}
                  className={cn(
                    'inline-flex min-h-11 items-center rounded-full border px-4 text-sm',
                    status === s ? 'border-primary bg-primary text-primary-foreground' : 'hover:border-primary',
                  )}
                >
                  {s ? statusLabels[s] : 'All'}
                </FrameLink>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {list === null ? (
        <p className="rounded-lg border border-dashed p-6 text-muted-foreground">
          This area shows a client’s own documents; staff find them in{' '}
          <FrameLink to="/admin/billing" className="font-semibold text-primary underline">
            the back office
          </FrameLink>
          .
        </p>
      ) : list.items.length === 0 ? (
        <div className="grid justify-items-center gap-3 rounded-xl border border-dashed bg-card p-10 text-center">
          <h2 className="font-semibold text-xl">
            {status
              ? `No ${statusLabels[status].toLowerCase()} ${section?.title.toLowerCase()}`
              : `No ${section?.title.toLowerCase()} yet`}
          </h2>
          <p className="max-w-lg text-muted-foreground">
            {status ? (
              <FrameLink to={query({ status: null })} className="font-semibold text-primary underline">
                Show all {section?.title.toLowerCase()}
              </FrameLink>
            ) : (
              section?.empty
            )}
          </p>
          <p className="text-muted-foreground text-sm">
            Questions about billing? Call {business.phone} or write to{' '}
            <a href={`mailto:${business.email}`} className="font-semibold text-primary underline">
              {business.email}
            </a>
            .
          </p>
        </div>
      ) : (
        <div aria-busy={loading} className={cn('grid gap-4', loading && 'opacity-60')}>
          {/* On a phone each document is a card: number and date, then its amounts and status, labelled. */}
          <div className="rounded-xl border bg-card shadow-sm sm:overflow-x-auto">
            <table className="w-full text-left text-sm max-sm:block">
              <caption className="sr-only">
                {section?.title}
                {status ? `, ${statusLabels[status].toLowerCase()}` : ''}, newest first
              </caption>
              <thead className="border-b bg-muted/50 max-sm:sr-only">
                <tr>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    Number
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    Date
                  </th>
                  {kind !== 'receipt' && (
                    <th scope="col" className="px-4 py-3 font-semibold">
                      {kind === 'invoice' ? 'Due' : 'Valid until'}
                    </th>
                  )}
                  <th scope="col" className="px-4 py-3 text-right font-semibold">
                    {kind === 'receipt' ? 'Amount' : 'Total'}
                  </th>
                  {kind === 'invoice' && (
                    <th scope="col" className="px-4 py-3 text-right font-semibold">
                      Balance
                    </th>
                  )}
                  <th scope="col" className="px-4 py-3 font-semibold">
                    Status
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    <span className="sr-only">PDF</span>
                  </th>
                </tr>
              </thead>
              <tbody className="max-sm:block">
                {list.items.map((item) => (
                  <tr
                    key={item.id}
                    data-testid="document"
                    className="border-b last:border-0 max-sm:grid max-sm:grid-cols-2 max-sm:gap-x-4 max-sm:gap-y-1 max-sm:p-4"
                  >
                    <th scope="row" className={cn(cell, 'font-medium')}>
                      <FrameLink
                        to={clientDocumentPath(item)}
                        className="text-primary underline-offset-4 hover:underline"
                      >
                        {item.number}
                      </FrameLink>
                    </th>
                    <td className={cn(cell, 'max-sm:text-right')}>
                      <PhoneLabel>Date</PhoneLabel>
                      {item.issuedOn ? formatCalendarDate(item.issuedOn) : '—'}
                    </td>
                    {kind !== 'receipt' && (
                      <td className={cell}>
                        <PhoneLabel>{kind === 'invoice' ? 'Due' : 'Valid until'}</PhoneLabel>
                        {formatCalendarDate((kind === 'invoice' ? item.dueOn : item.expiresOn) ?? item.issuedOn ?? '')}
                      </td>
                    )}
                    <td className={cn(cell, 'text-right tabular-nums')}>
                      <PhoneLabel>{kind === 'receipt' ? 'Amount' : 'Total'}</PhoneLabel>
                      {formatMoney(item.totalCents)}
                    </td>
                    {kind === 'invoice' && (
                      <td className={cn(cell, 'text-right tabular-nums max-sm:text-left')}>
                        <PhoneLabel>Balance</PhoneLabel>
                        {formatMoney(item.balanceCents)}
                      </td>
                    )}
                    <td className={cn(cell, kind === 'invoice' && 'max-sm:text-right')}>
                      <StatusBadge status={item.shown} />
                    </td>
                    <td className={cell}>
                      <a
                        href={`${clientDocumentPath(item)}/pdf`}
                        className="inline-flex min-h-11 items-center gap-1 text-primary underline-offset-4 hover:underline"
                        aria-label={`Download ${item.number} as PDF`}
                      >
                        {downloadIcon}
                        PDF
                      </a>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={list.page} pageCount={list.pageCount} total={list.total} href={(page) => query({ page })} />
        </div>
      )}
    </div>
  )
}

/** A cell's padding on wider screens; on a phone the card around the row pads it. */
const cell = 'px-4 py-3 max-sm:p-0'

/** The column's name beside its value on a phone, where the table's head is read but not shown. */
function PhoneLabel({ children }: { children: string }) {
  return (
    <span className="text-muted-foreground sm:hidden" aria-hidden="true">
      {children}:{' '}
    </span>
  )
}
