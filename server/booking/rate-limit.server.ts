import type { Database } from '../db/client.server.ts'
import { runStatement } from './statement.server.ts'

export type RateLimit = { max: number; windowSeconds: number }

export type RateLimitResult = { limited: boolean; count: number; retryAfterSeconds: number }

/**
 * The counter upsert: counts one request of the sender (`key`, a parameter reference such as $1)
 * in a fixed window of `windowSeconds` (a parameter reference) seconds, and returns the count and
 * the seconds left in the window. countRequest() runs it alone; the statement that stores a
 * booking (record.server.ts) runs it as its last write.
 */
export function rateLimitUpsertSql(key: string, windowSeconds: string, after?: string): string {
  const window = `make_interval(secs => ${windowSeconds}::int)`
  // `after`: an expression the row's values wait for (the statement that stores a booking counts it
  // after its other writes, see record.server.ts); it does not change what is counted.
  // (A condition, not an unused column: the planner drops a column nobody reads, and with it the wait.)
  const values = after ? `select ${key}::text, now(), 1 where (${after}) >= 0` : `values (${key}::text, now(), 1)`
  return `insert into intake_rate_limits as r (key, window_start, count) ${values}
    on conflict (key) do update set
      window_start = case when r.window_start <= now() - ${window} then now() else r.window_start end,
      count = case when r.window_start <= now() - ${window} then 1 else r.count + 1 end
    returning count, greatest(1, ceil(extract(epoch from (window_start + ${window} - now()))))::int as retry_after`
}

const countSql = rateLimitUpsertSql('$1', '$2')

/**
 * Counts one request of a sender in a fixed window, atomically in the database, so every process
 * behind a load balancer shares the count. `max: 0` turns the limit off. A valid booking request is
 * counted by the statement that stores it (recordBooking); this is for every other request.
 */
export async function countRequest(database: Database, key: string, limit: RateLimit): Promise<RateLimitResult> {
  if (limit.max === 0) return { limited: false, count: 0, retryAfterSeconds: 0 }
  const [row] = await runStatement<{ count: number; retry_after: number }>(database, 'intake_rate_count', countSql, [
    key,
    limit.windowSeconds,
  ])
  return rateLimitResult(row, limit)
}

export function rateLimitResult(
  row: { count: number; retry_after: number } | undefined,
  limit: RateLimit,
): RateLimitResult {
  const count = row?.count ?? 1
  return { limited: count > limit.max, count, retryAfterSeconds: row?.retry_after ?? limit.windowSeconds }
}
