import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readAccess } from '../../server/accounts/access.server.ts'
import { authLifetimes } from '../../server/accounts/auth.server.ts'
import { verifiedToken } from '../../server/accounts/session-read.server.ts'
import { clientOnboarding, session as sessionTable } from '../../server/db/schema/index.server.ts'
import { type Client, type Harness, signIn, signUpVerified, startHarness } from './helpers/accounts.ts'
import { backend } from './helpers/database.ts'
import { statementsDuring } from './helpers/statements.ts'

// A signed-in request's session and access in one statement (server/accounts/session-read.server.ts):
// the same answer as Better Auth's getSession and readAccess, and Better Auth still decides every
// other case (a revoked, expired, disabled or refresh-due session, a forged cookie).

let harness: Harness
beforeAll(async () => {
  harness = await startHarness()
})
afterAll(async () => {
  await harness?.cleanup()
})

let counter = 0
/** An approved client (sign-up puts them in an organisation of their own), signed in. */
async function approvedClient(): Promise<{ email: string; client: Client }> {
  counter += 1
  const email = `quinn${counter}@session-read.example`
  await signUpVerified(harness, email)
  await harness.database.db
    .update(clientOnboarding)
    .set({ status: 'approved' })
    .where(eq(clientOnboarding.email, email))
  return { email, client: await signIn(harness, email) }
}

const headersOf = (client: Client) => new Headers({ cookie: client.cookieHeader() })
const tokenOf = (client: Client) =>
  [...client.cookies].find(([name]) => name.endsWith('session_token'))?.[1]?.split('.')[0] ?? ''

describe(`a signed-in request's session read on ${backend}`, () => {
  it('answers what Better Auth and readAccess answer, in one statement', async () => {
    const { email, client } = await approvedClient()
    const { result: quick, statements } = await statementsDuring(harness.database.db, () =>
      harness.accounts.getSession(headersOf(client)),
    )
    expect(statements).toHaveLength(1)

    const fromBetterAuth = await harness.accounts.auth.api.getSession({ headers: headersOf(client) })
    expect(quick.data).toEqual(fromBetterAuth)
    expect(quick.access).toEqual(await readAccess(harness.database.db, email))
    expect(quick.access?.organisation).not.toBeNull()
    expect(quick.setCookies).toEqual([])
  })

  it('refuses a cookie whose signature does not verify', async () => {
    const { client } = await approvedClient()
    const [name, value = ''] = [...client.cookies].find(([n]) => n.endsWith('session_token')) ?? []
    const forged = `${value.slice(0, value.lastIndexOf('.'))}.${encodeURIComponent('A'.repeat(43))}=`
    const headers = new Headers({ cookie: `${name}=${forged}` })
    expect((await harness.accounts.getSession(headers)).data).toBeNull()
    expect(verifiedToken(decodeURIComponent(forged), 'not-the-secret')).toBeNull()
  })

  it('ends a revoked session at once', async () => {
    const { client } = await approvedClient()
    expect((await harness.accounts.getSession(headersOf(client))).data).not.toBeNull()
    await harness.database.db.delete(sessionTable).where(eq(sessionTable.token, tokenOf(client)))
    expect((await harness.accounts.getSession(headersOf(client))).data).toBeNull()
  })

  it('ends the session of a disabled account at once and removes it', async () => {
    const { email, client } = await approvedClient()
    expect((await harness.accounts.getSession(headersOf(client))).data).not.toBeNull()
    await harness.database.db
      .update(clientOnboarding)
      .set({ disabledAt: new Date() })
      .where(eq(clientOnboarding.email, email))
    expect((await harness.accounts.getSession(headersOf(client))).data).toBeNull()
    const left = await harness.database.db
      .select()
      .from(sessionTable)
      .where(eq(sessionTable.token, tokenOf(client)))
    expect(left).toEqual([])
  })

  it('leaves an expired session to Better Auth, which ends it', async () => {
    const { client } = await approvedClient()
    await harness.database.db
      .update(sessionTable)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessionTable.token, tokenOf(client)))
    expect((await harness.accounts.getSession(headersOf(client))).data).toBeNull()
  })

  it('leaves a session due for its sliding refresh to Better Auth, which moves its deadline', async () => {
    const { client } = await approvedClient()
    // Last refreshed a minute more than the refresh interval ago.
    const due = new Date(Date.now() + (authLifetimes.sessionIdle - authLifetimes.sessionRefresh - 60) * 1000)
    await harness.database.db
      .update(sessionTable)
      .set({ expiresAt: due })
      .where(eq(sessionTable.token, tokenOf(client)))
    const read = await harness.accounts.getSession(headersOf(client))
    expect(read.data?.session.expiresAt.getTime()).toBeGreaterThan(due.getTime())
    expect(read.setCookies.some((cookie) => cookie.includes('session_token='))).toBe(true)
  })
})
