import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm'
import { business } from '../../app/content/business.ts'
import { DomainError } from '../../app/lib/domain-error.ts'
import { type AuditActor, recordAudit } from '../audit/audit.server.ts'
import type { Database, Db } from '../db/client.server.ts'
import { type ClientOnboarding, clientOnboarding, session, user } from '../db/schema/index.server.ts'
import type { Logger } from '../log.server.ts'
import type { Outbox } from '../mail/outbox.server.ts'
import { accountApprovedMail, accountRejectedMail, staffAwaitingApprovalMail } from './mail.server.ts'

/** The business inbox: staff notifications about accounts go here. */
export const staffInbox = business.email

type Deps = { database: Database; outbox: Outbox; log: Logger; publicUrl: string }

export async function findOnboarding(db: Db, email: string): Promise<ClientOnboarding | null> {
  const [row] = await db.select().from(clientOnboarding).where(eq(clientOnboarding.email, email.toLowerCase())).limit(1)
  return row ?? null
}

/**
 * The e-mail address is confirmed: the account now waits for staff approval, and the business
 * inbox hears about it (in the same transaction, so neither happens without the other).
 */
export async function markEmailVerified(deps: Deps, email: string): Promise<void> {
  const address = email.toLowerCase()
  await deps.database.db.transaction(async (tx) => {
    const [moved] = await tx
      .update(clientOnboarding)
      .set({ status: 'pending' })
      .where(and(eq(clientOnboarding.email, address), eq(clientOnboarding.status, 'pending_verification')))
      .returning()
    let waiting = moved
    if (!waiting) {
      // An account without a record (created before the record existed) is pending too.
      ;[waiting] = await tx
        .insert(clientOnboarding)
        .values({ email: address, status: 'pending', role: 'client' })
        .onConflictDoNothing({ target: clientOnboarding.email })
        .returning()
    }
    if (!waiting) return
    await deps.outbox.enqueue(staffAwaitingApprovalMail(staffInbox, waiting, `${deps.publicUrl}/admin`), tx)
    deps.log.info({ event: 'account.email_verified', onboardingId: waiting.id }, 'account awaits approval')
  })
}

export type AwaitingAccount = Pick<
  ClientOnboarding,
  'id' | 'email' | 'fullName' | 'companyName' | 'phone' | 'createdAt' | 'status'
>

/** Accounts whose owners confirmed their e-mail and now wait for a staff decision, oldest first. */
export async function listAwaitingApproval(db: Db): Promise<AwaitingAccount[]> {
  return db
    .select({
      id: clientOnboarding.id,
      email: clientOnboarding.email,
      fullName: clientOnboarding.fullName,
      companyName: clientOnboarding.companyName,
      phone: clientOnboarding.phone,
      createdAt: clientOnboarding.createdAt,
      status: clientOnboarding.status,
    })
    .from(clientOnboarding)
    .where(eq(clientOnboarding.status, 'pending'))
    .orderBy(asc(clientOnboarding.createdAt))
}

export type ReviewDecision = { onboardingId: string; decision: 'approve' | 'reject'; reason: string | null }

/**
 * Staff approve or reject a waiting account. One transaction: the status, the client's e-mail and,
 * on rejection, the end of every session the account has, so it loses access at once.
 */
export async function reviewAccount(
  deps: Deps,
  reviewer: AuditActor,
  input: ReviewDecision,
): Promise<ClientOnboarding> {
  return deps.database.db.transaction(async (tx) => {
    const status = input.decision === 'approve' ? 'approved' : 'rejected'
    const [row] = await tx
      .update(clientOnboarding)
      .set({
        status,
        reviewedBy: reviewer.email,
        reviewedAt: new Date(),
        rejectionReason: input.decision === 'reject' ? input.reason : null,
      })
      .where(
        and(
          eq(clientOnboarding.id, input.onboardingId),
          inArray(clientOnboarding.status, ['pending', 'pending_verification']),
          // Staff accounts are not reviewed here.
          eq(clientOnboarding.role, 'client'),
        ),
      )
      .returning()
    if (!row) throw new DomainError('conflict', 'This account is no longer waiting for approval. Reload the list.')
    if (status === 'rejected') {
      const owners = tx.select({ id: user.id }).from(user).where(eq(user.email, row.email))
      await tx.delete(session).where(inArray(session.userId, owners))
      await deps.outbox.enqueue(accountRejectedMail(row.email, input.reason), tx)
    } else {
      await deps.outbox.enqueue(accountApprovedMail(row.email, `${deps.publicUrl}/dashboard`), tx)
    }
    await recordAudit(tx, reviewer, {
      action: input.decision === 'approve' ? 'account.approve' : 'account.reject',
      subjectId: row.id,
      details: { email: row.email, ...(input.decision === 'reject' ? { reason: input.reason } : {}) },
    })
    deps.log.info(
      { event: `account.${status}`, onboardingId: row.id, reviewer: reviewer.email },
      `account ${status} by staff`,
    )
    return row
  })
}

/** What a disabled account is told when it tries to sign in. */
export const disabledAccountMessage = `This account is disabled. Call ${business.phone} if you think this is a mistake.`

/** Whether an admin has disabled the account of this user id (no session is created or served for it). */
export async function isDisabledUser(db: Db, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: clientOnboarding.id })
    .from(clientOnboarding)
    .innerJoin(user, eq(clientOnboarding.email, sql`lower(${user.email})`))
    .where(and(eq(user.id, userId), isNotNull(clientOnboarding.disabledAt)))
    .limit(1)
  return rows.length > 0
}
