import { sql } from 'drizzle-orm'
import { type Db, selectRows } from '../db/client.server.ts'
import type { SignInFactor } from '../db/schema/index.server.ts'

/**
 * Per-account sign-in throttling (docs/accounts.md, "Sign-in throttling"). The per-IP rate limits
 * stop one address; these stop many addresses guessing one account's password or second factor.
 * Failures are counted per normalised e-mail address and factor in the database (one upsert per
 * failure, so every process shares the count); a success deletes the count.
 */
export const signInThrottlePolicy = {
  /** Failures in a row that cost nothing (typos). */
  freeFailures: 4,
  /** The first failure past the allowance locks the account for this long; each further one doubles it. */
  firstLockSeconds: 30,
  /** No lock is longer than this, however many failures came before. */
  maxLockSeconds: 15 * 60,
  /** A count with no new failure for this long starts again from zero. */
  staleAfterSeconds: 24 * 60 * 60,
} as const

/** How long sign-ins are refused after the `failures`-th failure in a row (0: not at all). */
export function lockSecondsAfter(failures: number, policy = signInThrottlePolicy): number {
  const past = failures - policy.freeFailures
  if (past <= 0) return 0
  return Math.min(policy.maxLockSeconds, policy.firstLockSeconds * 2 ** Math.min(past - 1, 30))
}

/** The address a throttle row is kept under: what Better Auth looks accounts up by. */
export function throttleKey(email: string): string {
  return email.trim().toLowerCase()
}

/** The SQL twin of lockSecondsAfter: the lock's end after `failures` failures, or null. */
function lockUntilSql(failures: ReturnType<typeof sql>) {
  const p = signInThrottlePolicy
  return sql`case when ${failures} > ${p.freeFailures}::int then now() + make_interval(secs => least(
      ${p.maxLockSeconds}::double precision,
      ${p.firstLockSeconds}::double precision * power(2, least(${failures} - ${p.freeFailures}::int - 1, 30))
    )) else null end`
}

export type ThrottleState = { failures: number; retryAfterSeconds: number }

/** Seconds until sign-ins with `factor` are allowed again for this address; 0 when they are now. */
export async function lockedFor(db: Db, email: string, factor: SignInFactor): Promise<number> {
  const [row] = await selectRows<{ retry_after: number }>(
    db,
    sql`select ceil(extract(epoch from (locked_until - now())))::int as retry_after
          from sign_in_throttle
         where email = ${throttleKey(email)} and factor = ${factor} and locked_until > now()`,
  )
  return row ? Math.max(1, Number(row.retry_after)) : 0
}

/**
 * Counts one failure, atomically: a fresh row, the next failure of a recent count, or a new count
 * when the last failure is older than the stale period. Returns the count and the lock it set.
 */
export async function recordFailure(db: Db, email: string, factor: SignInFactor): Promise<ThrottleState> {
  const stale = signInThrottlePolicy.staleAfterSeconds
  const next = sql`case when t.last_failure_at < now() - make_interval(secs => ${stale}::int) then 1 else t.failures + 1 end`
  const [row] = await selectRows<{ failures: number; retry_after: number | null }>(
    db,
    sql`insert into sign_in_throttle as t (email, factor, failures, last_failure_at, locked_until)
    values (${throttleKey(email)}, ${factor}, 1, now(), ${lockUntilSql(sql`1`)})
    on conflict (email, factor) do update set
      failures = ${next},
      last_failure_at = now(),
      locked_until = ${lockUntilSql(next)}
    returning failures, ceil(extract(epoch from (locked_until - now())))::int as retry_after`,
  )
  return { failures: Number(row?.failures ?? 1), retryAfterSeconds: Number(row?.retry_after ?? 0) }
}

/** A successful sign-in with `factor` ends its count (and any lock). */
export async function recordSuccess(db: Db, email: string, factor: SignInFactor): Promise<void> {
  await db.execute(sql`delete from sign_in_throttle where email = ${throttleKey(email)} and factor = ${factor}`)
}

/** Drops counts nobody has added to for the stale period (their lock, if any, is long over). */
export async function pruneStale(db: Db): Promise<void> {
  await db.execute(sql`
    delete from sign_in_throttle
     where last_failure_at < now() - make_interval(secs => ${signInThrottlePolicy.staleAfterSeconds}::int)
       and (locked_until is null or locked_until < now())`)
}
