import { createHmac, randomUUID } from 'node:crypto'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { CONSENT_POLICY_VERSION, type ConsentLogEntry } from '../../app/features/consent/policy.ts'
import { DomainError } from '../../app/lib/domain-error.ts'
import { loadConfig } from '../../server/config.server.ts'
import { CONSENT_BODY_LIMIT_BYTES } from '../../server/consent/api.server.ts'
import { consentLogCsvHeader, consentLogCsvResponse, exportConsentLogCsv } from '../../server/consent/export.server.ts'
import { recordConsent } from '../../server/consent/log.server.ts'
import { selectRows, sql } from '../../server/db/client.server.ts'
import { consentRecords } from '../../server/db/schema/index.server.ts'
import { apiOnlyApp } from './helpers/app.ts'
import { backend, openTestDatabase, type TestDatabase } from './helpers/database.ts'

const salt = 'test-salt-0123456789-abcdefghijklmnopqrstuv'
const secrets = { authSecret: 'a'.repeat(43), consentIpSalt: salt }

const entry = (overrides: Partial<ConsentLogEntry> = {}): ConsentLogEntry => ({
  consentId: randomUUID(),
  necessary: true,
  analytics: true,
  marketing: false,
  policyVersion: CONSENT_POLICY_VERSION,
  action: 'save_preferences',
  gpc: false,
  ...overrides,
})

// One database for the whole file: opening and migrating one takes seconds.
let database: TestDatabase
beforeAll(async () => {
  database = await openTestDatabase()
})
afterAll(async () => {
  await database?.cleanup()
})

