import { CheckCircleIcon, SendIcon, ThumbsDownIcon, ThumbsUpIcon, UserPlusIcon } from 'lucide-react'
import { Form, Link, redirect, useActionData, useNavigation } from 'react-router'
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
import { AttachField } from '~/features/support/attach-field'
import { supportDeps, ticketNotFound, ticketViewerOf } from '~/features/support/context.server'
import { formFiles } from '~/features/support/files.server'
import { LiveTicket } from '~/features/support/live'
import { copyPersonFormSchema, rateFormSchema, replyFormSchema } from '~/features/support/schema'
import { TicketStatusBadge } from '~/features/support/status-badge'
import { TicketThread } from '~/features/support/thread'
import { businessDateTimeFormat } from '~/lib/business-time'
import { nothingRecordedMessage } from '~/lib/database-outage'
import { DomainError } from '~/lib/domain-error'
import { type IntentContext, intentAction } from '~/lib/forms/intent-action.server'
import { pageMeta } from '~/lib/seo'
import { useResultToast } from '~/lib/toast'
import { Button } from '~/ui/button'
import { Field, FormMessage } from '~/ui/field'
import { NativeSelect } from '~/ui/native-select'
import { BackLink } from '~/ui/page-header'
import { Textarea } from '~/ui/textarea'
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

export default function SupportTicket({ loaderData }: Route.ComponentProps) {
  const data = loaderData
  const result = useActionData<typeof action>()
  useResultToast(result, { ok: 'Done', failed: 'Not sent' })
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle'
  const errors = result && !result.ok ? result.fieldErrors : undefined
  const typed = result && !result.ok ? result.values : undefined
  const message = (intent: string) =>
    result?.intent === intent ? (
      <FormMessage tone={result.ok ? 'success' : 'error'}>{result.message}</FormMessage>
    ) : null
  const finished = data.status === 'resolved' || data.status === 'closed'
  return (
    <>
      <ClientNavbar name={data.name} />
      <LiveTicket ticketId={data.id} />
      <div className="mx-auto grid max-w-5xl gap-6 px-4 py-10 sm:px-6">
        <BackLink to="/support">All your tickets</BackLink>
        <div className="grid gap-2">
          <h1 className="break-words font-bold text-3xl tracking-tight">{data.subject}</h1>
          <p className="flex flex-wrap items-center gap-2 text-muted-foreground text-sm">
            <TicketStatusBadge status={data.status} audience="client" />
            <span>
              {data.number} · {data.category} · {data.priority} priority · opened {data.openedAt}
              {data.requester ? ` by ${data.requester}` : ''}
            </span>
          </p>
          <p className="text-sm">
            {data.assignee ? `${data.assignee} is on it.` : 'A technician will pick it up soon.'}
          </p>
        </div>
        {data.opened && (
          <FormMessage tone="success">
            Thank you: {data.number} is with our support team. We answer here and by e-mail.
          </FormMessage>
        )}
        {data.mergedInto && (
          <FormMessage tone="notice">
            This question continues in{' '}
            <Link to={`/support/${data.mergedInto.id}`} className="font-semibold underline">
              {data.mergedInto.number}
            </Link>
            .
          </FormMessage>
        )}
        {data.previous && (
          <p className="text-sm">
            Follows up{' '}
            <Link to={`/support/${data.previous.id}`} className="font-semibold text-primary underline">
              {data.previous.number}
            </Link>
            .
          </p>
        )}
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
              <section aria-labelledby="reply-title" className="grid gap-3">
                <h2 id="reply-title" className="font-semibold text-xl">
                  Reply
                </h2>
                {finished && (
                  <p className="text-muted-foreground text-sm">
                    {data.status === 'resolved'
                      ? `A reply within ${reopenWindowDays} days of the resolution reopens this ticket; later, it opens a new one.`
                      : 'This ticket is closed: a reply opens a new ticket that links this one.'}
                  </p>
                )}
                {message('reply')}
                <Form method="post" encType="multipart/form-data" className="grid gap-4" noValidate>
                  <input type="hidden" name="intent" value="reply" />
                  <Field label="Your reply" required error={errors?.body}>
                    <Textarea name="body" rows={5} maxLength={20_000} defaultValue={typed?.body ?? ''} />
                  </Field>
                  <AttachField error={result?.intent === 'reply' ? errors?.attachments : undefined} />
                  <div>
                    <Button type="submit" disabled={busy}>
                      <SendIcon aria-hidden="true" />
                      Send reply
                    </Button>
                  </div>
                </Form>
              </section>
            )}
          </div>

          <aside className="grid content-start gap-6" aria-label="About this ticket">
            {data.canResolve && (
              <section className="grid gap-3 rounded-xl border bg-card p-4">
                <h2 className="font-semibold">Solved?</h2>
                {message('resolve')}
                <Form method="post">
                  <input type="hidden" name="intent" value="resolve" />
                  <Button type="submit" variant="outline" disabled={busy}>
                    <CheckCircleIcon aria-hidden="true" />
                    Mark as resolved
                  </Button>
                </Form>
              </section>
            )}

            {finished && !data.rating && !data.mergedInto && (
              <section aria-labelledby="rate-title" className="grid gap-3 rounded-xl border bg-card p-4">
                <h2 id="rate-title" className="font-semibold">
                  How did we do?
                </h2>
                {message('rate')}
                <Form method="post" className="grid gap-3" noValidate>
                  <input type="hidden" name="intent" value="rate" />
                  <Field label="A comment" optional error={errors?.comment}>
                    <Textarea name="comment" rows={3} maxLength={2000} defaultValue={typed?.comment ?? ''} />
                  </Field>
                  <div className="flex flex-wrap gap-2">
                    <Button type="submit" name="rating" value="good" variant="outline" disabled={busy}>
                      <ThumbsUpIcon aria-hidden="true" />
                      Good
                    </Button>
                    <Button type="submit" name="rating" value="bad" variant="outline" disabled={busy}>
                      <ThumbsDownIcon aria-hidden="true" />
                      Bad
                    </Button>
                  </div>
                </Form>
              </section>
            )}
            {data.rating && (
              <p className="text-sm">You rated our help {data.rating === 'good' ? 'good' : 'bad'}. Thank you.</p>
            )}

            <section aria-labelledby="people-title" className="grid gap-3 rounded-xl border bg-card p-4">
              <h2 id="people-title" className="font-semibold">
                Copied
              </h2>
              {data.participants.length === 0 ? (
                <p className="text-muted-foreground text-sm">Nobody else yet.</p>
              ) : (
                <ul className="text-sm">
                  {data.participants.map((p) => (
                    <li key={p.userId}>{p.name}</li>
                  ))}
                </ul>
              )}
              {message('copy')}
              {data.colleagues.length > 0 && (
                <Form method="post" className="grid gap-3">
                  <input type="hidden" name="intent" value="copy" />
                  <Field label="Copy a colleague" error={errors?.userId}>
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
                  <div>
                    <Button type="submit" variant="outline" disabled={busy}>
                      <UserPlusIcon aria-hidden="true" />
                      Copy
                    </Button>
                  </div>
                </Form>
              )}
            </section>
          </aside>
        </div>
      </div>
    </>
  )
}
