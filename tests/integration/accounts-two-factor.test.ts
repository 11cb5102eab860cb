// Two-factor sign-in (Better Auth's plugin, configured in server/accounts/auth.server.ts), the
// per-account sign-in lock (server/accounts/sign-in-throttle.server.ts) and the admin's reset, on
// the real Hono app and database (docs/accounts.md, ADR 016).
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { business } from '../../app/content/business.ts'
import { DomainError } from '../../app/lib/domain-error.ts'
import { recordFailure, signInThrottlePolicy } from '../../server/accounts/sign-in-throttle.server.ts'
import { resetSecondFactor } from '../../server/accounts/two-factor.server.ts'
import { selectRows, sql } from '../../server/db/client.server.ts'
import { auditLog, session, signInThrottle, twoFactor, user } from '../../server/db/schema/index.server.ts'
import { totpSecretOf, unusedTotpCode, wrongTotpCode } from '../setup/totp.ts'
import {
  Client,
  freshIp,
  type Harness,
  signIn,
  signUpVerified,
  startHarness,
  strongPassword,
} from './helpers/accounts.ts'
import { backend } from './helpers/database.ts'

const admin = { email: 'owner@ramapo.test', password: 'owner-secret-phrase-1' }

type Json = Record<string, unknown>

async function json(response: Response): Promise<Json> {
  return (await response.json()) as Json
}

