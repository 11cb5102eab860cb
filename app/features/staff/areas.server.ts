import { and, count, eq, inArray, isNull, not, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm'
import { awaitingApprovalCount } from '../../../server/accounts/admin.server.ts'
import { shownStatusCondition } from '../../../server/billing/queries.server.ts'
import { newRequestsCount } from '../../../server/booking/request-list.server.ts'
import { type Db, selectRows } from '../../../server/db/client.server.ts'
import {
  billingDocuments,
  blogPosts,
  clientOnboarding,
  contracts,
  user,
} from '../../../server/db/schema/index.server.ts'
import { failedMailCount } from '../../../server/operations/sync-status.server.ts'
import { triageCountQuery } from '../../../server/support/inbound/triage.server.ts'
import { newTicketsCount } from '../../../server/support/queue.server.ts'
import { areasFor } from './areas.ts'

/**
 * What needs attention in each area, by the area's key in `staffAreas` (areas.ts): the numbers
 * beside the navigation's links and on the overviews. An area without one shows no number. Each is
 * a query of one count; `navigationFor` asks for all of a person's in one statement.
 */

function overdueInvoices(db: Db, today: string) {
  return db.select({ n: count() }).from(billingDocuments).where(shownStatusCondition('overdue', today))
}

function blogDrafts(db: Db) {
  return db.select({ n: count() }).from(blogPosts).where(eq(blogPosts.isPublished, false))
}

function staffWithoutSecondFactor(db: Db) {
  return db
    .select({ n: count() })
    .from(clientOnboarding)
    .innerJoin(user, eq(sql`lower(${user.email})`, clientOnboarding.email))
    .where(
      and(
        inArray(clientOnboarding.role, ['admin', 'employee']),
        isNull(clientOnboarding.disabledAt),
        or(isNull(user.twoFactorEnabled), not(user.twoFactorEnabled)),
      ),
    )
}

function contractsToCountersign(db: Db) {
  return db.select({ n: count() }).from(contracts).where(eq(contracts.status, 'signed'))
}

/** A query answering one row with one number (`n`). */
type CountQuery = (db: Db, today: string) => SQLWrapper

export const areaCounts: Record<string, CountQuery> = {
  requests: (db) => newRequestsCount(db),
  tickets: (db) => newTicketsCount(db),
  'ticket-triage': (db) => triageCountQuery(db),
  accounts: (db) => awaitingApprovalCount(db),
  billing: overdueInvoices,
  'billing-read': overdueInvoices,
  contracts: (db) => contractsToCountersign(db),
  blog: (db) => blogDrafts(db),
  'sync-status': () => failedMailCount(),
  'two-factor': (db) => staffWithoutSecondFactor(db),
}

/**
 * The counts of `keys`, in one statement (each page of the back office shows them: one round trip
 * instead of one per area). Should that statement fail (the mail queue's tables not there yet,
 * say), each is asked alone and a count that fails reads as none.
 */
async function readCounts(db: Db, keys: string[], today: string): Promise<Map<string, number | null>> {
  const queries = keys.map((key) => [key, (areaCounts[key] as CountQuery)(db, today)] as const)
  const counts = new Map<string, number | null>()
  if (queries.length === 0) return counts
  const columns: SQL[] = queries.map(([, query], i) => sql`(${query})::int as ${sql.identifier(`c${i}`)}`)
  try {
    const [row] = await selectRows<Record<string, number>>(db, sql`select ${sql.join(columns, sql`, `)}`)
    for (const [i, [key]] of queries.entries()) counts.set(key, Number(row?.[`c${i}`] ?? 0))
  } catch {
    await Promise.all(
      queries.map(async ([key, query]) => {
        const one = await selectRows<{ n: number }>(db, sql`select (${query})::int as n`).catch(() => null)
        counts.set(key, one ? Number(one[0]?.n ?? 0) : null)
      }),
    )
  }
  return counts
}

export type AreaLink = {
  key: string
  label: string
  path: string
  icon: string
  count: number | null
  countLabel: string | null
}

/** The navigation of one staff member: their areas with today's counts (a count that fails reads as none). */
export async function navigationFor(db: Db, role: string, today: string): Promise<AreaLink[]> {
  const areas = areasFor(role)
  const counts = await readCounts(
    db,
    areas.filter((area) => areaCounts[area.key]).map((area) => area.key),
    today,
  )
  return areas.map((area) => ({
    key: area.key,
    label: area.label,
    path: area.path,
    icon: area.icon,
    count: counts.get(area.key) ?? null,
    countLabel: area.countLabel ?? null,
  }))
}
