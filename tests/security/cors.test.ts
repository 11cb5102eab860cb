import { describe, expect, it } from 'vitest'
import { uniqueIdentity } from '../e2e/helpers/accounts'
import { baseURL } from '../e2e/helpers/browser'
import { PARTNER_ORIGIN } from './global-setup'

/** Origins that must never be allowed: other sites, look-alikes of ours and of the partner, and `null`. */
const foreignOrigins = () => [
  'https://evil.example',
  'null',
  `${PARTNER_ORIGIN}.evil.example`,
  PARTNER_ORIGIN.replace('https://', 'http://'),
  `${PARTNER_ORIGIN}:8443`,
  baseURL().replace('127.0.0.1', 'localhost'),
  `${baseURL()}.evil.example`,
]

/** Every API, with a request that is valid apart from its Origin. */
const apis: ReadonlyArray<{ path: string; method: string; body?: string }> = [
  { path: '/api/process-form', method: 'POST', body: '{}' },
  { path: '/api/consent', method: 'POST', body: '{}' },
  { path: '/api/health', method: 'GET' },
  { path: '/api/account/profile', method: 'GET' },
  { path: '/api/realtime', method: 'GET' },
  { path: '/api/admin/consent-log.csv', method: 'GET' },
  { path: '/api/auth/get-session', method: 'GET' },
  { path: '/api/auth/sign-in/email', method: 'POST', body: '{"email":"a@example.com","password":"x-long-enough-1"}' },
  { path: '/api/auth/request-password-reset', method: 'POST', body: '{"email":"a@example.com"}' },
]

function corsHeaders(response: Response): Record<string, string> {
  return Object.fromEntries([...response.headers].filter(([name]) => name.startsWith('access-control-')))
}

async function preflight(path: string, origin: string, method = 'POST') {
  const response = await fetch(`${baseURL()}${path}`, {
    method: 'OPTIONS',
    headers: {
      origin,
      'access-control-request-method': method,
      'access-control-request-headers': 'content-type',
      'x-forwarded-for': uniqueIdentity('cors').ip,
    },
  })
  await response.body?.cancel()
  return response
}

async function call(api: (typeof apis)[number], origin: string) {
  const response = await fetch(`${baseURL()}${api.path}`, {
    method: api.method,
    headers: {
      origin,
      'x-forwarded-for': uniqueIdentity('cors').ip,
      ...(api.body ? { 'content-type': 'application/json' } : {}),
    },
    body: api.body,
  })
  await response.body?.cancel()
  return response
}

describe('CORS', () => {
  it('allows the intake API for our own origin and ALLOWED_ORIGINS only, naming the origin (never *)', async () => {
    for (const origin of [baseURL(), PARTNER_ORIGIN]) {
      const response = await preflight('/api/process-form', origin)
      expect(response.status, origin).toBe(204)
      expect(response.headers.get('access-control-allow-origin'), origin).toBe(origin)
      expect(response.headers.get('access-control-allow-methods'), origin).toMatch(/POST/)
      expect(response.headers.get('vary') ?? '', origin).toMatch(/Origin/i)
      const answer = await call({ path: '/api/process-form', method: 'POST', body: '{}' }, origin)
      expect(answer.status, origin).toBe(400)
      expect(answer.headers.get('access-control-allow-origin'), origin).toBe(origin)
    }
  })

  it('gives a foreign origin no CORS header on any API, refuses its preflight, and never allows credentials', async () => {
    const leaks: string[] = []
    for (const origin of foreignOrigins()) {
      await Promise.all(
        apis.map(async (api) => {
          const pre = await preflight(api.path, origin, api.method)
          if (pre.ok || Object.keys(corsHeaders(pre)).length > 0) {
            leaks.push(`OPTIONS ${api.path} from ${origin}: ${pre.status} ${JSON.stringify(corsHeaders(pre))}`)
          }
          const answer = await call(api, origin)
          if (Object.keys(corsHeaders(answer)).length > 0) {
            leaks.push(`${api.method} ${api.path} from ${origin}: ${JSON.stringify(corsHeaders(answer))}`)
          }
        }),
      )
    }
    expect(leaks).toEqual([])
  })

  it('refuses an intake POST from a foreign origin before storing anything (403 JSON)', async () => {
    const response = await fetch(`${baseURL()}/api/process-form`, {
      method: 'POST',
      headers: {
        origin: 'https://evil.example',
        'content-type': 'application/json',
        'x-forwarded-for': uniqueIdentity('cors').ip,
      },
      body: JSON.stringify({
        formType: 'contact',
        firstName: 'Eve',
        lastName: 'Il',
        email: 'eve@example.com',
        message: 'hi',
      }),
    })
    expect(response.status).toBe(403)
    expect(response.headers.get('content-type')).toMatch(/^application\/json/)
    expect(corsHeaders(response)).toEqual({})
  })

  it('gives no API a wildcard or credentialed CORS answer, even for allowed origins', async () => {
    for (const origin of [baseURL(), PARTNER_ORIGIN]) {
      for (const api of apis) {
        const answer = await call(api, origin)
        expect(answer.headers.get('access-control-allow-origin'), `${api.path} ${origin}`).not.toBe('*')
        expect(answer.headers.get('access-control-allow-credentials'), `${api.path} ${origin}`).toBeNull()
        // Only the intake is meant for other sites.
        if (api.path !== '/api/process-form' && origin === PARTNER_ORIGIN) {
          expect(answer.headers.get('access-control-allow-origin'), api.path).toBeNull()
        }
      }
    }
  })
})
