import { randomUUID } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import { Hono } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { createRequestHandler, type RequestHandler, RouterContextProvider, type ServerBuild } from 'react-router'
import { appContext } from '../../app/context.server.ts'
import { accountsContext, sessionReadContext } from '../../app/features/accounts/context.server.ts'
import { retryAfterHeaders, withOutageRule } from '../../app/lib/database-outage.server.ts'
import { isDomainError } from '../../app/lib/domain-error.ts'
import type { Accounts } from '../accounts/accounts.server.ts'
import { mountAccountRoutes, requestMay, requireApi } from '../accounts/http.server.ts'
import { processFormRoutes } from '../booking/intake.server.ts'
import type { Config } from '../config.server.ts'
import { consentApi } from '../consent/api.server.ts'
import { consentLogCsvResponse } from '../consent/export.server.ts'
import { type Database, isDatabaseUnavailable, summarizeError } from '../db/client.server.ts'
import { IMPORT_BODY_LIMIT_BYTES } from '../locations/import-limits.server.ts'
import type { Logger } from '../log.server.ts'
import type { Outbox } from '../mail/outbox.server.ts'
import { paymentsApi } from '../payments/webhook-api.server.ts'
import type { Secrets } from '../secrets.server.ts'
import { mountSupportRoutes } from '../support/http.server.ts'
import { limitBody } from './body-limit.server.ts'
import { type PageCacheDeps, type PageCacheOutcome, pageCacheFill } from './page-cache.server.ts'
import { compressAnswers } from './page-compression.server.ts'
import { publicFiles } from './public-files.server.ts'
import { securityHeadersFor, securityHeadersMiddleware } from './security-headers.server.ts'

export const BODY_LIMIT_BYTES = 100 * 1024

/** A ticket message's files (25 MB together) and the form's text around them. */
export const SUPPORT_UPLOAD_LIMIT_BYTES = 25 * 1024 * 1024 + 256 * 1024

/** The ticket pages whose forms carry files (and React Router's data requests for them). */
const supportUploadPath = /^\/(?:support\/(?:new|[0-9a-f-]{36})|employee\/tickets\/(?:new|[0-9a-f-]{36}))(?:\.data)?$/i

/**
 * The addresses that take a town pages CSV file (docs/locations.md): the import page's own action
 * (without JavaScript) and its progress stream. Only these get IMPORT_BODY_LIMIT_BYTES; every other
 * address keeps BODY_LIMIT_BYTES.
 */
const importPaths: ReadonlySet<string> = new Set(['/admin/locations/import', '/admin/locations/import/run'])

const kb = (bytes: number) => `${Math.round(bytes / 1024).toLocaleString('en-US')} KB`
const mb = (bytes: number) => `${(bytes / (1024 * 1024)).toLocaleString('en-US')} MB`

export type AppDeps = {
  config: Config
  log: Logger
  database: Database
  outbox: Outbox | undefined
  /** From $DATA_DIR/secrets.json (loadSecrets). */
  secrets: Secrets
  /** Sign-in, sessions and live account status; absent in tests that do not need them. */
  accounts?: Accounts
  /** The React Router build; absent in API-only tests. */
  getBuild?: () => Promise<ServerBuild>
  /** Where the built client lives; absent in development (Vite serves it). Its hashed /assets/ are
   * answered by the server's listener (listener.server.ts), before this app. */
  clientDir?: string
  /** False in development: Vite's client and HMR need inline scripts and websockets. */
  strictCsp?: boolean
  /**
   * Public pages kept in memory (docs/page-cache.md): filled here; answered by the server's listener
   * for visitors who are not signed in, here per account variant for those who are (ADR 040);
   * absent in development and in tests that do not need it.
   */
  pageCache?: Omit<PageCacheDeps, 'database' | 'getBuild' | 'accounts'>
}

export type AppEnv = {
  Bindings: { incoming?: IncomingMessage }
  Variables: { requestId: string; clientIp: string; secureHeadersNonce?: string; pageCache?: PageCacheOutcome }
}

const unavailableBody = {
  error: 'The service is temporarily unavailable. Please try again in a minute.',
}

