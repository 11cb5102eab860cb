import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoClient } from '../../server/accounts/demo-client.server.ts'
import { organisations } from '../../server/db/schema/index.server.ts'
import { demoHousehold, demoOffice, seedDemoOrganisations } from '../../server/organisations/demo.server.ts'
import { listMembers, organisationOfPerson } from '../../server/organisations/organisations.server.ts'
import { loadDemoClientPassword, loadDemoPeoplePasswords } from '../../server/secrets.server.ts'
import { type Harness, signIn, startHarness } from './helpers/accounts.ts'
import { backend } from './helpers/database.ts'

let harness: Harness
let dataDir: string

beforeAll(async () => {
  harness = await startHarness()
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-organisations-'))
})
afterAll(async () => {
  await harness?.cleanup()
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
})

describe(`the demo organisations on ${backend}`, () => {
  it("keeps each demo person's password in secrets.json beside the demo client's, generated once", () => {
    const client = loadDemoClientPassword(dataDir)
    const people = loadDemoPeoplePasswords(dataDir)
    expect(loadDemoPeoplePasswords(dataDir)).toEqual(people)
    expect(new Set([client, people.billing, people.member, people.household]).size).toBe(4)
    expect(JSON.parse(fs.readFileSync(path.join(dataDir, 'secrets.json'), 'utf8'))).toEqual({
      demoClientPassword: client,
      demoBillingPassword: people.billing,
      demoMemberPassword: people.member,
      demoHouseholdPassword: people.household,
    })
  })

  it('make the demo client an office with a billing person and a member, and a household, once', async () => {
    const db = harness.database.db
    const passwords = loadDemoPeoplePasswords(dataDir)
    const { onboardingId } = await harness.accounts.seedDemoClient(loadDemoClientPassword(dataDir))
    // Two processes booting together, then a restart.
    await Promise.all([
      seedDemoOrganisations({ accounts: harness.accounts, db }, onboardingId, passwords),
      seedDemoOrganisations({ accounts: harness.accounts, db }, onboardingId, passwords),
    ])
    await seedDemoOrganisations({ accounts: harness.accounts, db }, onboardingId, passwords)

    const office = await organisationOfPerson(db, onboardingId)
    expect(office?.role).toBe('owner')
    expect(office?.organisation).toMatchObject({
      name: demoClient.companyName,
      kind: 'business',
      town: 'Nyack',
      state: 'NY',
      billingEmail: demoOffice.details.billingEmail,
    })
    const people = await listMembers(db, office?.organisation.id ?? '')
    expect(people.map((p) => [p.email, p.role, p.status])).toEqual([
      [demoClient.email, 'owner', 'approved'],
      [demoOffice.billing.email, 'billing', 'approved'],
      [demoOffice.member.email, 'member', 'approved'],
    ])

    const all = await db.select().from(organisations)
    expect(all).toHaveLength(2)
    const household = all.find((o) => o.id !== office?.organisation.id)
    expect(household).toMatchObject({ name: demoHousehold.name, kind: 'household', town: 'Suffern' })
    expect((await listMembers(db, household?.id ?? '')).map((p) => [p.email, p.role])).toEqual([
      [demoHousehold.owner.email, 'owner'],
    ])

    await signIn(harness, demoOffice.billing.email, passwords.billing)
    await signIn(harness, demoOffice.member.email, passwords.member)
    await signIn(harness, demoHousehold.owner.email, passwords.household)
    await expect(signIn(harness, demoOffice.member.email, passwords.billing)).rejects.toThrow(/sign-in failed/)
  })
})
