import { Form, useActionData, useNavigation } from 'react-router'
import { business } from '~/content/business'
import { appContext } from '~/context.server'
import { ClientNavbar } from '~/features/accounts/client-navbar'
import { accountsContext } from '~/features/accounts/context.server'
import { guardedUser } from '~/features/accounts/guards.server'
import { accountStatusOf } from '~/features/accounts/status'
import {
  type OrganisationRole,
  organisationInvitationSchema,
  organisationRoleLabels,
  organisationRoles,
  personFormSchema,
  personRoleFormSchema,
  secondFactorFormSchema,
} from '~/features/organisations'
import { businessDate, formatCalendarDate } from '~/lib/business-time'
import { nothingRecordedMessage } from '~/lib/database-outage'
import { type IntentContext, intentAction } from '~/lib/forms/intent-action.server'
import { pageMeta } from '~/lib/seo'
import { useResultToast } from '~/lib/toast'
import { Button } from '~/ui/button'
import { Field, FormMessage } from '~/ui/field'
import { Input } from '~/ui/input'
import { NativeSelect } from '~/ui/native-select'
import { PageHeader } from '~/ui/page-header'
import { invitePerson, pendingInvitations } from '../../../server/organisations/invitations.server.ts'
import { listMembers, setSecondFactorRequirement } from '../../../server/organisations/organisations.server.ts'
import { changePersonRole, removePerson } from '../../../server/organisations/people.server.ts'
import type { Route } from './+types/organisation'

// /account/organisation: an owner's people page. The organisation's people with their role and
// status, the invitations not yet accepted; invite a colleague with a role, change a role, remove a
// person, require a second factor of everyone. The area guard asks `people` (owners only); every
// change is the organisations service's, which checks the owner again and writes the audit log.

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'People of your organisation',
    description: `Who may use your ${business.name} client portal, and in which role.`,
    path: '/account/organisation',
    matches,
    noindex: true,
  })

/** The owner's organisation: the guard's `people` requirement holds only for a client in one. */
function organisationOf(context: IntentContext['context']) {
  const user = guardedUser(context)
  if (!user.organisation) throw new Error('the people page is guarded by the people requirement')
  return { user, organisation: user.organisation }
}

export async function loader(args: Route.LoaderArgs) {
  const { user, organisation } = organisationOf(args.context)
  const { database } = args.context.get(appContext)
  const [members, invitations] = await Promise.all([
    listMembers(database.db, organisation.id),
    pendingInvitations(database.db, organisation.id),
  ])
  const invited = new Set(invitations.map((invitation) => invitation.personId))
  return {
    name: user.name,
    organisation: { name: organisation.name, requireSecondFactor: organisation.requireSecondFactor },
    me: user.email,
    people: members
      .filter((member) => !invited.has(member.personId))
      .map((member) => ({
        personId: member.personId,
        name: member.fullName || member.email,
        email: member.email,
        role: member.role,
        status: accountStatusOf(member.status),
      })),
    invitations: invitations.map((invitation) => ({
      personId: invitation.personId,
      name: invitation.fullName || invitation.email,
      email: invitation.email,
      role: invitation.role,
      expiresOn: invitation.expiresAt ? formatCalendarDate(businessDate(invitation.expiresAt)) : null,
    })),
  }
}

const actorOf = (ctx: IntentContext) => {
  const { user, organisation } = organisationOf(ctx.context)
  return { actor: { userId: user.userId, email: user.email }, organisationId: organisation.id }
}

export const action = intentAction(
  {
    invite: {
      schema: organisationInvitationSchema,
      run: async (ctx, invitation) => {
        const { actor, organisationId } = actorOf(ctx)
        await invitePerson(ctx.context.get(accountsContext), actor, { organisationId, ...invitation })
        return invitation
      },
      done: (invitation) => `Invitation sent to ${invitation.email}.`,
      invalid: 'Check the invitation.',
    },
    role: {
      schema: personRoleFormSchema,
      run: async (ctx, input) => {
        const { actor, organisationId } = actorOf(ctx)
        await changePersonRole(ctx.context.get(appContext).database.db, actor, { organisationId, ...input })
      },
      done: 'Role changed.',
    },
    remove: {
      schema: personFormSchema,
      run: async (ctx, input) => {
        const { actor, organisationId } = actorOf(ctx)
        await removePerson(ctx.context.get(appContext).database.db, actor, { organisationId, ...input })
      },
      done: 'Removed from your organisation. They no longer see its documents.',
    },
    'second-factor': {
      schema: secondFactorFormSchema,
      run: async (ctx, { required }) => {
        const { actor, organisationId } = actorOf(ctx)
        await setSecondFactorRequirement(ctx.context.get(appContext).database.db, actor, { organisationId, required })
        return required
      },
      done: (required) =>
        required
          ? 'Everyone in your organisation now signs in with a second factor.'
          : 'A second factor is now up to each person.',
    },
  },
  { outage: nothingRecordedMessage },
)