export function createApp(deps: AppDeps) {
  const { config, log, database, accounts } = deps
  const app = new Hono<AppEnv>()
  // Request id, client IP and one log line per request.
  app.use(async (c, next) => {
    const requestId = randomUUID()
    c.set('requestId', requestId)
    c.set('clientIp', clientIpOf(c.env?.incoming, c.req.header('x-forwarded-for'), config.trustProxy))
    const started = performance.now()
    await next()
    c.res.headers.set('X-Request-Id', requestId)
    log.info(
      {
        requestId,
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round(performance.now() - started),
        ip: c.get('clientIp'),
        cache: c.get('pageCache'),
      },
      'request',
    )
  })

  app.use(securityHeadersMiddleware(securityHeadersFor(config, deps.strictCsp !== false)))

  app.use(compressAnswers())

  const siteLimit = limitBody<AppEnv>({
    maxSize: BODY_LIMIT_BYTES,
    onError: (c) => c.json({ error: `Request body too large: the limit is ${kb(BODY_LIMIT_BYTES)}.` }, 413),
  })
  const importLimit = limitBody<AppEnv>({
    maxSize: IMPORT_BODY_LIMIT_BYTES,
    onError: (c) =>
      c.json(
        {
          error: `The file is too large: a town pages import takes at most ${mb(IMPORT_BODY_LIMIT_BYTES)} per file. Split it into smaller files and import them one after the other.`,
        },
        413,
      ),
  })
  // A ticket's message may carry 25 MB of files (docs/support.md#attachments), counted as the body
  // streams in, for a signed-in person the support pages let in; anyone else keeps the site's limit.
  const uploadLimit = limitBody<AppEnv>({
    maxSize: SUPPORT_UPLOAD_LIMIT_BYTES,
    onError: (c) =>
      c.json({ error: 'The files of one message may add up to 25 MB. Send fewer or smaller files.' }, 413),
  })
  // Exact addresses only (no prefix), and only for a signed-in admin (the import's own guard): anyone
  // else's body there keeps the site's limit, so no visitor can make the server hold 5 MB.
  app.use(async (c, next) => {
    if (c.req.method === 'POST' && supportUploadPath.test(c.req.path)) {
      const may = !accounts || (await requestMay(accounts, c.req.raw.headers, 'support'))
      return may ? uploadLimit(c, next) : siteLimit(c, next)
    }
    if (!importPaths.has(c.req.path) || c.req.method !== 'POST') return siteLimit(c, next)
    const admin = !accounts || (await requestMay(accounts, c.req.raw.headers, 'admin'))
    return admin ? importLimit(c, next) : siteLimit(c, next)
  })

  app.get('/healthz', async (c) => {
    try {
      await database.ping()
      return c.json({ status: 'ok' })
    } catch (error) {
      log.warn({ err: error }, 'health check: database not answering')
      return c.json({ status: 'unavailable', error: 'database not answering' }, 503)
    }
  })

  const api = new Hono<AppEnv>()
  api.route('/consent', consentApi({ database, ipHashSalt: deps.secrets.consentIpSalt }))
  api.all('/consent', (c) => methodNotAllowed(c.req.method, ['POST']))
  api.route(
    '/process-form',
    processFormRoutes({
      config,
      database,
      outbox: deps.outbox,
      log,
      ipHashKey: deps.secrets.authSecret,
      signedInUserId: accounts && (async (headers) => (await accounts.getSession(headers)).data?.user.id ?? null),
    }),
  )
  // Online payments' webhooks (docs/billing.md#connecting-a-stripe-account); absent without keys.
  api.route('/payments', paymentsApi({ config, database, outbox: deps.outbox, log }))
  if (deps.accounts) {
    mountAccountRoutes(api, deps.accounts)
    // The live thread of a support ticket (docs/support.md#live).
    mountSupportRoutes(api, deps.accounts)
    // The consent log export (docs/consent.md): admins only.
    api.get('/admin/consent-log.csv', requireApi(deps.accounts, 'admin'), (c) =>
      consentLogCsvResponse(database.db, c.req.query()),
    )
    api.all('/admin/consent-log.csv', (c) => methodNotAllowed(c.req.method, ['GET', 'HEAD']))
    // What the server runs on and the mail backlog: staff's business (the sync-status view shows
    // it), not a visitor's; /healthz stays public and says only whether the server answers.
    api.get('/health', requireApi(deps.accounts, 'admin'), async (c) => {
      await database.ping()
      return c.json({
        status: 'ok',
        database: database.kind,
        mailPending: deps.outbox ? await deps.outbox.pending() : null,
      })
    })
    api.all('/health', (c) => methodNotAllowed(c.req.method, ['GET', 'HEAD']))
  }
  api.all('*', (c) => c.json({ error: `No API endpoint at ${c.req.path}` }, 404))
  app.route('/api', api)

  if (deps.clientDir) {
    // favicon, robots.txt and other unhashed public files: cacheable for a short while only.
    // Only paths of the set read at boot reach the disk (server/http/public-files.server.ts).
    app.use('*', publicFiles(deps.clientDir, { 'Cache-Control': 'public, max-age=3600' }))
  }

  if (deps.getBuild) {
    // Every loader and action answers a database outage the one way (app/lib/database-outage.server.ts).
    const serverBuild = deps.getBuild
    const getBuild = async () => withOutageRule(await serverBuild())
    const handle =
      config.env === 'production' ? handlerOfFixedBuild(getBuild) : createRequestHandler(getBuild, 'development')
    const publicOrigin = new URL(config.publicUrl).origin
    // Public pages are stored as they are rendered (server/http/page-cache.server.ts).
    const fill =
      deps.pageCache && deps.strictCsp !== false
        ? pageCacheFill({ ...deps.pageCache, database, getBuild: deps.getBuild, accounts: deps.accounts })
        : undefined
    app.all('*', async (c) => {
      const context = new RouterContextProvider()
      context.set(appContext, {
        config,
        database,
        outbox: deps.outbox,
        log: log.child({ requestId: c.get('requestId') }),
        requestId: c.get('requestId'),
        clientIp: c.get('clientIp'),
        nonce: c.get('secureHeadersNonce') ?? '',
      })
      if (deps.accounts) context.set(accountsContext, deps.accounts)
      const render = () => handle(atPublicOrigin(c.req.raw, publicOrigin), context)
      // A session the page cache read (a public page kept per account variant) is the render's too.
      return fill ? fill(c, render, (read) => context.set(sessionReadContext, read)) : render()
    })
  }

  app.notFound((c) => (c.req.path.startsWith('/api/') ? c.json({ error: 'Not found' }, 404) : c.text('Not found', 404)))

  app.onError((error, c) => {
    if (error instanceof HTTPException) return error.getResponse()
    // An API's service refusing what it was asked: the same status its kind has on pages and forms.
    if (isDomainError(error)) {
      return c.json({ error: error.message, ...(error.fields ? { fields: error.fields } : {}) }, error.status as 400)
    }
    if (isDatabaseUnavailable(error)) {
      // The short form: a failed query's error carries its statement, parameters and the driver's client.
      log.warn({ err: summarizeError(error), requestId: c.get('requestId') }, 'database unavailable')
      return c.json(unavailableBody, 503, retryAfterHeaders)
    }
    log.error({ err: error, requestId: c.get('requestId') }, 'unhandled error')
    return c.json({ error: 'Something went wrong on our side. Please try again.' }, 500)
  })

  return app
}

