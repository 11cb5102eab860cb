// Staff decisions on accounts (approve, reject, invite) leave one audit_log row each, written in the
// same transaction as the decision: a decision that did not happen leaves none (docs/audit-log.md).
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DomainError } from '../../app/lib/domain-error.ts'
import { reviewAccount } from '../../server/accounts/onboarding.server.ts'
import { auditLog, clientOnboarding } from '../../server/db/schema/index.server.ts'
import { type Harness, signUpVerified, startHarness } from './helpers/accounts.ts'
import { backend } from './helpers/database.ts'

const staff = { userId: 'staff-user-1', email: 'office-manager@portal.test' }

describe(`the audit log of account decisions on ${backend}`, () => {
  let harness: Harness
  const deps = () => ({
    database: harness.accounts.database,
    outbox: harness.accounts.outbox,
    log: harness.accounts.log,
    publicUrl: harness.accounts.config.publicUrl,
  })
  const onboardingOf = async (email: string) => {
    const [row] = await harness.database.db.select().from(clientOnboarding).where(eq(clientOnboarding.email, email))
    if (!row) throw new Error(`no onboarding record for ${email}`)
    return row
  }
  const rowsFor = (subjectId: string) =>
    harness.database.db.select().from(auditLog).where(eq(auditLog.subjectId, subjectId))

  beforeAll(async () => {
    harness = await startHarness()
  })
  afterAll(async () => {
    await harness?.cleanup()
  })

  it('records an approval and a rejection with who decided, once each', async () => {
    await signUpVerified(harness, 'approve-me@example.com')
    await signUpVerified(harness, 'reject-me@example.com')
    const approved = await onboardingOf('approve-me@example.com')
    const rejected = await onboardingOf('reject-me@example.com')
    await reviewAccount(deps(), staff, { onboardingId: approved.id, decision: 'approve', reason: null })
    await reviewAccount(deps(), staff, { onboardingId: rejected.id, decision: 'reject', reason: 'Not a business.' })

    const [approval, ...moreApprovals] = await rowsFor(approved.id)
    expect(moreApprovals).toEqual([])
    expect(approval).toMatchObject({
      actorUserId: staff.userId,
      actorEmail: staff.email,
      action: 'account.approve',
      details: { email: 'approve-me@example.com' },
    })
    const [rejection, ...moreRejections] = await rowsFor(rejected.id)
    expect(moreRejections).toEqual([])
    expect(rejection).toMatchObject({
      action: 'account.reject',
      details: { email: 'reject-me@example.com', reason: 'Not a business.' },
    })
  })

  it('writes nothing for a decision that did not happen (the account was already reviewed)', async () => {
    await signUpVerified(harness, 'twice@example.com')
    const { id } = await onboardingOf('twice@example.com')
    await reviewAccount(deps(), staff, { onboardingId: id, decision: 'approve', reason: null })
    await expect(
      reviewAccount(deps(), staff, { onboardingId: id, decision: 'reject', reason: null }),
    ).rejects.toBeInstanceOf(DomainError)
    expect((await rowsFor(id)).map((row) => row.action)).toEqual(['account.approve'])
  })

  it('records an invitation against the new user, and none when the address is taken', async () => {
    const invite = { name: 'Dana Invited', companyName: 'Invited LLC', phone: null, role: 'client' as const }
    await harness.accounts.invite({ ...invite, email: 'Invited@Example.com' }, staff)
    const rows = await harness.database.db.select().from(auditLog).where(eq(auditLog.action, 'account.invite'))
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      actorEmail: staff.email,
      details: { email: 'invited@example.com', role: 'client' },
    })
    expect(rows[0]?.subjectId).toMatch(/\S/)

    await expect(harness.accounts.invite({ ...invite, email: 'invited@example.com' }, staff)).rejects.toThrow(
      /already exists/,
    )
    expect(await harness.database.db.select().from(auditLog).where(eq(auditLog.action, 'account.invite'))).toHaveLength(
      1,
    )
  })
})
