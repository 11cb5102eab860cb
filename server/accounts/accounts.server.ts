import { generateId } from 'better-auth'
import { eq } from 'drizzle-orm'
import type { AccountRole } from '../../app/features/accounts/status.ts'
import { DomainError } from '../../app/lib/domain-error.ts'
import { type AuditActor, recordAudit } from '../audit/audit.server.ts'
import type { Config } from '../config.server.ts'
import type { Database } from '../db/client.server.ts'
import { clientOnboarding, session as sessionTable } from '../db/schema/index.server.ts'
import type { Logger } from '../log.server.ts'
import type { Outbox } from '../mail/outbox.server.ts'
import { type Access, readAccess } from './access.server.ts'
import { AUTH_BASE_PATH, type Auth, accountLinks, authLifetimes, CLIENT_IP_HEADER, createAuth } from './auth.server.ts'
import { seedDemoClient, seedDemoSignIn } from './demo-client.server.ts'
import { inviteMail } from './mail.server.ts'
import { type Realtime, startRealtime } from './realtime.server.ts'
import { sessionReader } from './session-read.server.ts'

/**
 * Endpoints whose work differs between a registered and an unknown e-mail (a mail is queued or
 * not): they answer no sooner than this, so response times do not tell the two apart.
 */
const responseFloorMs: Record<string, number> = {
  '/sign-up/email': 700,
  '/request-password-reset': 500,
  '/send-verification-email': 500,
}

/** Headers of the browser's request that Better Auth needs to judge it (CSRF, origin, session). */
const forwardedHeaders = [
  'cookie',
  'origin',
  'referer',
  'user-agent',
  'sec-fetch-site',
  'sec-fetch-mode',
  'sec-fetch-dest',
]

export type SessionData = NonNullable<Awaited<ReturnType<Auth['api']['getSession']>>>

export type Accounts = {
  auth: Auth
  realtime: Realtime
  config: Config
  database: Database
  outbox: Outbox
  log: Logger
  /** Serves a browser's request to /api/auth/*: the client IP comes from the connection only. */
  handle(request: Request, clientIp: string): Promise<Response>
  /**
   * Calls a Better Auth endpoint through its HTTP handler on behalf of a page's form, so rate limits,
   * origin checks and cookies apply exactly as for the public API (auth.api.* would skip them).
   */
  call(
    path: string,
    options: { request: Request; clientIp: string; method?: 'GET' | 'POST'; body?: unknown },
  ): Promise<Response>
  /**
   * The session of a request, the Set-Cookie headers a sliding refresh produced, and the signed-in
   * person's access (onboarding record and organisation, read once here: a page's guards use it).
   */
  getSession(headers: Headers): Promise<{ data: SessionData | null; setCookies: string[]; access: Access | null }>
  /** Creates (once) the approved admin named by ADMIN_EMAIL/ADMIN_PASSWORD. */
  seedAdmin(): Promise<void>
  /** The approved demo client of SEED_DEMO, with this password; its onboarding record's id. */
  seedDemoClient(password: string): Promise<{ onboardingId: string }>
  /** The sign-in of another demo person (server/organisations/demo.server.ts), with this password. */
  seedDemoSignIn(person: { email: string; name: string }, password: string): Promise<void>
  /**
   * Makes requests to Better Auth (sign-in, sign-up, password reset; through `handle` and `call`)
   * wait until `work` settles: the demo accounts and their data are written after the server
   * listens (docs/perf/boot.md), and nobody may sign in to them, or register their address,
   * halfway through. Other requests do not wait.
   */
  holdSignInsUntil(work: Promise<unknown>): void
  /** How many of those requests are waiting now (a test waits for its sign-in to be held, not for a while). */
  heldSignIns(): number
  /**
   * A staff-created account: approved at once; its owner picks a password through a one-time link.
   * `within` runs in the invitation's transaction with the new record's id (an organisation's
   * invitation puts the person in it there); its failure takes the invitation back.
   */
  invite(input: InviteInput, invitedBy: AuditActor, options?: { within?: InviteStep }): Promise<void>
  /** Who a /setup-account or reset token belongs to, while it is valid. */
  tokenOwner(token: string): Promise<{ email: string; name: string } | null>
  stop(): Promise<void>
}

export type InviteInput = {
  email: string
  name: string
  companyName: string | null
  phone: string | null
  role: Exclude<AccountRole, 'admin'>
}

