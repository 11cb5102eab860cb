import { sql } from 'drizzle-orm'
import type { Db } from '../db/client.server.ts'
import { intakeRateLimits } from '../db/schema/index.server.ts'

export type RateLimit = { max: number; windowSeconds: number }

export type RateLimitResult = { limited: boolean; count: number; retryAfterSeconds: number }

/** The database, or the transaction that stores a booking. */
type Writer = Pick<Db, 'insert'>

/**
 * Counts one request of a sender (`key`) in a fixed window, in the database, so every process
 * behind a load balancer shares the count: one upsert that returns the count with the request
 * included. The upsert locks the sender's counter row until the caller's transaction ends, so
 * concurrent requests of one sender are counted one after the other and each sees the count of
 * those before it: the limit is exact. `max: 0` turns the limit off (nothing is counted).
 */
export async function countRequest(tx: Writer, key: string, limit: RateLimit): Promise<RateLimitResult> {
  if (limit.max === 0) return { limited: false, count: 0, retryAfterSeconds: 0 }
  const window = sql`make_interval(secs => ${limit.windowSeconds}::int)`
  const windowOver = sql`${intakeRateLimits.windowStart} <= now() - ${window}`
  const [row] = await tx
    .insert(intakeRateLimits)
    .values({ key, windowStart: sql`now()`, count: 1 })
    .onConflictDoUpdate({
      target: intakeRateLimits.key,
      set: {
        windowStart: sql`case when ${windowOver} then now() else ${intakeRateLimits.windowStart} end`,
        count: sql`case when ${windowOver} then 1 else ${intakeRateLimits.count} + 1 end`,
      },
    })
    .returning({
      count: intakeRateLimits.count,
      retryAfterSeconds: sql<number>`greatest(1, ceil(extract(epoch from (${intakeRateLimits.windowStart} + ${window} - now()))))::int`,
    })
    // A named statement: PostgreSQL parses and plans it once per connection, not for every request.
    .prepare('intake_count_request')
    .execute()
  const count = row?.count ?? 1
  return { limited: count > limit.max, count, retryAfterSeconds: row?.retryAfterSeconds ?? limit.windowSeconds }
}
