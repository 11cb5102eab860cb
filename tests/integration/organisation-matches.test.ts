import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { clientOnboarding, organisations } from '../../server/db/schema/index.server.ts'
import { matchingOrganisations } from '../../server/organisations/matches.server.ts'
import { type ClientAccount, clientAccount } from './helpers/billing.ts'
import { backend, openTestDatabase, type TestDatabase } from './helpers/database.ts'

// The approval screen's matches: organisations with a person at the sign-up's e-mail domain (never
// a public mail service) and organisations named like the company they gave; never their own.

let database: TestDatabase

beforeAll(async () => {
  database = await openTestDatabase()
})
afterAll(async () => {
  await database?.cleanup()
})

async function signUp(email: string, companyName: string | null): Promise<ClientAccount> {
  return clientAccount(database, email, { fullName: 'New Person', companyName, status: 'pending' })
}

const names = async (person: ClientAccount, companyName: string | null) =>
  (await matchingOrganisations(database.db, { id: person.clientId, email: person.email, companyName })).map(
    (match) => `${match.name}: ${match.why}`,
  )

describe(`organisations matching a sign-up on ${backend}`, () => {
  beforeEach(async () => {
    await database.db.delete(clientOnboarding)
    await database.db.delete(organisations)
    await clientAccount(database, 'carla@harbor-dental.example', { companyName: 'Harbor Dental' })
    await clientAccount(database, 'pat@gmail.com', { companyName: 'Pat’s Bakery' })
  })

  it('finds the organisation of a colleague at the same e-mail domain', async () => {
    const person = await signUp('ben@harbor-dental.example', null)
    expect(await names(person, null)).toEqual(['Harbor Dental: same e-mail domain'])
  })

  it('never matches by a public mail service’s domain', async () => {
    const person = await signUp('someone@gmail.com', null)
    expect(await names(person, null)).toEqual([])
  })

  it('finds an organisation named like the company given, and not their own organisation of one', async () => {
    const person = await signUp('office@harbordental.example', 'Harbor Dentall')
    expect(await names(person, 'Harbor Dentall')).toEqual(['Harbor Dental: similar name'])
  })
})
