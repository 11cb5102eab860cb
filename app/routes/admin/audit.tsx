import { business } from '~/content/business'
import { appContext } from '~/context.server'
import { auditActions, auditFilterChoices, isAuditAction } from '~/features/staff/audit-actions'
import { AuditChange } from '~/features/staff/audit-change'
import { businessDateTimeFormat } from '~/lib/business-time'
import { listParams } from '~/lib/list-params'
import { pageMeta } from '~/lib/seo'
import { DataTable, type DataTableColumn, DataTableFilters, DateRangeFilter } from '~/ui/data-table'
import { Field } from '~/ui/field'
import { Input } from '~/ui/input'
import { listAudit } from '../../../server/audit/queries.server.ts'
import type { Route } from './+types/audit'

// /admin/audit (admins): the audit log, newest first, 50 a page, filtered by actor, action,
// subject and date range in the address. Entries are append-only (a database trigger refuses
// changing or deleting them).

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Audit log',
    description: `What staff and clients changed on the ${business.name} portal.`,
    path: '/admin/audit',
    matches,
    noindex: true,
  })

export const loader = async (args: Route.LoaderArgs) => {
  const p = listParams(new URL(args.request.url))
  const filter = {
    actor: p.text('actor', 200),
    action: p.text('action', 60),
    subject: p.text('subject', 100),
    from: p.date('from'),
    to: p.date('to'),
    page: p.page(),
  }
  const { database } = args.context.get(appContext)
  return { list: await listAudit(database.db, filter), filter }
}

type Item = Route.ComponentProps['loaderData']['list']['items'][number]

const columns: DataTableColumn<Item>[] = [
  {
    key: 'at',
    header: 'When (New York)',
    rowHeader: true,
    className: 'whitespace-nowrap',
    cell: (item) => businessDateTimeFormat.format(new Date(item.at)),
  },
  { key: 'actor', header: 'Who', cell: (item) => item.actorEmail },
  {
    key: 'action',
    header: 'Action',
    cell: (item) => (
      <span className="grid">
        {isAuditAction(item.action) ? auditActions[item.action].words : item.action}
        <span className="font-mono text-muted-foreground text-xs">{item.action}</span>
      </span>
    ),
  },
  {
    key: 'subject',
    header: 'Subject',
    cell: (item) => (
      <span className="grid">
        {item.subjectName && <span className="break-all">{item.subjectName}</span>}
        <span className="break-all font-mono text-muted-foreground text-xs">{item.subjectId}</span>
      </span>
    ),
  },
  {
    key: 'change',
    header: 'Before → after',
    cell: (item) => <AuditChange before={item.before} after={item.after} details={item.details} />,
  },
]

export default function Audit({ loaderData }: Route.ComponentProps) {
  const { list, filter } = loaderData
  return (
    <div className="mx-auto grid max-w-7xl gap-6 px-6 py-10">
      <div className="grid gap-1">
        <h1 className="font-bold text-3xl tracking-tight">Audit log</h1>
        <p className="text-muted-foreground text-sm">
          Every staff action, and clients' billing decisions, with what changed. Entries can never be changed or
          deleted.
        </p>
      </div>
      <DataTableFilters label="Filter the audit log" clearTo="/admin/audit">
        <Field label="Who (e-mail)">
          <Input name="actor" type="search" defaultValue={filter.actor ?? ''} />
        </Field>
        <Field label="Action" hint="An action, or an area ending in a dot (account.)">
          <Input name="action" list="audit-actions" defaultValue={filter.action ?? ''} />
        </Field>
        <datalist id="audit-actions">
          {auditFilterChoices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.words}
            </option>
          ))}
        </datalist>
        <Field label="Subject" hint="An e-mail, a document's number, a request's reference, a title, or an id">
          <Input name="subject" type="search" defaultValue={filter.subject ?? ''} />
        </Field>
        <DateRangeFilter fromLabel="From" from={filter.from} to={filter.to} />
      </DataTableFilters>
      <DataTable
        caption="Audit log entries, newest first"
        columns={columns}
        rows={list.items}
        rowKey={(item) => item.id}
        paging={list}
        sort={{ key: 'at', dir: 'desc' }}
        noun="entries"
        empty={{ none: 'Nothing recorded yet.', filtered: 'No entry matches these filters.' }}
      />
    </div>
  )
}
