import { describe, expect, it } from 'vitest'
import {
  adminSessionCookie,
  enrolledStaffSession,
  invitedAccountOverHttp,
  strongPassword,
  uniqueIdentity,
} from '../e2e/helpers/accounts'
import { baseURL } from '../e2e/helpers/browser'
import { totpCode, unusedTotpCode } from '../setup/totp'
import { applySetCookies } from '../setup/two-factor-http'

/**
 * Finding 1 of the third probe: one authenticator code opened two sessions, and the previous
 * 30-second step's code worked after the current one. A code's time step is accepted once per
 * account, and only when it is later than the last one used (RFC 6238 §5.2); the record is in the
 * database, written by one compare-and-set, so it holds across processes as between two sessions.
 */

const post = (path: string, body: unknown, ip: string, cookie = '') =>
  fetch(`${baseURL()}/api/auth${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: baseURL(),
      'x-forwarded-for': ip,
      ...(cookie ? { cookie } : {}),
    },
    body: JSON.stringify(body),
  })

/** A password sign-in that stops at the two-factor challenge: its cookie. */
async function challenge(email: string): Promise<string> {
  const signIn = await post('/sign-in/email', { email, password: strongPassword }, uniqueIdentity('replay').ip)
  expect(await signIn.json()).toMatchObject({ twoFactorRedirect: true })
  return applySetCookies('', signIn)
}

/** Whether a cookie jar opens the employees' pages. */
async function reachesStaffPages(jar: string): Promise<boolean> {
  const page = await fetch(`${baseURL()}/employee`, {
    headers: { cookie: jar, 'x-forwarded-for': uniqueIdentity('replay').ip },
    redirect: 'manual',
  })
  return page.status === 200
}

async function enrolledEmployee(label: string) {
  const admin = await adminSessionCookie(uniqueIdentity(label).ip)
  const email = await invitedAccountOverHttp('employee', label, admin, uniqueIdentity(label).ip)
  const { totpSecret } = await enrolledStaffSession(email, uniqueIdentity(label).ip)
  return { email, totpSecret }
}

describe('a TOTP code works once', () => {
  it('opens exactly one of two sign-ins given the same code at once', async () => {
    const { email, totpSecret } = await enrolledEmployee('replay-twice')
    const [first, second] = [await challenge(email), await challenge(email)]
    const code = await unusedTotpCode(totpSecret)
    const answers = await Promise.all(
      [first, second].map((jar) => post('/two-factor/verify-totp', { code }, uniqueIdentity('replay').ip, jar)),
    )
    expect(answers.map((a) => a.status).sort()).toEqual([200, 401])
    const jars = answers.map((answer, i) => applySetCookies(i === 0 ? first : second, answer))
    const opened = await Promise.all(jars.map(reachesStaffPages))
    expect(opened.filter(Boolean)).toHaveLength(1)
    const refused = answers.find((a) => a.status === 401)
    expect(await refused?.json()).toMatchObject({
      code: 'INVALID_CODE',
      message: expect.stringMatching(/used already/),
    })

    // The same code on a third challenge a moment later: refused too.
    const third = await post('/two-factor/verify-totp', { code }, uniqueIdentity('replay').ip, await challenge(email))
    expect(third.status).toBe(401)
  })

  it("refuses the previous step's code once a later one was used", async () => {
    const { email, totpSecret } = await enrolledEmployee('replay-previous')
    const code = await unusedTotpCode(totpSecret)
    const used = await post('/two-factor/verify-totp', { code }, uniqueIdentity('replay').ip, await challenge(email))
    expect(used.status).toBe(200)
    // The step just before the one used: still inside the window the plugin accepts on its own.
    const usedStep = [0, 1]
      .map((ahead) => Math.floor(Date.now() / 30_000) + ahead)
      .find((step) => {
        return totpCode(totpSecret, step * 30_000) === code
      })
    expect(usedStep).toBeDefined()
    const previous = totpCode(totpSecret, ((usedStep ?? 0) - 1) * 30_000)
    const jar = await challenge(email)
    const replay = await post('/two-factor/verify-totp', { code: previous }, uniqueIdentity('replay').ip, jar)
    expect(replay.status).toBe(401)
    expect(await reachesStaffPages(applySetCookies(jar, replay))).toBe(false)
  })
})
