import { createContext, data, type MiddlewareFunction, type RouterContextProvider, redirect } from 'react-router'
import { answerOutage } from '~/lib/database-outage.server'
import { type Access, readVisitor } from '../../../server/accounts/access.server.ts'
import type { SessionData } from '../../../server/accounts/accounts.server.ts'
import { isOrganisationRequirement, organisationRefusal } from '../../../server/organisations/refusals.server.ts'
import {
  can,
  mustEnrolSecondFactor,
  needsApproval,
  protectedAreas,
  requirementOf,
  secondFactorEnrolmentPath,
} from './access.ts'
import { accountsContext, sessionReadContext } from './context.server.ts'
import type { AccountSummary } from './status.ts'

/**
 * Server-side access rules. Every protected loader and action calls one of these on its first line;
 * the browser's own checks only decide what to show while these answer.
 */

/**
 * The signed-in visitor of a page request: what the browser may see (AccountSummary), their
 * session, and the id of their onboarding record (`personId`: a client's person, for the pages
 * that act for them), all read once per request.
 */
export type CurrentUser = AccountSummary & { sessionId: string; sessionToken: string; personId: string | null }

type Args = { request: Request; context: Readonly<RouterContextProvider> }

const sessionContext = createContext<SessionData | null>(null)
/** The signed-in person's access, read with the session (accounts.getSession): once per request. */
const accessContext = createContext<Access | null>(null)
const userContext = createContext<Promise<CurrentUser | null> | null>(null)

/**
 * Reads the session once per request (root middleware) and passes on the cookie a sliding refresh
 * produced, whichever route answers. An answer rendered for a signed-in visitor, or one that sets a
 * cookie, is theirs alone: `Cache-Control: private, no-store`, so no shared or browser cache keeps
 * a page with their data.
 */
export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const accounts = context.get(accountsContext)
  // Without the database nobody's access can be checked: every signed-in page answers 503 (try
  // again), with the outage's words, rather than a 500 or "signed out".
  // Read already when the server looked for the page in the page cache (sessionReadContext).
  const read = context.get(sessionReadContext) ?? accounts.getSession(request.headers)
  const { data: session, setCookies, access } = await read.catch(answerOutage({ request, context }))
  context.set(sessionContext, session)
  context.set(accessContext, access)
  const response = await next()
  // A cookie the route set itself (a new session after a password change, a sign-out) wins over the refresh.
  const setByRoute = new Set(response.headers.getSetCookie().map(cookieName))
  const refreshed = setCookies.filter((cookie) => !setByRoute.has(cookieName(cookie)))
  const personal = session !== null || setByRoute.size > 0 || refreshed.length > 0
  if (!personal) return response
  const answer = new Response(response.body, response)
  for (const cookie of refreshed) answer.headers.append('Set-Cookie', cookie)
  answer.headers.set('Cache-Control', 'private, no-store')
  return answer
}

function cookieName(setCookie: string): string {
  return setCookie.slice(0, setCookie.indexOf('=')).trim()
}

/** The signed-in user with role and status from the onboarding record, or null. */
export function getUser({ context }: Pick<Args, 'context'>): Promise<CurrentUser | null> {
  const cached = context.get(userContext)
  if (cached) return cached
  const session = context.get(sessionContext)
  const loading = session
    ? readVisitor(context.get(accountsContext), session, context.get(accessContext)).then(
        ({ summary, personId }) => ({
          ...summary,
          sessionId: session.session.id,
          sessionToken: session.session.token,
          personId,
        }),
        answerOutage({ context }),
      )
    : Promise.resolve(null)
  ;(context as RouterContextProvider).set(userContext, loading)
  return loading
}

/** What the browser may see of the current user (no session identifiers). */
export function publicSummary(user: CurrentUser): AccountSummary {
  const { sessionId: _sessionId, sessionToken: _sessionToken, personId: _personId, ...summary } = user
  return summary
}

const SITE = 'http://site.invalid'

/**
 * A path on this site to return to after signing in, or the fallback. Accepted only when it is
 * printable ASCII without spaces or backslashes, and when, resolved against the site's origin, it
 * stays on that origin and reads back exactly as given (so nothing a browser would strip or
 * normalise, such as a tab in `/\t/evil.example`, can turn it into another host). A value that
 * passes is also always a valid header value.
 */
export function safeRedirectPath(value: unknown, fallback = '/portal'): string {
  if (typeof value !== 'string' || value.length > 500 || !value.startsWith('/')) return fallback
  if (!/^[\x21-\x7e]+$/.test(value) || value.includes('\\')) return fallback
  // An encoded slash or backslash right after the first one reads as "//" to some servers and proxies.
  if (/^\/(%2f|%5c)/i.test(value)) return fallback
  let resolved: URL
  try {
    resolved = new URL(value, SITE)
  } catch {
    return fallback
  }
  if (resolved.origin !== SITE) return fallback
  return resolved.pathname + resolved.search + resolved.hash === value ? value : fallback
}

