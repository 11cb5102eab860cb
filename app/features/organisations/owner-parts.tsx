import { Form, useNavigation } from 'react-router'
import { Button } from '~/ui/button'
import { Field } from '~/ui/field'
import { Input } from '~/ui/input'
import { RoleSelect } from './people-table'
import { type OrganisationRole, organisationRoleLabels } from './roles'

/**
 * The parts of an owner's people page (/account/organisation) besides the people table: the
 * invitations not yet accepted, the invitation form, and the organisation's second-factor rule.
 */

export type PendingInvitation = {
  personId: string
  name: string
  email: string
  role: OrganisationRole
  /** The last day the link works, in the business's words; null once it has expired. */
  expiresOn: string | null
}

export function Invitations({ invitations }: { invitations: PendingInvitation[] }) {
  const busy = useNavigation().state === 'submitting'
  return (
    <section aria-labelledby="invitations-title" className="grid gap-3">
      <h2 id="invitations-title" className="font-semibold text-xl">
        Pending invitations
      </h2>
      {invitations.length === 0 ? (
        <p className="text-muted-foreground">Nobody is waiting to accept an invitation.</p>
      ) : (
        <ul className="grid gap-2">
          {invitations.map((invitation) => (
            <li
              key={invitation.personId}
              data-testid="invitation"
              data-email={invitation.email}
              className="flex flex-wrap items-center justify-between gap-3 rounded-xl border px-4 py-3"
            >
              <span className="min-w-0 break-words">
                <span className="font-medium">{invitation.name}</span> ({invitation.email}),{' '}
                {organisationRoleLabels[invitation.role].toLowerCase()}
                {invitation.expiresOn ? `; the link works until ${invitation.expiresOn}` : '; the link has expired'}
              </span>
              <Form method="post">
                <input type="hidden" name="intent" value="remove" />
                <input type="hidden" name="personId" value={invitation.personId} />
                <Button type="submit" variant="outline" size="sm" disabled={busy}>
                  Withdraw<span className="sr-only"> the invitation of {invitation.name}</span>
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

export function InviteForm({
  errors,
  values,
}: {
  errors: Partial<Record<string, string[]>> | undefined
  values: Record<string, string> | undefined
}) {
  const busy = useNavigation().state === 'submitting'
  return (
    <section aria-labelledby="invite-title" className="grid gap-3">
      <h2 id="invite-title" className="font-semibold text-xl">
        Invite a colleague
      </h2>
      <p className="text-muted-foreground">
        They get an e-mail with a link to choose their password; their account is open as soon as they do.
      </p>
      <Form method="post" className="grid gap-4 sm:grid-cols-3" noValidate>
        <input type="hidden" name="intent" value="invite" />
        <Field label="Full name" error={errors?.name} required>
          <Input name="name" autoComplete="off" defaultValue={values?.name} />
        </Field>
        <Field label="E-mail" error={errors?.email} required>
          <Input name="email" type="email" autoComplete="off" defaultValue={values?.email} />
        </Field>
        <Field label="Role" error={errors?.role} required>
          <RoleSelect name="role" defaultValue={(values?.role as OrganisationRole) ?? 'member'} label="Role" />
        </Field>
        <div>
          <Button type="submit" disabled={busy}>
            Send the invitation
          </Button>
        </div>
      </Form>
    </section>
  )
}

export function SecondFactor({ required }: { required: boolean }) {
  const busy = useNavigation().state === 'submitting'
  return (
    <section aria-labelledby="second-factor-title" className="grid gap-3">
      <h2 id="second-factor-title" className="font-semibold text-xl">
        Second factor
      </h2>
      <p>
        {required
          ? 'Everyone in your organisation signs in with a second factor (an authenticator app). Anyone without one is asked to set it up before they see anything else.'
          : 'Each person chooses whether to sign in with a second factor (an authenticator app).'}
      </p>
      <Form method="post">
        <input type="hidden" name="intent" value="second-factor" />
        <input type="hidden" name="required" value={required ? 'off' : 'on'} />
        <Button type="submit" variant={required ? 'outline' : 'primary'} disabled={busy}>
          {required ? 'Stop requiring a second factor' : 'Require a second factor for everyone'}
        </Button>
      </Form>
    </section>
  )
}
