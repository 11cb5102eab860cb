import { Duplex } from 'node:stream'
import zlib from 'node:zlib'
import type { MiddlewareHandler } from 'hono'

const compressible =
  /^(text\/(?!event-stream)|application\/(json|javascript|xml|manifest\+json|ld\+json)|image\/svg\+xml)/i

/** How much the client wants each coding (RFC 9110 §12.5.3: q=0 refuses it, `*` covers the unnamed). */
function encodingScore(acceptEncoding: string): (name: string) => number {
  const accepted = new Map<string, number>()
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';')
    if (!name) continue
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    accepted.set(name, q ? Number(q.slice(2)) : 1)
  }
  return (name) => accepted.get(name) ?? accepted.get('*') ?? 0
}

/** Picks br over gzip when the client accepts both (and neither is refused with q=0). */
export function chooseEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  if (!acceptEncoding) return undefined
  const score = encodingScore(acceptEncoding)
  if (score('br') > 0) return 'br'
  if (score('gzip') > 0) return 'gzip'
  return undefined
}

/** True when the client accepts gzip (whether or not it would rather have br). */
export function acceptsGzip(acceptEncoding: string | undefined): boolean {
  return acceptEncoding ? encodingScore(acceptEncoding)('gzip') > 0 : false
}

/**
 * Brotli and gzip for dynamic responses (HTML, JSON). Hashed assets are compressed once at build
 * time and served as they are; server-sent events are never compressed (they must flush).
 */
export function compress(minBytes = 1024): MiddlewareHandler {
  return async (c, next) => {
    await next()
    const res = c.res
    // The headers first: reading `res.body` turns @hono/node-server's lightweight response (a string
    // it writes with one call) into a fetch Response whose stream it then has to pump, so a small
    // answer of known size, a HEAD or a binary type never touches it.
    if (c.req.method === 'HEAD' || res.headers.has('Content-Encoding')) return
    if (!compressible.test(res.headers.get('Content-Type') ?? '')) return
    const length = res.headers.get('Content-Length')
    if (length !== null && Number(length) < minBytes) return
    if (!res.body) return
    const encoding = chooseEncoding(c.req.header('Accept-Encoding'))
    res.headers.append('Vary', 'Accept-Encoding')
    if (!encoding) return
    const stream =
      encoding === 'br'
        ? zlib.createBrotliCompress({
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
              [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            },
            flush: zlib.constants.BROTLI_OPERATION_FLUSH,
          })
        : zlib.createGzip({ level: 6, flush: zlib.constants.Z_SYNC_FLUSH })
    const headers = new Headers(res.headers)
    headers.set('Content-Encoding', encoding)
    headers.delete('Content-Length')
    const body = res.body.pipeThrough(Duplex.toWeb(stream) as unknown as TransformStream<Uint8Array, Uint8Array>)
    c.res = new Response(body, { status: res.status, statusText: res.statusText, headers })
  }
}
