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

/**
 * The queue counts its tickets up to this many (and as far as the page asked for): past it the
 * pager says "more than 1,000 tickets", so a page costs the same at 100,000 tickets as at 1,000
 * (docs/support.md#performance).
 */
export const queueCountCap = 1000

/** The count's bound for `page`: the cap, or enough to reach the page asked for and the next. */
export function queueCountLimit(page: number | undefined): number {
  return Math.max(queueCountCap, (Math.max(1, page ?? 1) + 1) * queuePageSize)
}

/**
 * The queue's conditions. A search matches the subject (its trigram index), the number, or the
 * organisation's name: `organisationIds` are the organisations whose name matched, found first
 * (a thousand names), so the tickets' own indexes serve every arm of the search.
 */
export function queueConditions(
  filter: TicketQueueFilter,
  now = new Date(),
  organisationIds: readonly string[] = [],
): SQL | undefined {
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
    conditions.push(
      or(
        ilike(supportTickets.subject, searchPattern(filter.q)),
        organisationIds.length > 0 ? inArray(supportTickets.organisationId, [...organisationIds]) : undefined,
        number ? eq(supportTickets.number, Number(number)) : undefined,
      ),
    )
  }
  return conditions.length > 0 ? and(...conditions) : undefined
}

/** `%text%` for ILIKE, with `%`, `_` and `\` as typed. */
function searchPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

/** The organisations whose name holds the search. */
async function organisationsNamed(db: Db, q: string): Promise<string[]> {
  const rows = await db
    .select({ id: organisations.id })
    .from(organisations)
    .where(ilike(organisations.name, searchPattern(q)))
  return rows.map((r) => r.id)
}

/** How many of the newest tickets a search reads first, at least (see listQueue). */
export const searchNewestWindow = 2000

/**
 * How many of the newest tickets a search's count walks first: a common word finds more matches
 * than the count's bound there, and the count stops (see listQueue).
 */
export const searchCountWindow = 10_000

/** The `n` newest tickets in the lists' order, named as the table so the queue's conditions read them. */
function newestTickets(n: number): SQL {
  return sql`(select * from ${supportTickets} order by ${supportTickets.updatedAt} desc, ${supportTickets.number} desc limit ${n}) as ${supportTickets}`
}

export type QueuePage = Awaited<ReturnType<typeof listQueue>>