describe(`two-factor sign-in and per-account sign-in locks on ${backend}`, () => {
  let harness: Harness

  beforeAll(async () => {
    harness = await startHarness({ env: { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password } })
    await harness.accounts.seedAdmin()
  })
  afterAll(async () => {
    await harness?.cleanup()
  })

  const userOf = async (email: string) => {
    const [row] = await harness.database.db.select().from(user).where(eq(user.email, email))
    if (!row) throw new Error(`no user ${email}`)
    return row
  }

  /** Turns two-factor sign-in on for a signed-in client, as the enrolment page does; returns the secret and backup codes. */
  async function enrol(client: Client, password = strongPassword) {
    const enable = await client.request('/api/auth/two-factor/enable', { json: { password } })
    expect(enable.status).toBe(200)
    const { totpURI, backupCodes } = (await enable.json()) as { totpURI: string; backupCodes: string[] }
    const secret = totpSecretOf(totpURI)
    const verify = await client.request('/api/auth/two-factor/verify-totp', {
      json: { code: await unusedTotpCode(secret) },
    })
    expect(verify.status).toBe(200)
    return { totpURI, secret, backupCodes }
  }

  /** A new browser that typed the right password: it holds the two-factor challenge cookie, no session. */
  async function challenged(email: string, password = strongPassword) {
    const client = new Client(harness)
    const response = await client.request('/api/auth/sign-in/email', { json: { email, password } })
    expect(response.status).toBe(200)
    expect(await json(response)).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['totp'] })
    return client
  }

  it('enrols with the password, confirms with a code, then asks every sign-in for a code or a backup code', async () => {
    const email = 'tf-client@example.com'
    await signUpVerified(harness, email)
    const client = await signIn(harness, email)

    const wrongPassword = await client.request('/api/auth/two-factor/enable', { json: { password: 'not-mine-at-all' } })
    expect(wrongPassword.status).toBe(400)

    const enable = await client.request('/api/auth/two-factor/enable', { json: { password: strongPassword } })
    expect(enable.status).toBe(200)
    const { totpURI, backupCodes } = (await enable.json()) as { totpURI: string; backupCodes: string[] }
    const uri = new URL(totpURI)
    expect(uri.protocol).toBe('otpauth:')
    expect(uri.searchParams.get('issuer')).toBe(business.name)
    expect(decodeURIComponent(uri.pathname)).toContain(email)
    expect(backupCodes).toHaveLength(10)
    for (const code of backupCodes) expect(code).toMatch(/^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/)
    // Not on until a code from the app confirms the secret reached it.
    expect((await userOf(email)).twoFactorEnabled).toBe(false)
    const stillPasswordOnly = await new Client(harness).request('/api/auth/sign-in/email', {
      json: { email, password: strongPassword },
    })
    expect((await json(stillPasswordOnly)).token).toEqual(expect.any(String))

    const secret = totpSecretOf(totpURI)
    const wrong = await client.request('/api/auth/two-factor/verify-totp', { json: { code: wrongTotpCode(secret) } })
    expect(wrong.status).toBe(401)
    const right = await client.request('/api/auth/two-factor/verify-totp', {
      json: { code: await unusedTotpCode(secret) },
    })
    expect(right.status).toBe(200)
    expect((await userOf(email)).twoFactorEnabled).toBe(true)
    // The secret is stored encrypted, never as the key the app got.
    const [stored] = await harness.database.db
      .select()
      .from(twoFactor)
      .where(eq(twoFactor.userId, (await userOf(email)).id))
    expect(stored?.secret).not.toContain(secret)
    expect(stored?.backupCodes).not.toContain(backupCodes[0])

    // The right password alone is no longer a session.
    const browser = await challenged(email)
    expect([...browser.cookies.keys()]).toEqual(['ramapo.two_factor'])
    expect(await json(await browser.request('/api/auth/get-session'))).toBeNull()
    expect(
      (await browser.request('/api/auth/two-factor/verify-totp', { json: { code: wrongTotpCode(secret) } })).status,
    ).toBe(401)
    // Asking to trust the browser is ignored: a code is asked at every sign-in.
    const signedIn = await browser.request('/api/auth/two-factor/verify-totp', {
      json: { code: await unusedTotpCode(secret), trustDevice: true },
    })
    expect(signedIn.status).toBe(200)
    expect(browser.cookies.has('ramapo.session_token')).toBe(true)
    expect(browser.cookies.has('ramapo.trust_device')).toBe(false)
    expect(await json(await browser.request('/api/auth/get-session'))).toMatchObject({ user: { email } })

    // A backup code works once.
    const [firstCode] = backupCodes
    const withBackup = await challenged(email)
    expect(
      (await withBackup.request('/api/auth/two-factor/verify-backup-code', { json: { code: firstCode } })).status,
    ).toBe(200)
    const again = await challenged(email)
    expect((await again.request('/api/auth/two-factor/verify-backup-code', { json: { code: firstCode } })).status).toBe(
      401,
    )
  })

  it('offers no codes by e-mail and no second look at the secret', async () => {
    const client = new Client(harness)
    for (const path of ['/two-factor/send-otp', '/two-factor/verify-otp', '/two-factor/get-totp-uri']) {
      const response = await client.request(`/api/auth${path}`, { json: { password: strongPassword, code: '123456' } })
      expect(response.status, path).toBe(404)
    }
  })

  it('locks an account after failed passwords from many addresses, alike for an unknown address, and unlocks on time', async () => {
    const email = 'tf-locked@example.com'
    await signUpVerified(harness, email)
    const attempt = (address: string, password: string, ip: string) =>
      new Client(harness, ip).request('/api/auth/sign-in/email', { json: { email: address, password } })

    const answers = async (address: string) => {
      const ips = [freshIp(), freshIp(), freshIp()]
      const statuses: number[] = []
      let locked: Response | undefined
      // 15 wrong passwords, five from each of three addresses (each within its per-address limit).
      for (let i = 0; i < 15; i++) {
        const response = await attempt(address, `wrong-password-${i}`, ips[i % 3] as string)
        statuses.push(response.status)
        if (response.status === 429) locked = response
        else await response.body?.cancel()
      }
      return { statuses, locked: locked as Response }
    }
    const known = await answers(email)
    const unknown = await answers('nobody-here@example.com')
    const free = signInThrottlePolicy.freeFailures + 1
    expect(known.statuses).toEqual([...Array(free).fill(401), ...Array(15 - free).fill(429)])
    expect(unknown.statuses).toEqual(known.statuses)
    const knownBody = await json(known.locked)
    expect(knownBody).toEqual(await json(unknown.locked))
    expect(knownBody.code).toBe('TOO_MANY_FAILED_SIGN_INS')
    const retryAfter = Number(known.locked.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(signInThrottlePolicy.firstLockSeconds)

    // The right password from a fourth address waits as well.
    const right = await attempt(email.toUpperCase(), strongPassword, freshIp())
    expect(right.status).toBe(429)
    expect(right.headers.get('retry-after')).toMatch(/^\d+$/)

    // When the lock is over, the right password signs in and the count starts again.
    await harness.database.db
      .update(signInThrottle)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(signInThrottle.email, email))
    expect((await attempt(email, strongPassword, freshIp())).status).toBe(200)
    expect(await harness.database.db.select().from(signInThrottle).where(eq(signInThrottle.email, email))).toEqual([])
  })

  it('doubles the lock from 30 s up to 15 minutes, and forgets a count with no failure for a day', async () => {
    const email = 'tf-backoff@example.com'
    const locks: number[] = []
    for (let i = 0; i < 12; i++)
      locks.push((await recordFailure(harness.database.db, email, 'password')).retryAfterSeconds)
    expect(locks).toEqual([0, 0, 0, 0, 30, 60, 120, 240, 480, 900, 900, 900])

    await harness.database.db
      .update(signInThrottle)
      .set({ lastFailureAt: new Date(Date.now() - 25 * 60 * 60 * 1000) })
      .where(eq(signInThrottle.email, email))
    expect(await recordFailure(harness.database.db, email, 'password')).toEqual({ failures: 1, retryAfterSeconds: 0 })
  })

  it('locks the second factor of an account after wrong codes, without locking its password', async () => {
    const email = 'tf-codes@example.com'
    await signUpVerified(harness, email)
    const { secret } = await enrol(await signIn(harness, email))

    const browser = await challenged(email)
    const statuses: number[] = []
    for (let i = 0; i < signInThrottlePolicy.freeFailures + 1; i++) {
      // Each try from another address: the lock is the account's, not the connection's.
      const from = new Client(harness)
      for (const [name, value] of browser.cookies) from.cookies.set(name, value)
      statuses.push(
        (await from.request('/api/auth/two-factor/verify-totp', { json: { code: wrongTotpCode(secret) } })).status,
      )
    }
    expect(statuses).toEqual(Array(signInThrottlePolicy.freeFailures + 1).fill(401))
    // One unused code for both tries: the lock is checked before the code is taken, so the code
    // refused here is still unused when the lock is over. (A third step of this secret would wait
    // up to 30 s for the clock.)
    const code = await unusedTotpCode(secret)
    const right = await browser.request('/api/auth/two-factor/verify-totp', { json: { code } })
    expect(right.status).toBe(429)
    expect((await json(right)).code).toBe('TOO_MANY_FAILED_SIGN_INS')
    const [row] = await harness.database.db
      .select()
      .from(signInThrottle)
      .where(and(eq(signInThrottle.email, email), eq(signInThrottle.factor, 'second_factor')))
    expect(row?.failures).toBe(signInThrottlePolicy.freeFailures + 1)

    // The password still opens the challenge; the code waits for the lock to end.
    await challenged(email)
    await harness.database.db
      .update(signInThrottle)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(signInThrottle.email, email))
    const later = await challenged(email)
    expect((await later.request('/api/auth/two-factor/verify-totp', { json: { code } })).status).toBe(200)
  })

  it('keeps a staff account without a second factor out of the staff API until it enrols', async () => {
    const staff = await signIn(harness, admin.email, admin.password)
    const refused = await staff.request('/api/admin/consent-log.csv')
    expect(refused.status).toBe(403)
    expect(await json(refused)).toEqual({ error: 'Set up two-factor sign-in first, in your account settings.' })
    // Its own session's endpoints still answer (the enrolment page needs them).
    expect((await staff.request('/api/account/profile')).status).toBe(200)

    await enrol(staff, admin.password)
    expect((await staff.request('/api/admin/consent-log.csv')).status).toBe(200)
  })

  it('lets an admin reset a second factor: sessions end, the person is e-mailed and the audit log says who', async () => {
    const email = 'tf-reset@example.com'
    await signUpVerified(harness, email)
    await enrol(await signIn(harness, email))
    const person = await userOf(email)
    const owner = await userOf(admin.email)
    const actor = { userId: owner.id, email: owner.email }
    const deps = {
      database: harness.accounts.database,
      outbox: harness.accounts.outbox,
      log: harness.accounts.log,
      publicUrl: harness.accounts.config.publicUrl,
    }
    expect(await harness.database.db.select().from(session).where(eq(session.userId, person.id))).not.toEqual([])

    expect(await resetSecondFactor(deps, actor, person.id)).toEqual({ email })
    expect((await userOf(email)).twoFactorEnabled).toBe(false)
    expect(await harness.database.db.select().from(twoFactor).where(eq(twoFactor.userId, person.id))).toEqual([])
    expect(await harness.database.db.select().from(session).where(eq(session.userId, person.id))).toEqual([])
    const audit = await harness.database.db.select().from(auditLog).where(eq(auditLog.subjectId, person.id))
    expect(audit).toMatchObject([
      { action: 'account.two_factor_reset', actorUserId: owner.id, actorEmail: admin.email, details: { email } },
    ])
    const mail = (await harness.mails()).filter(
      (m) => m.to.includes(email) && /two-factor sign-in was reset/.test(m.subject),
    )
    expect(mail).toHaveLength(1)
    // The password alone signs in again.
    const direct = await new Client(harness).request('/api/auth/sign-in/email', {
      json: { email, password: strongPassword },
    })
    expect((await json(direct)).token).toEqual(expect.any(String))

    // Nothing to reset, or one's own: refused, and nothing is recorded.
    await expect(resetSecondFactor(deps, actor, person.id)).rejects.toThrow(DomainError)
    await expect(resetSecondFactor(deps, actor, owner.id)).rejects.toThrow(/your own/)
    const rows = await selectRows<{ n: number }>(
      harness.database.db,
      sql`select count(*)::int as n from audit_log where action = 'account.two_factor_reset'`,
    )
    expect(rows[0]?.n).toBe(1)
    expect((await userOf(email)).twoFactorEnabled).toBe(false)
  })
})
