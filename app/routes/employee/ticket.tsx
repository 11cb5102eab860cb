import { ClockIcon, GitMergeIcon, SendIcon, UserPlusIcon } from 'lucide-react'
import { Form, Link, useActionData, useNavigation } from 'react-router'
import { business } from '~/content/business'
import { appContext } from '~/context.server'
import { guardedUser } from '~/features/accounts/guards.server'
import {
  nextTicketStatuses,
  ticketCategoryLabels,
  ticketNumberText,
  ticketPriorities,
  ticketPriorityLabels,
  ticketRatingLabels,
  ticketStatusLabels,
} from '~/features/support'
import { AttachField } from '~/features/support/attach-field'
import { supportDeps, ticketNotFound } from '~/features/support/context.server'
import { formFiles } from '~/features/support/files.server'
import { LiveTicket } from '~/features/support/live'
import {
  copyPersonFormSchema,
  staffReplyFormSchema,
  ticketAssignFormSchema,
  ticketMergeFormSchema,
  ticketPriorityFormSchema,
  ticketStatusFormSchema,
  ticketTimeFormSchema,
} from '~/features/support/schema'
import { TicketStatusBadge } from '~/features/support/status-badge'
import { TicketThread } from '~/features/support/thread'
import { businessDateTimeFormat } from '~/lib/business-time'
import { DomainError } from '~/lib/domain-error'
import { type IntentContext, intentAction } from '~/lib/forms/intent-action.server'
import { pageMeta } from '~/lib/seo'
import { useResultToast } from '~/lib/toast'
import { Button } from '~/ui/button'
import { Field, FormMessage } from '~/ui/field'
import { Input } from '~/ui/input'
import { NativeSelect } from '~/ui/native-select'
import { BackLink } from '~/ui/page-header'
import { Textarea } from '~/ui/textarea'
import { staffMembers } from '../../../server/booking/staff-members.server.ts'
import {
  addReply,
  addTime,
  assign,
  changeStatus,
  colleaguesOf,
  copyPerson,
  mergeTicket,
  type StaffViewer,
  setPriority,
  ticketByNumber,
  ticketEvents,
  ticketThread,
} from '../../../server/support/tickets.server.ts'
import type { Route } from './+types/ticket'

// /employee/tickets/:id (employees and admins): one ticket: the whole thread with internal notes,
// reply (public, e-mailed to the client side) or note (staff only), status, assignee, priority, time
// spent, people copied, merging a duplicate, links to the organisation's documents and contracts.
// Every change names the version the page was loaded on; an older one is refused. Live.

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta({
    title: loaderData ? `${loaderData.number} ${loaderData.subject}` : 'Ticket',
    description: `A support ticket at ${business.name}.`,
    path: '/employee/tickets',
    matches,
    noindex: true,
  })

function staffViewer(context: IntentContext['context']): StaffViewer {
  const user = guardedUser(context)
  return { kind: 'staff', userId: user.userId, email: user.email }
}

export const loader = async (args: Route.LoaderArgs) => {
  const viewer = staffViewer(args.context)
  const { database } = args.context.get(appContext)
  const thread = await ticketThread(database.db, viewer, args.params.id).catch((error: unknown) => {
    if (error instanceof DomainError && error.kind === 'not_found') throw ticketNotFound()
    throw error
  })
  const { ticket } = thread
  const [staff, colleagues, events] = await Promise.all([
    staffMembers(database.db),
    colleaguesOf(database.db, ticket.organisationId),
    ticketEvents(database.db, ticket.id),
  ])
  const [organisation] = await database.db.query.organisations.findMany({
    where: (o, { eq }) => eq(o.id, ticket.organisationId),
    columns: { id: true, name: true },
  })
  const copied = new Set([ticket.requesterUserId, ...thread.participants.map((p) => p.userId)])
  return {
    id: ticket.id,
    version: ticket.version,
    number: ticketNumberText(ticket.number),
    subject: ticket.subject,
    status: ticket.status,
    priority: ticket.priority,
    category: ticketCategoryLabels[ticket.category],
    openedAt: businessDateTimeFormat.format(ticket.createdAt),
    firstRespondedAt: ticket.firstRespondedAt ? businessDateTimeFormat.format(ticket.firstRespondedAt) : null,
    timeSpentMinutes: ticket.timeSpentMinutes,
    rating: ticket.rating ? { rating: ticketRatingLabels[ticket.rating], comment: ticket.ratingComment } : null,
    organisation: organisation ?? { id: ticket.organisationId, name: 'Organisation' },
    requester: thread.requester,
    assigneeUserId: ticket.assigneeUserId,
    participants: thread.participants,
    colleagues: colleagues.filter((c) => !copied.has(c.userId)),
    staff: staff.map((s) => ({ userId: s.userId, name: s.name || s.email })),
    mergedInto: thread.mergedInto
      ? { id: thread.mergedInto.id, number: ticketNumberText(thread.mergedInto.number) }
      : null,
    previous: thread.previous ? { id: thread.previous.id, number: ticketNumberText(thread.previous.number) } : null,
    moves: nextTicketStatuses(ticket.status, 'staff'),
    messages: thread.messages,
    events: events.map((e) => ({
      id: e.id,
      kind: e.kind,
      from: e.fromValue,
      to: e.toValue,
      at: businessDateTimeFormat.format(e.createdAt),
    })),
  }
}

