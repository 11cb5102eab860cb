import { count, desc, or, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../db/client.server.ts'
import { type AuditEntry, auditLog } from '../db/schema/index.server.ts'
import { checkId, organisationGone } from './rules.server.ts'

/**
 * An organisation's history for staff (/employee/clients/:id): the audit log's entries about the
 * organisation itself, its people (their accounts, invitations and second factors), and its billing
 * documents, contracts and requests; newest first, one page at a time. The people are those in it
 * now: a person who left takes their own entries along (the organisation's entries still say they
 * left).
 */

export const historyPageSize = 20

export type HistoryEntry = Pick<
  AuditEntry,
  'id' | 'at' | 'actorEmail' | 'action' | 'subjectName' | 'details' | 'before' | 'after'
>

/** The ids an entry about this organisation names as its subject (audit_log.subject_id is text). */
function aboutOrganisation(id: string): SQL {
  const subject = auditLog.subjectId
  return or(
    sql`${subject} = ${id}`,
    sql`${subject} in (select m.person_id::text from organisation_members m where m.organisation_id = ${id}::uuid)`,
    sql`${subject} in (select u.id::text from "user" u
      join client_onboarding o on o.email = lower(u.email)
      join organisation_members m on m.person_id = o.id
      where m.organisation_id = ${id}::uuid)`,
    sql`${subject} in (select d.id::text from billing_documents d where d.organisation_id = ${id}::uuid)`,
    sql`${subject} in (select c.id::text from contracts c where c.organisation_id = ${id}::uuid)`,
    sql`${subject} in (select b.id::text from bookings b where b.organisation_id = ${id}::uuid)`,
  ) as SQL
}

export async function organisationHistory(
  db: Db,
  organisationId: string,
  requestedPage = 1,
): Promise<{ items: HistoryEntry[]; total: number; page: number; pageCount: number }> {
  const id = checkId(organisationId, organisationGone)
  const where = aboutOrganisation(id)
  const [totalRow] = await db.select({ n: count() }).from(auditLog).where(where)
  const total = totalRow?.n ?? 0
  const pageCount = Math.max(1, Math.ceil(total / historyPageSize))
  const page = Math.min(Math.max(1, requestedPage), pageCount)
  const items = await db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      actorEmail: auditLog.actorEmail,
      action: auditLog.action,
      subjectName: auditLog.subjectName,
      details: auditLog.details,
      before: auditLog.before,
      after: auditLog.after,
    })
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(historyPageSize)
    .offset((page - 1) * historyPageSize)
  return { items, total, page, pageCount }
}
