import { gunzipSync } from 'node:zlib'
import { Hono } from 'hono'
import { compress } from 'hono/compress'
import { describe, expect, it } from 'vitest'
import { compressPages } from './compress-pages.server.ts'

// A rendered page is gzipped in one call (compressPages); everything else is compress()'s, as before.

const page = `<!DOCTYPE html><html><body>${'<p class="mx-auto grid gap-6">Invoice INV-0001 is due.</p>'.repeat(200)}</body></html>`

/** A body the way React's renderer hands it over: a stream of chunks without a length. */
function streamed(text: string, contentType: string, headers: Record<string, string> = {}): Response {
  const bytes = new TextEncoder().encode(text)
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let i = 0; i < bytes.length; i += 1000) controller.enqueue(bytes.subarray(i, i + 1000))
      controller.close()
    },
  })
  return new Response(body, { headers: { 'Content-Type': contentType, ...headers } })
}

function app() {
  const hono = new Hono()
  hono.use(compress())
  hono.use(compressPages())
  hono.get('/page', () =>
    streamed(page, 'text/html; charset=utf-8', { 'Cache-Control': 'private, no-store', ETag: '"v1"' }),
  )
  hono.get('/short', () => streamed('<p>Hi</p>', 'text/html; charset=utf-8'))
  hono.get('/export.csv', () => streamed('a,b\n'.repeat(2000), 'text/csv; charset=utf-8'))
  hono.get('/no-transform', () => streamed(page, 'text/html', { 'Cache-Control': 'no-transform' }))
  return hono
}

describe('compressPages', () => {
  it('sends a rendered page gzipped whole, with its length, and says it varies by Accept-Encoding', async () => {
    const response = await app().request('/page', { headers: { 'Accept-Encoding': 'gzip, deflate, br' } })
    expect(response.headers.get('Content-Encoding')).toBe('gzip')
    expect(response.headers.get('Vary')).toBe('Accept-Encoding')
    expect(response.headers.get('Cache-Control')).toBe('private, no-store')
    expect(response.headers.get('ETag')).toBe('W/"v1"')
    const body = Buffer.from(await response.arrayBuffer())
    expect(response.headers.get('Content-Length')).toBe(String(body.length))
    expect(body.length).toBeLessThan(page.length / 10)
    expect(gunzipSync(body).toString()).toBe(page)
  })

  it('sends a page as it is to a client that takes no gzip', async () => {
    const response = await app().request('/page')
    expect(response.headers.get('Content-Encoding')).toBeNull()
    expect(await response.text()).toBe(page)
  })

  it('leaves a short page uncompressed, with its length', async () => {
    const response = await app().request('/short', { headers: { 'Accept-Encoding': 'gzip' } })
    expect(response.headers.get('Content-Encoding')).toBeNull()
    expect(response.headers.get('Content-Length')).toBe('9')
    expect(await response.text()).toBe('<p>Hi</p>')
  })

  it('leaves other answers to compress(), which streams them', async () => {
    const response = await app().request('/export.csv', { headers: { 'Accept-Encoding': 'gzip' } })
    expect(response.headers.get('Content-Encoding')).toBe('gzip')
    expect(response.headers.get('Content-Length')).toBeNull()
    expect(gunzipSync(Buffer.from(await response.arrayBuffer())).toString()).toBe('a,b\n'.repeat(2000))
  })

  it('keeps its hands off an answer marked no-transform', async () => {
    const response = await app().request('/no-transform', { headers: { 'Accept-Encoding': 'gzip' } })
    expect(response.headers.get('Content-Encoding')).toBeNull()
    expect(await response.text()).toBe(page)
  })
})