export async function listQueue(db: Db, filter: TicketQueueFilter, now = new Date()) {
  const where = queueConditions(filter, now, filter.q ? await organisationsNamed(db, filter.q) : [])
  const direction = filter.dir === 'asc' ? asc : desc
  // The lists' indexes are (updated_at, number), read backwards for the default order: each order
  // ends with the number, newest first, as before.
  const order = {
    updated: [direction(supportTickets.updatedAt)],
    created: [direction(supportTickets.createdAt)],
    priority: [filter.dir === 'asc' ? asc(priorityRank) : desc(priorityRank), desc(supportTickets.updatedAt)],
    number: [direction(supportTickets.number)],
    target: [filter.dir === 'desc' ? targetQueue.orderDesc : targetQueue.order],
  }[filter.sort]
  // The count reads only what the filter reads (the targets for their filters), and stops at its
  // bound: an exact count of 100,000 tickets is a pass over all of them on every page.
  const countLimit = queueCountLimit(filter.page)
  /** The matches among `from` (the table, or its newest tickets), counted up to the bound and one more. */
  const countAmong = async (from: typeof supportTickets | SQL): Promise<number> => {
    let counted = db.select({ one: sql`1` }).from(from).$dynamic()
    if (filter.target) {
      counted = counted.innerJoin(supportTicketTargets, eq(supportTicketTargets.ticketId, supportTickets.id))
    }
    const bounded = counted
      .where(where)
      .limit(countLimit + 1)
      .as('bounded')
    return (await db.select({ n: sql<number>`count(*)::int` }).from(bounded))[0]?.n ?? 0
  }
  let more = false
  const page = await listPage(
    filter.page,
    queuePageSize,
    async () => {
      // A search counts among the newest tickets first, a walk of the lists' index that stops at the
      // bound: a common word ("printer", one ticket in six) passes it there. Through the trigram
      // index, the count built a bitmap of every match first (16,667 for "printer", the slowest part
      // of a searched page on PGlite) to read 1,001 of them. Under the bound there, the whole table
      // is counted as before (a rare word: a small bitmap).
      const amongNewest = filter.q ? await countAmong(newestTickets(Math.max(searchCountWindow, countLimit * 2))) : 0
      const n = amongNewest > countLimit ? amongNewest : await countAmong(supportTickets)
      more = n > countLimit
      return Math.min(n, countLimit)
    },
    async ({ limit, offset }) => {
      // The page's tickets first, reading only what the filter and the order read: page 50 walks
      // 1,250 index entries, not 1,250 tickets with their organisation, targets and assignee.
      const windowOf = (from: typeof supportTickets | SQL) => {
        // The id as SQL: Drizzle refuses a column of a table it does not see in `from` (the newest
        // tickets are a subquery named as the table).
        let window = db
          .select({ id: sql<string>`${supportTickets.id}` })
          .from(from)
          .$dynamic()
        if (filter.target || filter.sort === 'target') {
          window = window.leftJoin(supportTicketTargets, eq(supportTicketTargets.ticketId, supportTickets.id))
        }
        return window
          .where(where)
          .orderBy(...order, desc(supportTickets.number))
          .limit(limit)
          .offset(offset)
      }
      // A search in the default order looks among the newest tickets first (a walk of the lists'
      // index): a common word fills the page there. Only when they hold too few matches (a rare word,
      // a page far down) does it ask the whole table, through the trigram index. PGlite, which
      // gathers no statistics, took the trigram index for every search and sorted all its matches,
      // a sixth of the table for "printer" (docs/support.md#performance). The newest tickets holding
      // the page's last match means the page is the same as the whole table's.
      const searchNewestFirst = filter.q && filter.sort === 'updated' && filter.dir === 'desc'
      let rows = searchNewestFirst
        ? await windowOf(newestTickets(Math.max(searchNewestWindow, (offset + limit) * 8)))
        : []
      if (rows.length < limit) rows = await windowOf(supportTickets)
      const ids = rows.map((r) => r.id)
      if (ids.length === 0) return []
      return db
        .select({
          id: supportTickets.id,
          number: supportTickets.number,
          subject: supportTickets.subject,
          status: supportTickets.status,
          priority: supportTickets.priority,
          category: supportTickets.category,
          organisationId: supportTickets.organisationId,
          // By its primary key for each of the page's tickets: as a join, PGlite (no statistics)
          // hashed every organisation for a page of 25 (docs/support.md#performance).
          organisationName: sql<string>`(select ${organisations.name} from ${organisations} where ${organisations.id} = ${supportTickets.organisationId})`,
          createdAt: supportTickets.createdAt,
          updatedAt: supportTickets.updatedAt,
          firstRespondedAt: supportTickets.firstRespondedAt,
          nextDueAt: supportTicketTargets.nextDueAt,
          firstResponseDueAt: supportTicketTargets.firstResponseDueAt,
          paused: supportTicketTargets.paused,
          assigneeName: sql<string | null>`(select coalesce(nullif(o.full_name, ''), u.name) from "user" u
        left join client_onboarding o on o.email = lower(u.email) where u.id = support_tickets.assignee_user_id)`,
        })
        .from(supportTickets)
        .leftJoin(supportTicketTargets, eq(supportTicketTargets.ticketId, supportTickets.id))
        .where(inArray(supportTickets.id, ids))
        .orderBy(...order, desc(supportTickets.number))
    },
  )
  return { ...page, more }
}

/**
 * The organisations for the queue's filter (loaded when it is opened): every one, by name. Asking which have tickets was a
 * probe of the tickets' index per organisation (a thousand reads on every page of the queue); an
 * organisation without tickets, chosen, shows an empty queue.
 */
export async function organisationsWithTickets(db: Db) {
  return db.select({ id: organisations.id, name: organisations.name }).from(organisations).orderBy(organisations.name)
}

/** The organisation the queue is filtered by, for the filter to show its name (the others load when it is opened). */
export async function organisationChoice(db: Db, id: string | undefined) {
  if (!id) return undefined
  const [row] = await db
    .select({ id: organisations.id, name: organisations.name })
    .from(organisations)
    .where(eq(organisations.id, id))
  return row
}

/** New tickets nobody has answered yet: the back office's count beside "Support tickets". */
export function newTicketsCount(db: Db) {
  return db.select({ n: sql<number>`count(*)::int` }).from(supportTickets).where(eq(supportTickets.status, 'new'))
}
