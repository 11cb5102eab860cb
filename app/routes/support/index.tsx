import { LifeBuoyIcon, PlusIcon } from 'lucide-react'
import { Link } from 'react-router'
import { business } from '~/content/business'
import { appContext } from '~/context.server'
import { ClientNavbar } from '~/features/accounts/client-navbar'
import { guardedUser } from '~/features/accounts/guards.server'
import { ticketNumberText } from '~/features/support'
import { ticketViewerOf } from '~/features/support/context.server'
import { TicketStatusBadge } from '~/features/support/status-badge'
import { businessDateTimeFormat } from '~/lib/business-time'
import { pageMeta } from '~/lib/seo'
import { Button } from '~/ui/button'
import { ticketsForActor } from '../../../server/support/tickets.server.ts'
import type { Route } from './+types/index'

// /support: the client's tickets (an owner: all of the organisation's; anyone else: their own and
// those they are copied on), latest activity first, with the status, the last reply and who is on it.

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Support',
    description: `Your questions to ${business.name} and where they stand.`,
    path: '/support',
    matches,
    noindex: true,
  })

export const loader = async (args: Route.LoaderArgs) => {
  const user = guardedUser(args.context)
  const viewer = ticketViewerOf(user)
  const { database } = args.context.get(appContext)
  // Staff work in the back office's queue; here they see what a client sees of none.
  const list = viewer?.kind === 'client' ? await ticketsForActor(database.db, viewer, { limit: 100 }) : null
  return {
    name: user.name,
    owner: viewer?.kind === 'client' && viewer.organisationRole === 'owner',
    staff: viewer?.kind === 'staff',
    tickets: (list?.rows ?? []).map((t) => ({
      id: t.id,
      number: ticketNumberText(t.number),
      subject: t.subject,
      status: t.status,
      lastReplyAt: t.lastReplyAt ? businessDateTimeFormat.format(t.lastReplyAt) : null,
      lastReplyBy: t.lastReplyBy,
      assigneeName: t.assigneeName,
      requesterName: t.requesterName,
    })),
    total: list?.total ?? 0,
  }
}

export default function SupportList({ loaderData }: Route.ComponentProps) {
  const { tickets, owner, staff, total } = loaderData
  return (
    <>
      <ClientNavbar name={loaderData.name} />
      <div className="mx-auto grid max-w-5xl gap-6 px-4 py-10 sm:px-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="font-bold text-3xl tracking-tight">Support</h1>
          <Button asChild>
            <Link to="/support/new">
              <PlusIcon aria-hidden="true" />
              Get help
            </Link>
          </Button>
        </div>
        <p className="text-muted-foreground">
          {owner
            ? 'Every question your organisation has asked us, latest activity first.'
            : 'Your questions to us, and those you are copied on, latest activity first.'}
        </p>
        {staff && (
          <p className="rounded-lg border bg-secondary p-4 text-sm">
            This is the clients&apos; page. The tickets are in the back office:{' '}
            <Link to="/employee/tickets" className="font-semibold text-primary underline">
              the ticket queue
            </Link>
            .
          </p>
        )}
        {tickets.length === 0 ? (
          <div className="grid justify-items-center gap-4 rounded-xl border border-dashed bg-card p-10 text-center">
            <LifeBuoyIcon className="size-10 text-primary" aria-hidden="true" />
            <h2 className="font-semibold text-xl">No questions yet</h2>
            <p className="max-w-lg text-muted-foreground">
              When something is not working, choose Get help: tell us what happened, and follow our answers here and by
              e-mail. For an emergency you can also call {business.phone}.
            </p>
          </div>
        ) : (
          <ul className="grid gap-3" aria-label={`Tickets (${total})`} data-testid="ticket-list">
            {tickets.map((ticket) => (
              <li key={ticket.id} className="grid gap-2 rounded-xl border bg-card p-4 sm:grid-cols-[1fr_auto]">
                <div className="grid min-w-0 gap-1">
                  <Link
                    to={`/support/${ticket.id}`}
                    className="break-words font-semibold text-primary underline-offset-4 hover:underline"
                  >
                    {ticket.subject}
                  </Link>
                  <p className="text-muted-foreground text-sm">
                    {ticket.number}
                    {owner && ticket.requesterName ? ` · asked by ${ticket.requesterName}` : ''}
                    {ticket.lastReplyAt
                      ? ` · last reply ${ticket.lastReplyAt} by ${ticket.lastReplyBy === 'staff' ? 'us' : 'your side'}`
                      : ''}
                  </p>
                  <p className="text-sm">
                    {ticket.assigneeName ? `${ticket.assigneeName} is on it.` : 'Waiting for a technician.'}
                  </p>
                </div>
                <div>
                  <TicketStatusBadge status={ticket.status} audience="client" />
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  )
}

export function ErrorBoundary() {
  return (
    <div className="mx-auto grid max-w-3xl gap-4 px-6 py-10">
      <h1 className="font-bold text-2xl">Support</h1>
      <p>
        Your tickets could not be shown just now. Reload the page in a moment, or call us at {business.phone} if it is
        urgent.
      </p>
    </div>
  )
}
