import { generateId } from 'better-auth'
import { and, asc, count, desc, eq, gt, ilike, inArray, isNotNull, isNull, like, or, type SQL, sql } from 'drizzle-orm'
import type { AccountState } from '../../app/features/accounts/admin-labels.ts'
import { DomainError } from '../../app/lib/domain-error.ts'
import { isUuid } from '../../app/lib/uuid.ts'
import { type AuditActor, recordAudit } from '../audit/audit.server.ts'
import type { Db } from '../db/client.server.ts'
import {
  account,
  auditLog,
  bookings,
  type ClientOnboarding,
  clientOnboarding,
  type OnboardingRole,
  session,
  user,
  verification,
} from '../db/schema/index.server.ts'
import type { Accounts } from './accounts.server.ts'
import { accountLinks, authLifetimes } from './auth.server.ts'
import { inviteMail } from './mail.server.ts'

/**
 * Account administration (admins; docs/staff-workspace.md): the list with search and filters, one
 * account with its history, and the changes: role, disable and re-enable, end sessions, the
 * invitation and the verification e-mail. Each change writes its audit entry in its transaction.
 */

export const accountPageSize = 25

export { type AccountState, accountStates } from '../../app/features/accounts/admin-labels.ts'

export type AccountFilter = {
  q?: string | undefined
  role?: OnboardingRole | undefined
  state?: AccountState | undefined
  sort?: 'created' | 'name' | 'email' | undefined
  dir?: 'asc' | 'desc' | undefined
  page?: number | undefined
}

