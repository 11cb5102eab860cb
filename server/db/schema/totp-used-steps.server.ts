import { bigint, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core'
import { user } from './auth.server.ts'

/**
 * The last TOTP time step (30-second window since 1970) each account signed in or enrolled with
 * (docs/accounts.md, "One code, one use"). A code is refused unless its step is later than this one
 * (RFC 6238 §5.2): a code seen over a shoulder or sent twice works once, whichever process gets
 * it. Written by one compare-and-set statement (server/accounts/totp-replay.server.ts).
 */
export const totpUsedSteps = pgTable('totp_used_steps', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  step: bigint('step', { mode: 'number' }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }).defaultNow().notNull(),
})
