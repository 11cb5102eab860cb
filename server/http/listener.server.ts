import { randomUUID } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Config } from '../config.server.ts'
import type { Logger } from '../log.server.ts'
import type { CachedPage, PageCache } from '../page-cache/page-cache.server.ts'
import { judgeRequest } from '../page-cache/request-rules.server.ts'
import { acceptsGzip } from './accept-encoding.server.ts'
import { clientIpOf } from './app.server.ts'
import { newNonce, type SecurityHeaders } from './security-headers.server.ts'

type Listener = (req: IncomingMessage, res: ServerResponse) => void

/**
 * The server's request listener. Two kinds of answer are made here, from memory, without the app:
 * hashed assets, and public pages the page cache holds for a visitor who is not signed in. Every
 * other request goes to the app (`app`, Hono). A cached page gets what the app would have sent: a
 * fresh nonce in the page and its CSP, the same security headers (one list, security-headers.server.ts),
 * a request id and a log line (with `"cache":"hit"`).
 */
export function serverListener(deps: {
  app: Listener
  assets?: Listener | undefined
  pageCache?: { cache: PageCache; authCookiePrefix: string; securityHeaders: SecurityHeaders } | undefined
  config: Config
  log: Logger
}): Listener {
  const { app, assets, pageCache, config, log } = deps
  const csp = pageCache?.securityHeaders.csp
  // The CSP around its nonce, made once.
  const cspParts = csp?.('\u0000').split('\u0000')
  // Per page and form (plain, gzip), what does not change from one answer to the next, made on its
  // first hit: the headers before the CSP and the Content-Length's text.
  type Prepared = { before: string[]; rawLength: string; gzipLength: string }
  const prepared = new WeakMap<CachedPage, Prepared>()
  const preparedOf = (page: CachedPage): Prepared => {
    let fixed = prepared.get(page)
    if (!fixed) {
      fixed = {
        before: [...(pageCache?.securityHeaders.fixed.flat() ?? []), ...page.headers.flat(), 'Vary', 'Accept-Encoding'],
        rawLength: String(page.body.rawLength),
        gzipLength: String(page.body.gzipLength),
      }
      prepared.set(page, fixed)
    }
    return fixed
  }
  return (req, res) => {
    const url = req.url ?? '/'
    if (assets && url.startsWith('/assets/')) return assets(req, res)
    if (!pageCache || !cspParts) return app(req, res)
    const verdict = judgeRequest(req.method ?? 'GET', url, req.headers.cookie, pageCache.authCookiePrefix)
    const page = verdict.use ? pageCache.cache.get(verdict.key) : undefined
    if (!page) return app(req, res)

    const started = performance.now()
    const requestId = randomUUID()
    const nonce = newNonce()
    const gzip = acceptsGzip(req.headers['accept-encoding'])
    const fixed = preparedOf(page)
    const headers = fixed.before.concat(
      'Content-Security-Policy',
      cspParts.join(nonce),
      'Content-Length',
      gzip ? fixed.gzipLength : fixed.rawLength,
      'X-Request-Id',
      requestId,
    )
    if (gzip) headers.push('Content-Encoding', 'gzip')
    res.writeHead(page.status, headers)
    // The page in one buffer with this answer's nonce: it leaves with the headers in one write, as a
    // static file does, and once written ('finish') the buffer serves a later answer
    // (nonce-template.server.ts).
    if (req.method === 'HEAD') res.end()
    else {
      const body = gzip ? page.body.gzip(nonce) : page.body.raw(nonce)
      res.end(body, () => page.body.release(body))
    }
    if (!log.isLevelEnabled('info')) return
    log.info(
      {
        requestId,
        method: req.method,
        path: url.split('?')[0],
        status: page.status,
        ms: Math.round(performance.now() - started),
        ip: clientIpOf(req, forwardedFor(req), config.trustProxy),
        cache: 'hit',
      },
      'request',
    )
  }
}

function forwardedFor(req: IncomingMessage): string | undefined {
  const value = req.headers['x-forwarded-for']
  return Array.isArray(value) ? value.join(',') : value
}