const ticketId = (ctx: IntentContext) => ctx.params.id ?? ''

export const action = intentAction({
  reply: {
    schema: staffReplyFormSchema,
    run: async (ctx, { body, visibility }) =>
      addReply(supportDeps(ctx.context), {
        ticketId: ticketId(ctx),
        author: staffViewer(ctx.context),
        body,
        visibility,
        source: 'staff',
        attachments: await formFiles(ctx.form),
      }),
    done: (outcome) =>
      outcome.message.visibility === 'internal'
        ? 'Internal note added.'
        : outcome.mailId
          ? 'Reply sent; the client side is e-mailed.'
          : 'Reply added.',
  },
  status: {
    schema: ticketStatusFormSchema,
    run: (ctx, input) =>
      changeStatus(supportDeps(ctx.context), staffViewer(ctx.context), { ticketId: ticketId(ctx), ...input }),
    done: 'Status changed.',
  },
  assign: {
    schema: ticketAssignFormSchema,
    run: (ctx, { version, assignee }) =>
      assign(supportDeps(ctx.context), staffViewer(ctx.context), {
        ticketId: ticketId(ctx),
        version,
        assigneeUserId: assignee,
      }),
    done: 'Assignee changed.',
  },
  priority: {
    schema: ticketPriorityFormSchema,
    run: (ctx, input) =>
      setPriority(supportDeps(ctx.context), staffViewer(ctx.context), { ticketId: ticketId(ctx), ...input }),
    done: 'Priority changed.',
  },
  time: {
    schema: ticketTimeFormSchema,
    run: (ctx, { minutes }) =>
      addTime(supportDeps(ctx.context), staffViewer(ctx.context), { ticketId: ticketId(ctx), minutes }),
    done: (ticket) => `Time added: ${ticket.timeSpentMinutes} minutes in all.`,
  },
  copy: {
    schema: copyPersonFormSchema,
    run: (ctx, { userId }) =>
      copyPerson(supportDeps(ctx.context), staffViewer(ctx.context), { ticketId: ticketId(ctx), userId }),
    done: 'Copied: they see the ticket and get its replies.',
  },
  merge: {
    schema: ticketMergeFormSchema,
    run: async (ctx, { version, into }) => {
      const deps = supportDeps(ctx.context)
      const target = await ticketByNumber(deps.db, into)
      if (!target) throw new DomainError('invalid', `There is no ticket ${ticketNumberText(into)}.`, { field: 'into' })
      return mergeTicket(deps, staffViewer(ctx.context), { ticketId: ticketId(ctx), version, intoTicketId: target.id })
    },
    done: 'Merged: this ticket is closed and its conversation continues in the other.',
  },
})

const eventWords: Record<string, (from: string | null, to: string | null) => string> = {
  opened: () => 'Opened',
  status: (from, to) =>
    `Status: ${ticketStatusLabels[from as keyof typeof ticketStatusLabels] ?? from} → ${ticketStatusLabels[to as keyof typeof ticketStatusLabels] ?? to}`,
  priority: (from, to) => `Priority: ${from} → ${to}`,
  assignee: (from, to) => `Assignee: ${from ?? 'nobody'} → ${to ?? 'nobody'}`,
  time: (from, to) => `Time spent: ${from} → ${to} minutes`,
  merge: (from, to) => `${from} merged into ${to}`,
  rating: (_from, to) => `Rated ${to}`,
  reopened: () => 'Reopened by a client reply',
  participant: (_from, to) => `Copied ${to}`,
  follow_up: (from) => `Follows up ${from}`,
}

