import { createHmac, timingSafeEqual } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { accountRoleOf, accountStatusOf } from '../../app/features/accounts/status.ts'
import type { Db } from '../db/client.server.ts'
import { clientOnboarding, organisationMembers, organisations, session, user } from '../db/schema/index.server.ts'
import type { Access } from './access.server.ts'
import type { SessionData } from './accounts.server.ts'
import type { Auth } from './auth.server.ts'

/**
 * The common case of a signed-in request, read in one statement: a valid session cookie whose
 * session row exists, has not expired and needs no sliding refresh yet. The session, its user, the
 * person's onboarding record and their organisation come from one join, and the cookie's signature
 * is checked with node:crypto, instead of Better Auth's getSession (two statements and a WebCrypto
 * HMAC) followed by readAccess (two more).
 *
 * Everything else answers `undefined`, and the caller asks Better Auth as before: no cookie, a
 * signature that does not verify, a session that is gone or expired (Better Auth clears the cookie
 * and removes the row), one due for its refresh (Better Auth moves the idle deadline and sets the
 * cookie again), a "don't remember me" or session-data cookie, an account without an onboarding
 * record. So this path never decides anything Better Auth would decide differently: it reads the
 * same row on every request, and ending a session or disabling an account takes effect at once.
 */
export type QuickSession = { data: SessionData; access: Access }

export type SessionReader = (headers: Headers) => Promise<QuickSession | undefined>

export function sessionReader(auth: Auth, db: Db): SessionReader {
  let settings: Promise<Settings> | undefined
  // Built once and named: every signed-in request runs it, and building Drizzle's text of a join
  // of four whole tables was a tenth of such a request's CPU (docs/perf/signed-in.md, fifth pass);
  // on PostgreSQL the name also has each connection parse and plan it once.
  const readSession = db
    .select({ session, user, record: clientOnboarding, organisation: visitorOrganisation })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    // Better Auth keeps e-mail addresses lower-cased, as findOnboarding looks them up.
    .leftJoin(clientOnboarding, eq(clientOnboarding.email, user.email))
    .leftJoin(organisationMembers, eq(organisationMembers.personId, clientOnboarding.id))
    .leftJoin(organisations, eq(organisations.id, organisationMembers.organisationId))
    .where(eq(session.token, sql.placeholder('token')))
    .limit(1)
    .prepare('session_read')
  return async (headers) => {
    const cookieHeader = headers.get('cookie')
    if (!cookieHeader) return undefined
    settings ??= readSettings(auth)
    const { secret, tokenCookie, otherCookies, expiresInMs, updateAgeMs } = await settings
    const cookies = parseCookies(cookieHeader)
    if (otherCookies.some((name) => cookies.has(name))) return undefined
    const value = cookies.get(tokenCookie)
    const token = value ? verifiedToken(value, secret) : null
    if (!token) return undefined

    const [row] = await readSession.execute({ token })
    if (!row?.record) return undefined
    const now = Date.now()
    const expiresAt = row.session.expiresAt.getTime()
    // Better Auth's own rule for a sliding refresh (api/routes/session): due once updateAge has passed.
    if (expiresAt <= now || expiresAt - expiresInMs + updateAgeMs <= now) return undefined

    const joined = row.organisation
    const organisation =
      joined?.id && joined.name !== null && joined.role !== null && joined.requireSecondFactor !== null
        ? { id: joined.id, name: joined.name, role: joined.role, requireSecondFactor: joined.requireSecondFactor }
        : null
    return {
      data: { session: row.session, user: row.user },
      access: {
        role: accountRoleOf(row.record.role),
        status: accountStatusOf(row.record.status),
        record: row.record,
        organisation,
        organisationRole: organisation?.role ?? null,
      },
    }
  }
}

const visitorOrganisation = {
  id: organisations.id,
  name: organisations.name,
  role: organisationMembers.role,
  requireSecondFactor: organisations.requireSecondFactor,
}

type Settings = {
  secret: string
  tokenCookie: string
  /** Cookies whose presence Better Auth acts on (it clears or honours them): their requests go to it. */
  otherCookies: string[]
  expiresInMs: number
  updateAgeMs: number
}

async function readSettings(auth: Auth): Promise<Settings> {
  const context = await auth.$context
  return {
    secret: context.secret,
    tokenCookie: context.authCookies.sessionToken.name,
    otherCookies: [context.authCookies.sessionData.name, context.authCookies.dontRememberToken.name],
    expiresInMs: context.sessionConfig.expiresIn * 1000,
    updateAgeMs: context.sessionConfig.updateAge * 1000,
  }
}

/** The token of a signed cookie value (`token.base64(HMAC-SHA256)`), as better-call signs it, or null. */
export function verifiedToken(value: string, secret: string): string | null {
  const dot = value.lastIndexOf('.')
  if (dot < 1) return null
  const token = value.slice(0, dot)
  const signature = value.slice(dot + 1)
  if (signature.length !== 44 || !signature.endsWith('=')) return null
  const given = Buffer.from(signature, 'base64')
  const expected = createHmac('sha256', secret).update(token).digest()
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null
}

/** A Cookie header's values by name, the first of each name, decoded as better-call decodes them. */
function parseCookies(header: string): Map<string, string> {
  const cookies = new Map<string, string>()
  for (const part of header.split(';')) {
    const eq = part.indexOf('=')
    if (eq === -1) continue
    const name = part.slice(0, eq).trim()
    if (cookies.has(name)) continue
    let value = part.slice(eq + 1).trim()
    if (value.startsWith('"')) value = value.slice(1, -1)
    try {
      value = value.includes('%') ? decodeURIComponent(value) : value
    } catch {
      // Left as sent, as better-call does.
    }
    cookies.set(name, value)
  }
  return cookies
}
