import { createHmac } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { type Db, selectRows } from '../db/client.server.ts'

/**
 * One code, one use (RFC 6238 §5.2; docs/accounts.md). Better Auth's two-factor plugin accepts the
 * code of the current 30-second step and of the steps either side, as often as it is sent. Before
 * the plugin checks a code, we find the step it belongs to and record it as the account's last
 * used step in one compare-and-set statement: only a step later than the last one passes, so the
 * same code (or an older one) is refused afterwards, in every process sharing the database.
 */

export const totpPeriodSeconds = 30
/** The steps the plugin accepts around the current one (its default window). */
const window = 1

/** The step of a moment: whole periods since 1970. */
export function timeStepAt(moment: number): number {
  return Math.floor(moment / 1000 / totpPeriodSeconds)
}

/** The 6-digit HOTP code of `step` for a secret as the plugin keeps it (its bytes are the key). */
export function totpCodeAt(secret: string, step: number): string {
  const counter = Buffer.alloc(8)
  counter.writeBigUInt64BE(BigInt(step))
  const digest = createHmac('sha1', Buffer.from(secret, 'utf8')).update(counter).digest()
  const offset = (digest[digest.length - 1] ?? 0) & 0x0f
  const binary = digest.readUInt32BE(offset) & 0x7fffffff
  return String(binary % 1_000_000).padStart(6, '0')
}

/** The step `code` belongs to within the accepted window around `now`, or null when it is none. */
export function stepOfCode(secret: string, code: string, now = Date.now()): number | null {
  const current = timeStepAt(now)
  for (let offset = -window; offset <= window; offset++) {
    if (totpCodeAt(secret, current + offset) === code) return current + offset
  }
  return null
}

/**
 * Records `step` as the account's last used one when it is later than the one recorded; false when
 * it is not (the code, or a newer one, was used already). One statement: of two processes given the
 * same code at once, exactly one gets true.
 */
export async function claimTimeStep(db: Db, userId: string, step: number): Promise<boolean> {
  const rows = await selectRows<{ user_id: string }>(
    db,
    sql`insert into totp_used_steps as t (user_id, step, used_at) values (${userId}, ${step}, now())
        on conflict (user_id) do update set step = excluded.step, used_at = now()
        where t.step < excluded.step
        returning t.user_id`,
  )
  return rows.length === 1
}
