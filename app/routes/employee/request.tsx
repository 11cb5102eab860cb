import { CalendarPlusIcon, CalendarXIcon, SaveIcon, UserCheckIcon } from 'lucide-react'
import { data, Form, Link, useActionData, useNavigation } from 'react-router'
import { business } from '~/content/business'
import { appContext } from '~/context.server'
import { guardedUser } from '~/features/accounts/guards.server'
import {
  type AppointmentPlace,
  appointmentPlaceLabels,
  appointmentPlaces,
  assignSchema,
  cancelSchema,
  noteSchema,
  type RequestKind,
  type RequestStatus,
  requestKindLabels,
  requestStatusLabels,
  scheduleSchema,
  statusMoves,
  statusSchema,
} from '~/features/booking/workflow'
import { mailStateLabel } from '~/features/staff/mail-states'
import { businessDate, businessDateTimeFormat, toBusinessLocalInput } from '~/lib/business-time'
import { DomainError } from '~/lib/domain-error'
import { type IntentContext, type IntentResult, intentAction } from '~/lib/forms/intent-action.server'
import { pageMeta } from '~/lib/seo'
import { Badge } from '~/ui/badge'
import { Button } from '~/ui/button'
import { Choice, Field, FieldSet, FormMessage } from '~/ui/field'
import { Input } from '~/ui/input'
import { RadioGroup, RadioGroupItem } from '~/ui/radio-group'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '~/ui/select'
import { Textarea } from '~/ui/textarea'
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

type Intent = 'status' | 'assign' | 'note' | 'schedule' | 'cancel'
type Result = IntentResult

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

const eventWords: Record<string, string> = {
  status: 'changed the status',
  assign: 'changed the assignee',
  note: 'added a note',
  schedule: 'scheduled the appointment',
  cancel: 'cancelled the appointment',
}

function describeEvent(event: { kind: string; fromValue: string | null; toValue: string | null }): string {
  const status = (value: string | null) => requestStatusLabels[value as RequestStatus] ?? value ?? 'nobody'
  if (event.kind === 'status') return `${status(event.fromValue)} → ${status(event.toValue)}`
  if (event.kind === 'assign') return `${event.fromValue ?? 'nobody'} → ${event.toValue ?? 'nobody'}`
  if (event.kind === 'schedule') return event.toValue ?? ''
  if (event.kind === 'cancel') return `was ${event.fromValue ?? ''}`
  return ''
}

