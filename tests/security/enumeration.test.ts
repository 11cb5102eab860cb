import { beforeAll, describe, expect, it } from 'vitest'
import { adminCredentials, strongPassword, uniqueIdentity, verifiedAccountOverHttp } from '../e2e/helpers/accounts'
import { baseURL } from '../e2e/helpers/browser'

/** The shape of a JSON value: its keys and their types, recursively (values left out). */
function shape(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(shape)
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => [k, shape(v)]),
    )
  }
  return value === null ? 'null' : typeof value
}

type Answer = { status: number; body: unknown; ms: number }

async function postJson(path: string, body: unknown): Promise<Answer> {
  const started = performance.now()
  const response = await fetch(`${baseURL()}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseURL(), 'x-forwarded-for': uniqueIdentity('enum').ip },
    body: JSON.stringify(body),
  })
  return { status: response.status, body: await response.json(), ms: performance.now() - started }
}

async function postForm(path: string, form: Record<string, string>) {
  const response = await fetch(`${baseURL()}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: baseURL(),
      'x-forwarded-for': uniqueIdentity('enum').ip,
    },
    body: new URLSearchParams(form),
  })
  // The page differs per answer only by its CSP nonce.
  const nonce = response.headers.get('content-security-policy')?.match(/'nonce-([^']+)'/)?.[1] ?? 'no nonce'
  return { status: response.status, text: (await response.text()).replaceAll(nonce, 'NONCE') }
}

const known = uniqueIdentity('enum-known').email
const unknown = () => uniqueIdentity('enum-unknown').email

beforeAll(async () => {
  await verifiedAccountOverHttp(known, uniqueIdentity('enum').ip, 'Known Person')
})

describe('no account enumeration', () => {
  it('answers a sign-up for a registered address exactly like one for a new address', async () => {
    const signUp = (email: string) =>
      postJson('/api/auth/sign-up/email', {
        name: 'Sam Probe',
        email,
        password: strongPassword,
        phone: '(845) 555-0190',
      })
    const [taken, admin, fresh] = await Promise.all([
      signUp(known),
      signUp(adminCredentials().email),
      signUp(unknown()),
    ])
    for (const answer of [taken, admin]) {
      expect(answer.status).toBe(fresh.status)
      expect(shape(answer.body)).toEqual(shape(fresh.body))
      // Not even the verified flag of the existing account shows.
      expect((answer.body as { user: { emailVerified: boolean } }).user.emailVerified).toBe(false)
      // Both take at least the response floor, so the time does not tell either.
      expect(answer.ms).toBeGreaterThanOrEqual(690)
    }
    expect(fresh.ms).toBeGreaterThanOrEqual(690)
  })

  it('answers a sign-in with an unknown address exactly like one with a wrong password', async () => {
    const wrong = await postJson('/api/auth/sign-in/email', { email: known, password: 'not-the-password-1' })
    const nobody = await postJson('/api/auth/sign-in/email', { email: unknown(), password: 'not-the-password-1' })
    expect(wrong.status).toBe(401)
    expect(nobody).toMatchObject({ status: wrong.status, body: wrong.body })
    // The sign-in page says the same in both cases too.
    const page = async (email: string) => {
      const answer = await postForm('/auth', { intent: 'sign-in', email, password: 'not-the-password-1' })
      return { status: answer.status, text: answer.text.replaceAll(email, 'EMAIL') }
    }
    expect(await page(unknown())).toEqual(await page(known))
  })

  it('answers a password reset request and a new-link request the same for known and unknown addresses', async () => {
    for (const path of ['/api/auth/request-password-reset', '/api/auth/send-verification-email']) {
      const [a, b] = await Promise.all([postJson(path, { email: known }), postJson(path, { email: unknown() })])
      expect(a.status, path).toBe(200)
      expect(b, path).toMatchObject({ status: a.status, body: a.body })
      expect(Math.min(a.ms, b.ms), `${path}: response floor`).toBeGreaterThanOrEqual(490)
    }
    const page = async (email: string) => {
      const answer = await postForm('/auth/forgot-password', { email })
      return { status: answer.status, text: answer.text.replaceAll(email, 'EMAIL') }
    }
    expect(await page(unknown())).toEqual(await page(known))
  })
})
