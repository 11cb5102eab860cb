import { useActionData } from 'react-router'
import { business } from '~/content/business'
import { appContext } from '~/context.server'
import { guardedUser } from '~/features/accounts/guards.server'
import {
  nextTicketStatuses,
  ticketCategoryLabels,
  ticketNumberText,
  ticketPriorityLabels,
  ticketRatingLabels,
} from '~/features/support'
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
import {
  AssigneePanel,
  MergePanel,
  PriorityPanel,
  StatusPanel,
  TicketHistory,
  TicketOrganisationLine,
  TimePanel,
} from '~/features/support/staff-panels'
import { TicketThread } from '~/features/support/thread'
import { CopiedPanel, ReplyForm, TicketLinks, TicketTitle, useTicketForms } from '~/features/support/ticket-forms'
import { businessDateTimeFormat } from '~/lib/business-time'
import { DomainError } from '~/lib/domain-error'
import { type IntentContext, intentAction } from '~/lib/forms/intent-action.server'
import { pageMeta } from '~/lib/seo'
import { useResultToast } from '~/lib/toast'
import { FormMessage } from '~/ui/field'
import { BackLink } from '~/ui/page-header'
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
    opened: new URL(args.request.url).searchParams.get('opened') === '1',
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

export default function StaffTicket({ loaderData: data }: Route.ComponentProps) {
  const result = useActionData<typeof action>()
  useResultToast(result, { ok: 'Done', failed: 'Not saved' })
  const forms = useTicketForms(result)
  return (
    <div className="mx-auto grid max-w-7xl gap-6 px-4 py-10 sm:px-6">
      <LiveTicket ticketId={data.id} />
      <BackLink to="/employee/tickets">Support tickets</BackLink>
      <div className="grid gap-2">
        <TicketTitle subject={data.subject} status={data.status} audience="staff">
          {data.number} · {data.category} · {ticketPriorityLabels[data.priority]} priority · opened {data.openedAt}
          {data.firstRespondedAt ? ` · first answer ${data.firstRespondedAt}` : ' · not answered yet'}
        </TicketTitle>
        <TicketOrganisationLine organisation={data.organisation} requester={data.requester} />
        {data.opened && (
          <FormMessage tone="success">
            {data.number} is open{data.requester ? `; ${data.requester.name} is e-mailed it` : ''}.
          </FormMessage>
        )}
        <TicketLinks base="/employee/tickets" mergedInto={data.mergedInto} previous={data.previous} audience="staff" />
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
          <ReplyForm audience="staff" forms={forms} />
          <TicketHistory events={data.events} />
        </div>
        <aside className="grid content-start gap-6" aria-label="Ticket">
          <StatusPanel moves={data.moves} version={data.version} forms={forms} />
          <AssigneePanel staff={data.staff} assigneeUserId={data.assigneeUserId} version={data.version} forms={forms} />
          <PriorityPanel priority={data.priority} version={data.version} forms={forms} />
          <TimePanel minutes={data.timeSpentMinutes} forms={forms} />
          <CopiedPanel audience="staff" participants={data.participants} colleagues={data.colleagues} forms={forms} />
          {!data.mergedInto && <MergePanel version={data.version} forms={forms} />}
        </aside>
      </div>
    </div>
  )
}
