import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { consultationRequestsOf } from '../../server/booking/client-requests.server.ts'
import { bookings, organisations, user } from '../../server/db/schema/index.server.ts'
import { backend, openTestDatabase, type TestDatabase } from './helpers/database.ts'

// The dashboard's consultation requests by role: owners and billing people see all of their
// organisation's; a member sees those they sent or claimed; a person in no organisation only their
// own that no organisation holds.

let database: TestDatabase
let organisationId: string
let otherOrganisationId: string
const owner = randomUUID()
const member = randomUUID()
const ids: Record<string, string> = {}

beforeAll(async () => {
  database = await openTestDatabase()
  const db = database.db
  await db.insert(user).values([
    { id: owner, name: 'Olivia Owner', email: `owner-${owner}@orchard.example` },
    { id: member, name: 'Mia Member', email: `member-${member}@orchard.example` },
  ])
  const made = await db
    .insert(organisations)
    .values([
      { name: 'Orchard Dental', kind: 'business' },
      { name: 'Elsewhere', kind: 'business' },
    ])
    .returning({ id: organisations.id })
  organisationId = made[0]?.id ?? ''
  otherOrganisationId = made[1]?.id ?? ''
  const request = async (name: string, fields: Partial<typeof bookings.$inferInsert>) => {
    const id = randomUUID()
    await db.insert(bookings).values({
      id,
      formType: 'consultation',
      name,
      firstName: name,
      lastName: 'Doe',
      email: 'someone@orchard.example',
      phone: '(845) 555-0101',
      ipHash: 'test',
      payloadHash: id,
      ...fields,
    })
    ids[name] = id
  }
  await request('owners', { submittedByUserId: owner, organisationId })
  await request('members', { claimedByUserId: member, organisationId })
  await request('members-elsewhere', { submittedByUserId: member, organisationId: otherOrganisationId })
  await request('members-unfiled', { submittedByUserId: member, organisationId: null })
})
afterAll(async () => {
  await database?.cleanup()
})

const shown = async (userId: string, organisation: { id: string; role: 'owner' | 'billing' | 'member' } | null) =>
  (await consultationRequestsOf(database.db, { userId, organisation })).map((row) => row.id).sort()

describe(`the dashboard's requests by role on ${backend}`, () => {
  it('shows an owner and a billing person all of their organisation’s requests', async () => {
    const all = [ids.owners, ids.members].sort()
    expect(await shown(owner, { id: organisationId, role: 'owner' })).toEqual(all)
    expect(await shown(randomUUID(), { id: organisationId, role: 'billing' })).toEqual(all)
  })

  it('shows a member only their own requests in their organisation', async () => {
    expect(await shown(member, { id: organisationId, role: 'member' })).toEqual([ids.members])
  })

  it('shows a person in no organisation none of an organisation’s requests, their own among them', async () => {
    expect(await shown(member, null)).toEqual([ids['members-unfiled']])
  })
})
