import { data, Form, Link, redirect, useActionData, useNavigation } from 'react-router'
import { z } from 'zod'
import { business } from '~/content/business'
import { appContext } from '~/context.server'
import { can } from '~/features/accounts/access'
import { guardedUser } from '~/features/accounts/guards.server'
import { accountStatusOf } from '~/features/accounts/status'
import { kindLabels } from '~/features/billing/labels'
import { formatMoney } from '~/features/billing/money'
import { statusLabels } from '~/features/billing/states'
import { contractStatusLabels } from '~/features/contracts/states'
import {
  type OrganisationRole,
  organisationKindLabels,
  organisationKinds,
  organisationRoleLabels,
  organisationRoleSchema,
  organisationRoles,
  organisationSchema,
  organisationStates,
  personFormSchema,
  personRoleFormSchema,
} from '~/features/organisations'
import { OrganisationSubscriptions } from '~/features/subscriptions/organisation-subscriptions'
import { businessDate, businessDateTimeFormat } from '~/lib/business-time'
import { nothingRecordedMessage } from '~/lib/database-outage'
import { DomainError } from '~/lib/domain-error'
import { type IntentContext, intentAction } from '~/lib/forms/intent-action.server'
import { pageMeta } from '~/lib/seo'
import { useResultToast } from '~/lib/toast'
import { Button } from '~/ui/button'
import { Field, FormMessage } from '~/ui/field'
import { Input } from '~/ui/input'
import { NativeSelect } from '~/ui/native-select'
import { BackLink, PageHeader } from '~/ui/page-header'
import { Textarea } from '~/ui/textarea'
import { mergeOrganisations } from '../../../server/organisations/merge.server.ts'
import { updateOrganisation } from '../../../server/organisations/organisations.server.ts'
import { addPerson, changePersonRole, removePerson } from '../../../server/organisations/people.server.ts'
import {
  clientPersonByEmail,
  organisationDetail,
  organisationIdOfPerson,
} from '../../../server/organisations/staff-view.server.ts'
import type { Route } from './+types/client'

// /employee/clients/:id (employees and admins): one client organisation: its details and staff
// notes, its people with their roles and status, its billing documents, contracts and requests.
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
  const id = args.params.id
  const detail = await organisationDetail(database.db, id, businessDate(new Date()))
  if (!detail) {
    const organisationId = await organisationIdOfPerson(database.db, id)
    if (organisationId) throw redirect(`/employee/clients/${organisationId}`)
    throw data({ error: 'There is no client at this address.' }, { status: 404 })
  }
  const isAdmin = can(guardedUser(args.context), 'admin')
  const { organisation } = detail
  return {
    isAdmin,
    organisation: {
      id: organisation.id,
      name: organisation.name,
      kind: organisation.kind,
      phone: organisation.phone,
      streetAddress: organisation.streetAddress,
      town: organisation.town,
      state: organisation.state,
      postalCode: organisation.postalCode,
      address: [organisation.streetAddress, organisation.town, organisation.state, organisation.postalCode]
        .filter(Boolean)
        .join(', '),
      billingEmail: organisation.billingEmail,
      staffNotes: organisation.staffNotes,
      requireSecondFactor: organisation.requireSecondFactor,
      createdAt: organisation.createdAt,
    },
    people: detail.people.map((person) => ({
      ...person,
      status: person.invited ? 'Invited' : accountStatusOf(person.status),
    })),
    documents: detail.documents,
    contracts: detail.contracts,
    requests: detail.requests.map((request) => ({
      id: request.id,
      reference: request.id.slice(0, 8).toUpperCase(),
      receivedAt: request.receivedAt,
      status: request.status,
      name: request.name,
      services: request.services.join(', '),
    })),
    others: isAdmin ? detail.others : [],
  }
}

const staffActor = (ctx: IntentContext) => {
  const user = guardedUser(ctx.context)
  return { userId: user.userId, email: user.email }
}
const adminOnly = (ctx: IntentContext) => can(guardedUser(ctx.context), 'admin')
const organisationId = (ctx: IntentContext) => ctx.params.id ?? ''
const db = (ctx: IntentContext) => ctx.context.get(appContext).database.db

const addFormSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'E-mail is required.')
    .max(254)
    .pipe(z.email('Enter the e-mail of a client account.')),
  role: organisationRoleSchema,
})
const mergeFormSchema = z.object({ into: z.uuid({ error: 'Choose the organisation that stays.' }) })

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
      schema: addFormSchema,
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

type Data = Route.ComponentProps['loaderData']

export default function Client({ loaderData }: Route.ComponentProps) {
  const data = loaderData
  const result = useActionData<typeof action>()
  useResultToast(result, { ok: 'Done', failed: 'Not changed' })
  const { organisation } = data
  return (
    <div className="mx-auto grid max-w-5xl gap-8 px-6 py-10">
      <BackLink to="/employee/clients">Clients</BackLink>
      <PageHeader title={organisation.name}>
        <p className="text-muted-foreground text-sm">
          {organisationKindLabels[organisation.kind]}, client since{' '}
          {businessDateTimeFormat.format(new Date(organisation.createdAt))}
        </p>
      </PageHeader>
      {result && !result.ok && !result.fieldErrors && <FormMessage tone="error">{result.message}</FormMessage>}
      {data.isAdmin ? <DetailsForm data={data} result={result} /> : <Details data={data} />}
      <People data={data} result={result} />
      <Records data={data} />
      <OrganisationSubscriptions organisationId={organisation.id} isAdmin={data.isAdmin} />
      {data.isAdmin && <Merge data={data} />}
    </div>
  )
}