describe(`POST /api/consent on ${backend}`, () => {
  let app: ReturnType<typeof apiOnlyApp>

  beforeAll(() => {
    // Behind a trusted proxy the client IP comes from X-Forwarded-For, which lets the test choose it.
    app = apiOnlyApp(database, { env: { TRUST_PROXY: 'true' }, secrets })
  })
  beforeEach(async () => {
    await database.db.delete(consentRecords)
  })

  const post = (body: unknown, headers: Record<string, string> = {}) =>
    app.request('/api/consent', {
      method: 'POST',
      body: typeof body === 'string' ? body : JSON.stringify(body),
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '203.0.113.77', ...headers },
    })
  const count = async () => (await database.db.select().from(consentRecords)).length

  it('stores the choice with the time and a salted hash of the IP, never the IP itself', async () => {
    const sent = entry({ analytics: true, marketing: true, action: 'accept_all', gpc: false })
    const before = Date.now()
    const res = await post(sent)
    expect(res.status).toBe(201)
    const answer = (await res.json()) as { id: string; recordedAt: string }
    expect(answer.id).toMatch(/^[0-9a-f-]{36}$/)

    const rows = await database.db.select().from(consentRecords)
    expect(rows).toHaveLength(1)
    const row = rows[0]
    expect(row).toMatchObject({
      id: answer.id,
      consentId: sent.consentId,
      necessary: true,
      analytics: true,
      marketing: true,
      policyVersion: CONSENT_POLICY_VERSION,
      action: 'accept_all',
      gpc: false,
    })
    expect(row?.recordedAt.getTime()).toBeGreaterThanOrEqual(before - 5_000)
    expect(row?.recordedAt.getTime()).toBeLessThanOrEqual(Date.now() + 5_000)
    expect(row?.ipHash).toBe(createHmac('sha256', salt).update('203.0.113.77').digest('hex'))

    // No column anywhere holds the address in clear.
    const raw = await selectRows<Record<string, unknown>>(database.db, sql`select * from consent_records`)
    expect(JSON.stringify(raw)).not.toContain('203.0.113.77')
  })

  it('gives one address one hash, another address another, and another salt another', async () => {
    const id = randomUUID()
    await post(entry({ consentId: id }))
    await post(entry({ consentId: id, marketing: true }))
    await post(entry(), { 'X-Forwarded-For': '198.51.100.9' })
    const other = apiOnlyApp(database, { env: { TRUST_PROXY: 'true' } })
    await other.request('/api/consent', {
      method: 'POST',
      body: JSON.stringify(entry()),
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '203.0.113.77' },
    })
    const hashes = (await database.db.select().from(consentRecords).orderBy(consentRecords.recordedAt)).map(
      (r) => r.ipHash,
    )
    expect(hashes).toHaveLength(4)
    expect(hashes[0]).toBe(hashes[1])
    expect(new Set(hashes).size).toBe(3)
  })

  it('stores no hash when the client address is unknown', async () => {
    const direct = apiOnlyApp(database, { secrets })
    const res = await direct.request('/api/consent', {
      method: 'POST',
      body: JSON.stringify(entry()),
      headers: { 'Content-Type': 'application/json' },
    })
    expect(res.status).toBe(201)
    const [row] = await database.db.select().from(consentRecords)
    expect(row?.ipHash).toBeNull()
  })

  const invalid: { name: string; body: unknown; message: RegExp }[] = [
    {
      name: 'a consent id that is not a UUID',
      body: { ...entry(), consentId: 'abc' },
      message: /consentId: must be a UUID/,
    },
    { name: 'necessary turned off', body: { ...entry(), necessary: false }, message: /necessary: must be true/ },
    { name: 'analytics as text', body: { ...entry(), analytics: 'yes' }, message: /analytics: must be true or false/ },
    {
      name: 'marketing missing',
      body: { ...entry(), marketing: undefined },
      message: /marketing: must be true or false/,
    },
    { name: 'policy version 0', body: { ...entry(), policyVersion: 0 }, message: /policyVersion: must be at least 1/ },
    {
      name: 'a policy version from the future',
      body: { ...entry(), policyVersion: CONSENT_POLICY_VERSION + 1 },
      message: /policyVersion: must be at most/,
    },
    {
      name: 'a fractional version',
      body: { ...entry(), policyVersion: 1.5 },
      message: /policyVersion: must be a whole/,
    },
    { name: 'an unknown action', body: { ...entry(), action: 'maybe' }, message: /action: must be one of accept_all/ },
    { name: 'gpc missing', body: { ...entry(), gpc: undefined }, message: /gpc: must be true or false/ },
    { name: 'an unexpected field', body: { ...entry(), email: 'x@example.com' }, message: /Unrecognized key: "email"/ },
    { name: 'an array', body: [entry()], message: /expected object/ },
    { name: 'null', body: null, message: /expected object/ },
  ]
  for (const { name, body, message } of invalid) {
    it(`refuses ${name} with a 400 naming the field, and stores nothing`, async () => {
      const res = await post(body)
      expect(res.status).toBe(400)
      expect(res.headers.get('content-type')).toMatch(/^application\/json/)
      const { error } = (await res.json()) as { error: string }
      expect(error).toMatch(/^Invalid consent record: /)
      expect(error).toMatch(message)
      expect(await count()).toBe(0)
    })
  }

  it('refuses malformed JSON (400) and other content types (415)', async () => {
    const broken = await post('{"consentId": ')
    expect(broken.status).toBe(400)
    expect(((await broken.json()) as { error: string }).error).toBe('The request body is not valid JSON.')

    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', '']) {
      const res = await app.request('/api/consent', {
        method: 'POST',
        body: JSON.stringify(entry()),
        headers: type ? { 'Content-Type': type } : {},
      })
      expect(res.status, type).toBe(415)
      expect(((await res.json()) as { error: string }).error).toMatch(/as JSON/)
    }
    expect((await post(entry(), { 'Content-Type': 'application/json; charset=utf-8' })).status).toBe(201)
    expect(await count()).toBe(1)
  })

  it(`refuses a body over ${CONSENT_BODY_LIMIT_BYTES} bytes with a JSON 413`, async () => {
    const padded = `${JSON.stringify(entry())}${' '.repeat(CONSENT_BODY_LIMIT_BYTES)}`
    const res = await post(padded, { 'Content-Length': String(Buffer.byteLength(padded)) })
    expect(res.status).toBe(413)
    expect(res.headers.get('content-type')).toMatch(/^application\/json/)
    expect(((await res.json()) as { error: string }).error).toMatch(/too large/)
    expect(await count()).toBe(0)
  })

  it('answers other methods with a JSON 405 and Allow: POST', async () => {
    for (const method of ['GET', 'PUT', 'DELETE', 'PATCH']) {
      const res = await app.request('/api/consent', { method })
      expect(res.status, method).toBe(405)
      expect(res.headers.get('allow')).toBe('POST')
      expect(res.headers.get('content-type')).toMatch(/^application\/json/)
    }
  })
})

