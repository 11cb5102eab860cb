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
import { pageMeta } from '~/lib/seo'
import { DataTable, DataTableFilters } from '~/ui/data-table'
import { PageHeader } from '~/ui/page-header'
import { listStaffDocuments } from '../../../server/billing/queries.server.ts'
import type { Route } from './+types/billing'

// /employee/billing (employees and admins): the billing documents, read only, through the same
// query and columns as the admins' list (sent documents only: drafts are an admin's work in
// progress); each opens on its read-only page, /employee/billing/{id}.

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Billing (read only)',
    description: `Estimates, invoices and receipts of ${business.name}'s clients.`,
    path: '/employee/billing',
    matches,
    noindex: true,
  })

// Drafts are an admin's work in progress.
const statuses = staffStatusFilters.filter((s) => s !== 'draft')

export const loader = async (args: Route.LoaderArgs) => {
  const filter = documentFilterOf(new URL(args.request.url), statuses)
  const { database } = args.context.get(appContext)
  // Without a status the list would include drafts: "sent or later" is every shown status but draft.
  const list = await listStaffDocuments(database.db, { ...filter, excludeDrafts: true }, businessToday())
  return { list, filter }
}

type Item = Route.ComponentProps['loaderData']['list']['items'][number]

const columns = documentColumns<Item>({ href: (item) => `/employee/billing/${item.id}` })

export default function EmployeeBilling({ loaderData }: Route.ComponentProps) {
  const { list, filter } = loaderData
  return (
    <div className="mx-auto grid max-w-7xl gap-6 px-6 py-10">
      <PageHeader title="Billing">
        <p className="text-muted-foreground text-sm">
          Read only: to answer a client's question. An administrator writes and sends documents and records payments.
        </p>
      </PageHeader>
      <DataTableFilters label="Filter billing documents" clearTo="/employee/billing">
        <DocumentSearchField q={filter.q} />
        <DocumentFilterFields filter={filter} statuses={statuses} />
      </DataTableFilters>
      <DataTable
        caption="Billing documents, newest first"
        columns={columns}
        rows={list.items}
        rowKey={(item) => item.id}
        paging={list}
        sort={{ key: 'date', dir: 'desc' }}
        noun="documents"
        empty={{ none: 'No billing documents have been sent yet.', filtered: 'No document matches these filters.' }}
      />
    </div>
  )
}
