import { DownloadIcon, FileSignatureIcon, PlusIcon } from 'lucide-react'
import { Form, Link, useSearchParams } from 'react-router'
import { business } from '~/content/business'
import { appContext } from '~/context.server'
import { businessToday } from '~/features/billing/context.server'
import {
  DocumentFilterFields,
  DocumentSearchField,
  documentColumns,
  documentFilterOf,
  staffStatusFilters,
} from '~/features/billing/document-list'
import { clientLabel } from '~/features/billing/document-view.server'
import { listParams } from '~/lib/list-params'
import { pageMeta } from '~/lib/seo'
import { Button } from '~/ui/button'
import { DataTable, DataTableFilters, FilterSelect } from '~/ui/data-table'
import { Field, FormMessage } from '~/ui/field'
import { Input } from '~/ui/input'
import { PageHeader } from '~/ui/page-header'
import { listClientAccounts, listStaffDocuments } from '../../../server/billing/queries.server.ts'
import type { Route } from './+types/billing'

// /admin/billing: every estimate, invoice and receipt, newest first, 20 a page, filtered by client,
// kind, status and document date, searched by number or client; new documents; the accountant's CSV.

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Billing',
    description: `Estimates, invoices and receipts of ${business.name}'s clients.`,
    path: '/admin/billing',
    matches,
    noindex: true,
  })

export const loader = async (args: Route.LoaderArgs) => {
  const url = new URL(args.request.url)
  const filter = { clientId: listParams(url).text('client'), ...documentFilterOf(url, staffStatusFilters) }
  const { database } = args.context.get(appContext)
  const today = businessToday()
  const [list, clients] = await Promise.all([
    listStaffDocuments(database.db, filter, today),
    listClientAccounts(database.db),
  ])
  return {
    list,
    filter,
    today,
    clients: clients.map((c) => ({
      id: c.id,
      label: clientLabel(c),
    })),
  }
}

type Item = Route.ComponentProps['loaderData']['list']['items'][number]

const columns = documentColumns<Item>({ href: (item) => `/admin/billing/${item.id}`, viewed: true })

export default function AdminBilling({ loaderData }: Route.ComponentProps) {
  const { list, filter, clients, today } = loaderData
  const [params] = useSearchParams()
  const monthStart = `${today.slice(0, 8)}01`
  return (
    <div className="mx-auto grid max-w-7xl gap-8 px-6 py-10">
      <PageHeader
        crumbs={[{ to: '/admin', label: 'Admin Dashboard' }]}
        title="Billing"
        actions={
          <>
            <Button asChild size="lg">
              <Link to="/admin/billing/new?kind=invoice">
                <PlusIcon aria-hidden="true" />
                New invoice
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to="/admin/billing/new?kind=estimate">
                <PlusIcon aria-hidden="true" />
                New estimate
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to="/admin/contracts">
                <FileSignatureIcon aria-hidden="true" />
                Contracts
              </Link>
            </Button>
          </>
        }
      >
        <p className="text-muted-foreground text-sm">Drafts are visible only here. Dates are New York dates.</p>
      </PageHeader>
      {params.get('deleted') === '1' && <FormMessage tone="success">The draft is deleted.</FormMessage>}

      <DataTableFilters label="Filter billing documents" clearTo="/admin/billing">
        <DocumentSearchField q={filter.q} />
        <FilterSelect
          label="Client"
          name="client"
          value={filter.clientId}
          allLabel="All clients"
          options={clients.map((c) => ({ value: c.id, label: c.label }))}
        />
        <DocumentFilterFields filter={filter} statuses={staffStatusFilters} />
      </DataTableFilters>

      <DataTable
        caption="Billing documents, newest first"
        columns={columns}
        rows={list.items}
        rowKey={(item) => item.id}
        paging={list}
        sort={{ key: 'date', dir: 'desc' }}
        noun="documents"
        notFilters={['deleted']}
        empty={{
          none: 'No billing documents yet. Start with “New estimate” or “New invoice”; a document stays a draft until you send it.',
          filtered: 'No document matches these filters.',
        }}
      />

      <Form
        method="get"
        action="/admin/billing/export.csv"
        reloadDocument
        className="grid gap-4 rounded-xl border bg-card p-6 shadow-sm sm:grid-cols-[auto_auto_1fr] sm:items-end"
      >
        <h2 className="font-semibold text-lg sm:col-span-3">For the accountant</h2>
        <p className="text-muted-foreground text-sm sm:col-span-3">
          One CSV with the invoices dated and the payments received between two dates.
        </p>
        <Field label="First day">
          <Input name="from" type="date" required defaultValue={monthStart} />
        </Field>
        <Field label="Last day">
          <Input name="to" type="date" required defaultValue={today} />
        </Field>
        <div>
          <Button type="submit" variant="outline">
            <DownloadIcon aria-hidden="true" />
            Download CSV
          </Button>
        </div>
      </Form>
    </div>
  )
}
