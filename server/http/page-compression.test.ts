import zlib from 'node:zlib'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { chooseDynamicEncoding, compressAnswers, compressedStream } from './page-compression.server.ts'

const page = `<!DOCTYPE html><html><body>${'<p>Managed IT for small offices.</p>'.repeat(400)}</body></html>`

/** A body written in parts, some in the same turn of the event loop and some later, as React streams a page. */
function streamed(parts: string[][]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  return new ReadableStream({
    async start(controller) {
      for (const turn of parts) {
        for (const part of turn) controller.enqueue(encoder.encode(part))
        await new Promise((resolve) => setImmediate(resolve))
      }
      controller.close()
    },
  })
}

function appWith(body: () => Response) {
  const app = new Hono()
  app.use(compressAnswers())
  app.get('/', () => body())
  return app
}

describe('compressAnswers', () => {
  it('gzips a streamed HTML page, with Vary, and it decompresses to the page', async () => {
    const app = appWith(
      () =>
        new Response(streamed([[page.slice(0, 5000), page.slice(5000, 9000)], [page.slice(9000)]]), {
          headers: { 'Content-Type': 'text/html; charset=utf-8' },
        }),
    )
    const res = await app.request('/', { headers: { 'Accept-Encoding': 'gzip, deflate, br, zstd' } })
    expect(res.headers.get('content-encoding')).toBe('gzip')
    expect(res.headers.get('vary')).toBe('Accept-Encoding')
    expect(res.headers.get('content-length')).toBeNull()
    const bytes = Buffer.from(await res.arrayBuffer())
    expect(bytes.length).toBeLessThan(page.length / 10)
    expect(zlib.gunzipSync(bytes).toString()).toBe(page)
  })

  it('answers deflate when only deflate is accepted, and nothing compressed without Accept-Encoding', async () => {
    const app = appWith(() => new Response(page, { headers: { 'Content-Type': 'text/html' } }))
    const deflated = await app.request('/', { headers: { 'Accept-Encoding': 'deflate' } })
    expect(deflated.headers.get('content-encoding')).toBe('deflate')
    expect(zlib.inflateSync(Buffer.from(await deflated.arrayBuffer())).toString()).toBe(page)
    const plain = await app.request('/')
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(plain.headers.get('vary')).toBe('Accept-Encoding')
    expect(await plain.text()).toBe(page)
  })

  it('leaves small, already encoded, no-transform and non-text answers alone', async () => {
    const headers = { 'Accept-Encoding': 'gzip' }
    const small = appWith(
      () => new Response('{"ok":true}', { headers: { 'Content-Type': 'application/json', 'Content-Length': '11' } }),
    )
    expect((await small.request('/', { headers })).headers.get('content-encoding')).toBeNull()
    const encoded = appWith(
      () => new Response(zlib.gzipSync(page), { headers: { 'Content-Type': 'text/html', 'Content-Encoding': 'gzip' } }),
    )
    const once = await encoded.request('/', { headers })
    expect(zlib.gunzipSync(Buffer.from(await once.arrayBuffer())).toString()).toBe(page)
    const noTransform = appWith(
      () => new Response(page, { headers: { 'Content-Type': 'text/html', 'Cache-Control': 'no-cache, no-transform' } }),
    )
    expect((await noTransform.request('/', { headers })).headers.get('content-encoding')).toBeNull()
    const image = appWith(() => new Response(new Uint8Array(4096), { headers: { 'Content-Type': 'image/png' } }))
    expect((await image.request('/', { headers })).headers.get('content-encoding')).toBeNull()
  })

  it('weakens a strong ETag and keeps an existing Vary', async () => {
    const app = appWith(
      () => new Response(page, { headers: { 'Content-Type': 'text/csv', ETag: '"abc"', Vary: 'Cookie' } }),
    )
    const res = await app.request('/', { headers: { 'Accept-Encoding': 'gzip' } })
    expect(res.headers.get('etag')).toBe('W/"abc"')
    expect(res.headers.get('vary')).toBe('Cookie, Accept-Encoding')
  })

  it('sends what was rendered before the rest of the page exists', async () => {
    let finish = () => {}
    const later = new Promise<void>((resolve) => (finish = resolve))
    const source = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(new TextEncoder().encode(page.slice(0, 6000)))
        await later
        controller.enqueue(new TextEncoder().encode(page.slice(6000)))
        controller.close()
      },
    })
    const reader = compressedStream(source, 'gzip').getReader()
    const gunzip = zlib.createGunzip()
    const seen: Buffer[] = []
    gunzip.on('data', (chunk: Buffer) => seen.push(chunk))
    // The shell's bytes arrive (flushed) while the source still waits for the rest.
    const first = await reader.read()
    expect(first.done).toBe(false)
    await new Promise<void>((resolve) => gunzip.write(first.value, () => resolve()))
    await expect.poll(() => Buffer.concat(seen).toString(), { timeout: 2000 }).toBe(page.slice(0, 6000))
    finish()
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      gunzip.write(value)
    }
    await new Promise((resolve) => gunzip.end(resolve))
    expect(Buffer.concat(seen).toString()).toBe(page)
  })

  it('chooses gzip, deflate or nothing by the weights the client gives', () => {
    expect(chooseDynamicEncoding(undefined)).toBeUndefined()
    expect(chooseDynamicEncoding('br')).toBeUndefined()
    expect(chooseDynamicEncoding('gzip;q=0, deflate')).toBe('deflate')
    expect(chooseDynamicEncoding('deflate;q=0.9, gzip;q=0.5')).toBe('deflate')
    expect(chooseDynamicEncoding('*')).toBe('gzip')
    expect(chooseDynamicEncoding('gzip;q=0, *;q=0.1')).toBe('deflate')
  })
})
