import { and, count, eq, max, sql } from 'drizzle-orm'
import type { Hono } from 'hono'
import { streamSSE } from 'hono/streaming'
import { readAccess } from '../accounts/access.server.ts'
import type { Accounts } from '../accounts/accounts.server.ts'
import { REALTIME_KEEPALIVE_MS, requireApi } from '../accounts/http.server.ts'
import type { TicketChange } from '../accounts/realtime.server.ts'
import type { Db } from '../db/client.server.ts'
import { supportTicketMessages, supportTicketParticipants, supportTickets } from '../db/schema/index.server.ts'
import type { AppEnv } from '../http/app.server.ts'
import { type TicketViewer, visibleTicket } from './tickets.server.ts'

/**
 * The live thread (docs/support.md#live): GET /api/support/tickets/{id}/live is a server-sent event
 * stream that says `changed` when what the viewer sees of the ticket changed, so the page reloads
 * its data (through its loader, which leaves internal notes out for a client). Fed by the database's
 * NOTIFY on the ticket's channel, so a reply written by any app process reaches every stream. A
 * client hears nothing of an internal note: their stream compares what they may see before it speaks.
 * The stream carries no content, only the word; a ticket the viewer may not see is 404.
 */

/** What the viewer sees of a ticket, in one line: when it changes, the page has something new. */
async function fingerprint(db: Db, viewer: TicketViewer, ticketId: string): Promise<string> {
  const messages = and(
    eq(supportTicketMessages.ticketId, ticketId),
    viewer.kind === 'client' ? eq(supportTicketMessages.visibility, 'public') : undefined,
  )
  const [thread] = await db
    .select({ n: count(), last: max(supportTicketMessages.createdAt) })
    .from(supportTicketMessages)
    .where(messages)
  const [ticket] = await db
    .select({
      status: supportTickets.status,
      assignee: supportTickets.assigneeUserId,
      priority: supportTickets.priority,
      rating: supportTickets.rating,
      merged: supportTickets.mergedIntoTicketId,
      version: viewer.kind === 'staff' ? supportTickets.version : sql<number>`0`,
      time: viewer.kind === 'staff' ? supportTickets.timeSpentMinutes : sql<number>`0`,
      copied: sql<number>`(select count(*)::int from ${supportTicketParticipants} p where p.ticket_id = ${supportTickets.id})`,
    })
    .from(supportTickets)
    .where(eq(supportTickets.id, ticketId))
  return JSON.stringify([thread?.n, thread?.last, ticket])
}

export function mountSupportRoutes(api: Hono<AppEnv>, accounts: Accounts) {
  api.get('/support/tickets/:id/live', requireApi(accounts, 'support'), async (c) => {
    const { data } = await accounts.getSession(c.req.raw.headers)
    if (!data) return c.json({ error: 'Sign in to use this.' }, 401)
    const access = await readAccess(accounts.database.db, data.user.email, accounts.log)
    const viewer: TicketViewer | null =
      access.role !== 'client'
        ? { kind: 'staff', userId: data.user.id, email: data.user.email }
        : access.organisation
          ? {
              kind: 'client',
              userId: data.user.id,
              email: data.user.email,
              organisationId: access.organisation.id,
              organisationRole: access.organisation.role,
            }
          : null
    const db = accounts.database.db
    const ticketId = c.req.param('id')
    const seen = viewer ? await visibleTicket(db, viewer, ticketId).catch(() => null) : null
    if (!viewer || !seen) return c.json({ error: 'There is no ticket at this address.' }, 404)
    const log = accounts.log.child({ requestId: c.get('requestId'), component: 'ticket-live' })
    c.header('X-Accel-Buffering', 'no')
    return streamSSE(
      c,
      async (stream) => {
        let finish: () => void = () => {}
        const done = new Promise<void>((resolve) => {
          finish = resolve
        })
        stream.onAbort(finish)
        let last = await fingerprint(db, viewer, seen.id)
        let chain = Promise.resolve()
        const onChange = (change: TicketChange) => {
          chain = chain
            .then(async () => {
              if (stream.closed || stream.aborted) return
              if (change.kind === 'closing') return finish()
              // Still theirs (a person removed from the organisation stops hearing at once)?
              if (!(await visibleTicket(db, viewer, seen.id).catch(() => null))) return finish()
              const now = await fingerprint(db, viewer, seen.id)
              if (now === last && change.kind === 'changed') return
              last = now
              await stream.writeSSE({ event: 'changed', data: seen.id })
            })
            .catch((error: unknown) => log.warn({ err: error }, 'ticket live: could not send a change'))
        }
        const unsubscribe = accounts.realtime.subscribeTicket(seen.id, onChange)
        const keepAlive = setInterval(() => {
          void stream.write(': keep-alive\n\n').catch(() => {})
        }, REALTIME_KEEPALIVE_MS)
        try {
          await stream.writeSSE({ event: 'ready', data: seen.id, retry: 3000 })
          await done
        } finally {
          clearInterval(keepAlive)
          unsubscribe()
        }
      },
      async (error) => {
        log.warn({ err: error }, 'ticket live stream failed')
      },
    )
  })
}
