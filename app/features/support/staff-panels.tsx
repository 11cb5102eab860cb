import { ClockIcon, GitMergeIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { Form, Link } from 'react-router'
import { Button } from '~/ui/button'
import { Field } from '~/ui/field'
import { Input } from '~/ui/input'
import { NativeSelect } from '~/ui/native-select'
import {
  type TicketPriority,
  type TicketStatus,
  ticketPriorities,
  ticketPriorityLabels,
  ticketStatusLabels,
} from './catalogue'
import { type TicketForms, TicketPanel } from './ticket-forms'

/** The staff ticket page's side panels (docs/support.md): each one form, at the version the page was loaded on. */

/** A form of one field that changes the ticket at the page's version. */
function VersionForm({
  intent,
  version,
  forms,
  button,
  variant,
  children,
}: {
  intent: string
  version: number
  forms: TicketForms
  button: ReactNode
  variant?: 'outline'
  children: ReactNode
}) {
  return (
    <>
      {forms.message(intent)}
      <Form method="post" className="grid gap-3" noValidate>
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="version" value={version} />
        {children}
        <Button type="submit" variant={variant} disabled={forms.busy}>
          {button}
        </Button>
      </Form>
    </>
  )
}

export function StatusPanel({
  moves,
  version,
  forms,
}: {
  moves: readonly TicketStatus[]
  version: number
  forms: TicketForms
}) {
  if (moves.length === 0) return null
  return (
    <TicketPanel id="status-title" title="Status">
      <VersionForm intent="status" version={version} forms={forms} button="Change status">
        <Field label="Move to">
          <NativeSelect name="status" defaultValue={moves[0]}>
            {moves.map((s) => (
              <option key={s} value={s}>
                {ticketStatusLabels[s]}
              </option>
            ))}
          </NativeSelect>
        </Field>
      </VersionForm>
    </TicketPanel>
  )
}

export function AssigneePanel({
  staff,
  assigneeUserId,
  version,
  forms,
}: {
  staff: readonly { userId: string; name: string }[]
  assigneeUserId: string | null
  version: number
  forms: TicketForms
}) {
  return (
    <TicketPanel id="assignee-title" title="Assignee">
      <VersionForm intent="assign" version={version} forms={forms} button="Assign" variant="outline">
        <Field label="Staff member" error={forms.errors?.assignee}>
          <NativeSelect name="assignee" defaultValue={assigneeUserId ?? 'nobody'}>
            <option value="nobody">Nobody</option>
            {staff.map((s) => (
              <option key={s.userId} value={s.userId}>
                {s.name}
              </option>
            ))}
          </NativeSelect>
        </Field>
      </VersionForm>
    </TicketPanel>
  )
}

export function PriorityPanel({
  priority,
  version,
  forms,
}: {
  priority: TicketPriority
  version: number
  forms: TicketForms
}) {
  return (
    <TicketPanel id="priority-title" title="Priority">
      <VersionForm intent="priority" version={version} forms={forms} button="Change priority" variant="outline">
        <Field label="Priority">
          <NativeSelect name="priority" defaultValue={priority}>
            {ticketPriorities.map((p) => (
              <option key={p} value={p}>
                {ticketPriorityLabels[p]}
              </option>
            ))}
          </NativeSelect>
        </Field>
      </VersionForm>
    </TicketPanel>
  )
}

export function TimePanel({ minutes, forms }: { minutes: number; forms: TicketForms }) {
  return (
    <TicketPanel id="time-title" title="Time spent">
      <p className="text-sm" data-testid="time-spent">
        {minutes} minutes in all
      </p>
      {forms.message('time')}
      <Form method="post" className="grid gap-3" noValidate>
        <input type="hidden" name="intent" value="time" />
        <Field label="Add minutes" error={forms.errors?.minutes}>
          <Input name="minutes" inputMode="numeric" pattern="[0-9]*" defaultValue={forms.typed?.minutes ?? ''} />
        </Field>
        <Button type="submit" variant="outline" disabled={forms.busy}>
          <ClockIcon aria-hidden="true" />
          Add time
        </Button>
      </Form>
    </TicketPanel>
  )
}

export function MergePanel({ version, forms }: { version: number; forms: TicketForms }) {
  return (
    <TicketPanel id="merge-title" title="Merge a duplicate">
      <p className="text-muted-foreground text-sm">
        Closes this ticket and continues its conversation in another of the same organisation.
      </p>
      <VersionForm
        intent="merge"
        version={version}
        forms={forms}
        variant="outline"
        button={
          <>
            <GitMergeIcon aria-hidden="true" />
            Merge
          </>
        }
      >
        <Field label="Merge into ticket" error={forms.errors?.into} hint="Its number, like T-000123.">
          <Input name="into" defaultValue={forms.typed?.into ?? ''} autoComplete="off" />
        </Field>
      </VersionForm>
    </TicketPanel>
  )
}

const statusWord = (value: string | null) => ticketStatusLabels[value as TicketStatus] ?? value

const eventWords: Record<string, (from: string | null, to: string | null) => string> = {
  opened: () => 'Opened',
  status: (from, to) => `Status: ${statusWord(from)} → ${statusWord(to)}`,
  priority: (from, to) => `Priority: ${from} → ${to}`,
  assignee: (from, to) => `Assignee: ${from ?? 'nobody'} → ${to ?? 'nobody'}`,
  time: (from, to) => `Time spent: ${from} → ${to} minutes`,
  merge: (from, to) => `${from} merged into ${to}`,
  rating: (_from, to) => `Rated ${to}`,
  reopened: () => 'Reopened by a client reply',
  participant: (_from, to) => `Copied ${to}`,
  follow_up: (from) => `Follows up ${from}`,
}

/** The ticket's changes, oldest first, in staff's words. */
export function TicketHistory({
  events,
}: {
  events: readonly { id: string; kind: string; from: string | null; to: string | null; at: string }[]
}) {
  return (
    <section aria-labelledby="history-title" className="grid gap-3">
      <h2 id="history-title" className="font-semibold text-xl">
        History
      </h2>
      <ol className="grid gap-1 text-sm">
        {events.map((e) => (
          <li key={e.id}>
            <span className="text-muted-foreground">{e.at}</span> ·{' '}
            {(eventWords[e.kind] ?? (() => e.kind))(e.from, e.to)}
          </li>
        ))}
      </ol>
    </section>
  )
}

/** The organisation the ticket is for, who asked, and links to its documents and contracts. */
export function TicketOrganisationLine({
  organisation,
  requester,
}: {
  organisation: { id: string; name: string }
  requester: { name: string; email: string } | null
}) {
  const page = `/employee/clients/${organisation.id}`
  return (
    <p className="text-sm">
      <Link to={page} className="font-semibold text-primary underline">
        {organisation.name}
      </Link>
      {requester ? ` · asked by ${requester.name} (${requester.email})` : ' · opened by staff'}
      {' · '}
      <Link to={`${page}#documents-title`} className="text-primary underline">
        its documents
      </Link>
      {' · '}
      <Link to={`${page}#contracts-title`} className="text-primary underline">
        its contracts
      </Link>
    </p>
  )
}