/**
 * The page a request is for. A client-side navigation asks for `/billing.data?_routes=…` (React
 * Router's data request); the page is `/billing`.
 */
export function pagePath(request: Request): string {
  const url = new URL(request.url)
  let pathname = url.pathname
  if (pathname === '/_root.data') pathname = '/'
  else if (pathname.endsWith('.data')) pathname = pathname.slice(0, -'.data'.length)
  url.searchParams.delete('_routes')
  const search = url.searchParams.toString()
  return search ? `${pathname}?${search}` : pathname
}

export function signInRedirect(request: Request) {
  return redirect(`/auth?redirectTo=${encodeURIComponent(pagePath(request))}`)
}

/**
 * State-changing requests must come from our own pages: the browser's Origin (or Referer) must be
 * PUBLIC_URL's origin. React Router already refuses an action whose Origin names another host;
 * this also refuses requests that carry neither header.
 */
export function requireSameOrigin({ request, context }: Args) {
  if (request.method === 'GET' || request.method === 'HEAD') return
  const expected = new URL(context.get(accountsContext).config.publicUrl).origin
  const origin = request.headers.get('origin') ?? refererOrigin(request.headers.get('referer'))
  if (origin !== expected) {
    throw data({ error: 'This request did not come from our website. Reload the page and try again.' }, { status: 403 })
  }
}

function refererOrigin(referer: string | null): string | null {
  if (!referer) return null
  try {
    return new URL(referer).origin
  } catch {
    return null
  }
}

/** Signed in, or a redirect to /auth that comes back here afterwards. */
export async function requireUser(args: Args): Promise<CurrentUser> {
  requireSameOrigin(args)
  const user = await getUser(args)
  if (!user) throw signInRedirect(args.request)
  return user
}

const guardedUserContext = createContext<CurrentUser | null>(null)

const refusals = {
  admin: 'This page is for administrators.',
  staff: 'This page is for our staff.',
} as const

/**
 * The guard of a protected area: what the page's address requires (`requirementOf`), checked before
 * any loader or action of the area runs: no session → /auth (and back afterwards); a pending or rejected
 * client on a page for approved accounts → the dashboard, which explains their status; any other
 * refusal → a 403 page; a staff account without a second factor → its enrolment page, from every
 * page but its own account's. A state-changing request must come from our own pages. Every answer
 * of the area is private to its visitor and never stored by a cache.
 */
/**
 * Route matching ignores case (`/ADMIN/billing` finds the page of `/admin/billing`); the areas do
 * not. Such an address is the area's page under another spelling: no page of it runs. A read is
 * sent to the one lower-case address (the area's guard then applies there), anything else is 404.
 * A page under the protected-area layout outside every area, in any spelling, is a programming error.
 */
function refuseOtherSpelling(request: Request, path: string): never {
  if (!requirementOf(path.toLowerCase())) {
    throw new Error(`${path} is under a protected-area layout but in no protected area`)
  }
  if (request.method === 'GET' || request.method === 'HEAD') {
    throw redirect(`${path.toLowerCase()}${pagePath(request).slice(path.length)}`, 301)
  }
  throw data({ error: 'There is no page at this address.' }, { status: 404 })
}

export const areaGuard: MiddlewareFunction<Response> = async (args, next) => {
  const path = pagePath(args.request).split('?')[0] ?? '/'
  const requirement = requirementOf(path)
  if (!requirement) refuseOtherSpelling(args.request, path)
  const user = await requireUser(args)
  if (!can(user, requirement)) {
    if (needsApproval(requirement) && !can(user, 'approved')) {
      throw redirect(`/dashboard?needsApproval=${encodeURIComponent(path)}`)
    }
    if (isOrganisationRequirement(requirement)) {
      const db = args.context.get(accountsContext).database.db
      const words = await organisationRefusal(db, user, requirement).catch(answerOutage(args))
      throw data({ error: words }, { status: 403 })
    }
    if (requirement === 'admin' || requirement === 'staff')
      throw data({ error: refusals[requirement] }, { status: 403 })
    throw redirect(`/dashboard?needsApproval=${encodeURIComponent(path)}`)
  }
  const accountPages = protectedAreas.account.path
  if (mustEnrolSecondFactor(user) && path !== accountPages && !path.startsWith(`${accountPages}/`)) {
    throw redirect(`${secondFactorEnrolmentPath}?redirectTo=${encodeURIComponent(pagePath(args.request))}`)
  }
  args.context.set(guardedUserContext, user)
  return next()
}

/**
 * The visitor a guarded layout let in, for its pages' loaders and actions. A page outside a guarded
 * layout has none, and asking is a programming error (fails closed).
 */
export function guardedUser(context: Readonly<RouterContextProvider>): CurrentUser {
  const user = context.get(guardedUserContext)
  if (!user) throw new Error('guardedUser() called outside a guarded layout route')
  return user
}
