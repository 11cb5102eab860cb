import { Form, Link, redirect, useActionData, useNavigation } from 'react-router'
import { business } from '~/content/business'
import { appContext } from '~/context.server'
import { can } from '~/features/accounts/access'
import { guardedUser } from '~/features/accounts/guards.server'
import { organisationKindLabels, organisationSchema } from '~/features/organisations'
import { OrganisationFields } from '~/features/organisations/organisation-fields'
import { businessDateTimeFormat } from '~/lib/business-time'
import { nothingRecordedMessage } from '~/lib/database-outage'
import { intentAction } from '~/lib/forms/intent-action.server'
import { listParams } from '~/lib/list-params'
import { pageMeta } from '~/lib/seo'
import { useResultToast } from '~/lib/toast'
import { Button } from '~/ui/button'
import { Field, FormMessage } from '~/ui/field'
import { Input } from '~/ui/input'
import { createOrganisation } from '../../../server/organisations/organisations.server.ts'
import { listOrganisations } from '../../../server/organisations/staff-view.server.ts'
import type { Route } from './+types/clients'

// /employee/clients (employees and admins): the clients, as organisations (a business or a
// household) with their people's count and owners; a search by name or by a person's e-mail or name.
// Each links to the organisation's page. Admins create an organisation here ("New organisation"),
// then add its people on its page.

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Clients',
    description: `The client organisations of ${business.name}.`,
    path: '/employee/clients',
    matches,
    noindex: true,
  })

export const loader = async (args: Route.LoaderArgs) => {
  const p = listParams(new URL(args.request.url))
  const q = p.text('q', 200) ?? ''
  const { database } = args.context.get(appContext)
  const isAdmin = can(guardedUser(args.context), 'admin')
  return { list: await listOrganisations(database.db, { q, page: p.page() }), q, isAdmin }
}

export const action = intentAction(
  {
    create: {
      schema: organisationSchema,
      allow: (ctx) => can(guardedUser(ctx.context), 'admin'),
      invalid: 'Check the organisation’s details. Nothing was saved.',
      run: async (ctx, fields) => {
        const user = guardedUser(ctx.context)
        const created = await createOrganisation(
          ctx.context.get(appContext).database.db,
          { userId: user.userId, email: user.email },
          fields,
        )
        return redirect(`/employee/clients/${created.id}`)
      },
    },
  },
  { outage: nothingRecordedMessage },
)

export default function Clients({ loaderData }: Route.ComponentProps) {
  const { list, q, isAdmin } = loaderData
  return (
    <div className="mx-auto grid max-w-7xl gap-6 px-4 py-10 sm:px-6">
      <div className="grid gap-1">
        <h1 className="font-bold text-3xl tracking-tight">Clients</h1>
        <p className="text-muted-foreground text-sm">
          Every client is an organisation, a business or a household, with its people in their roles.
        </p>
      </div>
      {isAdmin && <NewOrganisation />}
      <Form method="get" className="flex flex-wrap items-end gap-3" aria-label="Find a client">
        <Field label="Name or e-mail" className="w-full max-w-sm">
          <Input name="q" type="search" defaultValue={q} />
        </Field>
        <Button type="submit" variant="secondary">
          Find
        </Button>
      </Form>
      {list.items.length === 0 ? (
        <p className="text-muted-foreground">{q ? 'No client matches this search.' : 'No clients yet.'}</p>
      ) : (
        <div className="overflow-x-auto rounded-xl border">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Client organisations</caption>
            <thead className="bg-secondary/60">
              <tr>
                <th scope="col" className="px-4 py-2">
                  Organisation
                </th>
                <th scope="col" className="px-4 py-2">
                  Kind
                </th>
                <th scope="col" className="px-4 py-2">
                  Owners
                </th>
                <th scope="col" className="px-4 py-2">
                  People
                </th>
                <th scope="col" className="px-4 py-2">
                  Since
                </th>
              </tr>
            </thead>
            <tbody>
              {list.items.map((item) => (
                <tr key={item.id} className="border-t" data-testid="organisation">
                  <td className="px-4 py-2">
                    <Link to={`/employee/clients/${item.id}`} className="font-medium text-primary hover:underline">
                      {item.name}
                    </Link>
                    {item.town && <span className="block text-muted-foreground">{item.town}</span>}
                  </td>
                  <td className="px-4 py-2">{organisationKindLabels[item.kind]}</td>
                  <td className="px-4 py-2">{item.owners.join(', ') || '—'}</td>
                  <td className="px-4 py-2">{item.people}</td>
                  <td className="px-4 py-2">{businessDateTimeFormat.format(new Date(item.createdAt))}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {list.pageCount > 1 && (
        <nav aria-label="Pages" className="flex gap-3 text-sm">
          {list.page > 1 && (
            <Link to={`?q=${encodeURIComponent(q)}&page=${list.page - 1}`} className="text-primary hover:underline">
              Previous page
            </Link>
          )}
          <span>
            Page {list.page} of {list.pageCount}
          </span>
          {list.page < list.pageCount && (
            <Link to={`?q=${encodeURIComponent(q)}&page=${list.page + 1}`} className="text-primary hover:underline">
              Next page
            </Link>
          )}
        </nav>
      )}
    </div>
  )
}

/** Admins add a client organisation (a business or a household); its page then takes its people. */
function NewOrganisation() {
  const result = useActionData<typeof action>()
  useResultToast(result, { ok: 'Done', failed: 'Not created' })
  const busy = useNavigation().state === 'submitting'
  const failed = result && !result.ok ? result : undefined
  return (
    <details className="rounded-xl border bg-card p-5" open={failed !== undefined}>
      <summary className="cursor-pointer font-semibold text-lg">New organisation</summary>
      {failed && !failed.fieldErrors && <FormMessage tone="error">{failed.message}</FormMessage>}
      <Form method="post" className="mt-4 grid gap-4 sm:grid-cols-2" noValidate aria-label="New organisation">
        <input type="hidden" name="intent" value="create" />
        <OrganisationFields value={(name) => failed?.values?.[name] ?? ''} errors={failed?.fieldErrors} />
        <div>
          <Button type="submit" disabled={busy}>
            Create the organisation
          </Button>
        </div>
      </Form>
    </details>
  )
}
