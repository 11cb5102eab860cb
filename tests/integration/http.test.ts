import zlib from 'node:zlib'
import { Hono } from 'hono'
import { streamSSE } from 'hono/streaming'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BODY_LIMIT_BYTES } from '../../server/http/app.server.ts'
import { bodyLimit } from '../../server/http/body-limit.server.ts'
import { chooseEncoding, compress } from '../../server/http/compress.server.ts'
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

  it('answers a wrong method on /api/health with a JSON 405 and an Allow header', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      const res = await app.request('/api/health', { method, body: method === 'DELETE' ? undefined : '{}' })
      expect(res.status, method).toBe(405)
      expect(res.headers.get('allow'), method).toBe('GET, HEAD')
      expect(res.headers.get('content-type'), method).toMatch(/^application\/json/)
      expect(((await res.json()) as { error: string }).error).toContain(method)
    }
    expect((await app.request('/api/health')).status).toBe(200)
    const head = await app.request('/api/health', { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(await head.text()).toBe('')
  })

  it('refuses a request body over 100 KB with a JSON 413', async () => {
    expect(BODY_LIMIT_BYTES).toBe(100 * 1024)
    const big = JSON.stringify({ text: 'x'.repeat(BODY_LIMIT_BYTES) })
    const res = await app.request('/api/health', {
      method: 'POST',
      body: big,
      headers: { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(big)) },
    })
    expect(res.status).toBe(413)
    expect(res.headers.get('content-type')).toMatch(/^application\/json/)
    expect(((await res.json()) as { error: string }).error).toMatch(/too large/i)

    // Up to the limit the request goes through to its route.
    const fits = 'y'.repeat(BODY_LIMIT_BYTES)
    const ok = await app.request('/api/health', {
      method: 'POST',
      body: fits,
      headers: { 'Content-Length': String(fits.length) },
    })
    expect(ok.status).toBe(405)
  })

  it('sets the security headers, with a fresh CSP nonce and no inline scripts', async () => {
    const nonces = new Set<string>()
    for (const path of ['/healthz', '/api/does-not-exist', '/api/health']) {
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

describe('chooseEncoding', () => {
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

describe('compress middleware', () => {
  const bigJson = { items: Array.from({ length: 500 }, (_, i) => ({ id: i, name: `Item number ${i}`, ok: true })) }
  const bigHtml = `<!doctype html><html><body>${'<p>Managed IT for Rockland County.</p>'.repeat(300)}</body></html>`
  const app = new Hono()
  app.use(compress())
  app.get('/json', (c) => c.json(bigJson))
  app.get('/html', (c) => c.html(bigHtml))
  // compress() can only skip a small body whose size it knows (c.json sets no Content-Length).
  app.get('/small', (c) => c.body('{"ok":true}', 200, { 'Content-Type': 'application/json', 'Content-Length': '11' }))
  app.get('/png', (c) => c.body(new Uint8Array(4096).fill(7), 200, { 'Content-Type': 'image/png' }))
  app.get('/events', (c) =>
    streamSSE(c, async (stream) => {
      await stream.writeSSE({ data: 'x'.repeat(2048) })
    }),
  )

  const get = (path: string, acceptEncoding?: string) =>
    app.request(path, { headers: acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {} })
  const bytes = async (res: Response) => Buffer.from(await res.arrayBuffer())

  it('gzips a large JSON body for a client that accepts only gzip', async () => {
    const res = await get('/json', 'gzip, deflate')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-encoding')).toBe('gzip')
    expect(res.headers.get('vary')).toContain('Accept-Encoding')
    expect(res.headers.get('content-length')).toBeNull()
    const body = await bytes(res)
    const plain = zlib.gunzipSync(body).toString('utf8')
    expect(JSON.parse(plain)).toEqual(bigJson)
    expect(body.length).toBeLessThan(Buffer.byteLength(plain) / 3)
  })

  it('prefers brotli for a large HTML body when the client accepts it', async () => {
    const res = await get('/html', 'gzip, deflate, br')
    expect(res.headers.get('content-encoding')).toBe('br')
    expect(res.headers.get('content-type')).toMatch(/^text\/html/)
    const body = await bytes(res)
    expect(zlib.brotliDecompressSync(body).toString('utf8')).toBe(bigHtml)
    expect(body.length).toBeLessThan(bigHtml.length / 3)
  })

  it('sends the body as it is when the client accepts no supported encoding', async () => {
    for (const accept of [undefined, 'identity', 'deflate', 'br;q=0, gzip;q=0']) {
      const res = await get('/json', accept)
      expect(res.headers.get('content-encoding'), String(accept)).toBeNull()
      expect(await res.json()).toEqual(bigJson)
    }
  })

  it('leaves small bodies, binary types and server-sent events alone', async () => {
    const small = await get('/small', 'gzip, br')
    expect(small.headers.get('content-encoding')).toBeNull()
    expect(await small.json()).toEqual({ ok: true })

    const png = await get('/png', 'gzip, br')
    expect(png.headers.get('content-encoding')).toBeNull()
    expect((await bytes(png)).length).toBe(4096)

    const events = await get('/events', 'gzip, br')
    expect(events.headers.get('content-type')).toMatch(/^text\/event-stream/)
    expect(events.headers.get('content-encoding')).toBeNull()
    expect(await events.text()).toContain(`data: ${'x'.repeat(2048)}`)
  })

  it('decides on a small answer of known size from its headers, without reading its body', async () => {
    // Reading `body` turns @hono/node-server's lightweight response into a stream it must pump.
    let bodyReads = 0
    class WatchedResponse extends Response {
      override get body() {
        bodyReads++
        return super.body
      }
    }
    const watched = new Hono()
    watched.use(compress())
    watched.get(
      '/small',
      () =>
        new WatchedResponse('{"ok":true}', { headers: { 'Content-Type': 'application/json', 'Content-Length': '11' } }),
    )
    watched.get(
      '/big',
      () => new WatchedResponse(JSON.stringify(bigJson), { headers: { 'Content-Type': 'application/json' } }),
    )
    const small = await watched.request('/small', { headers: { 'Accept-Encoding': 'gzip, br' } })
    expect(small.headers.get('content-encoding')).toBeNull()
    expect(bodyReads).toBe(0)
    const big = await watched.request('/big', { headers: { 'Accept-Encoding': 'gzip' } })
    expect(big.headers.get('content-encoding')).toBe('gzip')
    expect(bodyReads).toBeGreaterThan(0)
  })

  it('does not compress a HEAD response', async () => {
    const res = await app.request('/json', { method: 'HEAD', headers: { 'Accept-Encoding': 'gzip, br' } })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-encoding')).toBeNull()
  })
})

describe('bodyLimit middleware', () => {
  /** A request that counts how often its body stream is asked for. */
  const watched = () => {
    const reads = { count: 0 }
    class WatchedRequest extends Request {
      override get body() {
        reads.count++
        return super.body
      }
    }
    return { reads, WatchedRequest }
  }
  const app = new Hono()
  app.use(bodyLimit({ maxSize: 16, onError: (c) => c.json({ error: 'too large' }, 413) }))
  app.all('/echo', async (c) => c.text(c.req.method === 'GET' ? 'get' : await c.req.text()))

  it('decides from Content-Length without reading the body stream, and lets GET through untouched', async () => {
    const { reads, WatchedRequest } = watched()
    const fits = await app.request(
      new WatchedRequest('http://x/echo', { method: 'POST', body: '0123456789', headers: { 'Content-Length': '10' } }),
    )
    expect(fits.status).toBe(200)
    const tooBig = await app.request(
      new WatchedRequest('http://x/echo', {
        method: 'POST',
        body: 'x'.repeat(17),
        headers: { 'Content-Length': '17' },
      }),
    )
    expect(tooBig.status).toBe(413)
    expect(await tooBig.json()).toEqual({ error: 'too large' })
    expect((await app.request(new WatchedRequest('http://x/echo'))).status).toBe(200)
    // Only the handler's own c.req.text() of the one request that fits read the body.
    expect(reads.count).toBeLessThanOrEqual(1)
  })

  it('counts a body sent without Content-Length (chunked) as it arrives', async () => {
    const chunked = (text: string) =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          for (const part of text.match(/.{1,5}/g) ?? []) controller.enqueue(new TextEncoder().encode(part))
          controller.close()
        },
      })
    const init = (text: string): RequestInit & { duplex: 'half' } => ({
      method: 'POST',
      body: chunked(text),
      duplex: 'half',
    })
    const fits = await app.request(new Request('http://x/echo', init('0123456789abcdef')))
    expect(fits.status).toBe(200)
    expect(await fits.text()).toBe('0123456789abcdef')
    const tooBig = await app.request(new Request('http://x/echo', init('0123456789abcdefg')))
    expect(tooBig.status).toBe(413)
  })
})
