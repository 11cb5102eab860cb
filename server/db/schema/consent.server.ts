import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'

/**
 * The consent log: one row per choice a visitor saved in the cookie banner or dialog, so the
 * business can show what a browser agreed to and when. Anonymous: a random id from the browser and
 * a salted hash of the IP address, never the address itself. docs/consent.md describes it.
 */
export const consentRecords = pgTable(
  'consent_records',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Random id kept in the browser's localStorage; links one browser's choices. */
    consentId: uuid('consent_id').notNull(),
    necessary: boolean('necessary').notNull().default(true),
    analytics: boolean('analytics').notNull(),
    marketing: boolean('marketing').notNull(),
    policyVersion: integer('policy_version').notNull(),
    /** accept_all | reject_non_essential | save_preferences */
    action: text('action').notNull(),
    /** The browser sent Global Privacy Control with this choice. */
    gpc: boolean('gpc').notNull(),
    /** HMAC-SHA256 of the client IP with a secret salt (hex); null when the IP was unknown. */
    ipHash: text('ip_hash'),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('consent_records_consent_id_idx').on(table.consentId),
    index('consent_records_recorded_at_idx').on(table.recordedAt),
  ],
)

export type ConsentRecord = typeof consentRecords.$inferSelect
export type NewConsentRecord = typeof consentRecords.$inferInsert
