import { asc, inArray } from 'drizzle-orm'
import type { SeatChange, SubscriptionTerms } from '../../app/features/subscriptions/index.ts'
import type { Db } from '../db/client.server.ts'
import { type Subscription, subscriptionChanges } from '../db/schema/index.server.ts'

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

/** What the pure period rules (app/features/subscriptions/periods.ts) need of a stored subscription. */
export function termsOf(sub: Subscription, changes: readonly SeatChange[]): SubscriptionTerms {
  return {
    plan: sub.plan,
    seats: sub.seats,
    priceCents: sub.priceCents,
    billingDay: sub.billingDay,
    billsFrom: sub.billsFrom,
    cancelAt: sub.cancelAt,
    changes,
  }
}

/** The seat changes of some subscriptions, by subscription, oldest first. */
export async function changesOf(db: Db | Tx, ids: readonly string[]): Promise<Map<string, SeatChange[]>> {
  const byId = new Map<string, SeatChange[]>()
  if (ids.length === 0) return byId
  const rows = await db
    .select()
    .from(subscriptionChanges)
    .where(inArray(subscriptionChanges.subscriptionId, [...ids]))
    .orderBy(asc(subscriptionChanges.effectiveOn), asc(subscriptionChanges.createdAt))
  for (const row of rows) {
    const list = byId.get(row.subscriptionId) ?? []
    list.push({ effectiveOn: row.effectiveOn, seatsDelta: row.seatsDelta, afterInvoice: row.afterInvoice })
    byId.set(row.subscriptionId, list)
  }
  return byId
}

export async function changesOfOne(db: Db | Tx, id: string): Promise<SeatChange[]> {
  return (await changesOf(db, [id])).get(id) ?? []
}
