import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { RouterContextProvider } from 'react-router'
import { type AppContext, appContext } from '../../../app/context.server.ts'
import { accountsContext } from '../../../app/features/accounts/context.server.ts'
import { type Accounts, startAccounts } from '../../../server/accounts/accounts.server.ts'
import { loadConfig } from '../../../server/config.server.ts'
import { selectRows, sql } from '../../../server/db/client.server.ts'
import { createApp } from '../../../server/http/app.server.ts'
import type { Logger } from '../../../server/log.server.ts'
import type { MailMessage, Outbox } from '../../../server/mail/outbox.server.ts'
import { startOutbox } from '../../../server/mail/outbox.server.ts'
import { createMailTransport } from '../../../server/mail/transport.server.ts'
import { totpSecretOf, unusedTotpCode } from '../../setup/totp.ts'
import { openTestDatabase, silentLogger, type TestDatabase } from './database.ts'

export const PUBLIC_URL = 'http://portal.test'
export const ORIGIN = PUBLIC_URL

export type Harness = {
  database: TestDatabase
  outbox: Outbox
  accounts: Accounts
  app: ReturnType<typeof createApp>
  /** Messages waiting in the outbox (the worker is off), oldest first. */
  mails(): Promise<MailMessage[]>
  cleanup(): Promise<void>
}

/**
 * The product's accounts on a fresh test database, behind the real Hono app (without the React Router
 * build). TRUST_PROXY is on, so each test picks its client IP with X-Forwarded-For.
 */