/**
 * The request addressed to PUBLIC_URL's origin. Behind a TLS-terminating proxy this server sees
 * http:// while browsers send `Origin: https://…`; React Router refuses a form POST whose Origin
 * differs from the request URL's, so without this every page action would answer 400 there. Only
 * PUBLIC_URL's origin may post to our pages (requireSameOrigin checks the same).
 */
function atPublicOrigin(request: Request, publicOrigin: string): Request {
  const url = new URL(request.url)
  if (url.origin === publicOrigin) return request
  const init: RequestInit & { duplex?: 'half' } = {
    method: request.method,
    headers: request.headers,
    body: request.body,
    signal: request.signal,
    duplex: 'half',
  }
  return new Request(new URL(`${url.pathname}${url.search}`, publicOrigin), init)
}

function methodNotAllowed(method: string, allowed: string[]) {
  return new Response(JSON.stringify({ error: `Method ${method} is not allowed here.` }), {
    status: 405,
    headers: { 'Content-Type': 'application/json', Allow: allowed.join(', ') },
  })
}

/**
 * The connection's address, unless the server is told it sits behind a proxy (TRUST_PROXY), in
 * which case the proxy's X-Forwarded-For (its last hop, the one the proxy appended) is used.
 */
export function clientIpOf(
  incoming: IncomingMessage | undefined,
  forwardedFor: string | undefined,
  trustProxy: boolean,
): string {
  if (trustProxy && forwardedFor) {
    const hops = forwardedFor
      .split(',')
      .map((h) => h.trim())
      .filter(Boolean)
    const last = hops.at(-1)
    if (last) return last
  }
  const address = incoming?.socket?.remoteAddress ?? 'unknown'
  return address.startsWith('::ffff:') ? address.slice(7) : address
}

/**
 * React Router's handler for a build that never changes (production): given a function, React Router
 * derives its routes again on every request (flattened, ranked, a new static handler), which
 * development's reloads need and production pays for on every render; given the build, it derives
 * them once. The build is loaded on the first request, again only if that load failed.
 */
function handlerOfFixedBuild(getBuild: () => Promise<ServerBuild>): RequestHandler {
  let handler: Promise<RequestHandler> | undefined
  return async (request, context) => {
    handler ??= getBuild().then(
      (build) => createRequestHandler(build, 'production'),
      (error: unknown) => {
        handler = undefined
        throw error
      },
    )
    return (await handler)(request, context)
  }
}
