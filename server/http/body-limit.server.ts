import type { Context, MiddlewareHandler } from 'hono'
import { bodyLimit as streamingBodyLimit } from 'hono/body-limit'

/**
 * hono's bodyLimit, without its first step for requests that declare their size. hono's version
 * starts with `c.req.raw.body`, which on @hono/node-server turns the lightweight request into a
 * full fetch Request (a web stream over the socket, an AbortController, a copy of the headers) on
 * every request, GET included; the handler's `c.req.text()` then reads through that stream instead
 * of straight from the socket. A GET or HEAD has no body here (fetch's Request never gives one),
 * and a Content-Length without Transfer-Encoding is what Node's HTTP parser holds the body to, so
 * both are decided from the headers alone, exactly as hono decides them. Any other request (a
 * chunked upload, no length) goes through hono's counting reader, unchanged.
 */
export function bodyLimit(options: {
  maxSize: number
  onError: (c: Context) => Response | Promise<Response>
}): MiddlewareHandler {
  const streaming = streamingBodyLimit(options)
  return async (c, next) => {
    const method = c.req.method
    if (method === 'GET' || method === 'HEAD') return next()
    const length = c.req.header('content-length')
    if (length !== undefined && c.req.header('transfer-encoding') === undefined) {
      return Number.parseInt(length || '0', 10) > options.maxSize ? options.onError(c) : next()
    }
    return streaming(c, next)
  }
}