export default function StaffTicket({ loaderData }: Route.ComponentProps) {
  const data = loaderData
  const result = useActionData<typeof action>()
  useResultToast(result, { ok: 'Done', failed: 'Not saved' })
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle'
  const errors = result && !result.ok ? result.fieldErrors : undefined
  const typed = result && !result.ok ? result.values : undefined
  const message = (intent: string) =>
    result?.intent === intent ? (
      <FormMessage tone={result.ok ? 'success' : 'error'}>{result.message}</FormMessage>
    ) : null
  return (
    <div className="mx-auto grid max-w-7xl gap-6 px-4 py-10 sm:px-6">
      <LiveTicket ticketId={data.id} />
      <BackLink to="/employee/tickets">Support tickets</BackLink>
      <div className="grid gap-2">
        <h1 className="break-words font-bold text-3xl tracking-tight">{data.subject}</h1>
        <p className="flex flex-wrap items-center gap-2 text-muted-foreground text-sm">
          <TicketStatusBadge status={data.status} audience="staff" />
          <span>
            {data.number} · {data.category} · {ticketPriorityLabels[data.priority]} priority · opened {data.openedAt}
            {data.firstRespondedAt ? ` · first answer ${data.firstRespondedAt}` : ' · not answered yet'}
          </span>
        </p>
        <p className="text-sm">
          <Link to={`/employee/clients/${data.organisation.id}`} className="font-semibold text-primary underline">
            {data.organisation.name}
          </Link>
          {data.requester ? ` · asked by ${data.requester.name} (${data.requester.email})` : ' · opened by staff'}
          {' · '}
          <Link to={`/employee/clients/${data.organisation.id}#documents-title`} className="text-primary underline">
            its documents
          </Link>
          {' · '}
          <Link to={`/employee/clients/${data.organisation.id}#contracts-title`} className="text-primary underline">
            its contracts
          </Link>
        </p>
        {data.mergedInto && (
          <FormMessage tone="notice">
            Merged into{' '}
            <Link to={`/employee/tickets/${data.mergedInto.id}`} className="font-semibold underline">
              {data.mergedInto.number}
            </Link>
            .
          </FormMessage>
        )}
        {data.previous && (
          <p className="text-sm">
            Follows up{' '}
            <Link to={`/employee/tickets/${data.previous.id}`} className="font-semibold text-primary underline">
              {data.previous.number}
            </Link>
          </p>
        )}
        {data.rating && (
          <p className="text-sm">
            The client rated it <strong>{data.rating.rating}</strong>
            {data.rating.comment ? `: “${data.rating.comment}”` : '.'}
          </p>
        )}
      </div>

      <div className="grid gap-8 lg:grid-cols-[1fr_20rem]">
        <div className="grid min-w-0 content-start gap-6">
          <TicketThread messages={data.messages} fileBase={`/employee/tickets/${data.id}/files`} audience="staff" />
          <section aria-labelledby="reply-title" className="grid gap-3">
            <h2 id="reply-title" className="font-semibold text-xl">
              Reply or note
            </h2>
            {message('reply')}
            <Form method="post" encType="multipart/form-data" className="grid gap-4" noValidate>
              <input type="hidden" name="intent" value="reply" />
              <Field label="Message" required error={errors?.body}>
                <Textarea name="body" rows={6} maxLength={20_000} defaultValue={typed?.body ?? ''} />
              </Field>
              <AttachField error={result?.intent === 'reply' ? errors?.attachments : undefined} />
              <div className="flex flex-wrap gap-2">
                <Button type="submit" name="visibility" value="public" disabled={busy}>
                  <SendIcon aria-hidden="true" />
                  Send reply to the client
                </Button>
                <Button type="submit" name="visibility" value="internal" variant="outline" disabled={busy}>
                  Add internal note
                </Button>
              </div>
            </Form>
          </section>
          <section aria-labelledby="history-title" className="grid gap-3">
            <h2 id="history-title" className="font-semibold text-xl">
              History
            </h2>
            <ol className="grid gap-1 text-sm">
              {data.events.map((e) => (
                <li key={e.id}>
                  <span className="text-muted-foreground">{e.at}</span> ·{' '}
                  {(eventWords[e.kind] ?? (() => e.kind))(e.from, e.to)}
                </li>
              ))}
            </ol>
          </section>
        </div>

        <aside className="grid content-start gap-6" aria-label="Ticket">
          {data.moves.length > 0 && (
            <section aria-labelledby="status-title" className="grid gap-3 rounded-xl border bg-card p-4">
              <h2 id="status-title" className="font-semibold">
                Status
              </h2>
              {message('status')}
              <Form method="post" className="grid gap-3">
                <input type="hidden" name="intent" value="status" />
                <input type="hidden" name="version" value={data.version} />
                <Field label="Move to">
                  <NativeSelect name="status" defaultValue={data.moves[0]}>
                    {data.moves.map((s) => (
                      <option key={s} value={s}>
                        {ticketStatusLabels[s]}
                      </option>
                    ))}
                  </NativeSelect>
                </Field>
                <Button type="submit" disabled={busy}>
                  Change status
                </Button>
              </Form>
            </section>
          )}
          <section aria-labelledby="assignee-title" className="grid gap-3 rounded-xl border bg-card p-4">
            <h2 id="assignee-title" className="font-semibold">
              Assignee
            </h2>
            {message('assign')}
            <Form method="post" className="grid gap-3">
              <input type="hidden" name="intent" value="assign" />
              <input type="hidden" name="version" value={data.version} />
              <Field label="Staff member" error={errors?.assignee}>
                <NativeSelect name="assignee" defaultValue={data.assigneeUserId ?? 'nobody'}>
                  <option value="nobody">Nobody</option>
                  {data.staff.map((s) => (
                    <option key={s.userId} value={s.userId}>
                      {s.name}
                    </option>
                  ))}
                </NativeSelect>
              </Field>
              <Button type="submit" variant="outline" disabled={busy}>
                Assign
              </Button>
            </Form>
          </section>
          <section aria-labelledby="priority-title" className="grid gap-3 rounded-xl border bg-card p-4">
            <h2 id="priority-title" className="font-semibold">
              Priority
            </h2>
            {message('priority')}
            <Form method="post" className="grid gap-3">
              <input type="hidden" name="intent" value="priority" />
              <input type="hidden" name="version" value={data.version} />
              <Field label="Priority">
                <NativeSelect name="priority" defaultValue={data.priority}>
                  {ticketPriorities.map((p) => (
                    <option key={p} value={p}>
                      {ticketPriorityLabels[p]}
                    </option>
                  ))}
                </NativeSelect>
              </Field>
              <Button type="submit" variant="outline" disabled={busy}>
                Change priority
              </Button>
            </Form>
          </section>
          <section aria-labelledby="time-title" className="grid gap-3 rounded-xl border bg-card p-4">
            <h2 id="time-title" className="font-semibold">
              Time spent
            </h2>
            <p className="text-sm" data-testid="time-spent">
              {data.timeSpentMinutes} minutes in all
            </p>
            {message('time')}
            <Form method="post" className="grid gap-3" noValidate>
              <input type="hidden" name="intent" value="time" />
              <Field label="Add minutes" error={errors?.minutes}>
                <Input name="minutes" inputMode="numeric" pattern="[0-9]*" defaultValue={typed?.minutes ?? ''} />
              </Field>
              <Button type="submit" variant="outline" disabled={busy}>
                <ClockIcon aria-hidden="true" />
                Add time
              </Button>
            </Form>
          </section>
          <section aria-labelledby="copied-title" className="grid gap-3 rounded-xl border bg-card p-4">
            <h2 id="copied-title" className="font-semibold">
              Copied
            </h2>
            {data.participants.length === 0 ? (
              <p className="text-muted-foreground text-sm">Nobody besides the requester.</p>
            ) : (
              <ul className="text-sm">
                {data.participants.map((p) => (
                  <li key={p.userId}>
                    {p.name} ({p.email})
                  </li>
                ))}
              </ul>
            )}
            {message('copy')}
            {data.colleagues.length > 0 && (
              <Form method="post" className="grid gap-3">
                <input type="hidden" name="intent" value="copy" />
                <Field label="Copy a person of the organisation" error={errors?.userId}>
                  <NativeSelect name="userId" defaultValue="">
                    <option value="" disabled>
                      Choose a person
                    </option>
                    {data.colleagues.map((c) => (
                      <option key={c.userId} value={c.userId}>
                        {c.name} ({c.email})
                      </option>
                    ))}
                  </NativeSelect>
                </Field>
                <Button type="submit" variant="outline" disabled={busy}>
                  <UserPlusIcon aria-hidden="true" />
                  Copy
                </Button>
              </Form>
            )}
          </section>
          {!data.mergedInto && (
            <section aria-labelledby="merge-title" className="grid gap-3 rounded-xl border bg-card p-4">
              <h2 id="merge-title" className="font-semibold">
                Merge a duplicate
              </h2>
              <p className="text-muted-foreground text-sm">
                Closes this ticket and continues its conversation in another of the same organisation.
              </p>
              {message('merge')}
              <Form method="post" className="grid gap-3" noValidate>
                <input type="hidden" name="intent" value="merge" />
                <input type="hidden" name="version" value={data.version} />
                <Field label="Merge into ticket" error={errors?.into} hint="Its number, like T-000123.">
                  <Input name="into" defaultValue={typed?.into ?? ''} autoComplete="off" />
                </Field>
                <Button type="submit" variant="outline" disabled={busy}>
                  <GitMergeIcon aria-hidden="true" />
                  Merge
                </Button>
              </Form>
            </section>
          )}
        </aside>
      </div>
    </div>
  )
}
