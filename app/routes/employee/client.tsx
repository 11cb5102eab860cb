import { data, Form, Link, redirect, useActionData, useNavigation } from 'react-router'
import { business } from '~/content/business'
import { appContext } from '~/context.server'
import { can } from '~/features/accounts/access'
import { guardedUser } from '~/features/accounts/guards.server'
import {
  addPersonFormSchema,
  mergeFormSchema,
  organisationKindLabels,
  organisationSchema,
  personFormSchema,
  personRoleFormSchema,
} from '~/features/organisations'
import { OrganisationHistory } from '~/features/organisations/history'
import { OrganisationFields } from '~/features/organisations/organisation-fields'
import { PeopleTable } from '~/features/organisations/people-table'
import { AddPersonForm, DetailsView, MergeForm, RecordList } from '~/features/organisations/staff-parts'
import { AuditChange } from '~/features/staff/audit-change'
import { OrganisationSubscriptions } from '~/features/subscriptions/organisation-subscriptions'
import { businessDate, businessDateTimeFormat } from '~/lib/business-time'
import { nothingRecordedMessage } from '~/lib/database-outage'
import { DomainError } from '~/lib/domain-error'
import { type IntentContext, intentAction } from '~/lib/forms/intent-action.server'
import { listParams } from '~/lib/list-params'
import { pageMeta } from '~/lib/seo'
import { useResultToast } from '~/lib/toast'
import { Button } from '~/ui/button'
import { FormMessage } from '~/ui/field'
import { BackLink, PageHeader } from '~/ui/page-header'
import { mergeOrganisations } from '../../../server/organisations/merge.server.ts'
import { updateOrganisation } from '../../../server/organisations/organisations.server.ts'
import { addPerson, changePersonRole, removePerson } from '../../../server/organisations/people.server.ts'
import { staffClientPage } from '../../../server/organisations/staff-page.server.ts'
import { clientPersonByEmail } from '../../../server/organisations/staff-view.server.ts'
import type { Route } from './+types/client'

// /employee/clients/:id (employees and admins): one client organisation: its details and staff
// notes, its people with their roles and status, its billing documents, contracts and requests, and
// its history (the audit log's entries about it, its people and records; ?page=2 for older ones).
// Admins add or move a person into it, change a role, remove a person, and merge it into another
// organisation created twice (the organisations service: last-owner rule, audit log). An address
// naming a client person (older links) leads to their organisation.

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta({
    title: loaderData ? loaderData.organisation.name : 'Client',
    description: `A client of ${business.name}.`,
    path: '/employee/clients',
    matches,
    noindex: true,
  })

export const loader = async (args: Route.LoaderArgs) => {
  const { database } = args.context.get(appContext)
  const found = await staffClientPage(database.db, args.params.id, {
    isAdmin: can(guardedUser(args.context), 'admin'),
    historyPage: listParams(new URL(args.request.url)).page(),
    today: businessDate(new Date()),
  })
  if (found.page) return found.page
  if (found.organisationOfPerson) throw redirect(`/employee/clients/${found.organisationOfPerson}`)
  throw data({ error: 'There is no client at this address.' }, { status: 404 })
}

const staffActor = (ctx: IntentContext) => {
  const user = guardedUser(ctx.context)
  return { userId: user.userId, email: user.email }
}
const adminOnly = (ctx: IntentContext) => can(guardedUser(ctx.context), 'admin')
const organisationId = (ctx: IntentContext) => ctx.params.id ?? ''
const db = (ctx: IntentContext) => ctx.context.get(appContext).database.db

