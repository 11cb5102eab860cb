import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { draftFormSchema } from '../../app/features/billing/schema.ts'
import { newContractFormSchema } from '../../app/features/contracts/schema.ts'
import { DomainError } from '../../app/lib/domain-error.ts'
import { type BillingDeps, createDraft, sendDocument, updateDraft } from '../../server/billing/documents.server.ts'
import { createContract } from '../../server/contracts/contracts.server.ts'
import { ensureStandardTemplates } from '../../server/contracts/standard-templates.server.ts'
import { contractTemplates, organisationMembers } from '../../server/db/schema/index.server.ts'
import type { Outbox } from '../../server/mail/outbox.server.ts'
import { listAddressableOrganisations } from '../../server/organisations/addressee.server.ts'
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
import { openTestDatabase, type TestDatabase } from './helpers/database.ts'

/**
 * Staff's billing and contract forms pick an organisation, not a person (ADR 028): the record is
 * filed under it and addressed to its billing person or owner (a contract: an owner, who signs).
 */

let database: TestDatabase
let outbox: Outbox
let deps: BillingDeps
let owner: ClientAccount
let bookkeeper: ClientAccount

beforeAll(async () => {
  database = await openTestDatabase()
  outbox = await queueOnlyOutbox(database)
})
afterAll(async () => {
  await outbox?.stop()
  await database?.cleanup()
})
beforeEach(async () => {
  await database.db.execute(sql`truncate contract_files, contract_events, contracts, contract_templates`)
  await resetBilling(database)
  deps = { db: database.db, outbox, publicUrl: PUBLIC_URL, now: testClock().now }
  owner = await clientAccount(database, 'carla@harbor.example', {
    fullName: 'Carla Reyes',
    companyName: 'Harbor Dental',
  })
  // A bookkeeper who signed up alone, then was put into the practice with the billing role.
  bookkeeper = await clientAccount(database, 'books@harbor.example', { fullName: 'Bea Books', companyName: null })
  await database.db
    .update(organisationMembers)
    .set({ organisationId: owner.organisationId, role: 'billing' })
    .where(eq(organisationMembers.personId, bookkeeper.clientId))
})

const forOrganisation = (organisationId: string, fields: Record<string, unknown> = {}) =>
  draftFormSchema.parse({ ...draft(owner.clientId), clientId: undefined, organisationId, lines: draftLines, ...fields })
const draftLines = [{ description: 'Full Help Desk (per user per month)', quantity: '5', unitPrice: '100' }]

async function refusal(run: Promise<unknown>): Promise<DomainError> {
  const error = await run.then(
    () => null,
    (thrown: unknown) => thrown,
  )
  expect(error).toBeInstanceOf(DomainError)
  return error as DomainError
}

describe('picking an organisation', () => {
  it('lists each organisation once, by name, kind and town, with the person its records are addressed to', async () => {
    const billing = await listAddressableOrganisations(database.db, 'billing')
    expect(billing.map((o) => [o.name, o.kind, o.addressee.email])).toEqual([
      ['Harbor Dental', 'business', 'books@harbor.example'],
    ])
    const contracts = await listAddressableOrganisations(database.db, 'contracts')
    expect(contracts.map((o) => [o.name, o.addressee.email])).toEqual([['Harbor Dental', 'carla@harbor.example']])
  })

  it('files a draft under the organisation, addressed to its billing person, and e-mails its billing people', async () => {
    const doc = await createDraft(deps, staff, forOrganisation(owner.organisationId))
    expect(doc.organisationId).toBe(owner.organisationId)
    expect(doc.clientId).toBe(bookkeeper.clientId)
    const edited = await updateDraft(
      deps,
      staff,
      doc.id,
      doc.updatedAt,
      forOrganisation(owner.organisationId, { notes: 'Edited' }),
    )
    expect(edited.organisationId).toBe(owner.organisationId)
    const sent = await sendDocument(deps, staff, doc.id)
    expect(sent.billTo?.email).toBe('books@harbor.example')
    expect((await queuedMails(database)).flatMap((m) => m.to)).toEqual(['books@harbor.example'])
  })

  it('still takes a client person, filed under their organisation', async () => {
    const doc = await createDraft(deps, staff, draft(owner.clientId))
    expect(doc.organisationId).toBe(owner.organisationId)
    expect(doc.clientId).toBe(owner.clientId)
  })

  it('refuses, on the picker, an organisation that is not one or has nobody approved to address', async () => {
    const unknown = await refusal(createDraft(deps, staff, forOrganisation('00000000-0000-4000-8000-000000000000')))
    expect(unknown.fields).toEqual({ organisationId: ['Choose one of the client organisations.'] })
    const pending = await clientAccount(database, 'pending@example.com', {
      status: 'pending',
      companyName: 'Pending Co',
    })
    const nobody = await refusal(createDraft(deps, staff, forOrganisation(pending.organisationId)))
    expect(nobody.fields?.organisationId?.[0]).toMatch(/no approved owner or billing person yet/)
    const neither = draftFormSchema.safeParse({ ...draft(owner.clientId), clientId: undefined, lines: draftLines })
    expect(neither.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['organisationId', 'Choose the client organisation.'],
    ])
  })

  it('addresses a contract to an owner of the organisation, who may sign it, and fills in its name', async () => {
    await ensureStandardTemplates(database.db)
    const [msa] = await database.db
      .select()
      .from(contractTemplates)
      .where(eq(contractTemplates.key, 'managed-services'))
    const contract = await createContract(
      { ...deps },
      { ...staff, name: 'Dana Owner' },
      newContractFormSchema.parse({
        templateId: msa?.id,
        organisationId: owner.organisationId,
        plan: 'Full Help Desk',
        pricePerUser: '$100.00',
        users: '12',
        startDate: 'April 1, 2026',
        term: '12 months',
        expiresOn: '2026-03-31',
      }),
      { ip: '198.51.100.2', userAgent: 'Test' },
    )
    expect(contract.organisationId).toBe(owner.organisationId)
    expect(contract.clientId).toBe(owner.clientId)
    expect(contract.body).toContain('Harbor Dental')
  })
})
