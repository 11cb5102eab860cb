import { and, count, eq, inArray, isNull, not, or, sql } from 'drizzle-orm'
import { countAwaitingApproval } from '../../../server/accounts/admin.server.ts'
import { shownStatusCondition } from '../../../server/billing/queries.server.ts'
import { countNewRequests } from '../../../server/booking/request-list.server.ts'
import type { Db } from '../../../server/db/client.server.ts'
import {
  billingDocuments,
  blogPosts,
  clientOnboarding,
  contracts,
  user,
} from '../../../server/db/schema/index.server.ts'
import { countFailedMail } from '../../../server/operations/sync-status.server.ts'
import { triageCount } from '../../../server/support/inbound/triage.server.ts'
import { countNewTickets } from '../../../server/support/queue.server.ts'
import { areasFor } from './areas.ts'

/**
 * What needs attention in each area, by the area's key in `staffAreas` (areas.ts): the numbers
 * beside the navigation's links and on the overviews. An area without a loader shows no number.
 */

async function overdueInvoices(db: Db, today: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(billingDocuments).where(shownStatusCondition('overdue', today))
  return row?.n ?? 0
}

async function blogDrafts(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(blogPosts).where(eq(blogPosts.isPublished, false))
  return row?.n ?? 0
}

async function staffWithoutSecondFactor(db: Db): Promise<number> {
  const [row] = await db
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
  return row?.n ?? 0
}

async function contractsToCountersign(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(contracts).where(eq(contracts.status, 'signed'))
  return row?.n ?? 0
}

type CountLoader = (db: Db, today: string) => Promise<number>

export const areaCounts: Record<string, CountLoader> = {
  requests: (db) => countNewRequests(db),
  tickets: (db) => countNewTickets(db),
  'ticket-triage': (db) => triageCount(db),
  accounts: (db) => countAwaitingApproval(db),
  billing: overdueInvoices,
  'billing-read': overdueInvoices,
  contracts: (db) => contractsToCountersign(db),
  blog: (db) => blogDrafts(db),
  'sync-status': (db) => countFailedMail(db),
  'two-factor': (db) => staffWithoutSecondFactor(db),
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
  const counts = await Promise.all(
    areas.map((area) => {
      const load = areaCounts[area.key]
      return load ? load(db, today).catch(() => null) : Promise.resolve(null)
    }),
  )
  return areas.map((area, i) => ({
    key: area.key,
    label: area.label,
    path: area.path,
    icon: area.icon,
    count: counts[i] ?? null,
    countLabel: area.countLabel ?? null,
  }))
}
