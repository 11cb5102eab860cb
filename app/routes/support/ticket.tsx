import { Link, redirect, useActionData } from 'react-router'
import { business } from '~/content/business'
import { appContext } from '~/context.server'
import { ClientNavbar } from '~/features/accounts/client-navbar'
import { guardedUser } from '~/features/accounts/guards.server'
import {
  canMoveTicket,
  reopenWindowDays,
  ticketCategoryLabels,
  ticketNumberText,
  ticketPriorityLabels,
} from '~/features/support'
import { LateReplyNotice, RatePanel, ResolvePanel } from '~/features/support/client-panels'
import { supportDeps, ticketNotFound, ticketViewerOf } from '~/features/support/context.server'
import { formFiles } from '~/features/support/files.server'
import { LiveTicket } from '~/features/support/live'
import { copyPersonFormSchema, rateFormSchema, replyFormSchema } from '~/features/support/schema'
import { TicketThread } from '~/features/support/thread'
import { CopiedPanel, ReplyForm, TicketLinks, TicketTitle, useTicketForms } from '~/features/support/ticket-forms'
import { businessDateTimeFormat } from '~/lib/business-time'
import { nothingRecordedMessage } from '~/lib/database-outage'
import { DomainError } from '~/lib/domain-error'
import { type IntentContext, intentAction } from '~/lib/forms/intent-action.server'
import { pageMeta } from '~/lib/seo'
import { useResultToast } from '~/lib/toast'
import { FormMessage } from '~/ui/field'
import { BackLink } from '~/ui/page-header'
import {
  addReply,
  type ClientViewer,
  changeStatus,
  colleaguesOf,
  copyPerson,
  rate,
  ticketThread,
} from '../../../server/support/tickets.server.ts'
import type { Route } from './+types/ticket'

// /support/{id}: one ticket as its client sees it: the public thread (internal notes are never
// read for this page), reply with files, copy a colleague, mark it resolved, rate it once resolved.
// Another organisation's ticket, or one a member is not on, is 404. New replies appear live.

export const meta: Route.MetaFunction = ({ matches, loaderData, location }) =>
  pageMeta({
    title: loaderData ? `${loaderData.number} ${loaderData.subject} | Support` : 'Ticket | Support',
    description: `A question to ${business.name}.`,
    path: location.pathname,
    matches,
    noindex: true,
  })

function clientViewer(context: IntentContext['context']): ClientViewer {
  const viewer = ticketViewerOf(guardedUser(context))
  // Staff read tickets in the back office; this page is the client's.
  if (viewer?.kind !== 'client') throw ticketNotFound()
  return viewer
}

export const loader = async (args: Route.LoaderArgs) => {
  const user = guardedUser(args.context)
  // Staff follow a client's link to the same ticket in the back office.
  if (user.role !== 'client') throw redirect(`/employee/tickets/${encodeURIComponent(args.params.id)}`)
  const viewer = clientViewer(args.context)
  const { database } = args.context.get(appContext)
  const thread = await ticketThread(database.db, viewer, args.params.id).catch((error: unknown) => {
    if (error instanceof DomainError && error.kind === 'not_found') throw ticketNotFound()
    throw error
  })
  const { ticket } = thread
  const copied = new Set([ticket.requesterUserId, ...thread.participants.map((p) => p.userId)])
  const colleagues = (await colleaguesOf(database.db, ticket.organisationId)).filter((c) => !copied.has(c.userId))
  return {
    name: user.name,
    id: ticket.id,
    number: ticketNumberText(ticket.number),
    subject: ticket.subject,
    status: ticket.status,
    category: ticketCategoryLabels[ticket.category],
    priority: ticketPriorityLabels[ticket.priority],
    openedAt: businessDateTimeFormat.format(ticket.createdAt),
    resolvedAt: ticket.resolvedAt ? businessDateTimeFormat.format(ticket.resolvedAt) : null,
    rating: ticket.rating,
    requester: thread.requester?.name ?? null,
    assignee: thread.assignee?.name ?? null,
    participants: thread.participants.map((p) => ({ userId: p.userId, name: p.name })),
    colleagues: colleagues.map((c) => ({ userId: c.userId, name: c.name, email: c.email })),
    mergedInto: thread.mergedInto
      ? { id: thread.mergedInto.id, number: ticketNumberText(thread.mergedInto.number) }
      : null,
    previous: thread.previous ? { id: thread.previous.id, number: ticketNumberText(thread.previous.number) } : null,
    messages: thread.messages,
    canResolve: canMoveTicket(ticket.status, 'resolved', 'client') && !ticket.mergedIntoTicketId,
    opened: new URL(args.request.url).searchParams.get('opened') === '1',
  }
}

