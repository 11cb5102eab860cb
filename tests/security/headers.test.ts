import { beforeAll, describe, expect, inject, it } from 'vitest'
import { industryDetails } from '../../app/content/industries'
import { serviceDetails } from '../../app/content/services'
import {
  adminCredentials,
  adminSessionCookie,
  sessionCookie,
  strongPassword,
  uniqueIdentity,
  verifiedAccountOverHttp,
} from '../e2e/helpers/accounts'
import { baseURL } from '../e2e/helpers/browser'
import { signInOverHttp } from '../setup/two-factor-http'

/** One address of each page type, and who must be signed in to see it. */
const pageTypes: ReadonlyArray<{ type: string; path: string; status: number; as?: 'client' | 'admin' }> = [
  { type: 'home', path: '/', status: 200 },
  { type: 'service', path: serviceDetails[0]?.path ?? '', status: 200 },
  { type: 'industry', path: industryDetails[0]?.path ?? '', status: 200 },
  { type: 'book', path: '/book', status: 200 },
  { type: 'offer', path: '/promotional-offer', status: 200 },
  { type: 'privacy', path: '/privacy', status: 200 },
  { type: 'terms', path: '/terms', status: 200 },
  { type: 'location', path: '/it-support-suffern-ny', status: 200 },
  { type: 'auth', path: '/auth', status: 200 },
  { type: 'dashboard', path: '/dashboard', status: 200, as: 'client' },
  { type: 'admin', path: '/admin', status: 200, as: 'admin' },
  { type: 'refused (403)', path: '/admin', status: 403, as: 'client' },
  { type: '404', path: '/404', status: 404 },
  { type: '404 (deep path)', path: '/no/such-page', status: 404 },
  { type: 'unknown town (redirect to /404)', path: '/no-such-town', status: 302 },
]

/** API answers of each kind: success, client errors, and a JSON 404. */
const apiAnswers: ReadonlyArray<{ what: string; path: string; init?: RequestInit; status: number }> = [
  { what: 'health check', path: '/healthz', status: 200 },
  { what: 'health details, signed out (admins only)', path: '/api/health', status: 401 },
  { what: 'unknown endpoint', path: '/api/no-such-endpoint', status: 404 },
  { what: 'profile, signed out', path: '/api/account/profile', status: 401 },
  { what: 'auth session', path: '/api/auth/get-session', status: 200 },
  {
    what: 'intake, invalid',
    path: '/api/process-form',
    init: { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' },
    status: 400,
  },
  {
    what: 'consent, wrong type',
    path: '/api/consent',
    init: { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'x' },
    status: 415,
  },
]

const cookies: { client: string; admin: string } = { client: '', admin: '' }

beforeAll(async () => {
  cookies.admin = await adminSessionCookie(uniqueIdentity('headers').ip)
  // A client awaiting approval is enough to see the dashboard (and be refused /admin).
  const client = uniqueIdentity('headers-client')
  await verifiedAccountOverHttp(client.email, client.ip, 'Header Client')
  cookies.client = await sessionCookie(client.email, strongPassword, uniqueIdentity('headers').ip)
})

function scriptSources(csp: string): string[] {
  const directive = csp
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith('script-src '))
  return directive ? directive.split(/\s+/).slice(1) : []
}

/** The headers every answer of ours carries, whatever it is. */
function expectSecurityHeaders(response: Response, where: string, https = false) {
  const h = response.headers
  const csp = h.get('content-security-policy') ?? ''
  expect(csp, `${where}: CSP`).toMatch(/(^|;\s*)default-src 'self'/)
  expect(csp, `${where}: frame-ancestors`).toMatch(/(^|;\s*)frame-ancestors 'none'/)
  expect(csp, `${where}: object-src`).toMatch(/(^|;\s*)object-src 'none'/)
  expect(csp, `${where}: base-uri`).toMatch(/(^|;\s*)base-uri 'self'/)
  expect(csp, `${where}: form-action`).toMatch(/(^|;\s*)form-action 'self'/)
  const scripts = scriptSources(csp)
  expect(scripts, `${where}: script-src has a nonce`).toContainEqual(
    expect.stringMatching(/^'nonce-[A-Za-z0-9+/=]{16,}'$/),
  )
  expect(scripts, `${where}: script-src`).not.toContain("'unsafe-inline'")
  expect(scripts, `${where}: script-src`).not.toContain("'unsafe-eval'")
  expect(
    scripts.filter((s) => s === '*' || s.endsWith(':')),
    `${where}: no wildcard script sources`,
  ).toEqual([])
  expect(h.get('x-content-type-options'), where).toBe('nosniff')
  expect(h.get('x-frame-options'), where).toBe('DENY')
  expect(h.get('referrer-policy'), where).toBe('strict-origin-when-cross-origin')
  const permissions = h.get('permissions-policy') ?? ''
  for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) {
    expect(permissions, `${where}: Permissions-Policy ${feature}`).toContain(`${feature}=()`)
  }
  expect(h.get('cross-origin-opener-policy'), where).toBe('same-origin')
  expect(h.get('cross-origin-resource-policy'), where).toBe('same-origin')
  if (https) {
    const hsts = h.get('strict-transport-security') ?? ''
    expect(hsts, `${where}: HSTS`).toMatch(/max-age=(\d+)/)
    expect(Number(hsts.match(/max-age=(\d+)/)?.[1]), `${where}: HSTS max-age`).toBeGreaterThanOrEqual(31_536_000)
    expect(hsts).toContain('includeSubDomains')
  } else {
    // HSTS over plain http would be ignored at best; PUBLIC_URL decides (see the https server below).
    expect(h.get('strict-transport-security'), `${where}: no HSTS for an http PUBLIC_URL`).toBeNull()
  }
}

