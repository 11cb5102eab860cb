import type { Context, Env, MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'

/**
 * hono's `bodyLimit`, deciding first on the length the request states. hono's middleware does the same
 * (a stated `Content-Length` without `Transfer-Encoding` is compared and the body left unread), but it
 * first asks whether the request has a body (`c.req.raw.body`), and on @hono/node-server that question
 * turns the request into a whole fetch `Request` with a web stream over the socket. A handler that then
 * reads the body with `c.req.text()` or `c.req.json()` would otherwise get it straight from Node's
 * request, without a stream, an AbortController or a second copy of the headers: about half a
 * millisecond of the server's CPU per booking on this machine (docs/perf/intake-profile.md,
 * 2026-11-28). A body of unstated length (chunked) goes to hono's `bodyLimit`, which counts it as it
 * streams in.
 */
export function limitBody<E extends Env = Env>(options: {
  maxSize: number
  onError: (c: Context<E>) => Response | Promise<Response>
}): MiddlewareHandler<E> {
  const counted = bodyLimit(options as Parameters<typeof bodyLimit>[0]) as unknown as MiddlewareHandler<E>
  return async function limitBody(c, next) {
    const stated = c.req.header('content-length')
    if (stated !== undefined && c.req.header('transfer-encoding') === undefined) {
      return Number.parseInt(stated, 10) > options.maxSize ? options.onError(c) : next()
    }
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next()
    return counted(c, next)
  }
}
