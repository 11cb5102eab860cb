import { CheckIcon, UserPlusIcon, XIcon } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Link, useFetcher, useRouteLoaderData } from 'react-router'
import { z } from 'zod'
import { business } from '~/content/business'
import { accountsContext } from '~/features/accounts/context.server'
import { guardedUser } from '~/features/accounts/guards.server'
import { inviteSchema, reviewSchema } from '~/features/accounts/schema'
import { organisationRoleLabels, organisationRoleSchema, organisationRoles } from '~/features/organisations'
import { AreaCounts } from '~/features/staff/back-office'
import { SupportTargetsOverview } from '~/features/support/target-overview'
import { businessDateTimeFormat } from '~/lib/business-time'
import { DomainError } from '~/lib/domain-error'
import { type IntentContext, intentAction } from '~/lib/forms/intent-action.server'
import type { ActionResult } from '~/lib/forms/result'
import { pageMeta } from '~/lib/seo'
import { useResultToast } from '~/lib/toast'
import { Button } from '~/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/ui/card'
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '~/ui/dialog'
import { Choice, Field, FieldSet, FormMessage } from '~/ui/field'
import { Input } from '~/ui/input'
import { RadioGroup, RadioGroupItem } from '~/ui/radio-group'
import { Textarea } from '~/ui/textarea'
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
      <section aria-labelledby="blog-title" className="grid gap-2">
        <h2 id="blog-title" className="font-semibold text-xl">
          Blog
        </h2>
        <p className="text-muted-foreground text-sm">
          Write, schedule and publish the posts on /blog.{' '}
          <Link className="font-medium text-primary underline-offset-4 hover:underline" to="/admin/blog">
            Manage blog posts
          </Link>
        </p>
      </section>
      <section aria-labelledby="locations-title" className="grid gap-2">
        <h2 id="locations-title" className="font-semibold text-xl">
          Town pages
        </h2>
        <p className="text-muted-foreground text-sm">
          Write, publish and import the town pages (/it-support-…), and see the old addresses that redirect.{' '}
          <Link className="font-medium text-primary underline-offset-4 hover:underline" to="/admin/locations">
            Manage town pages
          </Link>
          {' · '}
          <Link className="font-medium text-primary underline-offset-4 hover:underline" to="/admin/redirects">
            Redirects
          </Link>
        </p>
      </section>
      <section aria-labelledby="billing-title" className="grid gap-2">
        <h2 id="billing-title" className="font-semibold text-xl">
          Billing
        </h2>
        <p className="text-muted-foreground text-sm">
          Estimates, invoices, payments and receipts of client accounts.{' '}
          <Link className="font-medium text-primary underline-offset-4 hover:underline" to="/admin/billing">
            Manage billing
          </Link>
        </p>
      </section>
      <section aria-labelledby="sync-title" className="grid gap-2">
        <h2 id="sync-title" className="font-semibold text-xl">
          Sync status
        </h2>
        <p className="text-muted-foreground text-sm">
          The mail outbox, scheduled jobs, database and mail server at a glance; retry or discard a stuck e-mail.{' '}
          <Link className="font-medium text-primary underline-offset-4 hover:underline" to="/admin/sync-status">
            Open sync status
          </Link>
        </p>
      </section>
      <section aria-labelledby="contracts-title" className="grid gap-2">
        <h2 id="contracts-title" className="font-semibold text-xl">
          Contracts
        </h2>
        <p className="text-muted-foreground text-sm">
          Service agreements clients sign electronically, their templates, and the check of a signed PDF.{' '}
          <Link className="font-medium text-primary underline-offset-4 hover:underline" to="/admin/contracts">
            Manage contracts
          </Link>
        </p>
      </section>
      <section aria-labelledby="two-factor-title" className="grid gap-2">
        <h2 id="two-factor-title" className="font-semibold text-xl">
          Two-factor sign-in
        </h2>
        <p className="text-muted-foreground text-sm">
          Who signs in with a second factor; reset it for someone who lost their phone.{' '}
          <Link className="font-medium text-primary underline-offset-4 hover:underline" to="/admin/two-factor">
            Manage two-factor sign-in
          </Link>
        </p>
      </section>
      <section aria-labelledby="records-title" className="grid gap-2">
        <h2 id="records-title" className="font-semibold text-xl">
          Records
        </h2>
        <p className="text-muted-foreground text-sm">
          The cookie consent log: every choice visitors saved (anonymous id, choices, policy version, time; no IP
          addresses).{' '}
          <a
            className="font-medium text-primary underline-offset-4 hover:underline"
            href="/api/admin/consent-log.csv"
            download
          >
            Download the consent log (CSV)
          </a>
        </p>
      </section>
    </div>
  )
}

