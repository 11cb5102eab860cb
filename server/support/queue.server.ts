import { and, asc, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm'
import { activeTicketStatuses } from '../../app/features/support/catalogue.ts'
import type { TicketQueueFilter } from '../../app/features/support/queue-filter.ts'
import type { Db } from '../db/client.server.ts'
import { listPage } from '../db/paging.server.ts'
import { organisations, supportTickets, supportTicketTargets } from '../db/schema/index.server.ts'
import { targetQueue } from './targets.server.ts'

/**
 * The staff queue (/employee/tickets): every ticket, filtered and searched in SQL, 25 a page.
 * Search reads the subject, the number (T-000123 or 123) and the organisation's name.
 */

export const queuePageSize = 25

const priorityRank = sql`array_position(array['low','normal','high','urgent']::text[], ${supportTickets.priority})`

export function queueConditions(filter: TicketQueueFilter, now = new Date()): SQL | undefined {
  const conditions: (SQL | undefined)[] = []
  if (filter.target === 'breached') conditions.push(targetQueue.breached(now))
  else if (filter.target === 'due_soon') conditions.push(targetQueue.dueSoon(now))
  if (filter.status === 'active') conditions.push(inArray(supportTickets.status, [...activeTicketStatuses]))
  else if (filter.status) conditions.push(eq(supportTickets.status, filter.status))
  if (filter.priority) conditions.push(eq(supportTickets.priority, filter.priority))
  if (filter.category) conditions.push(eq(supportTickets.category, filter.category))
  if (filter.organisation) conditions.push(eq(supportTickets.organisationId, filter.organisation))
  if (filter.assignee === 'none') conditions.push(isNull(supportTickets.assigneeUserId))
  else if (filter.assignee) conditions.push(eq(supportTickets.assigneeUserId, filter.assignee))
  if (filter.q) {
    const number = /^(#?t-)?(\d{1,9})$/i.exec(filter.q)?.[2]
    const pattern = `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    conditions.push(
      or(
        ilike(supportTickets.subject, pattern),
        ilike(organisations.name, pattern),
        number ? eq(supportTickets.number, Number(number)) : undefined,
      ),
    )
  }
  return conditions.length > 0 ? and(...conditions) : undefined
}

export async function listQueue(db: Db, filter: TicketQueueFilter, now = new Date()) {
  const where = queueConditions(filter, now)
  const direction = filter.dir === 'asc' ? asc : desc
  const order = {
    updated: [direction(supportTickets.updatedAt)],
    created: [direction(supportTickets.createdAt)],
    priority: [filter.dir === 'asc' ? asc(priorityRank) : desc(priorityRank), desc(supportTickets.updatedAt)],
    number: [direction(supportTickets.number)],
    target: [filter.dir === 'desc' ? targetQueue.orderDesc : targetQueue.order],
  }[filter.sort]
  // The count joins only what the filter reads (the organisation's name for a search, the targets
  // for their filters): over 100,000 tickets every join counted is time on every page.
  let counted = db.select({ n: sql<number>`count(*)::int` }).from(supportTickets).$dynamic()
  if (filter.q) counted = counted.innerJoin(organisations, eq(organisations.id, supportTickets.organisationId))
  if (filter.target) {
    counted = counted.innerJoin(supportTicketTargets, eq(supportTicketTargets.ticketId, supportTickets.id))
  }
  return listPage(
    filter.page,
    queuePageSize,
    async () => (await counted.where(where))[0]?.n ?? 0,
    ({ limit, offset }) =>
      db
        .select({
          id: supportTickets.id,
          number: supportTickets.number,
          subject: supportTickets.subject,
          status: supportTickets.status,
          priority: supportTickets.priority,
          category: supportTickets.category,
          organisationId: supportTickets.organisationId,
          organisationName: organisations.name,
          createdAt: supportTickets.createdAt,
          updatedAt: supportTickets.updatedAt,
          firstRespondedAt: supportTickets.firstRespondedAt,
          nextDueAt: supportTicketTargets.nextDueAt,
          firstResponseDueAt: supportTicketTargets.firstResponseDueAt,
          paused: supportTicketTargets.paused,
          assigneeName: sql<string | null>`(select coalesce(nullif(o.full_name, ''), u.name) from "user" u
        left join client_onboarding o on o.email = lower(u.email) where u.id = ${supportTickets.assigneeUserId})`,
        })
        .from(supportTickets)
        .innerJoin(organisations, eq(organisations.id, supportTickets.organisationId))
        .leftJoin(supportTicketTargets, eq(supportTicketTargets.ticketId, supportTickets.id))
        .where(where)
        .orderBy(...order, desc(supportTickets.number))
        .limit(limit)
        .offset(offset),
  )
}

/** The organisations that have tickets, for the queue's filter. */
export async function organisationsWithTickets(db: Db) {
  // One probe of the organisation index per organisation, not a pass over every ticket.
  return db
    .select({ id: organisations.id, name: organisations.name })
    .from(organisations)
    .where(sql`exists (select 1 from ${supportTickets} where ${supportTickets.organisationId} = ${organisations.id})`)
    .orderBy(organisations.name)
}

/** New tickets nobody has answered yet: the back office's count beside "Support tickets". */
export async function countNewTickets(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(supportTickets)
    .where(eq(supportTickets.status, 'new'))
  return row?.n ?? 0
}
