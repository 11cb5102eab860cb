import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { secondFactorStaysOn } from '../../app/features/organisations/second-factor.ts'
import { clientOnboarding, organisations } from '../../server/db/schema/index.server.ts'
import { organisationOfPerson } from '../../server/organisations/organisations.server.ts'
import { type Harness, signInStaff, signUpVerified, startHarness, strongPassword } from './helpers/accounts.ts'
import { backend } from './helpers/database.ts'

// An organisation that requires a second factor keeps its people's on: Better Auth's own disable
// endpoint refuses it with the organisation's words (the /account/two-factor form says the same first).

let harness: Harness
const db = () => harness.database.db

beforeAll(async () => {
  harness = await startHarness()
})
afterAll(async () => {
  await harness?.cleanup()
})

describe(`an organisation's second-factor rule on ${backend}`, () => {
  it('refuses to turn a second factor off while the organisation requires it, and allows it after', async () => {
    const email = 'pat@second-factor-office.example'
    await signUpVerified(harness, email)
    // Enrolled with an authenticator app and signed in with it, as /account/two-factor does.
    const client = await signInStaff(harness, email)
    const [person] = await db().select().from(clientOnboarding).where(eq(clientOnboarding.email, email))
    const found = person ? await organisationOfPerson(db(), person.id) : null
    if (!found) throw new Error('in no organisation')
    const { organisation } = found
    await db().update(organisations).set({ requireSecondFactor: true }).where(eq(organisations.id, organisation.id))

    const refused = await client.request('/api/auth/two-factor/disable', { json: { password: strongPassword } })
    expect(refused.status).toBe(403)
    expect(((await refused.json()) as { message: string }).message).toBe(secondFactorStaysOn(organisation.name))

    await db().update(organisations).set({ requireSecondFactor: false }).where(eq(organisations.id, organisation.id))
    const allowed = await client.request('/api/auth/two-factor/disable', { json: { password: strongPassword } })
    expect(allowed.status).toBe(200)
  })
})
