import { FileSearchIcon, FilesIcon, PlusIcon, SearchIcon } from 'lucide-react'
import { Form, Link, useSearchParams } from 'react-router'
import { business } from '~/content/business'
import { appContext } from '~/context.server'
import { Pager } from '~/features/billing/pager'
import { contractsToday } from '~/features/contracts/context.server'
import { ContractStatusBadge } from '~/features/contracts/status-badge'
import { formatCalendarDate } from '~/lib/business-time'
import { listParams } from '~/lib/list-params'
import { pageMeta } from '~/lib/seo'
import { Button } from '~/ui/button'
import { type DataTableColumn, RecordTable } from '~/ui/data-table'
import { Field } from '~/ui/field'
import { Input } from '~/ui/input'
import { PageHeader } from '~/ui/page-header'
import { listStaffContracts } from '../../../server/contracts/queries.server.ts'
import type { Route } from './+types/contracts'

// /admin/contracts: every contract, newest first, 20 a page, searched by number, title or client;
// links to a new contract, the templates and the verification of a PDF.

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Contracts',
    description: `Service agreements of ${business.name}'s clients.`,
    path: '/admin/contracts',
    matches,
    noindex: true,
  })

export const loader = async (args: Route.LoaderArgs) => {
  const p = listParams(new URL(args.request.url))
  const q = p.text('q')
  const page = p.page()
  const { database } = args.context.get(appContext)
  return { list: await listStaffContracts(database.db, { q, page }, contractsToday()), q }
}

type Item = Route.ComponentProps['loaderData']['list']['items'][number]

const columns: DataTableColumn<Item>[] = [
  {
    key: 'contract',
    header: 'Contract',
    rowHeader: true,
    className: 'font-normal',
    cell: (item) => (
      <>
        <Link to={`/admin/contracts/${item.id}`} className="font-semibold text-primary underline">
          {item.number ?? 'Draft'}
        </Link>
        <span className="block text-muted-foreground">{item.title}</span>
      </>
    ),
  },
  {
    key: 'client',
    header: 'Client',
    cell: (item) => `${item.companyName ? `${item.companyName} · ` : ''}${item.clientName}`,
  },
  { key: 'status', header: 'Status', cell: (item) => <ContractStatusBadge status={item.shown} /> },
  { key: 'expires', header: 'Sign by', cell: (item) => formatCalendarDate(item.expiresOn) },
]

export default function AdminContracts({ loaderData }: Route.ComponentProps) {
  const { list, q } = loaderData
  const [params] = useSearchParams()
  const pageLink = (page: number) => {
    const next = new URLSearchParams(params)
    next.set('page', String(page))
    return `?${next.toString()}`
  }
  return (
    <div className="mx-auto grid max-w-7xl gap-8 px-6 py-10">
      <PageHeader
        crumbs={[
          { to: '/admin', label: 'Admin Dashboard' },
          { to: '/admin/billing', label: 'Billing' },
        ]}
        title="Contracts"
        actions={
          <>
            <Button asChild size="lg">
              <Link to="/admin/contracts/new">
                <PlusIcon aria-hidden="true" />
                New contract
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to="/admin/contracts/templates">
                <FilesIcon aria-hidden="true" />
                Templates
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to="/admin/contracts/verify">
                <FileSearchIcon aria-hidden="true" />
                Verify a PDF
              </Link>
            </Button>
          </>
        }
      >
        <p className="text-muted-foreground text-sm">Drafts are visible only here. Dates are New York dates.</p>
      </PageHeader>
      <Form method="get" className="flex flex-wrap items-end gap-3" role="search">
        <Field label="Search" hint="Number, title, client name, company or e-mail" className="min-w-72">
          <Input name="q" type="search" defaultValue={q ?? ''} maxLength={100} />
        </Field>
        <Button type="submit">
          <SearchIcon aria-hidden="true" />
          Search
        </Button>
      </Form>
      {list.items.length === 0 ? (
        <div className="rounded-xl border border-dashed bg-card p-10 text-center">
          <h2 className="font-semibold text-xl">{q ? 'No contract matches this search' : 'No contracts yet'}</h2>
          <p className="mt-2 text-muted-foreground">
            Create one for a client from a template: it stays a draft, visible only here, until you send it.
          </p>
        </div>
      ) : (
        <RecordTable caption="Contracts, newest first" columns={columns} rows={list.items} rowKey={(item) => item.id} />
      )}
      <Pager page={list.page} pageCount={list.pageCount} total={list.total} href={pageLink} />
    </div>
  )
}
