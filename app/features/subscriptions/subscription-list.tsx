import { Link } from 'react-router'
import { formatCalendarDate } from '~/lib/business-time'

export type SubscriptionRow = {
  id: string
  organisationName: string
  plan: string
  statusLabel: string
  seats: number | null
  price: string
  nextInvoiceOn: string | null
  cancelAt: string | null
}

const date = (value: string | null) => (value ? formatCalendarDate(value) : '—')

/**
 * Subscriptions as a list of cards (the admin page, an organisation's page): one column on a phone,
 * each fact labelled, nothing cut off.
 */
export function SubscriptionList({
  subscriptions,
  empty,
  linkTo,
}: {
  subscriptions: SubscriptionRow[]
  empty: string
  /** Staff who may change subscriptions get a link to each. */
  linkTo?: (id: string) => string
}) {
  if (subscriptions.length === 0)
    return <p className="rounded-lg border border-dashed p-6 text-muted-foreground">{empty}</p>
  return (
    <ul className="grid gap-3">
      {subscriptions.map((s) => (
        <li key={s.id} className="grid gap-2 rounded-xl border bg-card p-4 shadow-sm" data-subscription-id={s.id}>
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <span className="font-semibold">
              {linkTo ? (
                <Link to={linkTo(s.id)} className="text-primary underline-offset-4 hover:underline">
                  {s.organisationName}: {s.plan}
                </Link>
              ) : (
                `${s.organisationName}: ${s.plan}`
              )}
            </span>
            <span className="rounded-full border px-2 py-0.5 text-sm">{s.statusLabel}</span>
          </div>
          <dl className="grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-3">
            {s.seats !== null && (
              <div className="flex gap-2">
                <dt className="text-muted-foreground">Users</dt>
                <dd>{s.seats}</dd>
              </div>
            )}
            <div className="flex gap-2">
              <dt className="text-muted-foreground">Price</dt>
              <dd>{s.price}</dd>
            </div>
            <div className="flex gap-2">
              <dt className="text-muted-foreground">{s.cancelAt ? 'Ends' : 'Next invoice'}</dt>
              <dd>{s.cancelAt ? date(s.cancelAt) : date(s.nextInvoiceOn)}</dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  )
}
