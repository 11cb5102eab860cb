import { describe, expect, it } from 'vitest'
import { authRateLimits } from '../../server/accounts/auth.server'
import { strongPassword, uniqueIdentity } from '../e2e/helpers/accounts'
import { baseURL } from '../e2e/helpers/browser'

/** The intake's default limit (INTAKE_RATE_LIMIT, not set for the test server). */
const INTAKE_LIMIT = 10
const INTAKE_WINDOW_SECONDS = 600

function postJson(path: string, body: unknown, ip: string) {
  return fetch(`${baseURL()}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseURL(), 'x-forwarded-for': ip },
    body: JSON.stringify(body),
  })
}

/** Sends `count` requests one after another and returns the statuses and the last answer. */
async function burst(count: number, send: () => Promise<Response>) {
  const statuses: number[] = []
  let last: Response | undefined
  for (let i = 0; i < count; i++) {
    last = await send()
    statuses.push(last.status)
    if (i < count - 1) await last.body?.cancel()
  }
  return { statuses, last: last as Response }
}

async function expectTooMany(response: Response, maxSeconds: number) {
  expect(response.status).toBe(429)
  const retryAfter = Number(response.headers.get('retry-after'))
  expect(Number.isInteger(retryAfter), `Retry-After: ${response.headers.get('retry-after')}`).toBe(true)
  expect(retryAfter).toBeGreaterThan(0)
  expect(retryAfter).toBeLessThanOrEqual(maxSeconds)
  expect(response.headers.get('content-type')).toMatch(/^application\/json/)
  const body = (await response.json()) as { error?: string; message?: string }
  expect(body.error ?? body.message).toMatch(/too many/i)
}

describe('rate limits', () => {
  it(`answer the intake's ${INTAKE_LIMIT + 1}th request in the window with 429 and Retry-After, per sender`, async () => {
    const { ip } = uniqueIdentity('limit-intake')
    // Invalid bodies count as well: probing the validation is not free.
    const { statuses, last } = await burst(INTAKE_LIMIT + 1, () => postJson('/api/process-form', {}, ip))
    expect(statuses.slice(0, INTAKE_LIMIT)).toEqual(Array(INTAKE_LIMIT).fill(400))
    await expectTooMany(last, INTAKE_WINDOW_SECONDS)
    // Another sender is not affected.
    const other = await postJson('/api/process-form', {}, uniqueIdentity('limit-intake').ip)
    expect(other.status).toBe(400)
  })

  const authCases = [
    {
      path: '/sign-in/email',
      body: () => ({ email: 'nobody-limit@example.com', password: 'not-the-password-1' }),
      before: 401,
    },
    {
      path: '/sign-up/email',
      // Refused by validation (no name): counted all the same, and no account is made.
      body: () => ({ email: uniqueIdentity('limit').email, password: strongPassword, phone: '(845) 555-0111' }),
      before: 400,
    },
    { path: '/request-password-reset', body: () => ({ email: 'nobody-limit@example.com' }), before: 200 },
    { path: '/send-verification-email', body: () => ({ email: 'nobody-limit@example.com' }), before: 200 },
    {
      path: '/email-otp/verify-email',
      body: () => ({ email: 'nobody-limit@example.com', otp: 'x'.repeat(32) }),
      before: 400,
    },
  ] as const

  // Each case has its own client IP, so they run side by side (the response floors are mostly waiting).
  it.concurrent.each(authCases)(
    'answer 429 with Retry-After after the limit of $path',
    async ({ path, body, before }) => {
      const rule = authRateLimits[path]
      const { ip } = uniqueIdentity('limit-auth')
      const { statuses, last } = await burst(rule.max + 1, () => postJson(`/api/auth${path}`, body(), ip))
      expect(statuses.slice(0, rule.max)).toEqual(Array(rule.max).fill(before))
      await expectTooMany(last, rule.window)
    },
  )
})
