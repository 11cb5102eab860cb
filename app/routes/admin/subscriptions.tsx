import { redirect } from 'react-router'
import { business } from '~/content/business'
import { appContext } from '~/context.server'
import { guardedUser } from '~/features/accounts/guards.server'
import { businessToday } from '~/features/billing/context.server'
import { subscriptionFormSchema } from '~/features/subscriptions/schema'
import { NewSubscriptionForm } from '~/features/subscriptions/subscription-forms'
import { SubscriptionList } from '~/features/subscriptions/subscription-list'
import { intentAction } from '~/lib/forms/intent-action.server'
import { pageMeta } from '~/lib/seo'
import {
  createSubscription,
  listSubscriptions,
  organisationChoices,
} from '../../../server/subscriptions/subscriptions.server.ts'
import type { Route } from './+types/subscriptions'

// /admin/subscriptions: every client's subscription to a plan of the price list, and the form that
// starts one. The monthly run bills them (its runs are on /admin/sync-status).

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Subscriptions',
    description: `Clients' plans billed every month by ${business.name}.`,
    path: '/admin/subscriptions',
    matches,
    noindex: true,
  })

export const loader = async (args: Route.LoaderArgs) => {
  const { database } = args.context.get(appContext)
  const [subscriptions, organisations] = await Promise.all([
    listSubscriptions({ db: database.db }),
    organisationChoices(database.db),
  ])
  return { subscriptions, organisations, today: businessToday() }
}

export const action = intentAction({
  create: {
    schema: subscriptionFormSchema,
    run: async (ctx, input) => {
      const admin = guardedUser(ctx.context)
      const { database } = ctx.context.get(appContext)
      const created = await createSubscription({ db: database.db }, { userId: admin.userId, email: admin.email }, input)
      return redirect(`/admin/subscriptions/${created.id}`)
    },
    invalid: 'Check the subscription’s details.',
    outage: 'The database did not answer, so no subscription was started. Try again in a minute.',
  },
})

export default function AdminSubscriptions({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto grid max-w-5xl gap-8 px-4 py-10 sm:px-6">
      <div className="grid gap-2">
        <h1 className="font-bold text-3xl tracking-tight">Subscriptions</h1>
        <p className="max-w-3xl text-muted-foreground text-sm">
          Each subscription is invoiced automatically on its billing day (New York time), once per period, and e-mailed
          to the organisation’s billing people with its PDF.
        </p>
      </div>
      <SubscriptionList
        subscriptions={loaderData.subscriptions}
        empty="No subscriptions yet. Start one below."
        linkTo={(id) => `/admin/subscriptions/${id}`}
      />
      <NewSubscriptionForm organisations={loaderData.organisations} result={actionData} today={loaderData.today} />
    </div>
  )
}
