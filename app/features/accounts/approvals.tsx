import { CheckIcon, UserPlusIcon, XIcon } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Link, useFetcher } from 'react-router'
import { organisationRoleLabels, organisationRoles } from '~/features/organisations'
import { businessDateTimeFormat } from '~/lib/business-time'
import type { ActionResult } from '~/lib/forms/result'
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
import type { AwaitingAccount as AwaitingRow } from '../../../server/accounts/onboarding.server'
import type { OrganisationMatch } from '../../../server/organisations/matches.server'

// The Admin Dashboard's account work (/admin): the sign-ups awaiting approval (approve, approve
// into a matching organisation, reject with a reason) and the invitation form.

/** Staff decisions are not edits: their toasts say Done / Not done. */
export const doneTitles = { ok: 'Done', failed: 'Not done' }

/** A sign-up waiting for approval, with the organisations it may belong to. */
export type Awaiting = Omit<AwaitingRow, 'createdAt'> & { createdAt: string; matches: OrganisationMatch[] }

export function AwaitingAccount({
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

export function InviteForm() {
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
