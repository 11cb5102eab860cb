import { sql } from 'drizzle-orm'
import { type Db, selectRows } from '../db/client.server.ts'

export type RateLimit = { max: number; windowSeconds: number }

export type RateLimitResult = { limited: boolean; count: number; retryAfterSeconds: number }

/**
 * Counts one request of a sender in a fixed window, atomically in the database, so every process
 * behind a load balancer shares the count. `max: 0` turns the limit off.
 */
export async function countRequest(db: Db, key: string, limit: RateLimit): Promise<RateLimitResult> {
  if (limit.max === 0) return { limited: false, count: 0, retryAfterSeconds: 0 }
  const window = sql`make_interval(secs => ${limit.windowSeconds}::int)`
  const [row] = await selectRows<{ count: number; retry_after: number }>(
    db,
    sql`insert into intake_rate_limits as r (key, window_start, count) values (${key}, now(), 1)
        on conflict (key) do update set
          window_start = case when r.window_start <= now() - ${window} then now() else r.window_start end,
          count = case when r.window_start <= now() - ${window} then 1 else r.count + 1 end
        returning count, greatest(1, ceil(extract(epoch from (window_start + ${window} - now()))))::int as retry_after`,
  )
  // Expired windows of senders who never came back: swept now and then, not on every request.
  if (Math.random() < 0.01) {
    await db.execute(sql`delete from intake_rate_limits where window_start < now() - ${window}`)
  }
  const count = row?.count ?? 1
  return { limited: count > limit.max, count, retryAfterSeconds: row?.retry_after ?? limit.windowSeconds }
}