describe('security headers', () => {
  it.each(pageTypes)('are on the $type page ($path)', async ({ path, status, as }) => {
    const response = await fetch(`${baseURL()}${path}`, {
      headers: { 'x-forwarded-for': uniqueIdentity('headers').ip, ...(as ? { cookie: cookies[as] } : {}) },
      redirect: 'manual',
    })
    expect(response.status).toBe(status)
    if (status !== 302) expect(response.headers.get('content-type')).toMatch(/^text\/html/)
    expectSecurityHeaders(response, path)
    // Signed-in pages are never kept by a shared cache.
    if (as) expect(response.headers.get('cache-control') ?? '', `${path}: Cache-Control`).not.toMatch(/public/)
    await response.body?.cancel()
  })

  it.each(apiAnswers)('are on API answers: $what', async ({ path, init, status }) => {
    const response = await fetch(`${baseURL()}${path}`, {
      ...init,
      headers: { 'x-forwarded-for': uniqueIdentity('headers').ip, origin: baseURL(), ...init?.headers },
    })
    expect(response.status).toBe(status)
    expect(response.headers.get('content-type')).toMatch(/^application\/json/)
    expectSecurityHeaders(response, path)
  })

  it('tell browsers not to sniff hashed assets and public files either', async () => {
    const html = await (await fetch(`${baseURL()}/`)).text()
    const asset = html.match(/\/assets\/[^"']+\.js/)?.[0]
    expect(asset).toBeDefined()
    for (const path of [asset, '/robots.txt']) {
      const response = await fetch(`${baseURL()}${path}`)
      expect(response.status, path).toBe(200)
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff')
      await response.body?.cancel()
    }
  })

  it('add HSTS (one year, subdomains) when PUBLIC_URL is https', async () => {
    const server = inject('httpsServer')
    for (const path of ['/', '/auth', '/healthz', '/404']) {
      const response = await fetch(`${server.baseURL}${path}`)
      expectSecurityHeaders(response, `https config ${path}`, true)
      await response.body?.cancel()
    }
  })
})

describe('the Content Security Policy nonce', () => {
  it('is new on every answer and carried by every script of the page, with no inline event handlers', async () => {
    const nonces: string[] = []
    for (const path of ['/', '/', '/book', '/auth']) {
      const response = await fetch(`${baseURL()}${path}`)
      const nonce = scriptSources(response.headers.get('content-security-policy') ?? '')
        .find((s) => s.startsWith("'nonce-"))
        ?.slice(7, -1)
      expect(nonce, path).toBeDefined()
      nonces.push(nonce ?? '')
      const html = await response.text()
      const scripts = html.match(/<script\b[^>]*>/g) ?? []
      expect(scripts.length, `${path}: scripts`).toBeGreaterThan(0)
      for (const tag of scripts) expect(tag, `${path}: ${tag}`).toContain(`nonce="${nonce}"`)
      expect(html, `${path}: inline handlers`).not.toMatch(/<[^>]+\son[a-z]+\s*=/i)
      expect(html, `${path}: javascript: URLs`).not.toMatch(/(href|src|action)\s*=\s*["']?\s*javascript:/i)
    }
    expect(new Set(nonces).size, 'a nonce is never reused').toBe(nonces.length)
  })
})

/** Parses one Set-Cookie header into its name, value and lower-cased attributes. */
function parseCookie(header: string) {
  const [pair = '', ...attributes] = header.split(';').map((p) => p.trim())
  const eq = pair.indexOf('=')
  const flags = new Map<string, string>()
  for (const attribute of attributes) {
    const [key = '', value = ''] = attribute.split('=')
    flags.set(key.toLowerCase(), value)
  }
  return { name: pair.slice(0, eq), value: pair.slice(eq + 1), flags, header }
}

/**
 * Every cookie the server sets along one account's life: sign-in, signed-in pages and APIs, the
 * page form sign-in, and sign-out. `server` is the base URL to talk to, `origin` its PUBLIC_URL.
 */
async function cookiesOfAJourney(server: string, origin: string, totpSecret: string) {
  const { email, password } = adminCredentials()
  const ip = uniqueIdentity('cookies').ip
  const headers = { 'content-type': 'application/json', origin, 'x-forwarded-for': ip }
  const set: string[] = []
  // The password, then the second factor (the admin has one, as staff must).
  const answers: Response[] = []
  const cookie = await signInOverHttp({ baseURL: server, origin }, { email, password, totpSecret }, ip, answers)
  expect(answers.map((a) => a.status)).toEqual([200, 200])
  for (const answer of answers) set.push(...answer.headers.getSetCookie())
  for (const path of ['/dashboard', '/admin', '/api/account/profile', '/api/auth/get-session']) {
    const response = await fetch(`${server}${path}`, { headers: { cookie, 'x-forwarded-for': ip } })
    expect(response.status, path).toBe(200)
    set.push(...response.headers.getSetCookie())
    await response.body?.cancel()
  }
  // The sign-in page's own form (a React Router action calling Better Auth).
  const form = await fetch(`${server}/auth`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin, 'x-forwarded-for': ip },
    body: new URLSearchParams({ intent: 'sign-in', email, password, redirectTo: '/dashboard' }),
  })
  expect(form.status).toBe(302)
  expect(form.headers.get('location')).toBe('/auth/two-factor?redirectTo=%2Fdashboard')
  set.push(...form.headers.getSetCookie())
  const signOut = await fetch(`${server}/api/auth/sign-out`, {
    method: 'POST',
    headers: { ...headers, cookie },
    body: '{}',
  })
  expect(signOut.status).toBe(200)
  set.push(...signOut.headers.getSetCookie())
  return set.map(parseCookie)
}

describe('cookies', () => {
  it('are not set at all for a visitor who does not sign in (consent lives in localStorage)', async () => {
    for (const { path, as } of pageTypes) {
      if (as) continue
      const response = await fetch(`${baseURL()}${path}`)
      expect(response.headers.getSetCookie(), path).toEqual([])
      await response.body?.cancel()
    }
    const consent = await fetch(`${baseURL()}/api/consent`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseURL() },
      body: JSON.stringify({
        consentId: '0b8f6a52-5a3c-4f7e-9d21-6c1e2f3a4b5c',
        necessary: true,
        analytics: false,
        marketing: false,
        policyVersion: 1,
        action: 'reject_non_essential',
        gpc: false,
      }),
    })
    expect(consent.status).toBe(201)
    expect(consent.headers.getSetCookie()).toEqual([])
  })

  it('are HttpOnly, SameSite=Lax, Path=/ and not Secure over an http PUBLIC_URL', async () => {
    const cookies = await cookiesOfAJourney(baseURL(), baseURL(), adminCredentials().totpSecret)
    expect(cookies.map((c) => c.name)).toEqual(expect.arrayContaining(['ramapo.session_token', 'ramapo.two_factor']))
    for (const c of cookies) {
      expect(c.flags.has('httponly'), c.header).toBe(true)
      expect(c.flags.get('samesite')?.toLowerCase(), c.header).toBe('lax')
      expect(c.flags.get('path'), c.header).toBe('/')
      expect(c.flags.has('domain'), `${c.header}: host-only`).toBe(false)
    }
  })

  it('are also Secure, with the __Secure- prefix, when PUBLIC_URL is https', async () => {
    const server = inject('httpsServer')
    const cookies = await cookiesOfAJourney(server.baseURL, server.publicURL, server.adminTotpSecret)
    expect(cookies.map((c) => c.name)).toEqual(
      expect.arrayContaining(['__Secure-ramapo.session_token', '__Secure-ramapo.two_factor']),
    )
    for (const c of cookies) {
      expect(c.name, c.header).toMatch(/^__Secure-/)
      expect(c.flags.has('secure'), c.header).toBe(true)
      expect(c.flags.has('httponly'), c.header).toBe(true)
      expect(c.flags.get('samesite')?.toLowerCase(), c.header).toBe('lax')
      expect(c.flags.get('path'), c.header).toBe('/')
    }
  })
})
