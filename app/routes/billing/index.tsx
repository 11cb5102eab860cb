import * as arrowLeft from 'lucide-react/icons/arrow-left'
import * as download from 'lucide-react/icons/download'
import * as triangleAlert from 'lucide-react/icons/triangle-exclamation-point'
import { business } from '~/content/business'
import { appContext } from '~/context.server'
import { guardedUser } from '~/features/accounts/guards.server'
import { billingClient, businessToday } from '~/features/billing/context.server'
import { kindLabels } from '~/features/billing/labels'
import { formatMoney } from '~/features/billing/money'
import { billingSections, clientDocumentPath } from '~/features/billing/sections'
import { StatusBadge } from '~/features/billing/status-badge'
import { AutopayLink } from '~/features/payments'
import { paymentsDeps } from '~/features/payments/context.server'
import { ClientPlans } from '~/features/subscriptions/client-plans'
import { formatCalendarDate } from '~/lib/business-time'
import { islandsHandle } from '~/lib/islands-mode'
import { pageMeta } from '~/lib/seo'
import { FrameLink } from '~/ui/frame-link'
import { iconData, staticIcon } from '~/ui/static-icon'
import { clientSummary, type DocumentListItem } from '../../../server/billing/queries.server.ts'
import { clientPlans } from '../../../server/subscriptions/subscriptions.server.ts'
import type { Route } from './+types/index'

// Served without the app's JavaScript, to signed-in visitors too (ADR 024): links are document
// loads, and the islands entry runs Log Out, the live status and the access check.
export const handle = islandsHandle

// Made once (ui/static-icon.ts): /billing is an islands page drawn on every visit.
const backIcon = staticIcon(iconData(arrowLeft), 'size-4')
const alertIcon = staticIcon(iconData(triangleAlert), 'size-5 text-destructive')
const downloadIcon = staticIcon(iconData(download), 'size-4')

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Billing',
    description: `Your balance, estimates, invoices and receipts from ${business.name}.`,
    path: '/billing',
    matches,
    noindex: true,
  })

export const loader = async (args: Route.LoaderArgs) => {
  const user = guardedUser(args.context)
  const client = await billingClient(args.context, user)
  if (!client) {
    return { summary: null, plans: [], staffBilling: user.role === 'admin' ? '/admin/billing' : '/employee/billing' }
  }
  const { database } = args.context.get(appContext)
  const [summary, plans] = await Promise.all([
    clientSummary(database.db, client.organisationId, businessToday()),
    clientPlans({ db: database.db }, client.organisationId),
  ])
  return { summary, plans, staffBilling: null, onlinePayments: Boolean(paymentsDeps(args.context).provider) }
}

