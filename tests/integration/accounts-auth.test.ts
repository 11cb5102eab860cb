import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { authRateLimits, CLIENT_IP_HEADER } from '../../server/accounts/auth.server.ts'
import { selectRows, sql } from '../../server/db/client.server.ts'
import { account, clientOnboarding, rateLimit, session, user } from '../../server/db/schema/index.server.ts'
import {
  Client,
  type Harness,
  PUBLIC_URL,
  signIn,
  signUpVerified,
  startHarness,
  strongPassword,
  verificationLink,
} from './helpers/accounts.ts'
import { backend } from './helpers/database.ts'

const signUpBody = (email: string, extra: Record<string, unknown> = {}) => ({
  name: 'Dana Rivera',
  email,
  password: strongPassword,
  companyName: 'Rivera Realty',
  phone: '(845) 555-0199',
  ...extra,
})

describe(`accounts through Better Auth on ${backend}`, () => {
  let harness: Harness

  beforeAll(async () => {
    harness = await startHarness({ env: { ADMIN_EMAIL: 'Owner@Ramapo.test', ADMIN_PASSWORD: 'owner-secret-phrase-1' } })
  })
  afterAll(async () => {
    await harness?.cleanup()
  })

  it('signs up: the user, its onboarding record (pending verification, client) and a one-time link', async () => {
    const client = new Client(harness)
    const response = await client.request('/api/auth/sign-up/email', { json: signUpBody('dana@example.com') })
    expect(response.status).toBe(200)
    // No session before the e-mail is confirmed.
    expect(client.cookies.size).toBe(0)

    const [record] = await harness.database.db
      .select()
      .from(clientOnboarding)
      .where(eq(clientOnboarding.email, 'dana@example.com'))
    expect(record).toMatchObject({
      fullName: 'Dana Rivera',
      companyName: 'Rivera Realty',
      phone: '(845) 555-0199',
      role: 'client',
      status: 'pending_verification',
    })
    const link = await verificationLink(harness, 'dana@example.com')
    expect(link.token).toMatch(/^[A-Za-z0-9]{32}$/)
    const mail = (await harness.mails()).find((m) => m.to.includes('dana@example.com'))
    expect(mail?.text).toContain(`${PUBLIC_URL}/?token=${link.token}&email=dana%40example.com`)
    expect(mail?.text).toContain('expires in 24 hours')
  })

  it('refuses a common password, a missing phone and an overlong name with a 400 and a reason, creating nothing', async () => {
    const client = new Client(harness)
    const common = await client.request('/api/auth/sign-up/email', {
      json: signUpBody('common@example.com', { password: 'Password123' }),
    })
    expect(common.status).toBe(400)
    expect(((await common.json()) as { message: string }).message).toMatch(/too common/)

    const noPhone = await client.request('/api/auth/sign-up/email', {
      json: signUpBody('nophone@example.com', { phone: undefined }),
    })
    expect(noPhone.status).toBe(400)
    expect(((await noPhone.json()) as { message: string }).message).toBe('Phone is required.')

    const longName = await client.request('/api/auth/sign-up/email', {
      json: signUpBody('long@example.com', { name: 'x'.repeat(101) }),
    })
    expect(longName.status).toBe(400)

    const users = await harness.database.db.select().from(user).where(eq(user.email, 'common@example.com'))
    expect(users).toEqual([])
  })

  it('answers a sign-up for a registered e-mail exactly like a new one, and tells the owner instead', async () => {
    await new Client(harness).request('/api/auth/sign-up/email', { json: signUpBody('taken@example.com') })
    const timed = async (email: string) => {
      const started = performance.now()
      const response = await new Client(harness).request('/api/auth/sign-up/email', { json: signUpBody(email) })
      return { response, ms: performance.now() - started }
    }
    const { response: fresh, ms: freshMs } = await timed('brand-new@example.com')
    const { response: again, ms: againMs } = await timed('taken@example.com')
    // Both answer no sooner than the floor, so the time taken says nothing either.
    expect(Math.min(freshMs, againMs)).toBeGreaterThanOrEqual(690)
    expect(again.status).toBe(fresh.status)
    const shape = (body: unknown) => {
      const { user: u, token } = body as { user: Record<string, unknown>; token: unknown }
      return { token, keys: Object.keys(u).sort(), emailVerified: u.emailVerified }
    }
    expect(shape(await again.json())).toEqual(shape(await fresh.json()))
    const owners = (await harness.mails()).filter((m) => m.to.includes('taken@example.com'))
    expect(owners.map((m) => m.subject)).toContain(
      'Someone tried to create a Ramapo IT Services account with your e-mail',
    )
  })

  it('verifies once: pending verification becomes pending, staff hear about it, the link cannot be reused', async () => {
    const client = new Client(harness)
    await client.request('/api/auth/sign-up/email', { json: signUpBody('once@example.com') })
    const before = await client.request('/api/auth/sign-in/email', {
      json: { email: 'once@example.com', password: strongPassword },
    })
    expect(before.status).toBe(403)
    expect(((await before.json()) as { code: string }).code).toBe('EMAIL_NOT_VERIFIED')

    const link = await verificationLink(harness, 'once@example.com')
    const ok = await client.request('/api/auth/email-otp/verify-email', {
      json: { email: link.email, otp: link.token },
    })
    expect(ok.status).toBe(200)
    const [record] = await harness.database.db
      .select()
      .from(clientOnboarding)
      .where(eq(clientOnboarding.email, 'once@example.com'))
    expect(record?.status).toBe('pending')
    const staff = (await harness.mails()).filter((m) => m.subject === 'Account awaiting approval: Dana Rivera')
    expect(staff.at(-1)?.to).toEqual(['hello@ramapo-it.example'])
    expect(staff.at(-1)?.text).toContain('once@example.com')

    const reuse = await client.request('/api/auth/email-otp/verify-email', {
      json: { email: link.email, otp: link.token },
    })
    expect(reuse.status).toBe(400)

    const signedIn = await client.request('/api/auth/sign-in/email', {
      json: { email: 'once@example.com', password: strongPassword },
    })
    expect(signedIn.status).toBe(200)
    const cookie = signedIn.headers.getSetCookie().find((c) => c.startsWith('ramapo.session_token='))
    expect(cookie).toMatch(/HttpOnly/i)
    expect(cookie).toMatch(/SameSite=Lax/i)
    // PUBLIC_URL is http here; over https the cookie is Secure as well.
    expect(cookie).not.toMatch(/Secure/i)
  })

  it('refuses a wrong token for the right e-mail, and a right token for another e-mail', async () => {
    const client = new Client(harness)
    await client.request('/api/auth/sign-up/email', { json: signUpBody('wrong-token@example.com') })
    const link = await verificationLink(harness, 'wrong-token@example.com')
    const bad = await client.request('/api/auth/email-otp/verify-email', {
      json: { email: link.email, otp: 'x'.repeat(32) },
    })
    expect(bad.status).toBe(400)
    const other = await client.request('/api/auth/email-otp/verify-email', {
      json: { email: 'dana@example.com', otp: link.token },
    })
    expect(other.status).toBe(400)
    const good = await client.request('/api/auth/email-otp/verify-email', {
      json: { email: link.email, otp: link.token },
    })
    expect(good.status).toBe(200)
  })

  it('gives the same answer for an unknown e-mail and a wrong password', async () => {
    await signUpVerified(harness, 'known@example.com')
    const unknown = await new Client(harness).request('/api/auth/sign-in/email', {
      json: { email: 'nobody@example.com', password: strongPassword },
    })
    const wrong = await new Client(harness).request('/api/auth/sign-in/email', {
      json: { email: 'known@example.com', password: 'not-the-password-1' },
    })
    expect(unknown.status).toBe(401)
    expect(wrong.status).toBe(401)
    expect(await unknown.json()).toEqual(await wrong.json())

    const resetUnknown = await new Client(harness).request('/api/auth/request-password-reset', {
      json: { email: 'nobody@example.com' },
    })
    const resetKnown = await new Client(harness).request('/api/auth/request-password-reset', {
      json: { email: 'known@example.com' },
    })
    expect(resetUnknown.status).toBe(resetKnown.status)
    expect(await resetUnknown.json()).toEqual(await resetKnown.json())
  })

  it('rate-limits sign-in per client IP in the database (429), whatever IP header the client sends', async () => {
    const attacker = new Client(harness)
    const limit = authRateLimits['/sign-in/email'].max
    const statuses: number[] = []
    for (let i = 0; i <= limit; i++) {
      const response = await attacker.request('/api/auth/sign-in/email', {
        // Each guess names another e-mail address: the per-account lock (accounts-two-factor.test.ts) stays out of it.
        json: { email: `guessed-${i}@example.com`, password: `guess-number-${i}` },
        // A forged copy of the trusted header changes nothing: the server replaces it.
        headers: { [CLIENT_IP_HEADER]: `192.0.2.${i}` },
      })
      statuses.push(response.status)
    }
    expect(statuses.slice(0, limit).every((s) => s === 401)).toBe(true)
    expect(statuses.at(-1)).toBe(429)
    const rows = await harness.database.db.select().from(rateLimit)
    expect(rows.some((r) => r.key === `${attacker.ip}|/sign-in/email`)).toBe(true)

    // Someone else, from another address, is not affected.
    const other = await new Client(harness).request('/api/auth/sign-in/email', {
      json: { email: 'known@example.com', password: strongPassword },
    })
    expect(other.status).toBe(200)
  })

  it('refuses a state-changing request with cookies from a foreign origin', async () => {
    const client = await signIn(harness, 'known@example.com')
    const response = await client.request('/api/auth/sign-out', {
      json: {},
      headers: { origin: 'https://evil.example' },
    })
    expect(response.status).toBe(403)
    const sessions = await selectRows<{ n: number }>(harness.database.db, sql`select count(*)::int as n from session`)
    expect(sessions[0]?.n).toBeGreaterThan(0)
  })

  it('ends the session on the server when signing out', async () => {
    const client = await signIn(harness, 'known@example.com')
    const token = decodeURIComponent(client.cookies.get('ramapo.session_token') ?? '').split('.')[0] ?? ''
    expect(await harness.database.db.select().from(session).where(eq(session.token, token))).toHaveLength(1)
    const out = await client.request('/api/auth/sign-out', { json: {} })
    expect(out.status).toBe(200)
    expect(await harness.database.db.select().from(session).where(eq(session.token, token))).toHaveLength(0)
  })

  it('seeds the admin from ADMIN_EMAIL/ADMIN_PASSWORD once: approved, role admin, password kept afterwards', async () => {
    await harness.accounts.seedAdmin()
    const [record] = await harness.database.db
      .select()
      .from(clientOnboarding)
      .where(eq(clientOnboarding.email, 'owner@ramapo.test'))
    expect(record).toMatchObject({ role: 'admin', status: 'approved' })
    const [owner] = await harness.database.db.select().from(user).where(eq(user.email, 'owner@ramapo.test'))
    const [before] = await harness.database.db
      .select()
      .from(account)
      .where(eq(account.userId, owner?.id ?? ''))
    await harness.accounts.seedAdmin()
    const [after] = await harness.database.db
      .select()
      .from(account)
      .where(eq(account.userId, owner?.id ?? ''))
    expect(after?.password).toBe(before?.password)
    await signIn(harness, 'owner@ramapo.test', 'owner-secret-phrase-1')
  })
})

describe(`an install without ADMIN_EMAIL on ${backend}`, () => {
  it('has no account at all: no default credentials', async () => {
    const harness = await startHarness()
    try {
      await harness.accounts.seedAdmin()
      expect(await harness.database.db.select().from(user)).toEqual([])
      const guess = await new Client(harness).request('/api/auth/sign-in/email', {
        json: { email: 'admin@ramapo-it.example', password: 'admin1234' },
      })
      expect(guess.status).toBe(401)
    } finally {
      await harness.cleanup()
    }
  })
})