export const action = intentAction(
  {
    details: {
      schema: organisationSchema,
      allow: adminOnly,
      invalid: 'Check the organisation’s details. Nothing was saved.',
      // The service reads the form itself (the same schema), as it does for every caller.
      run: (ctx) =>
        updateOrganisation(db(ctx), staffActor(ctx), { ...ctx.values, organisationId: organisationId(ctx) }),
      done: 'Details saved.',
    },
    add: {
      schema: addPersonFormSchema,
      allow: adminOnly,
      run: async (ctx, { email, role }) => {
        const personId = await clientPersonByEmail(db(ctx), email)
        if (!personId) {
          throw new DomainError('invalid', 'There is no client account with this e-mail.', {
            fields: { email: ['There is no client account with this e-mail.'] },
          })
        }
        await addPerson(db(ctx), staffActor(ctx), { organisationId: organisationId(ctx), personId, role })
      },
      done: 'The person is in this organisation now.',
    },
    role: {
      schema: personRoleFormSchema,
      allow: adminOnly,
      run: (ctx, input) =>
        changePersonRole(db(ctx), staffActor(ctx), { organisationId: organisationId(ctx), ...input }),
      done: 'Role changed.',
    },
    remove: {
      schema: personFormSchema,
      allow: adminOnly,
      run: (ctx, input) => removePerson(db(ctx), staffActor(ctx), { organisationId: organisationId(ctx), ...input }),
      done: 'Removed from this organisation.',
    },
    merge: {
      schema: mergeFormSchema,
      allow: adminOnly,
      run: async (ctx, { into }) => {
        await mergeOrganisations(db(ctx), staffActor(ctx), { from: organisationId(ctx), into })
        return redirect(`/employee/clients/${into}?merged=1`)
      },
    },
  },
  { outage: nothingRecordedMessage },
)

export default function Client({ loaderData: data }: Route.ComponentProps) {
  const result = useActionData<typeof action>()
  useResultToast(result, { ok: 'Done', failed: 'Not changed' })
  const busy = useNavigation().state === 'submitting'
  const { organisation } = data
  const failed = (intent: string) => (result && !result.ok && result.intent === intent ? result : undefined)
  const details = failed('details')
  return (
    <div className="mx-auto grid max-w-5xl gap-8 px-4 py-10 sm:px-6">
      <BackLink to="/employee/clients">Clients</BackLink>
      <PageHeader
        title={organisation.name}
        actions={
          <Button asChild variant="outline">
            <Link to={`/employee/tickets/new?organisation=${organisation.id}`}>Open a ticket</Link>
          </Button>
        }
      >
        <p className="text-muted-foreground text-sm">
          {organisationKindLabels[organisation.kind]}, client since{' '}
          {businessDateTimeFormat.format(new Date(organisation.createdAt))}
        </p>
      </PageHeader>
      {result && !result.ok && !result.fieldErrors && <FormMessage tone="error">{result.message}</FormMessage>}
      {data.isAdmin ? (
        <section aria-labelledby="details-title" className="grid gap-3">
          <h2 id="details-title" className="font-semibold text-xl">
            Details
          </h2>
          <p className="text-muted-foreground text-sm">
            Second factor: {organisation.requireSecondFactor ? 'required of everyone' : 'up to each person'} (the
            owners' setting).
          </p>
          <Form method="post" className="grid gap-4 rounded-xl border bg-card p-5 sm:grid-cols-2" noValidate>
            <input type="hidden" name="intent" value="details" />
            <OrganisationFields
              value={(name) => details?.values?.[name] ?? String(organisation[name] ?? '')}
              errors={details?.fieldErrors}
            />
            <div>
              <Button type="submit" disabled={busy}>
                Save details
              </Button>
            </div>
          </Form>
        </section>
      ) : (
        <DetailsView organisation={organisation} />
      )}
      <section aria-labelledby="people-title" className="grid gap-3">
        <h2 id="people-title" className="font-semibold text-xl">
          People
        </h2>
        <PeopleTable
          people={data.people}
          canChange={data.isAdmin}
          words={{ caption: `The people of ${organisation.name}`, remove: 'Remove' }}
        />
        {data.isAdmin && <AddPersonForm errors={failed('add')?.fieldErrors} />}
      </section>
      <RecordList id="documents" title="Billing documents" empty="No documents sent yet." lines={data.documents} />
      <RecordList id="contracts" title="Contracts" empty="No contracts sent yet." lines={data.contracts} />
      <RecordList
        id="requests"
        title="Requests and appointments"
        empty="No consultation requests from this client."
        lines={data.requests}
      />
      <OrganisationHistory
        {...data.history}
        href={(page) => `?page=${page}#history`}
        change={(item) => <AuditChange before={item.before} after={item.after} details={item.details} />}
      />
      <OrganisationSubscriptions subscriptions={data.subscriptions} isAdmin={data.isAdmin} />
      {data.isAdmin && <MergeForm name={organisation.name} others={data.others} />}
    </div>
  )
}
