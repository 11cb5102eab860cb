import type { Context } from 'hono'
import type { ServerBuild } from 'react-router'
import type { SessionRead } from '../../app/features/accounts/context.server.ts'
import type { Access } from '../accounts/access.server.ts'
import type { Accounts } from '../accounts/accounts.server.ts'
import type { Database } from '../db/client.server.ts'
import { pageExpiry } from '../page-cache/expiry.server.ts'
import { nonceTemplate } from '../page-cache/nonce-template.server.ts'
import type { CachedPage, PageCache, PageScope } from '../page-cache/page-cache.server.ts'
import { judgeAddress, judgeRequest } from '../page-cache/request-rules.server.ts'
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
  /** Reads a signed-in visitor's session, for public pages kept per account variant; absent: none are. */
  accounts?: Accounts | undefined
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

/** Where the page cache hands over a session it read, so the render uses that read (sessionReadContext). */
export type HandOverSession = (read: Promise<SessionRead>) => void

/**
 * Renders the page through React Router (`render`) and stores the answer when the request, the
 * route and the response all allow it (docs/page-cache.md). Renders of one address that start
 * while another is under way wait for it and are served its result, so a burst on a page that is
 * not cached yet renders it once.
 *
 * A request with a session cookie may get a public page kept for its account variant (ADR 040): its
 * session is read here, before React Router, and handed over (`handOver`) for the render to use.
 */
export function pageCacheFill(deps: PageCacheDeps) {
  const inFlight = new Map<string, Promise<void>>()

  /** The page under `key` from the cache, or rendered and stored there when `keep` allows it. */
  async function fillUnder(
    c: Context<AppEnv>,
    key: string,
    scope: PageScope,
    nonce: string,
    render: () => Promise<Response>,
    keep: (response: Response, body: Buffer) => boolean,
  ): Promise<Response> {
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
      if (!keep(response, body)) {
        c.set('pageCache', 'not-stored')
        return new Response(body, response)
      }
      const page: CachedPage = {
        scope,
        status: 200,
        headers: [...response.headers].filter(([name]) => !perResponse.has(name.toLowerCase())),
        body: nonceTemplate(body, nonce),
        expiresAt: await pageExpiry(deps.database.db, scope, renderedAt),
      }
      c.set('pageCache', deps.cache.store(key, ticket, page) ? 'stored' : 'not-stored')
      return serve(c, page, nonce)
    } finally {
      inFlight.delete(key)
      done()
    }
  }

  /** A public page for a signed-in visitor: the entry of their account variant (ADR 040). */
  async function forAccount(
    c: Context<AppEnv>,
    nonce: string,
    render: () => Promise<Response>,
    handOver: HandOverSession,
  ): Promise<Response> {
    const accounts = deps.accounts
    const address = judgeAddress(c.req.method, pathAndQueryOf(c.req.url))
    if (!accounts || !address.use) return render()
    const route = pageRouteOf(await deps.getBuild(), c.req.path)
    if (!route?.everyAccount) return render()
    const reading = accounts.getSession(c.req.raw.headers)
    handOver(reading)
    // A failed read is the render's to answer (the outage page): it awaits the same read.
    const read = await reading.catch(() => null)
    // Not signed in after all (an expired cookie), or a sliding refresh to send: rendered, not kept.
    if (!read?.data || !read.access || read.setCookies.length > 0) return render()
    const key = accountVariantKey(address.key, read.access)
    const page = deps.cache.get(key)
    if (page && page.body.nonceLength === nonce.length) {
      c.set('pageCache', 'hit')
      return serve(c, page, nonce)
    }
    if (!address.fill) return render()
    const words = visitorWords(read)
    return fillUnder(c, key, route.scope, nonce, render, (response, body) => {
      // Only an answer marked as theirs alone is kept for signed-in visitors: every hit sends its headers.
      if (!/\bprivate\b/i.test(response.headers.get('cache-control') ?? '')) return false
      return !showsAny(body, words)
    })
  }

  return async (c: Context<AppEnv>, render: () => Promise<Response>, handOver: HandOverSession): Promise<Response> => {
    const nonce = c.get('secureHeadersNonce')
    if (!nonce || !deps.cache.isEnabled()) return render()
    const verdict = verdictOf(c, deps)
    if (!verdict.use) return verdict.reason === 'signed-in' ? forAccount(c, nonce, render, handOver) : render()
    if (!verdict.fill) return render()
    const route = pageRouteOf(await deps.getBuild(), c.req.path)
    if (!route) return render()
    return fillUnder(c, verdict.key, route.scope, nonce, render, (response) => !isPrivate(response))
  }
}

/**
 * The cache's key of a public page for a signed-in visitor: the address and what the page shows of
 * the account, the menu (by role) and `<body data-account-status>`. Keys of anonymous pages are bare
 * addresses (no spaces), so the two never meet.
 */
export function accountVariantKey(path: string, access: Pick<Access, 'role' | 'status'>): string {
  return `${path} ${access.role} ${access.status}`
}

/**
 * What a page must never hold to be kept for a variant: the visitor's own words (their name, e-mail
 * address, company, organisation, phone), as written and as HTML escapes them. A public page shows
 * none of them; one that does reads the account and must not be a public page, and is rendered.
 */
function visitorWords(read: SessionRead): string[] {
  const record = read.access?.record
  const words = [
    read.data?.user.name,
    read.data?.user.email,
    record?.fullName,
    record?.email,
    record?.companyName,
    record?.phone,
    read.access?.organisation?.name,
  ]
  const found = new Set<string>()
  for (const word of words) {
    const trimmed = word?.trim()
    if (!trimmed) continue
    found.add(trimmed)
    found.add(escapeHtml(trimmed))
  }
  return [...found]
}

function showsAny(body: Buffer, words: readonly string[]): boolean {
  const text = body.toString('utf8').toLowerCase()
  return words.some((word) => text.includes(word.toLowerCase()))
}

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#x27;')
}

/** A plain, complete HTML page: anything else (errors, redirects, cookies) is never stored. */
function storable(response: Response): boolean {
  if (response.status !== 200 || !response.body) return false
  if (response.headers.has('set-cookie') || response.headers.has('content-encoding')) return false
  return /^text\/html\b/i.test(response.headers.get('content-type') ?? '')
}

function isPrivate(response: Response): boolean {
  return /\b(private|no-store)\b/i.test(response.headers.get('cache-control') ?? '')
}
