import { Link, useFetcher, useRouteLoaderData } from 'react-router'
import { z } from 'zod'
import { business } from '~/content/business'
import { AwaitingAccount, doneTitles, InviteForm } from '~/features/accounts/approvals'
import { accountsContext } from '~/features/accounts/context.server'
import { guardedUser } from '~/features/accounts/guards.server'
import { inviteSchema, reviewSchema } from '~/features/accounts/schema'
import { organisationRoleSchema } from '~/features/organisations'
import { AdminAreaLinks } from '~/features/staff/admin-links'
import { AreaCounts } from '~/features/staff/back-office'
import { SupportTargetsOverview } from '~/features/support/target-overview'
import { businessDateTimeFormat } from '~/lib/business-time'
import { DomainError } from '~/lib/domain-error'
import { type IntentContext, intentAction } from '~/lib/forms/intent-action.server'
import type { ActionResult } from '~/lib/forms/result'
import { pageMeta } from '~/lib/seo'
import { useResultToast } from '~/lib/toast'
import { FormMessage } from '~/ui/field'
import { listAwaitingApproval, reviewAccount } from '../../../server/accounts/onboarding.server'
import { readTransport } from '../../../server/operations/sync-status.server'
import { matchingOrganisations } from '../../../server/organisations/matches.server'
import { addPerson } from '../../../server/organisations/people.server'
import { supportOverview } from '../../../server/support/targets.server'
import type { loader as backOfficeLoader } from '../back-office'
import type { Route } from './+types/index'

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Admin Dashboard',
    description: `Approve client accounts of the ${business.name} portal.`,
    path: '/admin',
    matches,
    noindex: true,
  })

export const loader = async (args: Route.LoaderArgs) => {
  const accounts = args.context.get(accountsContext)
  const [awaiting, mail, support] = await Promise.all([
    listAwaitingApproval(accounts.database.db),
    readTransport(accounts.database),
    supportOverview(accounts.database.db),
  ])
  // Each sign-up with the organisations it may belong to (same e-mail domain, similar name).
  const matches = await Promise.all(awaiting.map((a) => matchingOrganisations(accounts.database.db, a)))
  return {
    awaiting: awaiting.map((a, i) => ({ ...a, createdAt: a.createdAt.toISOString(), matches: matches[i] ?? [] })),
    // Outgoing e-mail that keeps failing (SMTP down): staff should know before clients call.
    mailFailing: mail.failing ? { since: mail.lastFailureAt, error: mail.lastError } : null,
    support,
  }
}

/** The admin acting (recorded in the audit log for each change made here) and the account services. */
function adminWork(ctx: IntentContext) {
  const admin = guardedUser(ctx.context)
  const accounts = ctx.context.get(accountsContext)
  const deps = {
    database: accounts.database,
    outbox: accounts.outbox,
    log: accounts.log,
    publicUrl: accounts.config.publicUrl,
  }
  return { accounts, deps, actor: { userId: admin.userId, email: admin.email } }
}

/** An approval into an existing organisation names it and the role (the plain Approve names neither). */
const joinChoice = z.object({ organisationId: z.uuid(), role: organisationRoleSchema })

export const action = intentAction({
  review: {
    run: async (ctx) => {
      // A row's buttons send only an id and a decision: a bad one is a stale or forged page.
      const checked = reviewSchema.safeParse(ctx.values)
      if (!checked.success) throw new DomainError('invalid', checked.error.issues[0]?.message ?? 'Invalid request.')
      const { deps, actor } = adminWork(ctx)
      // Approved into an existing organisation: they join it in the role chosen first (leaving
      // their organisation of one), then the approval opens its pages to them.
      const into = checked.data.decision === 'approve' ? joinChoice.safeParse(ctx.values) : null
      if (into?.success) {
        await addPerson(deps.database.db, actor, { personId: checked.data.onboardingId, ...into.data })
      }
      const row = await reviewAccount(deps, actor, checked.data)
      return { who: row.fullName ?? row.email, approved: checked.data.decision === 'approve' }
    },
    done: ({ who, approved }) => (approved ? `${who} is approved.` : `${who} is rejected.`),
  },
  invite: {
    schema: inviteSchema,
    invalid: 'Check the invitation form.',
    run: async (ctx, invitation) => {
      const { accounts, actor } = adminWork(ctx)
      await accounts.invite(invitation, actor)
      return invitation.email
    },
    done: (email) => `Invitation sent to ${email}.`,
  },
})

export default function Admin({ loaderData }: Route.ComponentProps) {
  // One fetcher for every row, owned here: a reviewed row leaves the list in the same render that
  // brings the answer, so the answer's toast cannot live in the row.
  const review = useFetcher<ActionResult>()
  useResultToast(review.data, doneTitles)
  // The counts of the back office's navigation (routes/back-office.tsx), as the overview's cards.
  const frame = useRouteLoaderData<typeof backOfficeLoader>('back-office-admin')
  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-6 py-10">
      <h1 className="font-bold text-3xl tracking-tight">Admin Dashboard</h1>
      {loaderData.mailFailing && (
        <FormMessage tone="error">
          Outgoing e-mail is failing
          {loaderData.mailFailing.since
            ? ` since ${businessDateTimeFormat.format(new Date(loaderData.mailFailing.since))}`
            : ''}
          {loaderData.mailFailing.error ? ` (${loaderData.mailFailing.error})` : ''}. Messages wait in the outbox and
          are retried.{' '}
          <Link className="font-medium underline underline-offset-4" to="/admin/sync-status">
            Open sync status
          </Link>
        </FormMessage>
      )}
      <AreaCounts areas={(frame?.areas ?? []).filter((area) => area.key !== 'overview')} />
      <SupportTargetsOverview counts={loaderData.support} />
      <section aria-labelledby="awaiting-title" className="grid gap-4">
        <div className="grid gap-1">
          <h2 id="awaiting-title" className="font-semibold text-xl">
            Accounts awaiting approval
          </h2>
          <p className="text-muted-foreground text-sm">
            Clients who confirmed their e-mail address. Approving opens their billing area; rejecting ends their
            sessions. Both send them an e-mail.
          </p>
        </div>
        {loaderData.awaiting.length === 0 ? (
          <p className="rounded-lg border border-dashed p-6 text-muted-foreground">
            No accounts are waiting. New sign-ups appear here once they confirm their e-mail address, and the business
            inbox gets an e-mail for each.
          </p>
        ) : (
          <ul className="grid gap-3">
            {loaderData.awaiting.map((account) => (
              <AwaitingAccount key={account.id} account={account} review={review} />
            ))}
          </ul>
        )}
      </section>
      <InviteForm />
      <AdminAreaLinks />
    </div>
  )
}
