import { data, Link, useActionData } from 'react-router'
import { business } from '~/content/business'
import { appContext } from '~/context.server'
import { guardedUser } from '~/features/accounts/guards.server'
import {
  AccountPanel,
  AppointmentSection,
  AssigneePanel,
  HistoryPanel,
  NotesSection,
  StatusPanel,
  SubmittedSection,
  useRequestForms,
} from '~/features/booking/request-page'
import {
  assignSchema,
  cancelSchema,
  noteSchema,
  type RequestKind,
  type RequestStatus,
  requestKindLabels,
  requestStatusLabels,
  scheduleSchema,
  statusSchema,
} from '~/features/booking/workflow'
import { RequestMails } from '~/features/staff/request-mails'
import { businessDateTimeFormat } from '~/lib/business-time'
import { DomainError } from '~/lib/domain-error'
import { type IntentContext, intentAction } from '~/lib/forms/intent-action.server'
import { pageMeta } from '~/lib/seo'
import { Badge } from '~/ui/badge'
import type { AuditActor } from '../../../server/audit/audit.server.ts'
import { requestDetail } from '../../../server/booking/request-detail.server.ts'
import {
  addNote,
  assignRequest,
  cancelAppointment,
  changeStatus,
  scheduleAppointment,
} from '../../../server/booking/request-workflow.server.ts'
import { staffMembers } from '../../../server/booking/staff-members.server.ts'
import type { Database } from '../../../server/db/client.server.ts'
import type { Outbox } from '../../../server/mail/outbox.server.ts'
import type { Route } from './+types/request'

// /employee/requests/:id (employees and admins): one request in full, its e-mails, the client's
// account, and its workflow: status, assignee, appointment (with the client's calendar invitation)
// and internal notes. Every change names the version it was made on; an older one is refused.

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta({
    title: loaderData ? `Request ${loaderData.reference}` : 'Request',
    description: `A consultation request sent to ${business.name}.`,
    path: '/employee/requests',
    matches,
    noindex: true,
  })

export const loader = async (args: Route.LoaderArgs) => {
  const user = guardedUser(args.context)
  const { database } = args.context.get(appContext)
  const [detail, staff] = await Promise.all([requestDetail(database.db, args.params.id), staffMembers(database.db)])
  if (!detail) throw data(null, { status: 404 })
  return { ...detail, staff, isAdmin: user.role === 'admin' }
}

/** A workflow service run as the staff member signed in. */
const asStaff =
  <I, O>(service: (database: Database, actor: AuditActor, input: I) => Promise<O>) =>
  (ctx: IntentContext, input: I) => {
    const user = guardedUser(ctx.context)
    return service(ctx.context.get(appContext).database, { userId: user.userId, email: user.email }, input)
  }

/** An appointment service (it e-mails the client, so it needs the outbox) run as the staff member signed in. */
const asStaffWithMail =
  <I, O>(service: (deps: { database: Database; outbox: Outbox }, actor: AuditActor, input: I) => Promise<O>) =>
  (ctx: IntentContext, input: I) => {
    const user = guardedUser(ctx.context)
    const { database, outbox } = ctx.context.get(appContext)
    if (!outbox) throw new DomainError('conflict', 'E-mail is not available right now; try again in a minute.')
    return service({ database, outbox }, { userId: user.userId, email: user.email }, input)
  }

export const action = intentAction(
  {
    status: { schema: statusSchema, run: asStaff(changeStatus), done: 'Status changed.' },
    assign: { schema: assignSchema, run: asStaff(assignRequest), done: 'Assignee changed.' },
    note: { schema: noteSchema, run: asStaff(addNote), done: 'Note added.' },
    schedule: {
      schema: scheduleSchema,
      invalid: 'Check the appointment.',
      run: asStaffWithMail(scheduleAppointment),
      done: 'Appointment saved; the client is e-mailed the calendar invitation.',
    },
    cancel: {
      schema: cancelSchema,
      run: asStaffWithMail(cancelAppointment),
      done: 'Appointment cancelled; the client is e-mailed the cancellation.',
    },
  },
  // Every form is about the request of the page: its schema checks the id from the address.
  { params: ['id'] },
)

export default function RequestPage({ loaderData }: Route.ComponentProps) {
  const { booking, reference } = loaderData
  const form = useRequestForms(useActionData<typeof action>())
  const status = booking.status as RequestStatus
  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-6 py-10">
      <div className="grid gap-2">
        <p className="text-muted-foreground text-sm">
          <Link to="/employee/requests" className="underline-offset-4 hover:underline">
            Consultation requests
          </Link>
        </p>
        <h1 className="flex flex-wrap items-center gap-3 font-bold text-3xl tracking-tight">
          {booking.name}
          <Badge data-testid="request-status">{requestStatusLabels[status]}</Badge>
        </h1>
        <p className="text-muted-foreground text-sm">
          {requestKindLabels[booking.formType as RequestKind]} · received{' '}
          {businessDateTimeFormat.format(new Date(booking.receivedAt))} (New York time) · reference {reference}
          {booking.statusChangedBy && booking.statusChangedAt
            ? ` · ${requestStatusLabels[status].toLowerCase()} by ${booking.statusChangedBy}, ${businessDateTimeFormat.format(new Date(booking.statusChangedAt))}`
            : ''}
        </p>
      </div>

      <div className="grid gap-8 lg:grid-cols-[1fr_22rem]">
        <div className="grid content-start gap-8">
          <SubmittedSection page={loaderData} />

          <AppointmentSection page={loaderData} form={form} />

          <NotesSection page={loaderData} form={form} />

          <RequestMails mails={loaderData.mails} />
        </div>

        <aside className="grid content-start gap-6" aria-label="Workflow">
          <StatusPanel page={loaderData} form={form} />

          <AssigneePanel page={loaderData} form={form} />

          <AccountPanel page={loaderData} />

          <HistoryPanel page={loaderData} />
        </aside>
      </div>
    </div>
  )
}