/** What an invitation does besides creating the account, in its transaction. */
export type InviteStep = (
  tx: Parameters<Parameters<Database['db']['transaction']>[0]>[0],
  personId: string,
) => Promise<void>

export async function startAccounts(deps: {
  config: Config
  database: Database
  outbox: Outbox
  log: Logger
  secret: string
}): Promise<Accounts> {
  const { config, database, outbox, log } = deps
  const auth = createAuth(deps)
  const realtime = await startRealtime({ database, log })
  const authLog = log.child({ component: 'auth' })
  const links = accountLinks(config.publicUrl)
  let held: Promise<unknown> | undefined
  const readQuickly = sessionReader(auth, database.db)
  let waiting = 0

  const dispatch = async (request: Request, clientIp: string): Promise<Response> => {
    if (held) {
      waiting += 1
      try {
        await held
      } finally {
        waiting -= 1
      }
    }
    const path = new URL(request.url).pathname.slice(AUTH_BASE_PATH.length)
    const started = performance.now()
    let response = await auth.handler(request)
    // Better Auth's limiter names the wait only in X-Retry-After; clients and proxies read Retry-After.
    const retryAfter = response.headers.get('x-retry-after')
    if (response.status === 429 && retryAfter && !response.headers.has('retry-after')) {
      response = new Response(response.body, response)
      response.headers.set('Retry-After', retryAfter)
    }
    const floor = responseFloorMs[path]
    if (floor) {
      const wait = floor - (performance.now() - started)
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
    }
    const level = response.status >= 500 ? 'error' : response.status === 429 ? 'warn' : 'info'
    authLog[level]({ event: 'auth', path, status: response.status, ip: clientIp }, `auth ${path} ${response.status}`)
    return response
  }

  return {
    auth,
    realtime,
    config,
    database,
    outbox,
    log,
    async handle(request, clientIp) {
      const headers = new Headers(request.headers)
      headers.delete(CLIENT_IP_HEADER)
      headers.set(CLIENT_IP_HEADER, clientIp)
      const init: RequestInit & { duplex?: 'half' } = { headers, duplex: 'half' }
      return dispatch(new Request(request, init), clientIp)
    },
    async call(path, options) {
      const headers = new Headers()
      for (const name of forwardedHeaders) {
        const value = options.request.headers.get(name)
        if (value !== null) headers.set(name, value)
      }
      headers.set(CLIENT_IP_HEADER, options.clientIp)
      const method = options.method ?? 'POST'
      if (method === 'POST') headers.set('content-type', 'application/json')
      const request = new Request(`${config.publicUrl}${AUTH_BASE_PATH}${path}`, {
        method,
        headers,
        body: method === 'POST' ? JSON.stringify(options.body ?? {}) : undefined,
      })
      return dispatch(request, options.clientIp)
    },
    async getSession(headers) {
      // The common case in one statement (session-read.server.ts). Anything else, a disabled account
      // and a failed read (read again below, as readAccess does) are Better Auth's and readAccess's.
      const quick = await readQuickly(headers).catch(() => undefined)
      if (quick && !quick.access.record?.disabledAt) return { data: quick.data, setCookies: [], access: quick.access }
      const { headers: out, response } = await auth.api.getSession({ headers, returnHeaders: true })
      if (!response) return { data: null, setCookies: out.getSetCookie(), access: null }
      // The person's access, read once for the request: it also says whether the account is disabled.
      const access = await readAccess(database.db, response.user.email, log)
      // Disabling deletes the account's sessions; this refuses one that was being created meanwhile.
      if (access.record?.disabledAt) {
        await database.db.delete(sessionTable).where(eq(sessionTable.id, response.session.id))
        return { data: null, setCookies: [], access: null }
      }
      return { data: response, setCookies: out.getSetCookie(), access }
    },
    async seedAdmin() {
      if (!config.admin) return
      await seedAdmin(auth, database, log, config.admin)
    },
    async seedDemoSignIn(person, password) {
      await seedDemoSignIn(auth, person, password)
    },
    seedDemoClient(password) {
      return seedDemoClient(auth, database, log, password)
    },
    holdSignInsUntil(work) {
      const settled = work.then(
        () => undefined,
        () => undefined,
      )
      held = settled
      void settled.then(() => {
        if (held === settled) held = undefined
      })
    },
    heldSignIns() {
      return waiting
    },
    async invite(input, invitedBy, options = {}) {
      const ctx = await auth.$context
      const email = input.email.toLowerCase()
      if (await ctx.internalAdapter.findUserByEmail(email)) {
        throw new DomainError('conflict', 'An account with this e-mail address already exists.', { field: 'email' })
      }
      const created = await ctx.internalAdapter.createUser(
        { email, name: input.name, emailVerified: true },
        { method: 'admin' },
      )
      const token = generateId(24)
      try {
        await ctx.internalAdapter.createVerificationValue({
          identifier: `reset-password:${token}`,
          value: created.id,
          expiresAt: new Date(Date.now() + authLifetimes.inviteLink * 1000),
        })
        await database.db.transaction(async (tx) => {
          const values = {
            email,
            fullName: input.name,
            companyName: input.companyName,
            phone: input.phone,
            role: input.role,
            status: 'approved' as const,
            reviewedBy: invitedBy.email,
            reviewedAt: new Date(),
          }
          const [record] = await tx
            .insert(clientOnboarding)
            .values(values)
            .onConflictDoUpdate({ target: clientOnboarding.email, set: values })
            .returning({ id: clientOnboarding.id })
          if (record && options.within) await options.within(tx, record.id)
          await outbox.enqueue(
            inviteMail(email, input.name, links.setupAccount(token), authLifetimes.inviteLink, input.role),
            tx,
          )
          await recordAudit(tx, invitedBy, {
            action: 'account.invite',
            subjectId: created.id,
            details: { email, role: input.role },
          })
        })
      } catch (error) {
        // Without its record and e-mail the invitation is useless: leave nothing behind.
        await ctx.internalAdapter.deleteUser(created.id)
        throw error
      }
      authLog.info(
        { event: 'account.invited', role: input.role, invitedBy: invitedBy.email },
        'account invited by staff',
      )
    },
    async tokenOwner(token) {
      const ctx = await auth.$context
      const verification = await ctx.internalAdapter.findVerificationValue(`reset-password:${token}`)
      if (!verification || verification.expiresAt < new Date()) return null
      const owner = await ctx.internalAdapter.findUserById(verification.value)
      return owner ? { email: owner.email, name: owner.name } : null
    },
    async stop() {
      await realtime.stop()
    },
  }
}

