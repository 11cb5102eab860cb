import { and, asc, count, desc, eq, gte, ilike, isNull, lt, type SQL, sql } from 'drizzle-orm'
import type { RequestKind, RequestStatus } from '../../app/features/booking/workflow.ts'
import { fromBusinessLocalInput } from '../../app/lib/business-time.ts'
import { isUuid } from '../../app/lib/uuid.ts'
import type { Db } from '../db/client.server.ts'
import { type ListPage, listPage } from '../db/paging.server.ts'
import { bookings, requestSearchSeparator, requestSearchText } from '../db/schema/index.server.ts'
import { referenceOf } from './mail.server.ts'

/**
 * The staff's list of consultation requests and contact messages (docs/staff-workspace.md): the
 * filters and search as SQL, one page of rows, and the count of new ones. The CSV export reads the
 * same filter (requests-csv.server.ts).
 */

export const requestPageSize = 25

export type RequestFilter = {
  status?: RequestStatus | undefined
  kind?: RequestKind | undefined
  /** One of the services a consultation asked about, by name. */
  service?: string | undefined
  plan?: string | undefined
  /** Received from and to (New York dates, inclusive). */
  from?: string | undefined
  to?: string | undefined
  /** A staff member's user id, or `none` for unassigned requests. */
  assignee?: string | undefined
  /** Part of the name, e-mail, company, phone or message. */
  q?: string | undefined
  sort?: 'received' | 'name' | 'status' | undefined
  dir?: 'asc' | 'desc' | undefined
  page?: number | undefined
}

export type RequestListItem = {
  id: string
  reference: string
  kind: RequestKind
  status: RequestStatus
  name: string
  email: string
  company: string | null
  services: string[]
  plan: string | null
  receivedAt: Date
  assigneeEmail: string | null
  appointmentAt: Date | null
}

export type RequestPage = ListPage<RequestListItem>

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/** The New York midnight that starts a date, as a moment. */
function startOfBusinessDay(date: string): Date | undefined {
  return fromBusinessLocalInput(`${date}T00:00`) ?? undefined
}

function nextDay(date: string): string {
  const d = new Date(`${date}T12:00:00Z`)
  d.setUTCDate(d.getUTCDate() + 1)
  return d.toISOString().slice(0, 10)
}

/**
 * Part of the name, e-mail, company, phone or message, case aside (`%` and `_` as typed): one
 * `ILIKE` of the fields joined by a separator no field holds, the expression the trigram index is
 * built on (docs/decisions/023-trigram-search.md). A search holding the separator could match
 * across two fields, and matches nothing in any one of them.
 */
function searchCondition(q: string): SQL {
  if (q.includes(requestSearchSeparator)) return sql`false`
  return ilike(requestSearchText(bookings), likePattern(q))
}

export function requestConditions(filter: RequestFilter): SQL | undefined {
  const b = bookings
  const q = filter.q?.trim()
  const from = filter.from ? startOfBusinessDay(filter.from) : undefined
  const to = filter.to ? startOfBusinessDay(nextDay(filter.to)) : undefined
  return and(
    filter.status ? eq(b.status, filter.status) : undefined,
    filter.kind ? eq(b.formType, filter.kind) : undefined,
    filter.service ? sql`${filter.service} = any(${b.services})` : undefined,
    filter.plan ? eq(b.plan, filter.plan) : undefined,
    from ? gte(b.receivedAt, from) : undefined,
    to ? lt(b.receivedAt, to) : undefined,
    filter.assignee === 'none'
      ? isNull(b.assigneeUserId)
      : isUuid(filter.assignee)
        ? eq(b.assigneeUserId, filter.assignee)
        : undefined,
    q ? searchCondition(q) : undefined,
  )
}

export const listColumns = {
  id: bookings.id,
  kind: bookings.formType,
  status: bookings.status,
  name: bookings.name,
  email: bookings.email,
  company: bookings.company,
  services: bookings.services,
  plan: bookings.plan,
  receivedAt: bookings.receivedAt,
  assigneeEmail: bookings.assigneeEmail,
  appointmentAt: bookings.appointmentAt,
}

export function orderOf(filter: RequestFilter): SQL[] {
  const dir = filter.dir === 'asc' ? asc : desc
  if (filter.sort === 'name') return [dir(bookings.name), desc(bookings.receivedAt)]
  if (filter.sort === 'status') return [dir(bookings.status), desc(bookings.receivedAt)]
  return [dir(bookings.receivedAt), dir(bookings.id)]
}

/** One page of requests, newest first unless sorted otherwise. */
export async function listRequests(db: Db, filter: RequestFilter): Promise<RequestPage> {
  const where = requestConditions(filter)
  const found = await listPage(
    filter.page,
    requestPageSize,
    async () => (await db.select({ n: count() }).from(bookings).where(where))[0]?.n ?? 0,
    ({ limit, offset }) =>
      db
        .select(listColumns)
        .from(bookings)
        .where(where)
        .orderBy(...orderOf(filter))
        .limit(limit)
        .offset(offset),
  )
  return {
    ...found,
    items: found.items.map((row) => ({
      ...row,
      kind: row.kind as RequestKind,
      status: row.status as RequestStatus,
      reference: referenceOf(row.id),
    })),
  }
}

/** Requests no one has looked at yet: the back office's count for the requests area. */
/** The new requests, as a query (the back office's navigation reads it with its other counts). */
export function newRequestsCount(db: Db) {
  return db.select({ n: count() }).from(bookings).where(eq(bookings.status, 'new'))
}
