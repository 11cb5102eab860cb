import { SubscriptionList, type SubscriptionRow } from './subscription-list'

/**
 * The subscriptions section of a client organisation's staff page (/employee/clients/:id), from the
 * page's own data. Admins get a link to each subscription's changes.
 */
export function OrganisationSubscriptions({
  subscriptions,
  isAdmin,
}: {
  subscriptions: SubscriptionRow[]
  isAdmin: boolean
}) {
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
      <SubscriptionList
        subscriptions={subscriptions}
        empty="No subscription: this client is billed by hand."
        {...(isAdmin ? { linkTo: (id: string) => `/admin/subscriptions/${id}` } : {})}
      />
    </section>
  )
}
