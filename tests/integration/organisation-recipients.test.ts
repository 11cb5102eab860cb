import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { paymentFormSchema } from '../../app/features/billing/schema.ts'
import { type BillingDeps, createDraft, recordPayment, sendDocument } from '../../server/billing/documents.server.ts'
import { organisationMembers, organisations } from '../../server/db/schema/index.server.ts'
import type { Outbox } from '../../server/mail/outbox.server.ts'
import {
  type ClientAccount,
  clientAccount,
  draft,
  PUBLIC_URL,
  queuedMails,
  queueOnlyOutbox,
  resetBilling,
  staff,
  testClock,
} from './helpers/billing.ts'
import { backend, openTestDatabase, type TestDatabase } from './helpers/database.ts'

// An organisation's documents are e-mailed to its billing people and billing e-mail, otherwise to
// its owners; each recipient gets their own message.

let database: TestDatabase
let outbox: Outbox
let deps: BillingDeps
let carla: ClientAccount
let ben: ClientAccount

beforeAll(async () => {
  database = await openTestDatabase()
  outbox = await queueOnlyOutbox(database)
})
afterAll(async () => {
  await outbox?.stop()
  await database?.cleanup()
})
beforeEach(async () => {
  await resetBilling(database)
  deps = { db: database.db, outbox, publicUrl: PUBLIC_URL, now: testClock().now }
  carla = await clientAccount(database, 'carla@harbor.example')
  ben = await clientAccount(database, 'ben@harbor.example', { fullName: 'Ben Books' })
})

/** Ben joins Carla's organisation in a role, leaving his organisation of one. */
async function benJoins(role: 'billing' | 'member') {
  await database.db
    .update(organisationMembers)
    .set({ organisationId: carla.organisationId, role })
    .where(eq(organisationMembers.personId, ben.clientId))
  await database.db.delete(organisations).where(eq(organisations.id, ben.organisationId))
}

const recipientsOf = async (subject: RegExp) =>
  (await queuedMails(database))
    .filter((mail) => subject.test(mail.subject))
    .flatMap((mail) => mail.to)
    .sort()

describe(`billing documents' recipients on ${backend}`, () => {
  it('are the owners when the organisation has no billing person and no billing e-mail', async () => {
    await benJoins('member')
    await sendDocument(deps, staff, (await createDraft(deps, staff, draft(carla.clientId))).id)
    expect(await recipientsOf(/Invoice/)).toEqual(['carla@harbor.example'])
  })

  it('are the billing people and the billing e-mail, each with their own message, and not the owners', async () => {
    await benJoins('billing')
    await database.db
      .update(organisations)
      .set({ billingEmail: 'accounts@harbor.example' })
      .where(eq(organisations.id, carla.organisationId))
    const invoice = await sendDocument(deps, staff, (await createDraft(deps, staff, draft(carla.clientId))).id)
    expect(await recipientsOf(/Invoice/)).toEqual(['accounts@harbor.example', 'ben@harbor.example'])
    await recordPayment(
      deps,
      staff,
      invoice.id,
      paymentFormSchema.parse({ method: 'check', receivedOn: '2026-03-02', reference: 'Check 1', amount: '10' }),
    )
    expect(await recipientsOf(/Receipt/)).toEqual(['accounts@harbor.example', 'ben@harbor.example'])
  })
})
