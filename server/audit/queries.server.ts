import { and, count, desc, eq, gte, ilike, lt, or, type SQL } from 'drizzle-orm'
import { fromBusinessLocalInput } from '../../app/lib/business-time.ts'
import type { Db } from '../db/client.server.ts'
import { type AuditEntry, auditLog } from '../db/schema/index.server.ts'

/** The audit log as admins read it at /admin/audit: newest first, filtered, one page at a time. */

export const auditPageSize = 50

export type AuditFilter = {
  /** Part of the actor's e-mail. */
  actor?: string | undefined
  /** An action (`account.role`), or an area (`account.`) for all of its actions. */
  action?: string | undefined
  /** Part of what changed in staff's words (an e-mail, a document's number), or its exact id. */
  subject?: string | undefined
  /** New York dates, inclusive. */
  from?: string | undefined
  to?: string | undefined
  page?: number | undefined
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

function nextDay(date: string): string {
  const d = new Date(`${date}T12:00:00Z`)
  d.setUTCDate(d.getUTCDate() + 1)
  return d.toISOString().slice(0, 10)
}

export function auditConditions(filter: AuditFilter): SQL | undefined {
  const a = auditLog
  const from = filter.from ? fromBusinessLocalInput(`${filter.from}T00:00`) : null
  const to = filter.to ? fromBusinessLocalInput(`${nextDay(filter.to)}T00:00`) : null
  const action = filter.action?.trim()
  const subject = filter.subject?.trim()
  return and(
    filter.actor?.trim() ? ilike(a.actorEmail, likePattern(filter.actor.trim())) : undefined,
    action
      ? action.endsWith('.')
        ? ilike(a.action, `${action.replace(/[\\%_]/g, '\\$&')}%`)
        : eq(a.action, action)
      : undefined,
    subject ? or(eq(a.subjectId, subject), ilike(a.subjectName, likePattern(subject))) : undefined,
    from ? gte(a.at, from) : undefined,
    to ? lt(a.at, to) : undefined,
  )
}

export async function listAudit(
  db: Db,
  filter: AuditFilter,
): Promise<{ items: AuditEntry[]; total: number; page: number; pageCount: number }> {
  const where = auditConditions(filter)
  const page = Math.max(1, filter.page ?? 1)
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(auditPageSize)
      .offset((page - 1) * auditPageSize),
    db.select({ n: count() }).from(auditLog).where(where),
  ])
  const n = total?.n ?? 0
  return { items, total: n, page, pageCount: Math.max(1, Math.ceil(n / auditPageSize)) }
}
