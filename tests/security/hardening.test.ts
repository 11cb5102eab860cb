import fs from 'node:fs'
import path from 'node:path'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { sessionCookie, strongPassword, uniqueIdentity, verifiedAccountOverHttp } from '../e2e/helpers/accounts'
import { baseURL } from '../e2e/helpers/browser'
import { parseMessage } from '../integration/helpers/mail'
import { redirectBypasses } from './helpers/redirect-bypasses'

/** Regression tests for what an outside probe of a fresh instance found (docs/security.md, "Hardening"). */

const fromNewAddress = (headers: Record<string, string> = {}) => ({
  'x-forwarded-for': uniqueIdentity('hardening').ip,
  ...headers,
})

describe('after signing in, the visitor returns only to a page of this site', () => {
  let cookie: string
  const account = uniqueIdentity('redirect-owner')
  beforeAll(async () => {
    await verifiedAccountOverHttp(account.email, account.ip, 'Rhoda Redirect')
    cookie = await sessionCookie(account.email, strongPassword, account.ip)
  })

  it('answers every known bypass, signed in, with a redirect home to this site (never a 500)', async () => {
    const wrong: string[] = []
    for (const value of redirectBypasses) {
      const response = await fetch(`${baseURL()}/auth?redirectTo=${encodeURIComponent(value)}`, {
        headers: fromNewAddress({ cookie }),
        redirect: 'manual',
      })
      const location = response.headers.get('location') ?? ''
      const target = new URL(location, baseURL())
      if (response.status !== 302 || target.origin !== new URL(baseURL()).origin || location !== '/portal') {
        wrong.push(`${JSON.stringify(value)} → ${response.status} ${location}`)
      }
    }
    expect(wrong).toEqual([])
  })

  it('drops a bypass that rides the sign-in form', async () => {
    for (const value of redirectBypasses.slice(0, 8)) {
      const response = await fetch(`${baseURL()}/auth`, {
        method: 'POST',
        redirect: 'manual',
        headers: fromNewAddress({ origin: baseURL(), 'content-type': 'application/x-www-form-urlencoded' }),
        body: new URLSearchParams({
          intent: 'sign-in',
          email: account.email,
          password: strongPassword,
          redirectTo: value,
        }),
      })
      expect(response.status, JSON.stringify(value)).toBe(302)
      expect(response.headers.get('location'), JSON.stringify(value)).toBe('/portal')
    }
  })
})

/** Every reset link sent to `to`, oldest first, from the server's mail folder. */
function resetLinks(to: string): string[] {
  const dir = path.join(inject('dataDir'), 'mail')
  return fs
    .readdirSync(dir)
    .filter((file) => file.endsWith('.eml'))
    .map((file) => ({ file, mtime: fs.statSync(path.join(dir, file)).mtimeMs }))
    .sort((a, b) => a.mtime - b.mtime)
    .map(({ file }) => parseMessage(fs.readFileSync(path.join(dir, file), 'utf8')))
    .filter((m) => (m.headers.get('to') ?? '').includes(to) && /Reset your/.test(m.headers.get('subject') ?? ''))
    .flatMap((m) => m.text.match(/reset-password\?token=([A-Za-z0-9_-]+)/)?.[1] ?? [])
}

async function waitForResetLinks(to: string, count: number): Promise<string[]> {
  await expect.poll(() => resetLinks(to).length, { timeout: 20_000 }).toBeGreaterThanOrEqual(count)
  return resetLinks(to)
}

const json = (body: unknown, headers: Record<string, string> = {}) => ({
  method: 'POST',
  headers: fromNewAddress({ origin: baseURL(), 'content-type': 'application/json', ...headers }),
  body: JSON.stringify(body),
})

describe('a password change or reset ends every outstanding reset link', () => {
  it('refuses the four older links after the newest one reset the password', async () => {
    const who = uniqueIdentity('five-resets')
    await verifiedAccountOverHttp(who.email, who.ip, 'Fay Fivelinks')
    for (let i = 0; i < 5; i++) {
      const asked = await fetch(`${baseURL()}/api/auth/request-password-reset`, json({ email: who.email }))
      expect(asked.status).toBe(200)
    }
    const tokens = await waitForResetLinks(who.email, 5)
    const newest = await fetch(
      `${baseURL()}/api/auth/reset-password`,
      json({ token: tokens.at(-1), newPassword: 'amber-harbour-lights-77' }),
    )
    expect(newest.status).toBe(200)
    for (const token of tokens.slice(0, -1)) {
      const older = await fetch(
        `${baseURL()}/api/auth/reset-password`,
        json({ token, newPassword: 'someone-elses-choice-88' }),
      )
      expect(older.status).toBe(400)
    }
  })

  it('refuses a link asked for before the password was changed in account settings', async () => {
    const who = uniqueIdentity('reset-then-change')
    await verifiedAccountOverHttp(who.email, who.ip, 'Cal Changer')
    await fetch(`${baseURL()}/api/auth/request-password-reset`, json({ email: who.email }))
    const [token] = await waitForResetLinks(who.email, 1)
    const cookie = await sessionCookie(who.email, strongPassword, who.ip)
    const changed = await fetch(
      `${baseURL()}/api/auth/change-password`,
      json({ currentPassword: strongPassword, newPassword: 'quiet-meadow-stones-31' }, { cookie }),
    )
    expect(changed.status).toBe(200)
    const late = await fetch(`${baseURL()}/api/auth/reset-password`, json({ token, newPassword: 'a-thiefs-choice-99' }))
    expect(late.status).toBe(400)
  })
})
