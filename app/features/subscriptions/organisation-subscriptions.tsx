import { useEffect } from 'react'
import { useFetcher } from 'react-router'
import { SubscriptionList, type SubscriptionRow } from './subscription-list'

/**
 * The subscriptions section of a client organisation's staff page (/employee/clients/:id), loaded
 * from /employee/clients/:id/subscriptions so the page's own loader stays as it is. Admins get a link
 * to each subscription's changes.
 */
export function OrganisationSubscriptions({ organisationId, isAdmin }: { organisationId: string; isAdmin: boolean }) {
  const fetcher = useFetcher<{ subscriptions: SubscriptionRow[] }>()
  const { load, state, data } = fetcher
  useEffect(() => {
    if (state === 'idle' && !data) void load(`/employee/clients/${organisationId}/subscriptions`)
  }, [organisationId, load, state, data])
  return (
    <section aria-labelledby="subscriptions-title" className="grid gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="subscriptions-title" className="font-semibold text-xl">
          Subscriptions
        </h2>
        {isAdmin && (
          <a
            href="/admin/subscriptions"
            className="font-semibold text-primary text-sm underline-offset-4 hover:underline"
          >
            Start a subscription
          </a>
        )}
      </div>
      {data ? (
        <SubscriptionList
          subscriptions={data.subscriptions}
          empty="No subscription: this client is billed by hand."
          {...(isAdmin ? { linkTo: (id: string) => `/admin/subscriptions/${id}` } : {})}
        />
      ) : (
        <p className="text-muted-foreground text-sm" aria-live="polite">
          Loading subscriptions…
        </p>
      )}
    </section>
  )
}