export type AccountListItem = {
  id: string
  email: string
  fullName: string | null
  companyName: string | null
  role: OnboardingRole
  status: ClientOnboarding['status']
  disabledAt: Date | null
  createdAt: Date
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/** An invited account whose owner has not chosen a password yet: a user without a credential. */
const invitedCondition = sql`exists (select 1 from ${user} u where lower(u.email) = ${clientOnboarding.email}
  and not exists (select 1 from ${account} a where a.user_id = u.id and a.password is not null))`

function stateCondition(state: AccountState): SQL | undefined {
  const o = clientOnboarding
  switch (state) {
    case 'disabled':
      return isNotNull(o.disabledAt)
    case 'unverified':
      return and(eq(o.status, 'pending_verification'), isNull(o.disabledAt))
    case 'pending':
      return and(eq(o.status, 'pending'), isNull(o.disabledAt))
    case 'approved':
      return and(inArray(o.status, ['approved', 'verified']), isNull(o.disabledAt))
    case 'rejected':
      return eq(o.status, 'rejected')
    case 'invited':
      return invitedCondition
  }
}

export async function listAccounts(db: Db, filter: AccountFilter) {
  const o = clientOnboarding
  const q = filter.q?.trim()
  const where = and(
    filter.role ? eq(o.role, filter.role) : undefined,
    filter.state ? stateCondition(filter.state) : undefined,
    q
      ? or(
          ilike(o.email, likePattern(q)),
          ilike(o.fullName, likePattern(q)),
          ilike(o.companyName, likePattern(q)),
          ilike(o.phone, likePattern(q)),
        )
      : undefined,
  )
  const dir = filter.dir === 'asc' ? asc : desc
  const order =
    filter.sort === 'name'
      ? [dir(o.fullName), asc(o.email)]
      : filter.sort === 'email'
        ? [dir(o.email)]
        : [dir(o.createdAt), dir(o.id)]
  const page = Math.max(1, filter.page ?? 1)
  const [items, [total]] = await Promise.all([
    db
      .select({
        id: o.id,
        email: o.email,
        fullName: o.fullName,
        companyName: o.companyName,
        role: o.role,
        status: o.status,
        disabledAt: o.disabledAt,
        createdAt: o.createdAt,
      })
      .from(o)
      .where(where)
      .orderBy(...order)
      .limit(accountPageSize)
      .offset((page - 1) * accountPageSize),
    db.select({ n: count() }).from(o).where(where),
  ])
  const n = total?.n ?? 0
  return {
    items: items as AccountListItem[],
    total: n,
    page,
    pageCount: Math.max(1, Math.ceil(n / accountPageSize)),
  }
}

/** Accounts waiting for an admin: the back office's count for the accounts area. */
/** The accounts waiting for approval, as a query (the back office's navigation reads it with its other counts). */
export function awaitingApprovalCount(db: Db) {
  return db
    .select({ n: count() })
    .from(clientOnboarding)
    .where(and(eq(clientOnboarding.status, 'pending'), isNull(clientOnboarding.disabledAt)))
}

export async function accountDetail(db: Db, id: string) {
  if (!isUuid(id)) return null
  const [record] = await db.select().from(clientOnboarding).where(eq(clientOnboarding.id, id))
  if (!record) return null
  const [person] = await db
    .select({
      id: user.id,
      emailVerified: user.emailVerified,
      twoFactorEnabled: user.twoFactorEnabled,
      createdAt: user.createdAt,
    })
    .from(user)
    .where(eq(sql`lower(${user.email})`, record.email))
  const subjects = [record.id, ...(person ? [person.id] : [])]
  const [sessions, credential, invitation, history, requests] = await Promise.all([
    person
      ? db
          .select({
            id: session.id,
            createdAt: session.createdAt,
            updatedAt: session.updatedAt,
            userAgent: session.userAgent,
          })
          .from(session)
          .where(and(eq(session.userId, person.id), gt(session.expiresAt, new Date())))
          .orderBy(desc(session.updatedAt))
      : Promise.resolve([]),
    person
      ? db
          .select({ id: account.id })
          .from(account)
          .where(and(eq(account.userId, person.id), isNotNull(account.password)))
      : Promise.resolve([]),
    person
      ? db
          .select({ expiresAt: verification.expiresAt })
          .from(verification)
          .where(and(eq(verification.value, person.id), like(verification.identifier, 'reset-password:%')))
          .orderBy(desc(verification.expiresAt))
          .limit(1)
      : Promise.resolve([]),
    db.select().from(auditLog).where(inArray(auditLog.subjectId, subjects)).orderBy(desc(auditLog.at)).limit(100),
    db
      .select({
        id: bookings.id,
        formType: bookings.formType,
        status: bookings.status,
        receivedAt: bookings.receivedAt,
      })
      .from(bookings)
      .where(eq(sql`lower(${bookings.email})`, record.email))
      .orderBy(desc(bookings.receivedAt))
      .limit(50),
  ])
  return {
    record,
    user: person ?? null,
    sessions,
    hasPassword: credential.length > 0,
    invitationExpiresAt: invitation[0]?.expiresAt ?? null,
    history,
    requests,
  }
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

async function lockRecord(tx: Tx, id: string): Promise<ClientOnboarding> {
  if (!isUuid(id)) throw new DomainError('conflict', 'This account does not exist (any more).')
  const [row] = await tx.select().from(clientOnboarding).where(eq(clientOnboarding.id, id)).for('update')
  if (!row) throw new DomainError('conflict', 'This account does not exist (any more).')
  return row
}

/**
 * Locks every admin row, in one order, before the change reads its own row: two admins demoting
 * each other at the same moment then queue here (rather than each holding one row and waiting for
 * the other's, a deadlock), and the second one reads what the first one committed.
 */
async function lockAdmins(tx: Tx): Promise<void> {
  await tx
    .select({ id: clientOnboarding.id })
    .from(clientOnboarding)
    .where(eq(clientOnboarding.role, 'admin'))
    .orderBy(asc(clientOnboarding.id))
    .for('update')
}

/** Refuses a change that would leave no enabled admin (call lockAdmins first, in the same transaction). */
async function keepOneAdmin(tx: Tx, losing: ClientOnboarding): Promise<void> {
  if (losing.role !== 'admin' || losing.disabledAt) return
  const admins = await tx
    .select({ id: clientOnboarding.id })
    .from(clientOnboarding)
    .where(and(eq(clientOnboarding.role, 'admin'), isNull(clientOnboarding.disabledAt)))
  if (admins.filter((a) => a.id !== losing.id).length === 0) {
    throw new DomainError('conflict', 'This is the last admin account. Make another account an admin first.')
  }
}

async function userIdOf(tx: Tx, email: string): Promise<string | null> {
  const [row] = await tx
    .select({ id: user.id })
    .from(user)
    .where(eq(sql`lower(${user.email})`, email))
  return row?.id ?? null
}

export async function changeRole(
  db: Db,
  actor: AuditActor,
  input: { id: string; role: OnboardingRole },
): Promise<ClientOnboarding> {
  return db.transaction(async (tx) => {
    await lockAdmins(tx)
    const before = await lockRecord(tx, input.id)
    if (before.role === input.role) return before
    if (input.role !== 'admin') await keepOneAdmin(tx, before)
    const [after] = await tx
      .update(clientOnboarding)
      .set({ role: input.role })
      .where(eq(clientOnboarding.id, input.id))
      .returning()
    await recordAudit(tx, actor, {
      action: 'account.role',
      subjectId: before.id,
      details: { email: before.email },
      before: { role: before.role },
      after: { role: input.role },
    })
    return after as ClientOnboarding
  })
}

/** Disables (ending every session in the same transaction) or re-enables an account. */
export async function setDisabled(
  db: Db,
  actor: AuditActor,
  input: { id: string; disabled: boolean },
): Promise<ClientOnboarding> {
  return db.transaction(async (tx) => {
    if (input.disabled) await lockAdmins(tx)
    const before = await lockRecord(tx, input.id)
    if (Boolean(before.disabledAt) === input.disabled) return before
    if (input.disabled) {
      if (before.email === actor.email.toLowerCase())
        throw new DomainError('conflict', 'You cannot disable your own account.')
      await keepOneAdmin(tx, before)
    }
    const [after] = await tx
      .update(clientOnboarding)
      .set(
        input.disabled ? { disabledAt: sql`now()`, disabledBy: actor.email } : { disabledAt: null, disabledBy: null },
      )
      .where(eq(clientOnboarding.id, input.id))
      .returning()
    let ended = 0
    if (input.disabled) {
      const userId = await userIdOf(tx, before.email)
      if (userId)
        ended = (await tx.delete(session).where(eq(session.userId, userId)).returning({ id: session.id })).length
    }
    await recordAudit(tx, actor, {
      action: input.disabled ? 'account.disable' : 'account.enable',
      subjectId: before.id,
      details: { email: before.email, ...(input.disabled ? { sessionsEnded: ended } : {}) },
      before: { disabled: Boolean(before.disabledAt) },
      after: { disabled: input.disabled },
    })
    return after as ClientOnboarding
  })
}

export async function endAllSessions(db: Db, actor: AuditActor, input: { id: string }): Promise<number> {
  return db.transaction(async (tx) => {
    const record = await lockRecord(tx, input.id)
    const userId = await userIdOf(tx, record.email)
    const ended = userId
      ? (await tx.delete(session).where(eq(session.userId, userId)).returning({ id: session.id })).length
      : 0
    await recordAudit(tx, actor, {
      action: 'account.end_sessions',
      subjectId: record.id,
      details: { email: record.email, sessionsEnded: ended },
    })
    return ended
  })
}

async function pendingInvitee(tx: Tx, record: ClientOnboarding): Promise<string> {
  const userId = await userIdOf(tx, record.email)
  if (!userId) throw new DomainError('conflict', 'This account has no invitation.')
  const [credential] = await tx
    .select({ id: account.id })
    .from(account)
    .where(and(eq(account.userId, userId), isNotNull(account.password)))
  if (credential) throw new DomainError('conflict', 'The invitation was accepted: this account has a password already.')
  return userId
}

/** A new invitation link (the old one stops working), e-mailed in the same transaction. */
export async function resendInvitation(accounts: Accounts, actor: AuditActor, input: { id: string }): Promise<void> {
  const links = accountLinks(accounts.config.publicUrl)
  await accounts.database.db.transaction(async (tx) => {
    const record = await lockRecord(tx, input.id)
    const userId = await pendingInvitee(tx, record)
    await tx
      .delete(verification)
      .where(and(eq(verification.value, userId), like(verification.identifier, 'reset-password:%')))
    const token = generateId(24)
    await tx.insert(verification).values({
      identifier: `reset-password:${token}`,
      value: userId,
      expiresAt: new Date(Date.now() + authLifetimes.inviteLink * 1000),
    })
    const role = record.role === 'employee' ? 'employee' : 'client'
    await accounts.outbox.enqueue(
      inviteMail(
        record.email,
        record.fullName ?? record.email,
        links.setupAccount(token),
        authLifetimes.inviteLink,
        role,
      ),
      tx,
    )
    await recordAudit(tx, actor, {
      action: 'account.invite_resend',
      subjectId: record.id,
      details: { email: record.email },
    })
  })
}

/** Takes back an invitation nobody accepted: the account, its link and its record are removed. */
export async function revokeInvitation(db: Db, actor: AuditActor, input: { id: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const record = await lockRecord(tx, input.id)
    const userId = await pendingInvitee(tx, record)
    await tx
      .delete(verification)
      .where(and(eq(verification.value, userId), like(verification.identifier, 'reset-password:%')))
    await tx.delete(user).where(eq(user.id, userId))
    await tx.delete(clientOnboarding).where(eq(clientOnboarding.id, record.id))
    await recordAudit(tx, actor, {
      action: 'account.invite_revoke',
      subjectId: record.id,
      details: { email: record.email, role: record.role },
      before: { email: record.email, role: record.role, status: record.status },
      after: null,
    })
  })
}

/** A new verification link for an account that has not confirmed its address. */
export async function resendVerification(accounts: Accounts, actor: AuditActor, input: { id: string }): Promise<void> {
  const db = accounts.database.db
  const [record] = isUuid(input.id)
    ? await db.select().from(clientOnboarding).where(eq(clientOnboarding.id, input.id))
    : []
  if (!record) throw new DomainError('conflict', 'This account does not exist (any more).')
  if (record.status !== 'pending_verification') {
    throw new DomainError('conflict', 'This account has confirmed its e-mail address already.')
  }
  await accounts.auth.api.sendVerificationOTP({ body: { email: record.email, type: 'email-verification' } })
  await db.transaction((tx) =>
    recordAudit(tx, actor, {
      action: 'account.verification_resend',
      subjectId: record.id,
      details: { email: record.email },
    }),
  )
}
