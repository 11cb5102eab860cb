import { promisify } from 'node:util'
import zlib from 'node:zlib'
import type { MiddlewareHandler } from 'hono'
import { acceptsGzip } from './accept-encoding.server.ts'

const gzip = promisify(zlib.gzip)

/** Below this a compressed page saves less than its headers cost (hono's compress() threshold). */
const MIN_BYTES = 1024
const noTransform = /(?:^|,)\s*no-transform\s*(?:,|$)/i

/**
 * Gzip for a rendered page (text/html that is not already encoded: the signed-in pages, which the
 * page cache does not keep): the page is read whole and compressed in one call, at zlib's default
 * level as before. hono's compress() pipes the body through a web CompressionStream instead, chunk
 * by chunk, which cost about three times the CPU of one call for the same bytes (docs/perf/signed-in.md).
 * Everything else (downloads, exports, the data requests, a client that takes no gzip) stays with
 * compress(), registered before this one so it sees the answer after it.
 */
export function compressPages(): MiddlewareHandler {
  return async (c, next) => {
    await next()
    const res = c.res
    if (c.req.method === 'HEAD' || res.status === 206 || !res.body) return
    if (!/^\s*text\/html(?:[;\s]|$)/i.test(res.headers.get('Content-Type') ?? '')) return
    if (res.headers.has('Content-Encoding') || res.headers.has('Transfer-Encoding')) return
    if (noTransform.test(res.headers.get('Cache-Control') ?? '')) return
    if (!acceptsGzip(c.req.header('Accept-Encoding'))) return
    const page = Buffer.from(await res.arrayBuffer())
    const short = page.length < MIN_BYTES
    // hono copies the old answer's headers onto a new one: the new ones are set after it.
    const body = short ? page : await gzip(page)
    c.res = new Response(body, res)
    const headers = c.res.headers
    const vary = headers.get('Vary')
    if (vary !== '*' && !/(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary ?? '')) {
      headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding')
    }
    // A short body goes as it is: compress() leaves it alone once it has a length.
    if (!short) headers.set('Content-Encoding', 'gzip')
    headers.set('Content-Length', String(body.length))
    const etag = headers.get('ETag')
    if (!short && etag && !etag.startsWith('W/')) headers.set('ETag', `W/${etag}`)
  }
}
