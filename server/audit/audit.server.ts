import type { AuditAction } from '../../app/features/staff/audit-actions.ts'
import type { Db } from '../db/client.server.ts'
import { auditLog } from '../db/schema/index.server.ts'
import { subjectNameOf } from './subjects.server.ts'

/** Who did it: the signed-in staff member. */
export type AuditActor = { userId: string; email: string }

/** A transaction (or the database) a change and its audit row are written through. */
type Writer = Pick<Db, 'insert'>

/**
 * Records one staff action. Call it with the transaction that makes the change, so the row and
 * the change are committed together or not at all.
 */
export async function recordAudit(
  tx: Writer,
  actor: AuditActor,
  entry: {
    /** One of the catalogue's (app/features/staff/audit-actions.ts). */
    action: AuditAction
    subjectId: string
    details: Record<string, unknown>
    /** What the change replaced and what it wrote, for the log's before/after view. */
    before?: Record<string, unknown> | null | undefined
    after?: Record<string, unknown> | null | undefined
  },
): Promise<void> {
  await tx.insert(auditLog).values({
    actorUserId: actor.userId,
    actorEmail: actor.email,
    action: entry.action,
    subjectId: entry.subjectId,
    subjectName: subjectNameOf(entry.action, entry.subjectId, entry.details),
    details: entry.details,
    before: entry.before ?? null,
    after: entry.after ?? null,
  })
}

/**
 * Records many staff actions of one actor in one statement (an import of many rows), in the
 * transaction that makes them: the same rows as one recordAudit call each.
 */
export async function recordAudits(
  tx: Writer,
  actor: AuditActor,
  entries: ReadonlyArray<{ action: AuditAction; subjectId: string; details: Record<string, unknown> }>,
): Promise<void> {
  if (entries.length === 0) return
  await tx.insert(auditLog).values(
    entries.map((entry) => ({
      actorUserId: actor.userId,
      actorEmail: actor.email,
      action: entry.action,
      subjectId: entry.subjectId,
      subjectName: subjectNameOf(entry.action, entry.subjectId, entry.details),
      details: entry.details,
    })),
  )
}
