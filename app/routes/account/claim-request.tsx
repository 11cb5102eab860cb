import { Link, redirect } from 'react-router'
import { business } from '~/content/business'
import { appContext } from '~/context.server'
import { AuthShell } from '~/features/accounts/auth-shell'
import { guardedUser } from '~/features/accounts/guards.server'
import { pageMeta } from '~/lib/seo'
import { FormMessage } from '~/ui/field'
import { claimConsultationRequest } from '../../../server/booking/claim.server.ts'
import type { Route } from './+types/claim-request'

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Add a consultation request to your dashboard',
    description: `Add a consultation request to your ${business.name} dashboard.`,
    path: '/dashboard/claim',
    matches,
    noindex: true,
  })

/**
 * The link in a consultation request's confirmation e-mail. Opened signed in to the account with the
 * address the request was sent with, it adds the request to that dashboard; for anyone else it
 * does nothing (and says so without telling whose request it is).
 */
export async function loader(args: Route.LoaderArgs) {
  const user = guardedUser(args.context)
  const { database } = args.context.get(appContext)
  const token = new URL(args.request.url).searchParams.get('token') ?? ''
  const result = await claimConsultationRequest(database.db, token, { userId: user.userId, email: user.email })
  if (result.claimed) throw redirect(`/dashboard?requestAdded=${result.reference}`)
  return { email: user.email }
}

export default function ClaimRequest({ loaderData }: Route.ComponentProps) {
  return (
    <AuthShell title="This link did not add a request">
      <div className="grid gap-5">
        <FormMessage tone="error">
          This link adds a consultation request to the dashboard of the account with the e-mail address it was sent to.
          You are signed in as <strong>{loaderData.email}</strong>, and the link does not match a request sent with that
          address, or it has been used already.
        </FormMessage>
        <p className="text-muted-foreground text-sm">
          Sign in with the address you booked with and open the link again, or call us at {business.phone} and we will
          help.
        </p>
        <Link to="/dashboard" className="text-center font-semibold text-primary text-sm hover:underline">
          Go to your dashboard
        </Link>
      </div>
    </AuthShell>
  )
}
