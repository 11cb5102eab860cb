import { describe, expect, it } from 'vitest'
import {
  adminSessionCookie,
  enrolledStaffSession,
  invitedAccountOverHttp,
  sessionCookie,
  strongPassword,
  uniqueIdentity,
  verifiedAccountOverHttp,
} from '../e2e/helpers/accounts'
import { baseURL } from '../e2e/helpers/browser'
import { totpCode, wrongTotpCode } from '../setup/totp'
import { applySetCookies } from '../setup/two-factor-http'

/**
 * Guessing one account's way in from many addresses (finding 8: fifteen wrong passwords from three
 * addresses were all answered, and the right one from a fourth signed in at once), and staff
 * accounts, which reach every client's data, signing in with a password alone.
 */

function postJson(path: string, body: unknown, ip: string, cookie = '') {
  return fetch(`${baseURL()}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: baseURL(),
      'x-forwarded-for': ip,
      ...(cookie ? { cookie } : {}),
    },
    body: JSON.stringify(body),
  })
}

/** Fifteen wrong passwords for `email`, five from each of three addresses: the statuses and the last refusal. */
async function guessFromThreeAddresses(email: string) {
  const addresses = [uniqueIdentity('guess').ip, uniqueIdentity('guess').ip, uniqueIdentity('guess').ip]
  const statuses: number[] = []
  let refusal: { status: number; retryAfter: string | null; body: unknown } | undefined
  for (let i = 0; i < 15; i++) {
    const response = await postJson(
      '/api/auth/sign-in/email',
      { email, password: `wrong-guess-number-${i}` },
      addresses[i % 3] as string,
    )
    statuses.push(response.status)
    const body = await response.json()
    if (response.status === 429) refusal = { status: 429, retryAfter: response.headers.get('retry-after'), body }
  }
  return { statuses, refusal }
}

describe('guessing one account from many addresses', () => {
  it('is refused per account: after a few wrong passwords even the right one waits, whatever the address', async () => {
    const victim = uniqueIdentity('guessed')
    await verifiedAccountOverHttp(victim.email, victim.ip, 'Guessed Account')
    const { statuses, refusal } = await guessFromThreeAddresses(victim.email)
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401])
    expect(statuses.slice(5)).toEqual(Array(10).fill(429))
    expect(Number(refusal?.retryAfter)).toBeGreaterThan(0)
    // A short lock: it cannot keep the owner out for long.
    expect(Number(refusal?.retryAfter)).toBeLessThanOrEqual(30)

    const right = await postJson(
      '/api/auth/sign-in/email',
      { email: victim.email, password: strongPassword },
      uniqueIdentity('fourth').ip,
    )
    expect(right.status).toBe(429)
    expect(right.headers.get('retry-after')).toMatch(/^[1-9]\d*$/)
    expect(right.headers.getSetCookie()).toEqual([])
  })

  it('answers an address without an account exactly the same (no enumeration)', async () => {
    const known = uniqueIdentity('guessed-known')
    await verifiedAccountOverHttp(known.email, known.ip, 'Known Account')
    // Two accounts' counters, from addresses of their own: side by side.
    const [forKnown, forUnknown] = await Promise.all([
      guessFromThreeAddresses(known.email),
      guessFromThreeAddresses(uniqueIdentity('guessed-unknown').email),
    ])
    expect(forUnknown.statuses).toEqual(forKnown.statuses)
    expect(forUnknown.refusal?.body).toEqual(forKnown.refusal?.body)
  })

  it('also limits guessing the second factor after a right password', async () => {
    const admin = await adminSessionCookie(uniqueIdentity('guess-2fa').ip)
    const email = await invitedAccountOverHttp('employee', 'guess-2fa', admin, uniqueIdentity('guess-2fa').ip)
    const { totpSecret } = await enrolledStaffSession(email, uniqueIdentity('guess-2fa').ip)

    const signIn = await postJson(
      '/api/auth/sign-in/email',
      { email, password: strongPassword },
      uniqueIdentity('g').ip,
    )
    expect(await signIn.json()).toMatchObject({ twoFactorRedirect: true })
    const challenge = applySetCookies('', signIn)
    const statuses: number[] = []
    for (let i = 0; i < 5; i++) {
      const answer = await postJson(
        '/api/auth/two-factor/verify-totp',
        { code: wrongTotpCode(totpSecret) },
        uniqueIdentity('g').ip,
        challenge,
      )
      statuses.push(answer.status)
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401])
    const right = await postJson(
      '/api/auth/two-factor/verify-totp',
      { code: totpCode(totpSecret) },
      uniqueIdentity('g').ip,
      challenge,
    )
    expect(right.status).toBe(429)
    expect(right.headers.getSetCookie().filter((c) => c.includes('session_token='))).toEqual([])
  })
})

describe('staff sign-in', () => {
  it('gives an account with a second factor no session for the password alone', async () => {
    const admin = await adminSessionCookie(uniqueIdentity('staff-2fa').ip)
    const email = await invitedAccountOverHttp('employee', 'staff-2fa', admin, uniqueIdentity('staff-2fa').ip)
    await enrolledStaffSession(email, uniqueIdentity('staff-2fa').ip)

    const ip = uniqueIdentity('staff-2fa').ip
    const api = await postJson('/api/auth/sign-in/email', { email, password: strongPassword }, ip)
    expect(await api.json()).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['totp'] })
    const cookie = applySetCookies('', api)
    expect(cookie).not.toContain('session_token')
    const employee = await fetch(`${baseURL()}/employee`, {
      headers: { cookie, 'x-forwarded-for': ip },
      redirect: 'manual',
    })
    expect(employee.headers.get('location')).toBe('/auth?redirectTo=%2Femployee')

    const form = await fetch(`${baseURL()}/auth`, {
      method: 'POST',
      redirect: 'manual',
      headers: { origin: baseURL(), 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': ip },
      body: new URLSearchParams({ intent: 'sign-in', email, password: strongPassword, redirectTo: '/employee' }),
    })
    expect(form.status).toBe(302)
    expect(form.headers.get('location')).toBe('/auth/two-factor?redirectTo=%2Femployee')
    expect(form.headers.getSetCookie().filter((c) => /session_token=[^;]/.test(c))).toEqual([])
  })

  it('sends staff without a second factor to enrol from every staff and client page, on the server', async () => {
    const admin = await adminSessionCookie(uniqueIdentity('staff-enrol').ip)
    const email = await invitedAccountOverHttp('employee', 'staff-enrol', admin, uniqueIdentity('staff-enrol').ip)
    const ip = uniqueIdentity('staff-enrol').ip
    const cookie = await sessionCookie(email, strongPassword, ip)
    const get = (path: string) =>
      fetch(`${baseURL()}${path}`, { headers: { cookie, 'x-forwarded-for': ip }, redirect: 'manual' })
    for (const path of ['/employee', '/billing', '/billing/invoices', '/dashboard']) {
      const response = await get(path)
      expect(response.status, path).toBe(302)
      expect(response.headers.get('location'), path).toBe(`/account/two-factor?redirectTo=${encodeURIComponent(path)}`)
    }
    // Its own account pages stay open: that is where it enrols.
    expect((await get('/account/two-factor')).status).toBe(200)
    expect((await get('/account/settings')).status).toBe(200)

    const enrolled = await enrolledStaffSession(email, uniqueIdentity('staff-enrol').ip)
    const after = await fetch(`${baseURL()}/employee`, {
      headers: { cookie: enrolled.cookie, 'x-forwarded-for': ip },
      redirect: 'manual',
    })
    expect(after.status).toBe(200)
  })
})
