import zlib from 'node:zlib'
import type { MiddlewareHandler } from 'hono'
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/utils/compress'

/**
 * Compression of the app's own answers (rendered pages, JSON, CSV), as they stream: the rules of
 * hono's compress() (the same answers compressed, the same Vary, Content-Encoding and weak ETag), the
 * work done by Node's zlib stream instead of the web CompressionStream, which cost about twice the CPU
 * on the same page (docs/perf/signed-in.md, third pass). Hashed assets and cached pages never come here
 * (the server's listener answers them, already compressed).
 *
 * A page is not held until it is rendered whole: the chunks React writes in one go (the shell, then
 * each resolved boundary) are gathered until the event loop turns, given to zlib in one write and
 * flushed (Z_SYNC_FLUSH), so each part leaves as soon as it is rendered, in one thread-pool job
 * instead of one per 2 KB chunk.
 *
 * Brotli is not offered: as a stream, at the qualities cheap enough for every request (1-4), it cost
 * 3-5 times gzip's CPU on the same page, for 5-10 % fewer bytes (measured in the same run).
 */
export const COMPRESSION_THRESHOLD_BYTES = 1024

const encodings = ['gzip', 'deflate'] as const
type Encoding = (typeof encodings)[number]

const noTransform = /(?:^|,)\s*?no-transform\s*?(?:,|$)/i
const varyAcceptEncoding = /(?:^|,)\s*accept-encoding\s*(?:,|$)/i

/** gzip over deflate at the same weight (as hono's compress()); the `*` weight for an unnamed one; q=0 refuses. */
export function chooseDynamicEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (acceptEncoding === undefined) return undefined
  const weights = new Map<string, number>()
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';')
    if (!name) continue
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    const weight = q ? Number(q.slice(2)) : 1
    weights.set(name, Number.isFinite(weight) ? weight : 0)
  }
  let best: { encoding: Encoding; q: number } | undefined
  for (const encoding of encodings) {
    const q = weights.get(encoding) ?? weights.get('*') ?? 0
    if (q === 1) return encoding
    if (q > 0 && (!best || q > best.q)) best = { encoding, q }
  }
  return best?.encoding
}

export function compressAnswers(): MiddlewareHandler {
  return async function compressAnswers(c, next) {
    await next()
    const res = c.res
    const length = res.headers.get('Content-Length')
    const type = res.headers.get('Content-Type')
    if (
      res.status === 206 ||
      res.headers.has('Content-Encoding') ||
      res.headers.has('Transfer-Encoding') ||
      c.req.method === 'HEAD' ||
      (length && Number(length) < COMPRESSION_THRESHOLD_BYTES) ||
      !type ||
      !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type) ||
      noTransform.test(res.headers.get('Cache-Control') ?? '')
    )
      return
    const vary = res.headers.get('Vary')
    if (vary !== '*' && !(vary && varyAcceptEncoding.test(vary))) {
      c.header('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding')
    }
    const encoding = chooseDynamicEncoding(c.req.header('Accept-Encoding'))
    if (!encoding || !res.body) return
    c.res = new Response(compressedStream(res.body, encoding), c.res)
    c.res.headers.delete('Content-Length')
    c.res.headers.set('Content-Encoding', encoding)
    const etag = c.res.headers.get('ETag')
    if (etag && !etag.startsWith('W/')) c.res.headers.set('ETag', `W/${etag}`)
  }
}

/**
 * `source` compressed with zlib's stream. Chunks that arrive before the event loop turns go to zlib
 * in one write, flushed, so what has been rendered leaves at once; backpressure both ways (zlib's
 * write buffer, the reader of the result).
 */
export function compressedStream(source: ReadableStream<Uint8Array>, encoding: Encoding): ReadableStream<Uint8Array> {
  const options = { flush: zlib.constants.Z_SYNC_FLUSH }
  const z = encoding === 'gzip' ? zlib.createGzip(options) : zlib.createDeflate(options)
  const reader = source.getReader()
  let pending: Uint8Array[] = []
  let pendingBytes = 0
  let scheduled = false
  let ended = false
  let failed = false
  let controllerOf: ReadableStreamDefaultController<Uint8Array> | undefined

  const fail = (error: unknown) => {
    if (failed) return
    failed = true
    z.destroy()
    reader.cancel(error).catch(() => {})
    try {
      controllerOf?.error(error)
    } catch {
      // already closed or errored
    }
  }

  const hand = () => {
    scheduled = false
    if (failed) return
    const batch = pending.length === 1 ? (pending[0] as Uint8Array) : Buffer.concat(pending, pendingBytes)
    const some = pendingBytes > 0
    pending = []
    pendingBytes = 0
    if (ended) {
      if (some) z.end(batch)
      else z.end()
      return
    }
    if (some && !z.write(batch)) return new Promise<void>((resolve) => z.once('drain', resolve))
  }

  let drained: Promise<void> | undefined
  const pump = async () => {
    try {
      for (;;) {
        if (drained) {
          await drained
          drained = undefined
        }
        const { done, value } = await reader.read()
        if (failed) return
        if (done) {
          ended = true
          if (!scheduled) hand()
          return
        }
        if (value.byteLength === 0) continue
        pending.push(value)
        pendingBytes += value.byteLength
        if (!scheduled) {
          scheduled = true
          setImmediate(() => {
            const wait = hand()
            if (wait) drained = wait
          })
        }
      }
    } catch (error) {
      fail(error)
    }
  }

  return new ReadableStream<Uint8Array>({
    start(controller) {
      controllerOf = controller
      z.on('data', (chunk: Buffer) => {
        if (failed) return
        controller.enqueue(chunk)
        if ((controller.desiredSize ?? 1) <= 0) z.pause()
      })
      z.once('end', () => {
        if (!failed) controller.close()
      })
      z.once('error', fail)
      void pump()
    },
    pull() {
      if (z.isPaused()) z.resume()
    },
    cancel(reason) {
      failed = true
      z.destroy()
      reader.cancel(reason).catch(() => {})
    },
  })
}
