import type { Context } from 'hono'
import type { ServerBuild } from 'react-router'
import type { Database } from '../db/client.server.ts'
import { pageExpiry } from '../page-cache/expiry.server.ts'
import { nonceTemplate } from '../page-cache/nonce-template.server.ts'
import type { CachedPage, PageCache } from '../page-cache/page-cache.server.ts'
import { judgeRequest } from '../page-cache/request-rules.server.ts'
import { pageRouteOf } from '../page-cache/route-rules.server.ts'
import { acceptsGzip } from './accept-encoding.server.ts'
import type { AppEnv } from './app.server.ts'

/** How a request met the page cache, for its log line (a hit in the server's listener logs 'hit' too). */
export type PageCacheOutcome = 'hit' | 'stored' | 'not-stored'

export type PageCacheDeps = {
  cache: PageCache
  database: Database
  getBuild: () => Promise<ServerBuild>
  /** Prefix of Better Auth's cookie names (request-rules.server.ts). */
  authCookiePrefix: string
}

/** Response headers that belong to one response, or that the cache sets itself. */
const perResponse = new Set([
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'date',
  'connection',
  'keep-alive',
  'vary',
  'x-request-id',
])

/** The part of a request URL after the origin: `/path?query`. */
function pathAndQueryOf(url: string): string {
  const slash = url.indexOf('/', url.indexOf('//') + 2)
  return slash === -1 ? '/' : url.slice(slash)
}

function verdictOf(c: Context<AppEnv>, deps: PageCacheDeps) {
  return judgeRequest(c.req.method, pathAndQueryOf(c.req.url), c.req.header('cookie'), deps.authCookiePrefix)
}

/**
 * A stored page with this response's nonce, from inside the app (the server's listener answers
 * hits before the app; here are the render that filled the cache and the requests that waited for
 * it). Gzip when the client takes it (br is not offered, see nonce-template.server.ts); a plain
 * body passes through compress() afterwards, which adds Vary itself.
 */
function serve(c: Context<AppEnv>, page: CachedPage, nonce: string): Response {
  const gzip = acceptsGzip(c.req.header('accept-encoding'))
  const headers = new Headers(page.headers as Array<[string, string]>)
  if (gzip) headers.set('Vary', 'Accept-Encoding')
  if (gzip) headers.set('Content-Encoding', 'gzip')
  headers.set('Content-Length', String(gzip ? page.body.gzipLength : page.body.rawLength))
  const body = gzip ? page.body.gzip(nonce) : page.body.raw(nonce)
  return new Response(body, { status: page.status, headers })
}

/**
 * Renders the page through React Router (`render`) and stores the answer when the request, the
 * route and the response all allow it (docs/page-cache.md). Renders of one address that start
 * while another is under way wait for it and are served its result, so a burst on a page that is
 * not cached yet renders it once.
 */
export function pageCacheFill(deps: PageCacheDeps) {
  const inFlight = new Map<string, Promise<void>>()
  return async (c: Context<AppEnv>, render: () => Promise<Response>): Promise<Response> => {
    const nonce = c.get('secureHeadersNonce')
    const verdict = verdictOf(c, deps)
    if (!nonce || !verdict.use || !verdict.fill || !deps.cache.isEnabled()) return render()
    const route = pageRouteOf(await deps.getBuild(), c.req.path)
    if (!route) return render()
    const key = verdict.key

    const earlier = inFlight.get(key)
    if (earlier) {
      await earlier
      const page = deps.cache.get(key)
      if (page && page.body.nonceLength === nonce.length) {
        c.set('pageCache', 'hit')
        return serve(c, page, nonce)
      }
      return render()
    }
    let done = () => {}
    inFlight.set(key, new Promise<void>((resolve) => (done = resolve)))
    try {
      const ticket = deps.cache.ticket()
      const renderedAt = new Date()
      const response = await render()
      if (!storable(response)) {
        c.set('pageCache', 'not-stored')
        return response
      }
      const body = Buffer.from(await response.arrayBuffer())
      const page: CachedPage = {
        scope: route.scope,
        status: 200,
        headers: [...response.headers].filter(([name]) => !perResponse.has(name.toLowerCase())),
        body: nonceTemplate(body, nonce),
        expiresAt: await pageExpiry(deps.database.db, route.scope, renderedAt),
      }
      c.set('pageCache', deps.cache.store(key, ticket, page) ? 'stored' : 'not-stored')
      return serve(c, page, nonce)
    } finally {
      inFlight.delete(key)
      done()
    }
  }
}

/** A plain, complete, public HTML page: anything else (errors, redirects, cookies) is never stored. */
function storable(response: Response): boolean {
  if (response.status !== 200 || !response.body) return false
  if (response.headers.has('set-cookie') || response.headers.has('content-encoding')) return false
  if (!/^text\/html\b/i.test(response.headers.get('content-type') ?? '')) return false
  const cacheControl = response.headers.get('cache-control') ?? ''
  return !/\b(private|no-store)\b/i.test(cacheControl)
}
