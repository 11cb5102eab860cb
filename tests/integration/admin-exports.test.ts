import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { recordConsent } from '../../server/consent/log.server.ts'
import { Client, type Harness, signIn, signInStaff, signUpVerified, startHarness } from './helpers/accounts.ts'
import { backend } from './helpers/database.ts'

describe(`the consent log export is for admins only, on ${backend}`, () => {
  let harness: Harness

  beforeAll(async () => {
    harness = await startHarness({ env: { ADMIN_EMAIL: 'owner@ramapo.test', ADMIN_PASSWORD: 'owner-secret-phrase-1' } })
    await harness.accounts.seedAdmin()
    await recordConsent(
      harness.database.db,
      {
        consentId: '0d4f6b7e-3c1a-4f7e-9b2a-5c8d1e2f3a4b',
        necessary: true,
        analytics: true,
        marketing: false,
        policyVersion: 1,
        action: 'accept_all',
        gpc: false,
      },
      { clientIp: '192.0.2.10', ipHashSalt: 'salt' },
    )
  })
  afterAll(async () => {
    await harness?.cleanup()
  })

  it('answers 401 to a visitor and 403 to a signed-in client', async () => {
    const anonymous = await new Client(harness).request('/api/admin/consent-log.csv')
    expect(anonymous.status).toBe(401)
    expect(await anonymous.json()).toHaveProperty('error')
    await signUpVerified(harness, 'pat@example.com')
    const client = await signIn(harness, 'pat@example.com')
    const forbidden = await client.request('/api/admin/consent-log.csv')
    expect(forbidden.status).toBe(403)
    expect(await forbidden.text()).not.toContain('0d4f6b7e')
  })

  it('gives an admin the CSV, and refuses other methods', async () => {
    const admin = await signInStaff(harness, 'owner@ramapo.test', 'owner-secret-phrase-1')
    const res = await admin.request('/api/admin/consent-log.csv')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('text/csv')
    expect(res.headers.get('cache-control')).toBe('private, no-store')
    expect(await res.text()).toContain('0d4f6b7e-3c1a-4f7e-9b2a-5c8d1e2f3a4b')
    const bad = await admin.request('/api/admin/consent-log.csv?from=yesterday')
    expect(bad.status).toBe(400)
    const post = await admin.request('/api/admin/consent-log.csv', { json: {} })
    expect(post.status).toBe(405)
  })
})
