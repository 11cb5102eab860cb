import { data } from 'react-router'
import { business } from '~/content/business'
import { appContext } from '~/context.server'
import { businessToday } from '~/features/billing/context.server'
import { StaffDocumentBody } from '~/features/billing/document-parts'
import { staffDocumentView } from '~/features/billing/document-view.server'
import { kindLabels } from '~/features/billing/labels'
import { StatusBadge } from '~/features/billing/status-badge'
import { pageMeta } from '~/lib/seo'
import { BackLink, DownloadButton, PageHeader } from '~/ui/page-header'
import { documentDetail } from '../../../server/billing/queries.server.ts'
import type { Route } from './+types/billing-document'

// /employee/billing/{id} (employees and admins): a sent document as the admins see it, read only:
// no edit, send, void or payment. A draft is an admin's work in progress: the same 404 as an
// unknown id. The guarded staff area has let the visitor in; a POST is refused (405).

export const meta: Route.MetaFunction = ({ matches, loaderData, params }) =>
  pageMeta({
    title: loaderData ? `${loaderData.title} (read only)` : 'Billing document',
    description: `A billing document of ${business.name}.`,
    path: `/employee/billing/${params.id}`,
    matches,
    noindex: true,
  })

const notFound = () => data({ error: 'There is no billing document at this address.' }, { status: 404 })

export const loader = async (args: Route.LoaderArgs) => {
  const { database } = args.context.get(appContext)
  const detail = await documentDetail(database.db, args.params.id)
  if (!detail || detail.document.status === 'draft') throw notFound()
  const view = staffDocumentView(detail, businessToday())
  return { title: `${kindLabels[view.kind]} ${view.number}`, ...view }
}

/** Read only: whatever is posted here (an admin's action included) changes nothing. */
export function action() {
  throw data(
    { error: 'This page is read only. An administrator changes billing documents.' },
    { status: 405, headers: { Allow: 'GET, HEAD' } },
  )
}

export default function EmployeeBillingDocument({ loaderData: loaded }: Route.ComponentProps) {
  return (
    <div className="mx-auto grid max-w-7xl gap-6 px-6 py-10">
      <BackLink to="/employee/billing">All billing documents</BackLink>
      <PageHeader
        align="start"
        title={
          <>
            {loaded.title} <StatusBadge status={loaded.shown} />
          </>
        }
        actions={<DownloadButton href={`/employee/billing/${loaded.id}/pdf`} />}
      >
        <p className="text-muted-foreground text-sm">For {loaded.client.label}</p>
        <p className="text-muted-foreground text-sm">
          Read only: an administrator writes and sends documents and records payments.
        </p>
      </PageHeader>
      {/* A draft invoice made from an estimate is not the employees' to open: named, not linked. */}
      <StaffDocumentBody view={loaded} href={(id) => `/employee/billing/${id}`} drafts={false} />
    </div>
  )
}
