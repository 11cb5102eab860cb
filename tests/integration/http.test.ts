import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chooseEncoding } from '../../server/http/accept-encoding.server.ts'
import { BODY_LIMIT_BYTES } from '../../server/http/app.server.ts'
import { IMPORT_BODY_LIMIT_BYTES } from '../../server/locations/import-limits.server.ts'
import { apiOnlyApp } from './helpers/app.ts'
import { backend, openTestDatabase, type TestDatabase } from './helpers/database.ts'

type App = ReturnType<typeof apiOnlyApp>

describe(`HTTP basics of the app on ${backend}`, () => {
  let database: TestDatabase
  let app: App

  beforeAll(async () => {
    database = await openTestDatabase()
    app = apiOnlyApp(database)
  })
  afterAll(async () => {
    await database?.cleanup()
  })

  it('answers an unknown /api/* path with a JSON 404', async () => {
    for (const path of ['/api/does-not-exist', '/api/v1/deeply/nested?x=1', '/api/']) {
      const res = await app.request(path)
      expect(res.status, path).toBe(404)
      expect(res.headers.get('content-type'), path).toMatch(/^application\/json/)
      const body = (await res.json()) as { error: string }
      expect(body.error, path).toEqual(expect.any(String))
    }
    const post = await app.request('/api/nothing-here', { method: 'POST', body: '{}' })
    expect(post.status).toBe(404)
    expect(post.headers.get('content-type')).toMatch(/^application\/json/)
  })

  it('answers a wrong method on a public API endpoint with a JSON 405 and an Allow header', async () => {
    for (const method of ['GET', 'PUT', 'DELETE', 'PATCH']) {
      const res = await app.request('/api/consent', {
        method,
        body: ['GET', 'DELETE'].includes(method) ? undefined : '{}',
      })
      expect(res.status, method).toBe(405)
      expect(res.headers.get('allow'), method).toBe('POST')
      expect(res.headers.get('content-type'), method).toMatch(/^application\/json/)
      expect(((await res.json()) as { error: string }).error).toContain(method)
    }
    expect((await app.request('/healthz')).status).toBe(200)
    const head = await app.request('/healthz', { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(await head.text()).toBe('')
  })

  it('has no health details for anyone without accounts to check who asks (admins only: /api/health)', async () => {
    const res = await app.request('/api/health')
    expect(res.status).toBe(404)
    expect(await res.text()).not.toMatch(/pglite|postgres|mailPending/)
  })

  it('refuses a request body over 100 KB with a JSON 413', async () => {
    expect(BODY_LIMIT_BYTES).toBe(100 * 1024)
    const big = JSON.stringify({ text: 'x'.repeat(BODY_LIMIT_BYTES) })
    const res = await app.request('/api/consent', {
      method: 'POST',
      body: big,
      headers: { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(big)) },
    })
    expect(res.status).toBe(413)
    expect(res.headers.get('content-type')).toMatch(/^application\/json/)
    expect(((await res.json()) as { error: string }).error).toMatch(/too large/i)

    // Up to the limit the request goes through to its route (here: none, a JSON 404).
    const fits = 'y'.repeat(BODY_LIMIT_BYTES)
    const ok = await app.request('/api/no-such-endpoint', {
      method: 'POST',
      body: fits,
      headers: { 'Content-Length': String(fits.length) },
    })
    expect(ok.status).toBe(404)
    expect(ok.headers.get('content-type')).toMatch(/^application\/json/)

    // Without Content-Length (chunked), the body is counted as it arrives.
    const chunk = new TextEncoder().encode('z'.repeat(16 * 1024))
    let chunks = 0
    const streamed = await app.request('/api/no-such-endpoint', {
      method: 'POST',
      body: new ReadableStream<Uint8Array>({
        pull(controller) {
          if (chunks++ * chunk.length > BODY_LIMIT_BYTES) controller.close()
          else controller.enqueue(chunk)
        },
      }),
      duplex: 'half',
    } as RequestInit)
    expect(streamed.status).toBe(413)
    expect(((await streamed.json()) as { error: string }).error).toMatch(/too large/i)
  })

  it('lets the town pages import, and nothing else, take a body up to 5 MB', async () => {
    expect(IMPORT_BODY_LIMIT_BYTES).toBe(5 * 1024 * 1024)
    const post = (path: string, body: BodyInit, headers: Record<string, string> = {}) =>
      app.request(path, { method: 'POST', body, headers, duplex: 'half' } as RequestInit)
    const sized = (bytes: number) => 'x'.repeat(bytes)
    // 120 KB reaches the import's routes (here: no pages are built, so a 404), and no other address.
    for (const path of ['/admin/locations/import', '/admin/locations/import/run']) {
      expect((await post(path, sized(120 * 1024))).status, path).toBe(404)
    }
    for (const path of ['/admin/locations', '/admin/locations/import/run/more', '/admin/locations/import/', '/book']) {
      const res = await post(path, sized(120 * 1024))
      expect(res.status, path).toBe(413)
      expect(((await res.json()) as { error: string }).error, path).toBe('Request body too large: the limit is 100 KB.')
    }
    // Over 5 MB: the import's own message, with the limit and what to do.
    const big = await post('/admin/locations/import/run', sized(IMPORT_BODY_LIMIT_BYTES + 1))
    expect(big.status).toBe(413)
    expect(big.headers.get('content-type')).toMatch(/^application\/json/)
    expect(((await big.json()) as { error: string }).error).toBe(
      'The file is too large: a town pages import takes at most 5 MB per file. Split it into smaller files and import them one after the other.',
    )
    // The same without Content-Length: counted as it arrives.
    const chunk = new TextEncoder().encode('z'.repeat(256 * 1024))
    let sent = 0
    const streamed = await post(
      '/admin/locations/import',
      new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent > IMPORT_BODY_LIMIT_BYTES) return controller.close()
          controller.enqueue(chunk)
          sent += chunk.length
        },
      }),
    )
    expect(streamed.status).toBe(413)
    expect(((await streamed.json()) as { error: string }).error).toMatch(/at most 5 MB/)
  })

  it('sets the security headers, with a fresh CSP nonce and no inline scripts', async () => {
    const nonces = new Set<string>()
    for (const path of ['/healthz', '/api/does-not-exist', '/api/consent']) {
      const res = await app.request(path)
      const csp = res.headers.get('content-security-policy') ?? ''
      const directives = new Map(
        csp
          .split(';')
          .map((d) => d.trim().split(/\s+/))
          .filter((parts) => parts[0])
          .map((parts) => [parts[0] as string, parts.slice(1)]),
      )
      const scriptSrc = directives.get('script-src') ?? []
      const nonce = scriptSrc.find((s) => /^'nonce-[A-Za-z0-9+/=_-]{16,}'$/.test(s))
      expect(nonce, `${path}: ${csp}`).toBeDefined()
      nonces.add(nonce as string)
      expect(scriptSrc).not.toContain("'unsafe-inline'")
      expect(scriptSrc).not.toContain("'unsafe-eval'")
      expect(directives.get('default-src')).toEqual(["'self'"])
      expect(directives.get('frame-ancestors')).toEqual(["'none'"])
      expect(directives.get('object-src')).toEqual(["'none'"])
      expect(res.headers.get('x-content-type-options')).toBe('nosniff')
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
      expect(res.headers.get('x-frame-options')).toBe('DENY')
      const permissions = res.headers.get('permissions-policy') ?? ''
      for (const feature of ['camera', 'microphone', 'geolocation']) expect(permissions).toContain(`${feature}=()`)
      // Plain-HTTP PUBLIC_URL: no HSTS (it would pin browsers to HTTPS on localhost).
      expect(res.headers.get('strict-transport-security')).toBeNull()
      expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
    }
    expect(nonces.size).toBe(3)
  })
})

describe('chooseEncoding (which prebuilt asset file to send)', () => {
  const cases: [string | undefined, 'br' | 'gzip' | undefined][] = [
    [undefined, undefined],
    ['', undefined],
    ['identity', undefined],
    ['gzip', 'gzip'],
    ['br', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['GZIP;q=0.8, BR;q=0.5', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', undefined],
    ['*', 'br'],
    ['*;q=0', undefined],
    ['*, br;q=0', 'gzip'],
    ['deflate', undefined],
  ]
  for (const [header, expected] of cases) {
    it(`${JSON.stringify(header)} → ${expected ?? 'none'}`, () => {
      expect(chooseEncoding(header)).toBe(expected)
    })
  }
})
