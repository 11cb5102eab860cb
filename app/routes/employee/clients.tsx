import { Form, Link } from 'react-router'
import { business } from '~/content/business'
import { appContext } from '~/context.server'
import { organisationKindLabels } from '~/features/organisations'
import { businessDateTimeFormat } from '~/lib/business-time'
import { listParams } from '~/lib/list-params'
import { pageMeta } from '~/lib/seo'
import { Button } from '~/ui/button'
import { Field } from '~/ui/field'
import { Input } from '~/ui/input'
import { listOrganisations } from '../../../server/organisations/staff-view.server.ts'
import type { Route } from './+types/clients'

// /employee/clients (employees and admins): the clients, as organisations (a business or a
// household) with their people's count and owners; a search by name or by a person's e-mail or name.
// Each links to the organisation's page.

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
  return { list: await listOrganisations(database.db, { q, page: p.page() }), q }
}

export default function Clients({ loaderData }: Route.ComponentProps) {
  const { list, q } = loaderData
  return (
    <div className="mx-auto grid max-w-7xl gap-6 px-6 py-10">
      <div className="grid gap-1">
        <h1 className="font-bold text-3xl tracking-tight">Clients</h1>
        <p className="text-muted-foreground text-sm">
          Every client is an organisation, a business or a household, with its people in their roles.
        </p>
      </div>
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
