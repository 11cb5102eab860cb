import { beforeAll, describe, expect, it } from 'vitest'
import {
  adminSessionCookie,
  sessionCookie,
  strongPassword,
  uniqueIdentity,
  verifiedAccountOverHttp,
} from '../e2e/helpers/accounts'
import { baseURL } from '../e2e/helpers/browser'

/**
 * Finding 10: what the server runs on and how much mail waits is staff's business. /healthz stays
 * public and says only whether the server answers; /api/health has the details, for admins only.
 */

const get = (path: string, cookie?: string) =>
  fetch(`${baseURL()}${path}`, {
    headers: { 'x-forwarded-for': uniqueIdentity('health').ip, ...(cookie ? { cookie } : {}) },
  })

/** Anything that names the database or the mail queue. */
const detail = /pglite|postgres|mailPending|database|mail/i

describe('health details', () => {
  const client = uniqueIdentity('health-client')
  let clientCookie: string
  let adminCookie: string

  beforeAll(async () => {
    await verifiedAccountOverHttp(client.email, client.ip, 'Hal Health')
    clientCookie = await sessionCookie(client.email, strongPassword, client.ip)
    adminCookie = await adminSessionCookie(uniqueIdentity('health-admin').ip)
  })

  it('keeps /healthz public and minimal', async () => {
    const response = await get('/healthz')
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ status: 'ok' })
  })

  it('gives an anonymous caller no detail', async () => {
    const response = await get('/api/health')
    expect(response.status).toBe(401)
    expect(await response.text()).not.toMatch(detail)
  })

  it('gives a signed-in client no detail', async () => {
    const response = await get('/api/health', clientCookie)
    expect(response.status).toBe(403)
    expect(await response.text()).not.toMatch(detail)
  })

  it('gives the admin the details', async () => {
    const response = await get('/api/health', adminCookie)
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('private, no-store')
    expect(await response.json()).toMatchObject({ status: 'ok', database: 'pglite', mailPending: expect.any(Number) })
  })
})