export default function RequestPage({ loaderData }: Route.ComponentProps) {
  const { booking, reference, events, mails, account, staff, isAdmin } = loaderData
  const result: Result | undefined = useActionData<typeof action>()
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle'
  const status = booking.status as RequestStatus
  const message = (intent: Intent) =>
    result?.intent === intent ? (
      <FormMessage tone={result.ok ? 'success' : 'error'}>{result.message}</FormMessage>
    ) : null
  const errors = result && !result.ok ? result.fieldErrors : undefined
  const typed = result && !result.ok ? result.values : undefined
  const notes = events.filter((e) => e.kind === 'note')
  const appointmentAt = booking.appointmentAt ? new Date(booking.appointmentAt) : null
  const defaultStart = appointmentAt ? toBusinessLocalInput(appointmentAt) : ''
  const fields: Array<[string, string | number | null | undefined]> = [
    ['Kind', requestKindLabels[booking.formType as RequestKind]],
    ['Name', booking.name],
    ['First name', booking.firstName],
    ['Last name', booking.lastName],
    ['E-mail', booking.email],
    ['Phone', booking.phone],
    ['Company', booking.company],
    ['Users', booking.employees],
    ['Services', booking.services.join(', ')],
    ['Plan', booking.plan],
    ['Message', booking.message],
    ['Source page', booking.source],
    ['Received (New York time)', businessDateTimeFormat.format(new Date(booking.receivedAt))],
    [
      'Sent by the browser at (New York time)',
      booking.clientTimestamp ? businessDateTimeFormat.format(new Date(booking.clientTimestamp)) : null,
    ],
    ['Browser', booking.userAgent],
    ['Reference', reference],
  ]
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
          <section aria-labelledby="submitted-title" className="grid gap-3">
            <h2 id="submitted-title" className="font-semibold text-xl">
              What they sent
            </h2>
            <dl className="grid gap-x-6 gap-y-2 rounded-xl border bg-card p-5 text-sm sm:grid-cols-[12rem_1fr]">
              {fields
                .filter(([, value]) => value !== null && value !== undefined && value !== '')
                .map(([label, value]) => (
                  <div key={label} className="contents">
                    <dt className="text-muted-foreground">{label}</dt>
                    <dd className="whitespace-pre-wrap break-words">{value}</dd>
                  </div>
                ))}
            </dl>
          </section>

          <section aria-labelledby="appointment-title" className="grid gap-3">
            <h2 id="appointment-title" className="font-semibold text-xl">
              Appointment
            </h2>
            {appointmentAt && booking.appointmentPlace ? (
              <p className="rounded-lg border bg-secondary p-4 text-sm" data-testid="appointment">
                {businessDateTimeFormat.format(appointmentAt)} (New York time), {booking.appointmentMinutes} minutes ·{' '}
                {appointmentPlaceLabels[booking.appointmentPlace as AppointmentPlace]}
                {booking.appointmentDetails ? `: ${booking.appointmentDetails}` : ''}
              </p>
            ) : (
              <p className="text-muted-foreground text-sm">
                None yet. Scheduling e-mails the client a calendar invitation (.ics); a change or cancellation sends
                them an update.
              </p>
            )}
            {message('schedule')}
            {message('cancel')}
            {status !== 'completed' && status !== 'not_a_fit' && status !== 'spam' && (
              <Form method="post" className="grid gap-4 rounded-xl border bg-card p-5 sm:grid-cols-2" noValidate>
                <input type="hidden" name="intent" value="schedule" />
                <input type="hidden" name="version" value={booking.version} />
                <Field label="Date" required error={errors?.date}>
                  <Input
                    name="date"
                    type="date"
                    min={businessDate(new Date())}
                    defaultValue={typed?.date ?? defaultStart.slice(0, 10)}
                  />
                </Field>
                <Field label="Time (New York)" required error={errors?.time}>
                  <Input name="time" type="time" step={300} defaultValue={typed?.time ?? defaultStart.slice(11)} />
                </Field>
                <Field label="Length" required error={errors?.minutes}>
                  <Select name="minutes" defaultValue={typed?.minutes ?? String(booking.appointmentMinutes ?? 30)}>
                    <SelectTrigger>
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      {[30, 45, 60].map((m) => (
                        <SelectItem key={m} value={String(m)}>
                          {m} minutes
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                </Field>
                <FieldSet legend="Place" required error={errors?.place}>
                  <RadioGroup
                    name="place"
                    defaultValue={typed?.place ?? booking.appointmentPlace ?? 'phone'}
                    className="flex flex-wrap gap-x-5 gap-y-2"
                  >
                    {appointmentPlaces.map((p) => (
                      <Choice key={p} label={appointmentPlaceLabels[p]} className="items-center">
                        <RadioGroupItem value={p} />
                      </Choice>
                    ))}
                  </RadioGroup>
                </FieldSet>
                <Field
                  label="Address, phone number or video link"
                  optional
                  error={errors?.details}
                  className="sm:col-span-2"
                  hint="Shown to the client in the invitation."
                >
                  <Input
                    name="details"
                    defaultValue={typed?.details ?? booking.appointmentDetails ?? ''}
                    maxLength={500}
                  />
                </Field>
                <div className="flex flex-wrap gap-2 sm:col-span-2">
                  <Button type="submit" disabled={busy}>
                    <CalendarPlusIcon aria-hidden="true" />
                    {appointmentAt ? 'Change the appointment' : 'Schedule and e-mail the invitation'}
                  </Button>
                </div>
              </Form>
            )}
            {appointmentAt && (
              <Form method="post">
                <input type="hidden" name="intent" value="cancel" />
                <input type="hidden" name="version" value={booking.version} />
                <Button type="submit" variant="outline" disabled={busy}>
                  <CalendarXIcon aria-hidden="true" />
                  Cancel the appointment
                </Button>
              </Form>
            )}
          </section>

          <section aria-labelledby="notes-title" className="grid gap-3">
            <h2 id="notes-title" className="font-semibold text-xl">
              Internal notes
            </h2>
            <p className="text-muted-foreground text-sm">Staff only; the client never sees them.</p>
            {notes.length > 0 && (
              <ul className="grid gap-2">
                {notes.map((note) => (
                  <li key={note.id} className="rounded-lg border bg-card p-4 text-sm">
                    <p className="whitespace-pre-wrap">{note.body}</p>
                    <p className="mt-2 text-muted-foreground text-xs">
                      {note.actorEmail} · {businessDateTimeFormat.format(new Date(note.at))}
                    </p>
                  </li>
                ))}
              </ul>
            )}
            {message('note')}
            <Form method="post" className="grid gap-3" noValidate>
              <input type="hidden" name="intent" value="note" />
              <Field label="New note" error={errors?.body}>
                <Textarea name="body" rows={3} maxLength={4000} defaultValue={typed?.body ?? ''} />
              </Field>
              <div>
                <Button type="submit" variant="outline" disabled={busy}>
                  <SaveIcon aria-hidden="true" />
                  Add note
                </Button>
              </div>
            </Form>
          </section>

          <section aria-labelledby="mails-title" className="grid gap-3">
            <h2 id="mails-title" className="font-semibold text-xl">
              E-mails
            </h2>
            {mails.length === 0 ? (
              <p className="text-muted-foreground text-sm">No e-mails about this request.</p>
            ) : (
              <div className="rounded-xl border bg-card">
                <table className="w-full table-fixed break-words text-left text-sm">
                  <caption className="sr-only">E-mails sent about this request</caption>
                  <thead className="border-b bg-muted/50">
                    <tr>
                      <th scope="col" className="px-4 py-2">
                        Subject
                      </th>
                      <th scope="col" className="px-4 py-2">
                        To
                      </th>
                      <th scope="col" className="px-4 py-2">
                        Delivery
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {mails.map((mail) => (
                      <tr key={mail.id} className="border-b last:border-0">
                        <td className="px-4 py-2">{mail.subject || '—'}</td>
                        <td className="px-4 py-2">{mail.to || '—'}</td>
                        <td className="px-4 py-2">
                          {mailStateLabel(mail.state)}
                          {mail.completedOn ? `, ${businessDateTimeFormat.format(new Date(mail.completedOn))}` : ''}
                          {mail.attempts > 1 ? ` (${mail.attempts} attempts)` : ''}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </section>
        </div>

        <aside className="grid content-start gap-6" aria-label="Workflow">
          <section aria-labelledby="status-title" className="grid gap-3 rounded-xl border bg-card p-5">
            <h2 id="status-title" className="font-semibold text-lg">
              Status
            </h2>
            {message('status')}
            {statusMoves[status].length > 0 ? (
              <Form method="post" className="grid gap-3">
                <input type="hidden" name="intent" value="status" />
                <input type="hidden" name="version" value={booking.version} />
                <Field label="Move to">
                  <Select name="status" defaultValue={statusMoves[status][0]}>
                    <SelectTrigger>
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      {statusMoves[status].map((s) => (
                        <SelectItem key={s} value={s}>
                          {requestStatusLabels[s]}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                </Field>
                <Button type="submit" disabled={busy}>
                  Change status
                </Button>
              </Form>
            ) : null}
            <p className="text-muted-foreground text-xs">Scheduled is set by scheduling the appointment.</p>
          </section>

          <section aria-labelledby="assignee-title" className="grid gap-3 rounded-xl border bg-card p-5">
            <h2 id="assignee-title" className="font-semibold text-lg">
              Assignee
            </h2>
            {message('assign')}
            <Form method="post" className="grid gap-3">
              <input type="hidden" name="intent" value="assign" />
              <input type="hidden" name="version" value={booking.version} />
              <Field label="Staff member">
                <Select name="assignee" defaultValue={booking.assigneeUserId ?? 'nobody'}>
                  <SelectTrigger>
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    <SelectItem value="nobody">Nobody</SelectItem>
                    {staff.map((member) => (
                      <SelectItem key={member.userId} value={member.userId}>
                        {member.name || member.email}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              </Field>
              <Button type="submit" variant="outline" disabled={busy}>
                <UserCheckIcon aria-hidden="true" />
                Assign
              </Button>
            </Form>
          </section>

          <section aria-labelledby="account-title" className="grid gap-2 rounded-xl border bg-card p-5 text-sm">
            <h2 id="account-title" className="font-semibold text-lg">
              Client account
            </h2>
            {account ? (
              <p>
                <Link
                  to={isAdmin ? `/admin/accounts/${account.id}` : `/employee/clients/${account.id}`}
                  className="text-primary underline underline-offset-4"
                >
                  {account.fullName ?? booking.email}
                </Link>{' '}
                ({account.role}, {account.disabledAt ? 'disabled' : account.status.replace('_', ' ')})
              </p>
            ) : (
              <p className="text-muted-foreground">No account uses {booking.email}.</p>
            )}
          </section>

          <section aria-labelledby="history-title" className="grid gap-2 rounded-xl border bg-card p-5 text-sm">
            <h2 id="history-title" className="font-semibold text-lg">
              History
            </h2>
            {events.length === 0 ? (
              <p className="text-muted-foreground">Nothing done yet.</p>
            ) : (
              <ol className="grid gap-2">
                {events.map((event) => (
                  <li key={event.id}>
                    <span className="font-medium">{event.actorEmail}</span> {eventWords[event.kind] ?? event.kind}
                    {describeEvent(event) ? `: ${describeEvent(event)}` : ''}
                    <span className="block text-muted-foreground text-xs">
                      {businessDateTimeFormat.format(new Date(event.at))}
                    </span>
                  </li>
                ))}
              </ol>
            )}
          </section>
        </aside>
      </div>
    </div>
  )
}