export async function startHarness(
  options: { env?: Record<string, string>; log?: Logger; database?: TestDatabase } = {},
): Promise<Harness> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'accounts-test-'))
  const log = options.log ?? silentLogger()
  const database = options.database ?? (await openTestDatabase({ log }))
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PUBLIC_URL,
    TRUST_PROXY: 'true',
    ...options.env,
  })
  const transport = createMailTransport({ dataDir, from: 'test@portal.test', log })
  const outbox = await startOutbox({ database, transport, log, work: false })
  const secrets = { authSecret: 'test-secret-'.repeat(4), consentIpSalt: randomBytes(32).toString('base64url') }
  const accounts = await startAccounts({ config, database, outbox, log, secret: secrets.authSecret })
  const app = createApp({ config, log, database, outbox, accounts, secrets })
  return {
    database,
    outbox,
    accounts,
    app,
    async mails() {
      const rows = await selectRows<{ data: MailMessage }>(
        database.db,
        sql`select data from pgboss.job where name = 'mail' order by created_on, id`,
      )
      return rows.map((r) => r.data)
    },
    async cleanup() {
      await accounts.stop()
      await outbox.stop()
      await database.cleanup()
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

let ipCounter = 0
/** A client IP no other client of this process uses, so rate limits never leak between tests. */
export function freshIp(): string {
  ipCounter += 1
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`
}

/** A browser-like client: keeps cookies, sends its Origin and a fixed client IP. */
export class Client {
  readonly cookies = new Map<string, string>()
  constructor(
    private readonly harness: Harness,
    readonly ip: string = freshIp(),
  ) {}

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
  }

  async request(pathname: string, init: { method?: string; json?: unknown; headers?: Record<string, string> } = {}) {
    const headers = new Headers({ origin: ORIGIN, 'x-forwarded-for': this.ip, ...init.headers })
    if (this.cookies.size > 0) headers.set('cookie', this.cookieHeader())
    if (init.json !== undefined) headers.set('content-type', 'application/json')
    const response = await this.harness.app.request(`${PUBLIC_URL}${pathname}`, {
      method: init.method ?? (init.json === undefined ? 'GET' : 'POST'),
      headers,
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
    })
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';')
      const eq = pair.indexOf('=')
      const name = pair.slice(0, eq)
      const value = pair.slice(eq + 1)
      if (/max-age=0/i.test(cookie) || value === '') this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
    return response
  }
}

/** The one-time token and e-mail of the newest verification link sent to `email`. */
export async function verificationLink(harness: Harness, email: string): Promise<{ token: string; email: string }> {
  const mails = (await harness.mails()).filter((m) => m.to.includes(email) && /Confirm your e-mail/.test(m.subject))
  const text = mails.at(-1)?.text ?? ''
  const match = text.match(/http:\/\/portal\.test\/\?token=([A-Za-z0-9]+)&email=(\S+)/)
  if (!match?.[1] || !match[2]) throw new Error(`no verification link for ${email} in:\n${text}`)
  return { token: match[1], email: decodeURIComponent(match[2]) }
}

export const strongPassword = 'copper-lantern-river-42'

/** Signs up through the public API and confirms the e-mail: an account pending approval. */
export async function signUpVerified(harness: Harness, email: string, password = strongPassword) {
  const client = new Client(harness)
  const signUp = await client.request('/api/auth/sign-up/email', {
    json: { name: 'Pat Client', email, password, companyName: 'Pat & Co', phone: '(845) 555-0100' },
  })
  if (signUp.status !== 200) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`)
  const link = await verificationLink(harness, email)
  const verify = await client.request('/api/auth/email-otp/verify-email', { json: { email, otp: link.token } })
  if (verify.status !== 200) throw new Error(`verification failed: ${verify.status} ${await verify.text()}`)
  return client
}

export async function signIn(harness: Harness, email: string, password = strongPassword): Promise<Client> {
  const client = new Client(harness)
  const response = await client.request('/api/auth/sign-in/email', { json: { email, password } })
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`)
  return client
}

/** The authenticator-app secret of each staff account signInStaff() enrolled, per harness. */
const staffSecrets = new WeakMap<Harness, Map<string, string>>()

/** The cookies of each staff account's session signInStaff() opened, per harness. */
const staffSessions = new WeakMap<Harness, Map<string, Map<string, string>>>()

/** A client with the cookies of a session opened earlier, when that session is still open. */
async function resumedSession(harness: Harness, cookies: Map<string, string> | undefined): Promise<Client | null> {
  if (!cookies) return null
  const client = new Client(harness)
  for (const [name, value] of cookies) client.cookies.set(name, value)
  const session = await client.request('/api/auth/get-session')
  return session.status === 200 && (await session.json()) !== null ? client : null
}

/**
 * Signs a staff account in as staff pages require: with its second factor, enrolling it first (as
 * /account/two-factor does) the first time. Returns the signed-in client. A code works once
 * (RFC 6238 §5.2), so a later call resumes the account's open session rather than wait for the
 * authenticator's next 30-second step.
 */
export async function signInStaff(harness: Harness, email: string, password = strongPassword): Promise<Client> {
  const secrets = staffSecrets.get(harness) ?? new Map<string, string>()
  staffSecrets.set(harness, secrets)
  const sessions = staffSessions.get(harness) ?? new Map<string, Map<string, string>>()
  staffSessions.set(harness, sessions)
  const resumed = await resumedSession(harness, sessions.get(email))
  if (resumed) return resumed
  const client = new Client(harness)
  const response = await client.request('/api/auth/sign-in/email', { json: { email, password } })
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`)
  const body = (await response.json()) as { twoFactorRedirect?: boolean }
  let secret = secrets.get(email)
  if (!body.twoFactorRedirect) {
    const enable = await client.request('/api/auth/two-factor/enable', { json: { password } })
    if (enable.status !== 200) throw new Error(`two-factor enable failed: ${enable.status} ${await enable.text()}`)
    secret = totpSecretOf(((await enable.json()) as { totpURI: string }).totpURI)
    secrets.set(email, secret)
  }
  if (!secret) throw new Error(`${email} has two-factor sign-in, enrolled outside signInStaff()`)
  const verify = await client.request('/api/auth/two-factor/verify-totp', {
    json: { code: await unusedTotpCode(secret) },
  })
  if (verify.status !== 200) throw new Error(`second factor failed: ${verify.status} ${await verify.text()}`)
  sessions.set(email, new Map(client.cookies))
  return client
}

/**
 * A route's loader arguments for a GET of `path` by `client`, with the harness's accounts and database
 * in the context as the server puts them (a mail outbox is there, never reached), for calling
 * sessionMiddleware, the guards and loaders directly.
 */
export function signedInLoaderArgs(harness: Harness, path: string, client: Client): never {
  const request = new Request(`${PUBLIC_URL}${path}`, { headers: { cookie: client.cookieHeader() } })
  const context = new RouterContextProvider()
  context.set(accountsContext, harness.accounts)
  context.set(appContext, {
    database: harness.database,
    log: harness.accounts.log,
    outbox: {},
    config: { publicUrl: PUBLIC_URL },
  } as unknown as AppContext)
  return { request, context, params: {} } as never
}