async function seedAdmin(auth: Auth, database: Database, log: Logger, admin: { email: string; password: string }) {
  const ctx = await auth.$context
  const email = admin.email.toLowerCase()
  const [record] = await database.db.select().from(clientOnboarding).where(eq(clientOnboarding.email, email))
  const existing = await ctx.internalAdapter.findUserByEmail(email, { includeAccounts: true })
  if (existing && record?.role === 'admin') return

  const approveAsAdmin = async () => {
    const values = {
      email,
      role: 'admin' as const,
      status: 'approved' as const,
      fullName: existing?.user.name ?? 'Administrator',
    }
    await database.db
      .insert(clientOnboarding)
      .values(values)
      .onConflictDoUpdate({ target: clientOnboarding.email, set: { role: 'admin', status: 'approved' } })
  }

  if (!existing) {
    try {
      const user = await ctx.internalAdapter.createUser(
        { email, name: 'Administrator', emailVerified: true },
        { method: 'admin' },
      )
      await ctx.internalAdapter.linkAccount({
        userId: user.id,
        providerId: 'credential',
        accountId: user.id,
        password: await ctx.password.hash(admin.password),
      })
    } catch (error) {
      // Another process booting at the same time created it first.
      if (!(await ctx.internalAdapter.findUserByEmail(email))) throw error
    }
    await approveAsAdmin()
    log.info({ event: 'account.admin_seeded' }, 'admin account created from ADMIN_EMAIL')
    return
  }

  if (!existing.user.emailVerified) {
    // Someone registered this address without proving they own it: the configured password wins.
    const hash = await ctx.password.hash(admin.password)
    const credential = existing.accounts.find((a) => a.providerId === 'credential')
    if (credential) await ctx.internalAdapter.updatePassword(existing.user.id, hash)
    else {
      await ctx.internalAdapter.linkAccount({
        userId: existing.user.id,
        providerId: 'credential',
        accountId: existing.user.id,
        password: hash,
      })
    }
    await ctx.internalAdapter.updateUser(existing.user.id, { emailVerified: true })
    await database.db.delete(sessionTable).where(eq(sessionTable.userId, existing.user.id))
  }
  await approveAsAdmin()
  log.info({ event: 'account.admin_promoted' }, 'existing account with ADMIN_EMAIL made an approved admin')
}
