import { Link } from 'react-router'
import { business } from '~/content/business'
import { appContext } from '~/context.server'
import { guardedUser } from '~/features/accounts/guards.server'
import { formatMoney } from '~/features/billing/money'
import { cancelFormSchema, seatsFormSchema, versionFormSchema } from '~/features/subscriptions/schema'
import { SubscriptionActions } from '~/features/subscriptions/subscription-forms'
import { SubscriptionList } from '~/features/subscriptions/subscription-list'
import { formatCalendarDate } from '~/lib/business-time'
import { type IntentContext, intentAction } from '~/lib/forms/intent-action.server'
import { pageMeta } from '~/lib/seo'
import { useResultToast } from '~/lib/toast'
import {
  cancelSubscription,
  changeSeats,
  getSubscription,
  pauseSubscription,
  resumeSubscription,
} from '../../../server/subscriptions/subscriptions.server.ts'
import type { Route } from './+types/subscription'

// /admin/subscriptions/:id: one subscription, and staff's changes to it (users, pause, resume,
// cancel). Each form carries the version it was opened at: a change made meanwhile is not overwritten.

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta({
    title: loaderData ? `Subscription: ${loaderData.subscription.organisationName}` : 'Subscription',
    description: `A client's subscription with ${business.name}.`,
    path: '/admin/subscriptions',
    matches,
    noindex: true,
  })

export const loader = async (args: Route.LoaderArgs) => {
  const { database } = args.context.get(appContext)
  return { subscription: await getSubscription({ db: database.db }, args.params.id) }
}

function work(ctx: IntentContext) {
  const admin = guardedUser(ctx.context)
  const { database } = ctx.context.get(appContext)
  return { deps: { db: database.db }, actor: { userId: admin.userId, email: admin.email }, id: ctx.params.id ?? '' }
}

const date = (value: string) => formatCalendarDate(value)

export const action = intentAction(
  {
    seats: {
      schema: seatsFormSchema,
      run: (ctx, input) => {
        const { deps, actor, id } = work(ctx)
        return changeSeats(deps, actor, id, input)
      },
      done: ({ effectiveOn }) => `Users changed from ${date(effectiveOn)}.`,
    },
    pause: {
      schema: versionFormSchema,
      run: (ctx, input) => {
        const { deps, actor, id } = work(ctx)
        return pauseSubscription(deps, actor, id, input.version)
      },
      done: 'Paused: no invoice is issued until you resume it.',
    },
    resume: {
      schema: versionFormSchema,
      run: (ctx, input) => {
        const { deps, actor, id } = work(ctx)
        return resumeSubscription(deps, actor, id, input.version)
      },
      done: (sub) => `Resumed: billed from ${date(sub.billsFrom)}.`,
    },
    cancel: {
      schema: cancelFormSchema,
      run: (ctx, input) => {
        const { deps, actor, id } = work(ctx)
        return cancelSubscription(deps, actor, id, input)
      },
      done: ({ subscription, creditCents }) =>
        creditCents > 0
          ? `Cancelled from ${date(subscription.cancelAt ?? '')}, with a credit of ${formatMoney(creditCents)} for the unused days.`
          : `Cancelled: nothing is billed from ${date(subscription.cancelAt ?? '')}.`,
    },
  },
  { outage: 'The database did not answer, so nothing was changed. Try again in a minute.' },
)

export default function AdminSubscription({ loaderData, actionData }: Route.ComponentProps) {
  useResultToast(actionData, { ok: 'Subscription changed', failed: 'Not changed' })
  const { subscription } = loaderData
  return (
    <div className="mx-auto grid max-w-5xl gap-8 px-4 py-10 sm:px-6">
      <div className="grid gap-2">
        <p className="text-muted-foreground text-sm">
          <Link to="/admin/subscriptions" className="underline-offset-4 hover:underline">
            Subscriptions
          </Link>
        </p>
        <h1 className="font-bold text-3xl tracking-tight">
          {subscription.organisationName}: {subscription.plan}
        </h1>
        <p className="text-muted-foreground text-sm">
          Started {date(subscription.startOn)} · billed on day {subscription.billingDay} of each month
          {subscription.credit ? ` · credit owed to the client: ${subscription.credit}` : ''}
        </p>
      </div>
      <SubscriptionList subscriptions={[subscription]} empty="" />
      <SubscriptionActions subscription={subscription} result={actionData} />
    </div>
  )
}