describe(`the consent log CSV export on ${backend}`, () => {
  beforeAll(async () => {
    await database.db.delete(consentRecords)
    const at = (iso: string) => new Date(iso)
    const rows = [
      { ...entry({ action: 'reject_non_essential', analytics: false }), at: at('2026-01-31T23:59:59.999Z') },
      { ...entry({ action: 'accept_all', marketing: true }), at: at('2026-02-01T00:00:00.000Z') },
      { ...entry({ gpc: true }), at: at('2026-02-28T12:00:00.000Z') },
      { ...entry(), at: at('2026-03-01T00:00:00.000Z') },
    ]
    for (const { at: recordedAt, ...logged } of rows) {
      const row = await recordConsent(database.db, logged, { clientIp: '192.0.2.1', ipHashSalt: salt })
      await database.db.execute(sql`update consent_records set recorded_at = ${recordedAt} where id = ${row.id}`)
    }
  })

  const lines = (csv: string) => csv.split('\r\n').filter(Boolean)

  it('exports every record, oldest first, under a fixed header', async () => {
    const csv = await exportConsentLogCsv(database.db)
    const [header, ...body] = lines(csv)
    expect(header).toBe(consentLogCsvHeader.join(','))
    expect(header).toBe('recorded_at,consent_id,policy_version,necessary,analytics,marketing,gpc,action,ip_hash')
    expect(body).toHaveLength(4)
    expect(body.map((l) => l.split(',')[0])).toEqual([
      '2026-01-31T23:59:59.999Z',
      '2026-02-01T00:00:00.000Z',
      '2026-02-28T12:00:00.000Z',
      '2026-03-01T00:00:00.000Z',
    ])
    const first = body[0]?.split(',') ?? []
    expect(first.slice(2, 8)).toEqual([
      String(CONSENT_POLICY_VERSION),
      'true',
      'false',
      'false',
      'false',
      'reject_non_essential',
    ])
    expect(first[8]).toBe(createHmac('sha256', salt).update('192.0.2.1').digest('hex'))
    expect(csv).not.toContain('192.0.2.1')
  })

  it('limits the export to a range: from included, to excluded', async () => {
    const csv = await exportConsentLogCsv(database.db, {
      from: new Date('2026-02-01T00:00:00Z'),
      to: new Date('2026-03-01T00:00:00Z'),
    })
    expect(
      lines(csv)
        .slice(1)
        .map((l) => l.split(',')[7]),
    ).toEqual(['accept_all', 'save_preferences'])
    expect(lines(await exportConsentLogCsv(database.db, { from: new Date('2027-01-01T00:00:00Z') }))).toHaveLength(1)
  })

  it('answers the admin download with whole UTC days, a file name and no caching', async () => {
    const res = await consentLogCsvResponse(database.db, { from: '2026-02-01', to: '2026-02-28' })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="consent-log-from-2026-02-01-to-2026-02-28.csv"',
    )
    expect(res.headers.get('cache-control')).toBe('private, no-store')
    expect(lines(await res.text())).toHaveLength(3)

    const all = await consentLogCsvResponse(database.db, {})
    expect(all.headers.get('content-disposition')).toBe('attachment; filename="consent-log.csv"')
    expect(lines(await all.text())).toHaveLength(5)
  })

  it('refuses a bad range with a 400 that says why', async () => {
    for (const query of [{ from: '2026-13-01' }, { to: 'yesterday' }, { from: '2026-03-01', to: '2026-02-01' }]) {
      const res = await consentLogCsvResponse(database.db, query)
      expect(res.status, JSON.stringify(query)).toBe(400)
      expect(((await res.json()) as { error: string }).error).toMatch(/^Invalid export range: /)
    }
  })
})

describe('GTM_ID', () => {
  it('is optional and accepts a container id like GTM-XXXXXXX', () => {
    expect(loadConfig({}).gtmId).toBeUndefined()
    expect(loadConfig({ GTM_ID: '' }).gtmId).toBeUndefined()
    expect(loadConfig({ GTM_ID: 'GTM-AB12CD3' }).gtmId).toBe('GTM-AB12CD3')
  })

  it('stops the boot with one line naming it when malformed', () => {
    for (const value of ['G-AB12CD3', 'gtm-ab12cd3', 'GTM-', 'GTM-AB12CD3"><script>', 'UA-12345-1']) {
      expect(() => loadConfig({ GTM_ID: value }), value).toThrow(DomainError)
      try {
        loadConfig({ GTM_ID: value })
      } catch (error) {
        expect((error as Error).message).toBe(
          `Invalid configuration: GTM_ID=${JSON.stringify(value)} must be a Google Tag Manager container id like GTM-XXXXXXX`,
        )
      }
    }
  })
})

describe('the Content Security Policy and Google Tag Manager', () => {
  const directives = async (app: ReturnType<typeof apiOnlyApp>) => {
    const csp = (await app.request('/healthz')).headers.get('content-security-policy') ?? ''
    return new Map(
      csp
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .filter((parts) => parts[0])
        .map((parts) => [parts[0] as string, parts.slice(1)]),
    )
  }

  it('allows nothing external without GTM_ID', async () => {
    const csp = await directives(apiOnlyApp(database))
    expect(csp.get('script-src')?.filter((s) => !s.startsWith("'nonce-"))).toEqual(["'self'"])
    expect(csp.get('connect-src')).toEqual(["'self'"])
    expect(csp.get('img-src')).toEqual(["'self'", 'data:'])
    expect([...csp.values()].flat().join(' ')).not.toContain('googletagmanager')
  })

  it('allows https://www.googletagmanager.com for scripts, connections and images with GTM_ID', async () => {
    const csp = await directives(apiOnlyApp(database, { env: { GTM_ID: 'GTM-AB12CD3' } }))
    expect(csp.get('script-src')).toContain('https://www.googletagmanager.com')
    expect(csp.get('script-src')?.some((s) => s.startsWith("'nonce-"))).toBe(true)
    expect(csp.get('script-src')).not.toContain("'unsafe-inline'")
    expect(csp.get('connect-src')).toEqual(["'self'", 'https://www.googletagmanager.com'])
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'https://www.googletagmanager.com'])
    expect(csp.get('default-src')).toEqual(["'self'"])
  })
})
