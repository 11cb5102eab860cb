import { createContext, data, type MiddlewareFunction, type RouterContextProvider, redirect } from 'react-router'
import type { SessionData } from '../../../server/accounts/accounts.server.ts'
import { summarize } from '../../../server/accounts/http.server.ts'
import { accountsContext } from './context.server.ts'
import type { AccountSummary } from './status.ts'

/**
 * Server-side access rules. Every protected loader and action calls one of these on its first line;
 * the browser's own checks only decide what to show while these answer.
 */

export type CurrentUser = AccountSummary & { sessionId: string; sessionToken: string }

type Args = { request: Request; context: Readonly<RouterContextProvider> }

const sessionContext = createContext<SessionData | null>(null)
const userContext = createContext<Promise<CurrentUser | null> | null>(null)

/**
 * Reads the session once per request (root middleware) and passes on the cookie a sliding refresh
 * produced, whichever route answers.
 */
export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const accounts = context.get(accountsContext)
  const { data: session, setCookies } = await accounts.getSession(request.headers)
  context.set(sessionContext, session)
  const response = await next()
  // A cookie the route set itself (a new session after a password change, a sign-out) wins over the refresh.
  const setByRoute = new Set(response.headers.getSetCookie().map(cookieName))
  const refreshed = setCookies.filter((cookie) => !setByRoute.has(cookieName(cookie)))
  if (refreshed.length === 0) return response
  const withCookies = new Response(response.body, response)
  for (const cookie of refreshed) withCookies.headers.append('Set-Cookie', cookie)
  return withCookies
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
    ? summarize(context.get(accountsContext), session).then((summary) => ({
        ...summary,
        sessionId: session.session.id,
        sessionToken: session.session.token,
      }))
    : Promise.resolve(null)
  ;(context as RouterContextProvider).set(userContext, loading)
  return loading
}

/** What the browser may see of the current user (no session identifiers). */
export function publicSummary(user: CurrentUser): AccountSummary {
  const { sessionId: _sessionId, sessionToken: _sessionToken, ...summary } = user
  return summary
}

/** A path on this site to return to after signing in; anything else (other hosts, //evil) is dropped. */
export function safeRedirectPath(value: unknown, fallback = '/portal'): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return fallback
  }
  return value.length > 500 ? fallback : value
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

/**
 * Signed in with an approved account (staff count as approved). A pending or rejected client is
 * sent to the dashboard, which explains their status.
 */
export async function requireApprovedUser(args: Args): Promise<CurrentUser> {
  const user = await requireUser(args)
  if (user.status !== 'approved' && user.role === 'client') {
    throw redirect(`/dashboard?needsApproval=${encodeURIComponent(pagePath(args.request).split('?')[0] ?? '/')}`)
  }
  return user
}

/** Signed in with this role (`staff`: employee or admin); otherwise a 403 page. */
export async function requireRole(args: Args, role: 'admin' | 'staff'): Promise<CurrentUser> {
  const user = await requireUser(args)
  const allowed = role === 'admin' ? user.role === 'admin' : user.role === 'admin' || user.role === 'employee'
  if (!allowed) {
    throw data(
      { error: role === 'admin' ? 'This page is for administrators.' : 'This page is for our staff.' },
      { status: 403 },
    )
  }
  return user
}
