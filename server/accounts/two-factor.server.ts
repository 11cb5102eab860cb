import { and, asc, eq, inArray, or } from 'drizzle-orm'
import { renderSVG } from 'uqr'
import { type AccountRole, accountRoleOf } from '../../app/features/accounts/status.ts'
import { DomainError } from '../../app/lib/domain-error.ts'
import { type AuditActor, recordAudit } from '../audit/audit.server.ts'
import type { Database } from '../db/client.server.ts'
import { clientOnboarding, session, signInThrottle, twoFactor, user } from '../db/schema/index.server.ts'
import type { Logger } from '../log.server.ts'
import type { Outbox } from '../mail/outbox.server.ts'
import type { Auth } from './auth.server.ts'
import { twoFactorResetMail } from './mail.server.ts'

/**
 * Two-factor sign-in (docs/accounts.md, ADR 016): Better Auth's two-factor plugin does the work
 * (secrets, codes, backup codes, the sign-in challenge); this module draws the enrolment QR code,
 * shows backup codes once, and lets an admin remove a person's second factor.
 */

/** The enrolment QR code of an `otpauth://` URI, as an SVG data URL (drawn on the server, no script). */
export function qrCodeDataUrl(uri: string): string {
  const svg = renderSVG(uri, { ecc: 'M', border: 2, pixelSize: 6 })
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`
}

/** The secret of an `otpauth://` URI, in groups of four, for typing into an app by hand. */
export function manualEntryKey(uri: string): string {
  const secret = new URL(uri).searchParams.get('secret') ?? ''
  return secret.match(/.{1,4}/g)?.join(' ') ?? ''
}

/** The account's unused backup codes, read once on the server right after they were made. */
export async function backupCodesOf(auth: Auth, userId: string): Promise<string[]> {
  const result = await auth.api.viewBackupCodes({ body: { userId } })
  return result.backupCodes
}

export type SecondFactorRow = {
  userId: string
  email: string
  name: string
  role: AccountRole
  enabled: boolean
}

/**
 * For the admin page: every account with a second factor, and every staff account (staff without
 * one are listed so admins see who has not enrolled yet), staff first, then by e-mail.
 */
export async function listSecondFactors(db: Database['db']): Promise<SecondFactorRow[]> {
  const rows = await db
    .select({
      userId: user.id,
      email: user.email,
      name: user.name,
      fullName: clientOnboarding.fullName,
      role: clientOnboarding.role,
      enabled: user.twoFactorEnabled,
    })
    .from(user)
    .leftJoin(clientOnboarding, eq(clientOnboarding.email, user.email))
    .where(or(eq(user.twoFactorEnabled, true), inArray(clientOnboarding.role, ['employee', 'admin'])))
    .orderBy(asc(user.email))
    .limit(500)
  const staffFirst = (role: AccountRole) => (role === 'client' ? 1 : 0)
  return rows
    .map((r) => ({
      userId: r.userId,
      email: r.email,
      name: r.fullName || r.name,
      role: accountRoleOf(r.role),
      enabled: r.enabled === true,
    }))
    .sort((a, b) => staffFirst(a.role) - staffFirst(b.role))
}

type ResetDeps = { database: Database; outbox: Outbox; log: Logger; publicUrl: string }

/**
 * An admin removes a person's second factor (a lost phone, used-up backup codes). One transaction:
 * the secret and backup codes go, the account's sessions end (whoever holds one signs in again,
 * and staff enrol again before using staff pages), the person is told by e-mail, and the audit log
 * records who did it. Admins change their own second factor in their account settings.
 */
export async function resetSecondFactor(
  deps: ResetDeps,
  admin: AuditActor,
  userId: string,
): Promise<{ email: string }> {
  if (userId === admin.userId) {
    throw new DomainError('conflict', 'Change your own two-factor sign-in in your account settings.')
  }
  const email = await deps.database.db.transaction(async (tx) => {
    const [person] = await tx
      .update(user)
      .set({ twoFactorEnabled: false })
      .where(eq(user.id, userId))
      .returning({ email: user.email })
    if (!person) throw new DomainError('conflict', 'This account no longer exists. Reload the list.')
    const removed = await tx.delete(twoFactor).where(eq(twoFactor.userId, userId)).returning({ id: twoFactor.id })
    if (removed.length === 0) {
      throw new DomainError('conflict', `${person.email} has no two-factor sign-in to reset. Reload the list.`)
    }
    await tx.delete(session).where(eq(session.userId, userId))
    await tx
      .delete(signInThrottle)
      .where(and(eq(signInThrottle.email, person.email), eq(signInThrottle.factor, 'second_factor')))
    await deps.outbox.enqueue(twoFactorResetMail(person.email, `${deps.publicUrl}/auth`), tx)
    await recordAudit(tx, admin, {
      action: 'account.two_factor_reset',
      subjectId: userId,
      details: { email: person.email },
    })
    return person.email
  })
  deps.log.info({ event: 'account.two_factor_reset', userId, by: admin.email }, 'second factor reset by an admin')
  return { email }
}
