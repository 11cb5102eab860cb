import { sql } from 'drizzle-orm'
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'

/**
 * The audit log of staff actions (ARCHITECTURE.md): one row per change a staff member made, written
 * in the same transaction as the change, so a change that failed leaves no row and a row always
 * means the change happened. Append-only: a trigger refuses UPDATE and DELETE (docs/audit-log.md); read at /admin/audit.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** Better Auth's user id of the staff member; kept as text so a deleted user's rows stay. */
    actorUserId: text('actor_user_id').notNull(),
    /** The staff member's e-mail at the time, readable without a join. */
    actorEmail: text('actor_email').notNull(),
    /** `<area>.<verb>`, e.g. `blog.create`, `blog.publish`, `blog.delete`, `account.approve`, `account.invite`. */
    action: text('action').notNull(),
    /** The id of the thing changed (a blog post, an onboarding record, an invited user). */
    subjectId: text('subject_id').notNull(),
    /**
     * What changed in the words staff search by: the person's e-mail, the document's number and
     * its client, the request's reference and sender (server/audit/subjects.server.ts).
     */
    subjectName: text('subject_name'),
    /** What changed, for a person reading the log (e.g. the slug, title and changed fields). */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    /** The changed fields as they were and as they became, where the action changes a record. */
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
  },
  (table) => [
    index('audit_log_at_idx').on(table.at.desc()),
    index('audit_log_subject_idx').on(table.subjectId),
    index('audit_log_subject_name_idx').using('gin', sql`${table.subjectName} gin_trgm_ops`),
    index('audit_log_action_at_idx').on(table.action, table.at.desc()),
    index('audit_log_actor_at_idx').on(table.actorEmail, table.at.desc()),
  ],
)

export type AuditEntry = typeof auditLog.$inferSelect
export type NewAuditEntry = typeof auditLog.$inferInsert