export const action = intentAction(
  {
    reply: {
      schema: replyFormSchema,
      run: async (ctx, { body }) => {
        const viewer = clientViewer(ctx.context)
        const outcome = await addReply(supportDeps(ctx.context), {
          ticketId: ctx.params.id ?? '',
          author: viewer,
          body,
          source: 'portal',
          attachments: await formFiles(ctx.form),
        })
        return outcome
      },
      done: (outcome) =>
        outcome.followUpOf
          ? {
              message: `That ticket was closed, so your reply opened ${ticketNumberText(outcome.ticket.number)}.`,
              movedTo: outcome.ticket.id,
            }
          : outcome.reopened
            ? 'Reply sent; the ticket is open again.'
            : 'Reply sent.',
    },
    copy: {
      schema: copyPersonFormSchema,
      run: (ctx, { userId }) =>
        copyPerson(supportDeps(ctx.context), clientViewer(ctx.context), { ticketId: ctx.params.id ?? '', userId }),
      done: 'Your colleague is copied: they see this ticket and get its replies.',
    },
    resolve: {
      run: (ctx) =>
        changeStatus(supportDeps(ctx.context), clientViewer(ctx.context), {
          ticketId: ctx.params.id ?? '',
          status: 'resolved',
        }),
      done: `Marked resolved. If it comes back within ${reopenWindowDays} days, reply here and we reopen it.`,
    },
    rate: {
      schema: rateFormSchema,
      run: (ctx, input) =>
        rate(supportDeps(ctx.context), clientViewer(ctx.context), { ticketId: ctx.params.id ?? '', ...input }),
      done: 'Thank you for rating our help.',
    },
  },
  { outage: nothingRecordedMessage },
)

export default function SupportTicket({ loaderData: data }: Route.ComponentProps) {
  const result = useActionData<typeof action>()
  useResultToast(result, { ok: 'Done', failed: 'Not sent' })
  const forms = useTicketForms(result)
  const finished = data.status === 'resolved' || data.status === 'closed'
  return (
    <>
      <ClientNavbar name={data.name} />
      <LiveTicket ticketId={data.id} />
      <div className="mx-auto grid max-w-5xl gap-6 px-4 py-10 sm:px-6">
        <BackLink to="/support">All your tickets</BackLink>
        <div className="grid gap-2">
          <TicketTitle subject={data.subject} status={data.status} audience="client">
            {data.number} · {data.category} · {data.priority} priority · opened {data.openedAt}
            {data.requester ? ` by ${data.requester}` : ''}
          </TicketTitle>
          <p className="text-sm">
            {data.assignee ? `${data.assignee} is on it.` : 'A technician will pick it up soon.'}
          </p>
        </div>
        {data.opened && (
          <FormMessage tone="success">
            Thank you: {data.number} is with our support team. We answer here and by e-mail.
          </FormMessage>
        )}
        <TicketLinks base="/support" mergedInto={data.mergedInto} previous={data.previous} audience="client" />
        {result?.ok && 'movedTo' in result && typeof result.movedTo === 'string' && (
          <FormMessage tone="notice">
            {result.message}{' '}
            <Link to={`/support/${result.movedTo}`} className="font-semibold underline">
              Open it
            </Link>
          </FormMessage>
        )}

        <div className="grid gap-8 lg:grid-cols-[1fr_18rem]">
          <div className="grid min-w-0 content-start gap-6">
            <TicketThread messages={data.messages} fileBase={`/support/${data.id}/files`} audience="client" />
            {!data.mergedInto && (
              <ReplyForm audience="client" forms={forms} notice={<LateReplyNotice status={data.status} />} />
            )}
          </div>
          <aside className="grid content-start gap-6" aria-label="About this ticket">
            {data.canResolve && <ResolvePanel forms={forms} />}
            {finished && !data.rating && !data.mergedInto && <RatePanel forms={forms} />}
            {data.rating && (
              <p className="text-sm">You rated our help {data.rating === 'good' ? 'good' : 'bad'}. Thank you.</p>
            )}
            <CopiedPanel
              audience="client"
              participants={data.participants}
              colleagues={data.colleagues}
              forms={forms}
            />
          </aside>
        </div>
      </div>
    </>
  )
}