/** Staff decisions are not edits: their toasts say Done / Not done. */
const doneTitles = { ok: 'Done', failed: 'Not done' }

type Awaiting = Route.ComponentProps['loaderData']['awaiting'][number]

function AwaitingAccount({
  account,
  review: fetcher,
}: {
  account: Awaiting
  review: ReturnType<typeof useFetcher<ActionResult>>
}) {
  const [open, setOpen] = useState(false)
  const busy = fetcher.state !== 'idle'
  const label = account.fullName ?? account.email
  return (
    <li className="flex flex-wrap items-center justify-between gap-4 rounded-xl border bg-card p-5 shadow-sm">
      <div className="grid gap-0.5">
        <span className="font-semibold">{label}</span>
        <span className="text-muted-foreground text-sm">
          {[account.companyName, account.email, account.phone].filter(Boolean).join(' · ')}
        </span>
        <span className="text-muted-foreground text-xs">
          Signed up {businessDateTimeFormat.format(new Date(account.createdAt))}
        </span>
      </div>
      <div className="flex gap-2">
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="review" />
          <input type="hidden" name="onboardingId" value={account.id} />
          <input type="hidden" name="decision" value="approve" />
          <Button type="submit" disabled={busy} aria-label={`Approve ${label}`}>
            <CheckIcon aria-hidden="true" />
            Approve
          </Button>
        </fetcher.Form>
        <Dialog open={open} onOpenChange={setOpen}>
          <DialogTrigger asChild>
            <Button variant="outline" disabled={busy} aria-label={`Reject ${label}`}>
              <XIcon aria-hidden="true" />
              Reject
            </Button>
          </DialogTrigger>
          <DialogContent>
            <DialogHeader>
              <DialogTitle>Reject {label}?</DialogTitle>
              <DialogDescription>
                They lose access at once and receive an e-mail. The reason, if you give one, is included in it.
              </DialogDescription>
            </DialogHeader>
            <fetcher.Form method="post" className="grid gap-4" onSubmit={() => setOpen(false)}>
              <input type="hidden" name="intent" value="review" />
              <input type="hidden" name="onboardingId" value={account.id} />
              <input type="hidden" name="decision" value="reject" />
              <Field label="Reason" optional>
                <Textarea name="reason" maxLength={500} rows={3} />
              </Field>
              <DialogFooter>
                <DialogClose asChild>
                  <Button variant="outline">Cancel</Button>
                </DialogClose>
                <Button type="submit" variant="destructive">
                  Reject account
                </Button>
              </DialogFooter>
            </fetcher.Form>
          </DialogContent>
        </Dialog>
      </div>
      {account.matches.length > 0 && <Matches account={account} label={label} fetcher={fetcher} />}
    </li>
  )
}

