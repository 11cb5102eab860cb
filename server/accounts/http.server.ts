import { and, eq, gt } from 'drizzle-orm'
import type { Hono, MiddlewareHandler } from 'hono'
import { streamSSE } from 'hono/streaming'
import {
  can,
  mustEnrolSecondFactor,
  organisationRefusals,
  type Requirement,
} from '../../app/features/accounts/access.ts'
import { session } from '../db/schema/index.server.ts'
import type { AppEnv } from '../http/app.server.ts'
import { readAccess, readVisitor } from './access.server.ts'
import type { Accounts } from './accounts.server.ts'
import type { OnboardingChange } from './realtime.server.ts'

/** Time between keep-alive comments on an idle stream (proxies drop silent connections). */
export const REALTIME_KEEPALIVE_MS = 25_000

function methodNotAllowed(method: string, allowed: string) {
  return Response.json({ error: `Method ${method} is not allowed here.` }, { status: 405, headers: { Allow: allowed } })
}

const apiRefusals: Record<Requirement, string> = {
  session: 'Sign in to use this.',
  approved: 'Your account is waiting for approval.',
  staff: 'Only our staff may use this.',
  admin: 'Only admins may use this.',
  ...organisationRefusals,
}

/**
 * Guard of a protected JSON endpoint: 401 without a session, 403 when the access rule (`can()`)
 * refuses the account's role and status, read fresh from the database on every request, and 403
 * for a staff account without a second factor on anything more than its own session's endpoints.
 */
export function requireApi(accounts: Accounts, requirement: Requirement): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.header('Cache-Control', 'private, no-store')
    const { data, access: actor } = await accounts.getSession(c.req.raw.headers)
    if (!data || !actor) return c.json({ error: 'Sign in to use this.' }, 401)
    if (!can(actor, requirement)) return c.json({ error: apiRefusals[requirement] }, 403)
    const twoFactorEnabled = data.user.twoFactorEnabled === true
    const enrol = mustEnrolSecondFactor({ role: actor.role, twoFactorEnabled, organisation: actor.organisation })
    if (requirement !== 'session' && enrol) {
      return c.json({ error: 'Set up two-factor sign-in first, in your account settings.' }, 403)
    }
    await next()
  }
}

/**
 * Whether the request comes from a signed-in account the access rule lets do `requirement` (read
 * fresh, as requireApi does), for a decision made before the body is read (a larger body limit).
 * It refuses nothing itself: the page's own guard still runs.
 */
export async function requestMay(accounts: Accounts, headers: Headers, requirement: Requirement): Promise<boolean> {
  const { data, access } = await accounts.getSession(headers)
  if (!data || !access) return false
  return can(access, requirement)
}

/**
 * Mounts the account endpoints on the /api sub-app: Better Auth at /api/auth/*, the signed-in
 * profile at /api/account/profile and the live status stream at /api/realtime.
 */
export function mountAccountRoutes(api: Hono<AppEnv>, accounts: Accounts) {
  api.all('/auth/*', async (c) => {
    const response = await accounts.handle(c.req.raw, c.get('clientIp'))
    // Better Auth answers paths it does not serve (and those we disabled) in plain text; the API speaks JSON.
    if (response.status === 404 && !/json/i.test(response.headers.get('content-type') ?? '')) {
      await response.body?.cancel()
      return c.json({ error: `No API endpoint at ${c.req.path}` }, 404)
    }
    // Sessions, profiles and tokens: nothing of this API may be kept by a cache.
    const answer = new Response(response.body, response)
    answer.headers.set('Cache-Control', 'private, no-store')
    return answer
  })

  api.get('/account/profile', async (c) => {
    const { data, setCookies, access } = await accounts.getSession(c.req.raw.headers)
    for (const cookie of setCookies) c.header('Set-Cookie', cookie, { append: true })
    c.header('Cache-Control', 'private, no-store')
    if (!data) return c.json({ error: 'You are not signed in.' }, 401)
    return c.json((await readVisitor(accounts, data, access)).summary)
  })
  api.all('/account/profile', (c) => methodNotAllowed(c.req.method, 'GET, HEAD'))

  api.get('/realtime', async (c) => {
    const { data } = await accounts.getSession(c.req.raw.headers)
    if (!data) return c.json({ error: 'Sign in to receive live account updates.' }, 401)
    const email = data.user.email
    const token = data.session.token
    const log = accounts.log.child({ requestId: c.get('requestId'), component: 'realtime' })
    c.header('X-Accel-Buffering', 'no')

    return streamSSE(
      c,
      async (stream) => {
        let chain = Promise.resolve()
        // Ends when the browser goes away, the session is gone, or the process shuts down; then
        // streamSSE closes the stream.
        let finish: () => void = () => {}
        const done = new Promise<void>((resolve) => {
          finish = resolve
        })
        stream.onAbort(finish)
        const stillSignedIn = async () => {
          const [row] = await accounts.database.db
            .select({ id: session.id })
            .from(session)
            .where(and(eq(session.token, token), gt(session.expiresAt, new Date())))
          return Boolean(row)
        }
        // Each change is re-read from the database, so the stream only ever carries this user's own record.
        const sendStatus = async () => {
          const { status, role } = await readAccess(accounts.database.db, email, log)
          await stream.writeSSE({ event: 'status', data: JSON.stringify({ status, role }) })
          if (!(await stillSignedIn())) finish()
        }
        const onChange = (change: OnboardingChange) => {
          chain = chain.then(async () => {
            if (stream.closed || stream.aborted) return
            if (change.kind === 'closing') {
              finish()
              return
            }
            await sendStatus()
          })
          chain = chain.catch((error: unknown) => log.warn({ err: error }, 'realtime: could not send a status update'))
        }
        const unsubscribe = accounts.realtime.subscribe(email, onChange)
        const keepAlive = setInterval(() => {
          void stream.write(': keep-alive\n\n').catch(() => {})
        }, REALTIME_KEEPALIVE_MS)
        try {
          // The current status first: a browser that reconnects learns what changed while it was away.
          // Reconnects wait a little, so a restarting server is not stormed.
          const { status, role } = await readAccess(accounts.database.db, email, log)
          await stream.writeSSE({ event: 'status', data: JSON.stringify({ status, role }), retry: 3000 })
          await done
        } finally {
          clearInterval(keepAlive)
          unsubscribe()
        }
      },
      async (error) => {
        log.warn({ err: error }, 'realtime stream failed')
      },
    )
  })
  api.all('/realtime', (c) => methodNotAllowed(c.req.method, 'GET, HEAD'))
}
