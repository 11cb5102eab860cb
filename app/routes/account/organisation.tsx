import { useActionData } from 'react-router'
import { business } from '~/content/business'
import { appContext } from '~/context.server'
import { ClientNavbar } from '~/features/accounts/client-navbar'
import { accountsContext } from '~/features/accounts/context.server'
import { guardedUser } from '~/features/accounts/guards.server'
import { accountStatusOf } from '~/features/accounts/status'
import {
  organisationInvitationSchema,
  personFormSchema,
  personRoleFormSchema,
  secondFactorFormSchema,
} from '~/features/organisations'
import { Invitations, InviteForm, SecondFactor } from '~/features/organisations/owner-parts'
import { PeopleTable } from '~/features/organisations/people-table'
import { businessDate, formatCalendarDate } from '~/lib/business-time'
import { nothingRecordedMessage } from '~/lib/database-outage'
import { type IntentContext, intentAction } from '~/lib/forms/intent-action.server'
import { pageMeta } from '~/lib/seo'
import { useResultToast } from '~/lib/toast'
import { FormMessage } from '~/ui/field'
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

/** A person's account status in an owner's words. */
const statusWords = { approved: 'Active', pending: 'Waiting for approval', rejected: 'Refused' } as const

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
    people: members
      .filter((member) => !invited.has(member.personId))
      .map((member) => ({
        personId: member.personId,
        name: member.fullName || member.email,
        email: member.email,
        role: member.role,
        status: statusWords[accountStatusOf(member.status)],
        // An owner takes out anyone but themselves (the last-owner rule is the service's).
        removable: member.email !== user.email,
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

export default function OrganisationPeople({ loaderData }: Route.ComponentProps) {
  const data = loaderData
  const result = useActionData<typeof action>()
  useResultToast(result, { ok: 'Done', failed: 'Not changed' })
  const invite = result && !result.ok && result.intent === 'invite' ? result : undefined
  return (
    <>
      <ClientNavbar name={data.name} />
      <div className="mx-auto grid max-w-5xl gap-8 px-4 py-10 sm:px-6">
        <PageHeader title="People">
          <p className="text-muted-foreground">
            Who may use the client portal of {data.organisation.name}, and in which role. Owners may do everything;
            billing handles estimates, invoices and receipts and reads contracts; members ask for help and follow their
            own requests.
          </p>
        </PageHeader>
        {result && !result.ok && !result.fieldErrors && <FormMessage tone="error">{result.message}</FormMessage>}
        <section aria-labelledby="people-title" className="grid gap-3">
          <h2 id="people-title" className="font-semibold text-xl">
            People
          </h2>
          <PeopleTable
            people={data.people}
            canChange
            words={{ caption: `The people of ${data.organisation.name}`, remove: 'Remove' }}
          />
        </section>
        <Invitations invitations={data.invitations} />
        <InviteForm errors={invite?.fieldErrors} values={invite?.values} />
        <SecondFactor required={data.organisation.requireSecondFactor} />
      </div>
    </>
  )
}
