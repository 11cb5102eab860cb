import { sql } from 'drizzle-orm'
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'

/**
 * Old public addresses that answer 301 to where their page lives now: written when a town page or
 * a blog post changes its slug (server/redirects). Stored collapsed: a target is never itself an
 * old address, so every redirect is one hop; the database refuses a chain or a loop (trigger in
 * migration 0012).
 */
export const redirects = pgTable(
  'redirects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The old address, e.g. /it-support-old-town-ny or /blog/old-slug. */
    fromPath: text('from_path').notNull().unique(),
    toPath: text('to_path').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Repointing older redirects when their target moves again.
    index('redirects_to_path_idx').on(t.toPath),
    check('redirects_not_to_itself', sql`${t.fromPath} <> ${t.toPath}`),
    check('redirects_local_paths', sql`${t.fromPath} ~ '^/[a-z0-9/-]+$' and ${t.toPath} ~ '^/[a-z0-9/-]+$'`),
  ],
)

export type Redirect = typeof redirects.$inferSelect