function RoleSelect({ defaultValue, label }: { defaultValue: OrganisationRole; label: string }) {
  return (
    <NativeSelect name="role" defaultValue={defaultValue} aria-label={label}>
      {organisationRoles.map((role) => (
        <option key={role} value={role}>
          {organisationRoleLabels[role]}
        </option>
      ))}
    </NativeSelect>
  )
}

function People({ data, result }: { data: Data; result: ReturnType<typeof useActionData<typeof action>> }) {
  const busy = useNavigation().state === 'submitting'
  const addErrors = result && !result.ok && result.intent === 'add' ? result.fieldErrors : undefined
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
              {data.isAdmin && (
                <th scope="col" className="px-4 py-2">
                  <span className="sr-only">Remove</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {data.people.map((person) => (
              <tr key={person.personId} className="border-t" data-testid="person" data-email={person.email}>
                <td className="px-4 py-2">
                  <span className="font-medium">{person.fullName || person.email}</span>
                  <span className="block text-muted-foreground">{person.email}</span>
                </td>
                <td className="px-4 py-2 capitalize">{person.status}</td>
                <td className="px-4 py-2">
                  {data.isAdmin ? (
                    <Form method="post" className="flex flex-wrap items-center gap-2">
                      <input type="hidden" name="intent" value="role" />
                      <input type="hidden" name="personId" value={person.personId} />
                      <RoleSelect defaultValue={person.role} label={`Role of ${person.fullName || person.email}`} />
                      <Button type="submit" variant="secondary" size="sm" disabled={busy}>
                        Change role
                      </Button>
                    </Form>
                  ) : (
                    organisationRoleLabels[person.role]
                  )}
                </td>
                {data.isAdmin && (
                  <td className="px-4 py-2 text-right">
                    <Form method="post">
                      <input type="hidden" name="intent" value="remove" />
                      <input type="hidden" name="personId" value={person.personId} />
                      <Button type="submit" variant="outline" size="sm" disabled={busy}>
                        Remove<span className="sr-only"> {person.fullName || person.email}</span>
                      </Button>
                    </Form>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {data.isAdmin && (
        <Form method="post" className="flex flex-wrap items-end gap-3" noValidate>
          <input type="hidden" name="intent" value="add" />
          <Field label="Add or move a client person (their e-mail)" error={addErrors?.email} className="min-w-72">
            <Input name="email" type="email" autoComplete="off" />
          </Field>
          <Field label="In the role" error={addErrors?.role}>
            <RoleSelect defaultValue="member" label="Role of the person added" />
          </Field>
          <Button type="submit" disabled={busy}>
            Add to this organisation
          </Button>
        </Form>
      )}
    </section>
  )
}

function Records({ data }: { data: Data }) {
  const documentLink = (id: string) => (data.isAdmin ? `/admin/billing/${id}` : `/employee/billing/${id}`)
  return (
    <>
      <section aria-labelledby="documents-title" className="grid gap-3">
        <h2 id="documents-title" className="font-semibold text-xl">
          Billing documents
        </h2>
        {data.documents.length === 0 ? (
          <p className="text-muted-foreground">No documents sent yet.</p>
        ) : (
          <ul className="grid gap-1 text-sm">
            {data.documents.map((doc) => (
              <li key={doc.id}>
                <Link to={documentLink(doc.id)} className="text-primary hover:underline">
                  {kindLabels[doc.kind]} {doc.number}
                </Link>{' '}
                — {statusLabels[doc.shown]}, {formatMoney(doc.totalCents)}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="contracts-title" className="grid gap-3">
        <h2 id="contracts-title" className="font-semibold text-xl">
          Contracts
        </h2>
        {data.contracts.length === 0 ? (
          <p className="text-muted-foreground">No contracts sent yet.</p>
        ) : (
          <ul className="grid gap-1 text-sm">
            {data.contracts.map((contract) => (
              <li key={contract.id}>
                {data.isAdmin ? (
                  <Link to={`/admin/contracts/${contract.id}`} className="text-primary hover:underline">
                    {contract.title} {contract.number}
                  </Link>
                ) : (
                  `${contract.title} ${contract.number ?? ''}`
                )}{' '}
                — {contractStatusLabels[contract.shown]}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="requests-title" className="grid gap-3">
        <h2 id="requests-title" className="font-semibold text-xl">
          Requests and appointments
        </h2>
        {data.requests.length === 0 ? (
          <p className="text-muted-foreground">No consultation requests from this client.</p>
        ) : (
          <ul className="grid gap-1 text-sm">
            {data.requests.map((request) => (
              <li key={request.id}>
                <Link to={`/employee/requests/${request.id}`} className="text-primary hover:underline">
                  {request.reference}
                </Link>{' '}
                — {request.name}, {businessDateTimeFormat.format(new Date(request.receivedAt))}, {request.status}
                {request.services ? ` (${request.services})` : ''}
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  )
}

function Merge({ data }: { data: Data }) {
  const busy = useNavigation().state === 'submitting'
  if (data.others.length === 0) return null
  return (
    <section aria-labelledby="merge-title" className="grid gap-3">
      <h2 id="merge-title" className="font-semibold text-xl">
        Merge into another organisation
      </h2>
      <p className="text-muted-foreground text-sm">
        For a client created twice: this organisation's people, documents, contracts and requests move to the one that
        stays, and this one is deleted. The audit log lists what moved.
      </p>
      <Form method="post" className="flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value="merge" />
        <Field label="The organisation that stays">
          <NativeSelect name="into" defaultValue="">
            <option value="" disabled>
              Choose an organisation
            </option>
            {data.others.map((other) => (
              <option key={other.id} value={other.id}>
                {other.name}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Button type="submit" variant="destructive" disabled={busy}>
          Merge {data.organisation.name} into it
        </Button>
      </Form>
    </section>
  )
}

function Details({ data }: { data: Data }) {
  const { organisation } = data
  return (
    <section aria-labelledby="details-title" className="grid gap-3">
      <h2 id="details-title" className="font-semibold text-xl">
        Details
      </h2>
      <dl className="grid gap-x-6 gap-y-2 rounded-xl border bg-card p-5 text-sm sm:grid-cols-[12rem_1fr]">
        <dt className="text-muted-foreground">Phone</dt>
        <dd>{organisation.phone ?? '—'}</dd>
        <dt className="text-muted-foreground">Address</dt>
        <dd>{organisation.address || '—'}</dd>
        <dt className="text-muted-foreground">Billing e-mail</dt>
        <dd>{organisation.billingEmail ?? '—'}</dd>
        <dt className="text-muted-foreground">Second factor</dt>
        <dd>{organisation.requireSecondFactor ? 'Required of everyone' : 'Up to each person'}</dd>
        <dt className="text-muted-foreground">Staff notes</dt>
        <dd className="whitespace-pre-wrap">{organisation.staffNotes || '—'}</dd>
      </dl>
    </section>
  )
}

/** Admins edit the details and the staff notes (never shown to the organisation's people). */
function DetailsForm({ data, result }: { data: Data; result: ReturnType<typeof useActionData<typeof action>> }) {
  const busy = useNavigation().state === 'submitting'
  const failed = result && !result.ok && result.intent === 'details' ? result : undefined
  const errors = failed?.fieldErrors
  const { organisation } = data
  const value = (name: keyof typeof organisation) => failed?.values?.[name] ?? String(organisation[name] ?? '')
  return (
    <section aria-labelledby="details-title" className="grid gap-3">
      <h2 id="details-title" className="font-semibold text-xl">
        Details
      </h2>
      <p className="text-muted-foreground text-sm">
        Second factor: {organisation.requireSecondFactor ? 'required of everyone' : 'up to each person'} (the owners'
        setting).
      </p>
      <Form method="post" className="grid gap-4 rounded-xl border bg-card p-5 sm:grid-cols-2" noValidate>
        <input type="hidden" name="intent" value="details" />
        <Field label="Name" required error={errors?.name}>
          <Input name="name" defaultValue={value('name')} />
        </Field>
        <Field label="Kind" error={errors?.kind}>
          <NativeSelect name="kind" defaultValue={value('kind')}>
            {organisationKinds.map((kind) => (
              <option key={kind} value={kind}>
                {organisationKindLabels[kind]}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field label="Phone" optional error={errors?.phone}>
          <Input name="phone" type="tel" defaultValue={value('phone')} />
        </Field>
        <Field label="Billing e-mail" optional error={errors?.billingEmail}>
          <Input name="billingEmail" type="email" defaultValue={value('billingEmail')} />
        </Field>
        <Field label="Street address" optional error={errors?.streetAddress}>
          <Input name="streetAddress" defaultValue={value('streetAddress')} />
        </Field>
        <Field label="Town" optional error={errors?.town}>
          <Input name="town" defaultValue={value('town')} />
        </Field>
        <Field label="State" optional error={errors?.state}>
          <NativeSelect name="state" defaultValue={value('state')}>
            <option value="">—</option>
            {organisationStates.map((state) => (
              <option key={state} value={state}>
                {state}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field label="ZIP code" optional error={errors?.postalCode}>
          <Input name="postalCode" defaultValue={value('postalCode')} />
        </Field>
        <Field label="Staff notes" optional error={errors?.staffNotes} className="sm:col-span-2">
          <Textarea name="staffNotes" rows={4} defaultValue={value('staffNotes')} />
        </Field>
        <div>
          <Button type="submit" disabled={busy}>
            Save details
          </Button>
        </div>
      </Form>
    </section>
  )
}