export default function Billing({ loaderData }: Route.ComponentProps) {
  const { summary, plans, staffBilling } = loaderData
  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-6 py-10">
      <FrameLink
        to="/dashboard"
        className="inline-flex min-h-11 items-center gap-1 font-semibold text-primary text-sm hover:underline"
      >
        {backIcon}
        Dashboard
      </FrameLink>
      <div className="grid gap-2">
        <h1 className="font-bold text-3xl tracking-tight">Billing</h1>
        <p className="max-w-2xl text-muted-foreground">
          {staffBilling
            ? 'What a client sees of their billing: their own estimates, invoices and receipts.'
            : 'Every estimate, invoice and receipt we issue to you is kept here, ready to download as a PDF.'}
        </p>
      </div>
      <ClientPlans plans={plans} />
      {'onlinePayments' in loaderData && loaderData.onlinePayments && <AutopayLink />}
      {summary ? (
        <Summary summary={summary} />
      ) : (
        <p className="rounded-lg border border-dashed p-6 text-muted-foreground">
          This area shows a client’s own documents. As staff, you find every client’s documents in{' '}
          <FrameLink to={staffBilling ?? '/admin/billing'} className="font-semibold text-primary underline">
            the back office’s billing
          </FrameLink>
          .
        </p>
      )}
      <nav aria-label="Billing sections">
        <ul className="grid gap-4 sm:grid-cols-2">
          {billingSections.map((section) => (
            <li key={section.key}>
              <FrameLink
                to={section.path}
                className="flex h-full gap-4 rounded-xl border bg-card p-6 shadow-sm transition-colors hover:border-primary"
              >
                <section.icon className="size-7 shrink-0 text-primary" aria-hidden="true" />
                <span className="grid gap-1">
                  <span className="font-semibold text-lg">{section.title}</span>
                  <span className="text-muted-foreground text-sm">{section.summary}</span>
                </span>
              </FrameLink>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  )
}

type SummaryData = NonNullable<Route.ComponentProps['loaderData']['summary']>

function Summary({ summary }: { summary: SummaryData }) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <section aria-labelledby="balance" className="grid gap-2 rounded-xl border bg-card p-6 shadow-sm">
        <h2 id="balance" className="font-semibold text-muted-foreground text-sm uppercase tracking-wide">
          Balance due
        </h2>
        <p className="font-bold text-4xl tabular-nums">{formatMoney(summary.balanceDueCents)}</p>
        <p className="text-muted-foreground text-sm">
          {summary.openInvoices === 0
            ? 'Nothing to pay: every invoice is settled.'
            : `On ${summary.openInvoices} open ${summary.openInvoices === 1 ? 'invoice' : 'invoices'}.`}{' '}
          <FrameLink to="/billing/invoices" className="font-semibold text-primary underline">
            See invoices
          </FrameLink>
        </p>
      </section>
      <DocumentCard
        title="Overdue invoices"
        icon
        items={summary.overdue}
        empty="None: thank you for paying on time."
        detail={(item) =>
          `Due ${item.dueOn ? formatCalendarDate(item.dueOn) : '—'} · ${formatMoney(item.balanceCents)} open`
        }
      />
      <DocumentCard
        title="Estimates awaiting your decision"
        items={summary.awaitingDecision}
        empty="No estimate is waiting for you."
        detail={(item) =>
          `${formatMoney(item.totalCents)} · valid until ${item.expiresOn ? formatCalendarDate(item.expiresOn) : '—'}`
        }
      />
      <DocumentCard
        title="Latest receipts"
        items={summary.latestReceipts}
        empty="No payments recorded yet."
        detail={(item) => `${formatMoney(item.totalCents)} · ${item.issuedOn ? formatCalendarDate(item.issuedOn) : ''}`}
        pdf
      />
    </div>
  )
}

function DocumentCard({
  title,
  items,
  empty,
  detail,
  icon,
  pdf,
}: {
  title: string
  items: DocumentListItem[]
  empty: string
  detail: (item: DocumentListItem) => string
  icon?: boolean
  pdf?: boolean
}) {
  return (
    <section className="grid content-start gap-3 rounded-xl border bg-card p-6 shadow-sm">
      <h2 className="flex items-center gap-2 font-semibold text-lg">
        {icon && items.length > 0 && alertIcon}
        {title}
      </h2>
      {items.length === 0 ? (
        <p className="text-muted-foreground text-sm">{empty}</p>
      ) : (
        <ul className="grid gap-2">
          {items.map((item) => (
            <li key={item.id} className="flex flex-wrap items-center justify-between gap-2 border-b pb-2 last:border-0">
              <span className="grid">
                <FrameLink
                  to={clientDocumentPath(item)}
                  className="font-semibold text-primary underline-offset-4 hover:underline"
                >
                  {kindLabels[item.kind]} {item.number}
                </FrameLink>
                <span className="text-muted-foreground text-sm">{detail(item)}</span>
              </span>
              <span className="flex items-center gap-2">
                <StatusBadge status={item.shown} />
                {pdf && (
                  <a
                    href={`${clientDocumentPath(item)}/pdf`}
                    download
                    className="inline-flex min-h-11 items-center gap-1 text-primary text-sm underline-offset-4 hover:underline"
                    aria-label={`Download ${kindLabels[item.kind].toLowerCase()} ${item.number} as PDF`}
                  >
                    {downloadIcon}
                    PDF
                  </a>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
