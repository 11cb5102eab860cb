import { formatCalendarDate } from '~/lib/business-time'

export type ClientPlan = {
  id: string
  plan: string
  statusLabel: string
  seats: number | null
  price: string
  nextInvoiceOn: string | null
  cancelAt: string | null
}

/**
 * The client's plans on /billing (owners and billing people; members never reach the page): each
 * plan, its users, its price and when the next invoice comes.
 */
export function ClientPlans({ plans }: { plans: ClientPlan[] }) {
  if (plans.length === 0) return null
  return (
    <section aria-labelledby="your-plan" className="grid gap-3 rounded-xl border bg-card p-6 shadow-sm">
      <h2 id="your-plan" className="font-semibold text-muted-foreground text-sm uppercase tracking-wide">
        {plans.length === 1 ? 'Your plan' : 'Your plans'}
      </h2>
      <ul className="grid gap-4">
        {plans.map((p) => (
          <li key={p.id} className="grid gap-1" data-plan-id={p.id}>
            <p className="font-semibold text-lg">
              {p.plan}
              {p.statusLabel !== 'Active' && (
                <span className="font-normal text-muted-foreground"> ({p.statusLabel.toLowerCase()})</span>
              )}
            </p>
            <dl className="grid gap-1 text-sm sm:grid-cols-3">
              {p.seats !== null && (
                <div className="flex gap-2">
                  <dt className="text-muted-foreground">Users</dt>
                  <dd>{p.seats}</dd>
                </div>
              )}
              <div className="flex gap-2">
                <dt className="text-muted-foreground">Price</dt>
                <dd>{p.price}</dd>
              </div>
              <div className="flex gap-2">
                <dt className="text-muted-foreground">{p.cancelAt ? 'Ends' : 'Next invoice'}</dt>
                <dd>
                  {p.cancelAt
                    ? formatCalendarDate(p.cancelAt)
                    : p.nextInvoiceOn
                      ? formatCalendarDate(p.nextInvoiceOn)
                      : 'None while paused'}
                </dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
    </section>
  )
}
