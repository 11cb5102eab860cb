import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { areaGuard, getUser, sessionMiddleware } from '../../app/features/accounts/guards.server.ts'
import { loader as billingLoader } from '../../app/routes/billing/index.tsx'
import { clientOnboarding } from '../../server/db/schema/index.server.ts'
import { type Harness, signedInLoaderArgs, signIn, signUpVerified, startHarness } from './helpers/accounts.ts'
import { backend } from './helpers/database.ts'
import { statementsDuring } from './helpers/statements.ts'

// A signed-in page reads its visitor once: the onboarding record and the organisation are read by
// the access check (with the session, or readAccess) and kept on the request's context; the root loader, the area's guard
// and the page (here /billing, which acts for the client's person) all use that one read.

let harness: Harness
beforeAll(async () => {
  harness = await startHarness()
})
afterAll(async () => {
  await harness?.cleanup()
})

describe(`a signed-in page's reads of its visitor on ${backend}`, () => {
  it('reads the onboarding record and the organisation once for a /billing page', async () => {
    const email = 'dana@visitor-reads.example'
    await signUpVerified(harness, email)
    await harness.database.db
      .update(clientOnboarding)
      .set({ status: 'approved' })
      .where(eq(clientOnboarding.email, email))
    const client = await signIn(harness, email)
    const args = signedInLoaderArgs(harness, '/billing', client)
    let page: Awaited<ReturnType<typeof billingLoader>> | undefined

    const { statements } = await statementsDuring(harness.database.db, async () => {
      await sessionMiddleware(args, async () => {
        // The root loader and the area's guard both ask for the visitor, then the page runs.
        await getUser(args)
        await areaGuard(args, async () => {
          page = await billingLoader(args)
          return new Response(null)
        })
        return new Response(null)
      })
    })

    expect(page?.summary).not.toBeNull()
    // Read with the session in one statement (server/accounts/session-read.server.ts), or on their own.
    const withSession = (table: string) => (text: string) =>
      new RegExp(`from "?${table}"?`, 'i').test(text) ||
      (/from "?session"?/i.test(text) && new RegExp(`join "?${table}"?`, 'i').test(text))
    const onboardingReads = statements.filter(withSession('client_onboarding'))
    const organisationReads = statements.filter(withSession('organisation_members'))
    expect(onboardingReads).toHaveLength(1)
    expect(organisationReads).toHaveLength(1)
  })
})