function InviteForm() {
  const fetcher = useFetcher<ActionResult>()
  const result = fetcher.data
  useResultToast(result, doneTitles)
  // A sent invitation empties the form: a new form, rather than form.reset(), which the role's
  // radios would not follow.
  const [sent, setSent] = useState(0)
  useEffect(() => {
    if (result?.ok) setSent((n) => n + 1)
  }, [result])
  const refused = result && !result.ok ? result : undefined
  const errors = refused?.fieldErrors
  const typed = refused?.values
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Invite a client or employee</h2>
        </CardTitle>
        <CardDescription>
          The account is approved at once. We e-mail a one-time link (valid 7 days) to choose a password.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <fetcher.Form key={sent} method="post" className="grid gap-4 sm:grid-cols-2" noValidate>
          <input type="hidden" name="intent" value="invite" />
          {refused && !errors && (
            <div className="sm:col-span-2">
              <FormMessage tone="error">{refused.message}</FormMessage>
            </div>
          )}
          <Field label="Full name" required error={errors?.name}>
            <Input name="name" defaultValue={typed?.name} />
          </Field>
          <Field label="E-mail" required error={errors?.email}>
            <Input name="email" type="email" defaultValue={typed?.email} />
          </Field>
          <Field label="Company name" optional error={errors?.companyName}>
            <Input name="companyName" defaultValue={typed?.companyName} />
          </Field>
          <Field label="Phone" optional error={errors?.phone}>
            <Input name="phone" type="tel" defaultValue={typed?.phone} />
          </Field>
          <RoleChoice initial={typed?.role} error={errors?.role} />
          <div className="flex items-end">
            <Button type="submit" size="lg" disabled={fetcher.state !== 'idle'}>
              <UserPlusIcon aria-hidden="true" />
              Send invitation
            </Button>
          </div>
        </fetcher.Form>
      </CardContent>
    </Card>
  )
}

const roles = [
  { value: 'client', label: 'Client' },
  { value: 'employee', label: 'Employee (staff)' },
] as const

/** Two roles: both in sight, one press, rather than a list to open. */
function RoleChoice({ initial, error }: { initial: string | undefined; error: readonly string[] | undefined }) {
  return (
    <FieldSet legend="Role" error={error}>
      <RadioGroup name="role" defaultValue={initial ?? 'client'} className="flex flex-wrap gap-x-6 gap-y-3">
        {roles.map((role) => (
          <Choice key={role.value} label={role.label} className="items-center">
            <RadioGroupItem value={role.value} />
          </Choice>
        ))}
      </RadioGroup>
    </FieldSet>
  )
}

/**
 * The organisations a sign-up may belong to (same e-mail domain, similar name): approve them into
 * one, in a role, instead of as the owner of a new one (the plain Approve above).
 */
function Matches({
  account,
  label,
  fetcher,
}: {
  account: Awaiting
  label: string
  fetcher: ReturnType<typeof useFetcher<ActionResult>>
}) {
  const busy = fetcher.state !== 'idle'
  return (
    <div className="grid basis-full gap-2 border-t pt-3">
      <p className="text-sm">
        Approve simply to make {label} the owner of a new organisation, or approve into an organisation that matches:
      </p>
      <ul className="grid gap-2">
        {account.matches.map((match) => (
          <li key={match.id} data-testid="organisation-match">
            <fetcher.Form method="post" className="flex flex-wrap items-center gap-2 text-sm">
              <input type="hidden" name="intent" value="review" />
              <input type="hidden" name="onboardingId" value={account.id} />
              <input type="hidden" name="decision" value="approve" />
              <input type="hidden" name="organisationId" value={match.id} />
              <span>
                <Link to={`/employee/clients/${match.id}`} className="font-medium text-primary hover:underline">
                  {match.name}
                </Link>{' '}
                <span className="text-muted-foreground">({match.why})</span>
              </span>
              <label className="flex items-center gap-1">
                as
                <select
                  name="role"
                  defaultValue="member"
                  aria-label={`Role of ${label} in ${match.name}`}
                  className="rounded-md border bg-background px-2 py-1"
                >
                  {organisationRoles.map((role) => (
                    <option key={role} value={role}>
                      {organisationRoleLabels[role]}
                    </option>
                  ))}
                </select>
              </label>
              <Button type="submit" size="sm" variant="secondary" disabled={busy}>
                Add to {match.name} and approve
              </Button>
            </fetcher.Form>
          </li>
        ))}
      </ul>
    </div>
  )
}
