import { CalendarPlusIcon, CalendarXIcon, SaveIcon, UserCheckIcon } from 'lucide-react'
import { Form, Link, useNavigation } from 'react-router'
import { businessDate, businessDateTimeFormat, toBusinessLocalInput } from '~/lib/business-time'
import type { IntentResult } from '~/lib/forms/intent-action.server'
import { Button } from '~/ui/button'
import { Choice, Field, FieldSet, FormMessage } from '~/ui/field'
import { Input } from '~/ui/input'
import { RadioGroup, RadioGroupItem } from '~/ui/radio-group'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '~/ui/select'
import { Textarea } from '~/ui/textarea'
import type { RequestDetail } from '../../../server/booking/request-detail.server.ts'
import type { StaffMember } from '../../../server/booking/staff-members.server.ts'
import {
  type AppointmentPlace,
  appointmentPlaceLabels,
  appointmentPlaces,
  type RequestKind,
  type RequestStatus,
  requestKindLabels,
  requestStatusLabels,
  statusMoves,
} from './workflow'

// The sections of the staff's request page (/employee/requests/:id): what was sent, the
// appointment, notes, e-mails, and the workflow panels (status, assignee, account, history). Every
// form names the version of the request it was made on.

export type RequestPageData = RequestDetail & { staff: StaffMember[]; isAdmin: boolean }

type Intent = 'status' | 'assign' | 'note' | 'schedule' | 'cancel'

/** What every form on the page needs of the last answer: its message, field errors and typed values. */
export function useRequestForms(result: IntentResult | undefined) {
  const busy = useNavigation().state !== 'idle'
  const message = (intent: Intent) =>
    result?.intent === intent ? (
      <FormMessage tone={result.ok ? 'success' : 'error'}>{result.message}</FormMessage>
    ) : null
  return {
    busy,
    message,
    errors: result && !result.ok ? result.fieldErrors : undefined,
    typed: result && !result.ok ? result.values : undefined,
  }
}

type Props = { page: RequestPageData; form: ReturnType<typeof useRequestForms> }

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

/** What the visitor sent, field by field. */
export function SubmittedSection({ page }: { page: RequestPageData }) {
  const { booking, reference } = page
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
  )
}

/** The appointment, and the forms that schedule, move or cancel it (the client is e-mailed each time). */
export function AppointmentSection({ page, form }: Props) {
  const { booking } = page
  const { busy, errors, typed, message } = form
  const status = booking.status as RequestStatus
  const appointmentAt = booking.appointmentAt ? new Date(booking.appointmentAt) : null
  const defaultStart = appointmentAt ? toBusinessLocalInput(appointmentAt) : ''
  return (
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
          None yet. Scheduling e-mails the client a calendar invitation (.ics); a change or cancellation sends them an
          update.
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
            <Input name="details" defaultValue={typed?.details ?? booking.appointmentDetails ?? ''} maxLength={500} />
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
  )
}

/** Staff-only notes and the form that adds one. */
export function NotesSection({ page, form }: Props) {
  const { busy, errors, typed, message } = form
  const notes = page.events.filter((e) => e.kind === 'note')
  return (
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
  )
}

/** The moves the workflow allows from the request's status. */
export function StatusPanel({ page, form }: Props) {
  const { booking } = page
  const { busy, message } = form
  const status = booking.status as RequestStatus
  return (
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
  )
}

/** Who on staff looks after the request. */
export function AssigneePanel({ page, form }: Props) {
  const { booking, staff } = page
  const { busy, message } = form
  return (
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
  )
}

/** The client account with the request's e-mail address, if any. */
export function AccountPanel({ page }: { page: RequestPageData }) {
  const { booking, account, isAdmin } = page
  return (
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
  )
}

/** Everything staff did to the request, oldest first. */
export function HistoryPanel({ page }: { page: RequestPageData }) {
  const { events } = page
  return (
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
  )
}
