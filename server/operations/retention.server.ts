import fs from 'node:fs'
import path from 'node:path'
import { and, eq, lt, or } from 'drizzle-orm'
import { type RetainedKind, retentionCutoff, retentionPeriods } from '../../app/content/retention.ts'
import { authLifetimes } from '../accounts/auth.server.ts'
import { recordAudit } from '../audit/audit.server.ts'
import type { Db } from '../db/client.server.ts'
import { bookings, consentRecords, session } from '../db/schema/index.server.ts'

/**
 * The retention periods of the privacy page (app/content/retention.ts), enforced: deletes the
 * consultation requests, contact messages and consent records older than their period, the sessions
 * that have ended, and the .eml copies of sent mail in $DATA_DIR/mail. Billing records and the
 * audit log are business records and are never touched here.
 */

/** Who deletes, in the audit log: the server's own job, not a person. */
export const retentionActor = { userId: 'system', email: 'system:retention' } as const

export type RetentionResult = Record<RetainedKind | 'sessions', number>

export async function enforceRetention(deps: { db: Db; dataDir: string; now?: () => Date }): Promise<RetentionResult> {
  const now = deps.now?.() ?? new Date()
  const before = (kind: RetainedKind) => retentionCutoff(now, retentionPeriods[kind].months)
  const sessionStartedBefore = new Date(now.getTime() - authLifetimes.sessionAbsolute * 1000)

  const deleted = await deps.db.transaction(async (tx) => {
    const requests = await tx
      .delete(bookings)
      .where(and(eq(bookings.formType, 'consultation'), lt(bookings.receivedAt, before('consultationRequests'))))
      .returning({ id: bookings.id })
    const messages = await tx
      .delete(bookings)
      .where(and(eq(bookings.formType, 'contact'), lt(bookings.receivedAt, before('contactMessages'))))
      .returning({ id: bookings.id })
    const consents = await tx
      .delete(consentRecords)
      .where(lt(consentRecords.recordedAt, before('consentRecords')))
      .returning({ id: consentRecords.id })
    // Ended: past its idle deadline, or older than the absolute lifetime however active.
    const sessions = await tx
      .delete(session)
      .where(or(lt(session.expiresAt, now), lt(session.createdAt, sessionStartedBefore)))
      .returning({ id: session.id })
    const counts = {
      consultationRequests: requests.length,
      contactMessages: messages.length,
      consentRecords: consents.length,
      sessions: sessions.length,
    }
    // One row per run that deleted something: what a person reading the log needs, no personal data.
    if (Object.values(counts).some((n) => n > 0)) {
      await recordAudit(tx, retentionActor, { action: 'retention.delete', subjectId: 'retention', details: counts })
    }
    return counts
  })

  const mailFiles = await deleteOldMailFiles(path.join(deps.dataDir, 'mail'), before('mailFiles'))
  return { ...deleted, mailFiles }
}

/** Deletes the .eml files last written before `cutoff`; a folder that does not exist (SMTP) has none. */
async function deleteOldMailFiles(dir: string, cutoff: Date): Promise<number> {
  let names: string[]
  try {
    names = await fs.promises.readdir(dir)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0
    throw error
  }
  let count = 0
  for (const name of names.filter((n) => n.endsWith('.eml'))) {
    const file = path.join(dir, name)
    const stat = await fs.promises.stat(file).catch(() => undefined)
    if (!stat?.isFile() || stat.mtime >= cutoff) continue
    await fs.promises.rm(file, { force: true })
    count += 1
  }
  return count
}
