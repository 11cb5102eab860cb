import { sql } from 'drizzle-orm'
import { check, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'

/** What a throttle row counts: wrong passwords, or wrong second-factor codes (TOTP or backup code). */
export const signInFactors = ['password', 'second_factor'] as const
export type SignInFactor = (typeof signInFactors)[number]

/**
 * Failed sign-ins per account (docs/accounts.md, "Sign-in throttling"): one row per normalised
 * e-mail address and factor, whether or not an account has that address (so the answers do not
 * tell which addresses have one). Written by one upsert per failure and deleted on success
 * (server/accounts/sign-in-throttle.server.ts), so every process shares the count.
 */
export const signInThrottle = pgTable(
  'sign_in_throttle',
  {
    /** Lower-cased, trimmed e-mail address as typed at sign-in. */
    email: text('email').notNull(),
    factor: text('factor', { enum: signInFactors }).notNull(),
    /** Consecutive failures since the last success (or since the count went stale). */
    failures: integer('failures').notNull(),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull(),
    /** Sign-ins with this factor are refused until then; null while under the free allowance. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.email, table.factor] }),
    check('sign_in_throttle_factor_check', sql`${table.factor} in ('password', 'second_factor')`),
  ],
)