type Data = Route.ComponentProps['loaderData']

const statusWords = { approved: 'Active', pending: 'Waiting for approval', rejected: 'Refused' } as const

export default function OrganisationPeople({ loaderData }: Route.ComponentProps) {
  const data = loaderData
  const result = useActionData<typeof action>()
  useResultToast(result, { ok: 'Done', failed: 'Not changed' })
  return (
    <>
      <ClientNavbar name={data.name} />
      <div className="mx-auto grid max-w-5xl gap-8 px-6 py-10">
        <PageHeader title="People">
          <p className="text-muted-foreground">
            Who may use the client portal of {data.organisation.name}, and in which role. Owners may do everything;
            billing handles estimates, invoices and receipts and reads contracts; members ask for help and follow their
            own requests.
          </p>
        </PageHeader>
        {result && !result.ok && !result.fieldErrors && <FormMessage tone="error">{result.message}</FormMessage>}
        <People data={data} />
        <Invitations data={data} />
        <InviteForm result={result} />
        <SecondFactor data={data} />
      </div>
    </>
  )
}

function RoleSelect({ name, defaultValue, label }: { name: string; defaultValue: OrganisationRole; label: string }) {
  return (
    <NativeSelect name={name} defaultValue={defaultValue} aria-label={label}>
      {organisationRoles.map((role) => (
        <option key={role} value={role}>
          {organisationRoleLabels[role]}
        </option>
      ))}
    </NativeSelect>
  )
}

function People({ data }: { data: Data }) {
  const busy = useNavigation().state === 'submitting'
  return (
    <section aria-labelledby="people-title" className="grid gap-3">
      <h2 id="people-title" className="font-semibold text-xl">
        People
      </h2>
      <div className="overflow-x-auto rounded-xl border">
        <table className="w-full text-left text-sm">
          <thead className="bg-secondary/60">
            <tr>
              <th scope="col" className="px-4 py-2">
                Person
              </th>
              <th scope="col" className="px-4 py-2">
                Status
              </th>
              <th scope="col" className="px-4 py-2">
                Role
              </th>
              <th scope="col" className="px-4 py-2">
                <span className="sr-only">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {data.people.map((person) => (
              <tr key={person.personId} className="border-t" data-testid="person" data-email={person.email}>
                <td className="px-4 py-2">
                  <span className="font-medium">{person.name}</span>
                  <span className="block text-muted-foreground">{person.email}</span>
                </td>
                <td className="px-4 py-2">{statusWords[person.status]}</td>
                <td className="px-4 py-2">
                  <Form method="post" className="flex flex-wrap items-center gap-2">
                    <input type="hidden" name="intent" value="role" />
                    <input type="hidden" name="personId" value={person.personId} />
                    <RoleSelect name="role" defaultValue={person.role} label={`Role of ${person.name}`} />
                    <Button type="submit" variant="secondary" size="sm" disabled={busy}>
                      Change role<span className="sr-only"> of {person.name}</span>
                    </Button>
                  </Form>
                </td>
                <td className="px-4 py-2 text-right">
                  {person.email !== data.me && (
                    <Form method="post">
                      <input type="hidden" name="intent" value="remove" />
                      <input type="hidden" name="personId" value={person.personId} />
                      <Button type="submit" variant="outline" size="sm" disabled={busy}>
                        Remove<span className="sr-only"> {person.name}</span>
                      </Button>
                    </Form>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  )
}

function Invitations({ data }: { data: Data }) {
  const busy = useNavigation().state === 'submitting'
  return (
    <section aria-labelledby="invitations-title" className="grid gap-3">
      <h2 id="invitations-title" className="font-semibold text-xl">
        Pending invitations
      </h2>
      {data.invitations.length === 0 ? (
        <p className="text-muted-foreground">Nobody is waiting to accept an invitation.</p>
      ) : (
        <ul className="grid gap-2">
          {data.invitations.map((invitation) => (
            <li
              key={invitation.personId}
              data-testid="invitation"
              data-email={invitation.email}
              className="flex flex-wrap items-center justify-between gap-3 rounded-xl border px-4 py-3"
            >
              <span>
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

function InviteForm({ result }: { result: ReturnType<typeof useActionData<typeof action>> }) {
  const busy = useNavigation().state === 'submitting'
  const errors = result && !result.ok && result.intent === 'invite' ? result.fieldErrors : undefined
  const values = result && !result.ok && result.intent === 'invite' ? result.values : undefined
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

function SecondFactor({ data }: { data: Data }) {
  const busy = useNavigation().state === 'submitting'
  const required = data.organisation.requireSecondFactor
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
