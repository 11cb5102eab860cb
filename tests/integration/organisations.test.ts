import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { DomainError } from '../../app/lib/domain-error.ts'
import type { AuditActor } from '../../server/audit/audit.server.ts'
import { seedDemoBilling } from '../../server/billing/demo.server.ts'
import { seedDemoContracts } from '../../server/contracts/demo.server.ts'
import { ensureStandardTemplates } from '../../server/contracts/standard-templates.server.ts'
import { selectRows } from '../../server/db/client.server.ts'
import {
  auditLog,
  billingDocuments,
  clientOnboarding,
  contracts,
  organisationMembers,
  organisations,
  user,
} from '../../server/db/schema/index.server.ts'
import { invitePerson, pendingInvitations } from '../../server/organisations/invitations.server.ts'
import { mergeOrganisations } from '../../server/organisations/merge.server.ts'
import {
  createOrganisation,
  listMembers,
  organisationOfPerson,
  setSecondFactorRequirement,
  updateOrganisation,
} from '../../server/organisations/organisations.server.ts'
import { addPerson, changePersonRole, removePerson } from '../../server/organisations/people.server.ts'
import { type Harness, startHarness } from './helpers/accounts.ts'
import { backend } from './helpers/database.ts'

let harness: Harness
const db = () => harness.database.db
let admin: AuditActor

beforeAll(async () => {
  harness = await startHarness()
  await ensureStandardTemplates(db())
  admin = await actorFor(await person('admin@ramapo-it.example', { role: 'admin' }))
})
afterAll(async () => {
  await harness?.cleanup()
})

let counter = 0
/** A person's onboarding record, committed: a client gets its organisation of one at commit. */
async function person(
  email: string,
  fields: { role?: 'client' | 'admin'; companyName?: string | null; status?: 'approved' | 'pending' } = {},
): Promise<string> {
  const [row] = await db()
    .insert(clientOnboarding)
    .values({
      email,
      fullName: email.split('@')[0] ?? email,
      companyName: fields.companyName ?? null,
      role: fields.role ?? 'client',
      status: fields.status ?? 'approved',
    })
    .returning({ id: clientOnboarding.id })
  if (!row) throw new Error('no person')
  return row.id
}

async function actorFor(personId: string): Promise<AuditActor> {
  const [row] = await db().select().from(clientOnboarding).where(eq(clientOnboarding.id, personId))
  if (!row) throw new Error('no person')
  return { userId: `user-${row.email}`, email: row.email }
}

async function organisationIdOf(personId: string): Promise<string> {
  const found = await organisationOfPerson(db(), personId)
  if (!found) throw new Error('in no organisation')
  return found.organisation.id
}

async function roleOf(personId: string) {
  return (await organisationOfPerson(db(), personId))?.role ?? null
}

/** A fresh office: an owner, and a billing person and a member moved in by staff. */
async function office(name: string) {
  counter += 1
  const owner = await person(`owner${counter}@${name}.example`, { companyName: name })
  const billing = await person(`billing${counter}@${name}.example`)
  const member = await person(`member${counter}@${name}.example`)
  const organisationId = await organisationIdOf(owner)
  await addPerson(db(), admin, { organisationId, personId: billing, role: 'billing' })
  await addPerson(db(), admin, { organisationId, personId: member, role: 'member' })
  return { organisationId, owner, billing, member }
}

async function refusal(work: Promise<unknown>): Promise<DomainError> {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(DomainError)
  return error as DomainError
}

async function auditRows(action: string, subjectId: string) {
  return db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.subjectId, subjectId)))
}

async function organisationCount(): Promise<number> {
  const [row] = await selectRows<{ n: number }>(db(), sql`select count(*)::int as n from organisations`)
  return row?.n ?? 0
}

describe(`organisations on ${backend}`, () => {
  beforeEach(() => {
    counter += 1
  })

  it('are created by admins only, with their details checked, and audited', async () => {
    const created = await createOrganisation(db(), admin, {
      name: 'Nyack Family Dental',
      kind: 'business',
      phone: '(845) 555-0111',
      streetAddress: '12 Main Street',
      town: 'Nyack',
      state: 'ny',
      postalCode: '10960',
      billingEmail: 'Billing@NyackDental.example',
      staffNotes: 'Referred by Harbor Dental.',
    })
    expect(created).toMatchObject({ state: 'NY', billingEmail: 'billing@nyackdental.example', kind: 'business' })
    expect(await auditRows('organisation.create', created.id)).toHaveLength(1)

    const wrong = await refusal(
      createOrganisation(db(), admin, { name: ' ', kind: 'shop', state: 'CA', postalCode: '1096', billingEmail: 'x' }),
    )
    expect(wrong.kind).toBe('invalid')
    expect(Object.keys(wrong.fields ?? {}).sort()).toEqual(['billingEmail', 'kind', 'name', 'postalCode', 'state'])

    const client = await actorFor(await person(`client${counter}@example.com`))
    expect((await refusal(createOrganisation(db(), client, { name: 'Mine', kind: 'household' }))).kind).toBe(
      'forbidden',
    )
  })

  it('lets admins edit the details and notes, checked and audited with before and after; nobody else', async () => {
    const { organisationId, owner } = await office(`edited${counter}`)
    const updated = await updateOrganisation(db(), admin, {
      organisationId,
      name: 'Edited Dental',
      kind: 'business',
      town: 'Suffern',
      state: 'nj',
      staffNotes: 'Calls before noon.',
    })
    expect(updated).toMatchObject({ name: 'Edited Dental', state: 'NJ', staffNotes: 'Calls before noon.' })
    const [row] = await auditRows('organisation.update', organisationId)
    expect(row?.after).toMatchObject({ name: 'Edited Dental', town: 'Suffern' })
    expect(row?.before).toMatchObject({ town: null })
    expect((await refusal(updateOrganisation(db(), admin, { organisationId, name: '', kind: 'x' }))).kind).toBe(
      'invalid',
    )
    const asOwner = updateOrganisation(db(), await actorFor(owner), { organisationId, name: 'Mine', kind: 'business' })
    expect((await refusal(asOwner)).kind).toBe('forbidden')
  })

  it('lets an owner require a second factor of everyone, audited; a billing person may not', async () => {
    const { organisationId, owner, billing } = await office(`strict${counter}`)
    await setSecondFactorRequirement(db(), await actorFor(owner), { organisationId, required: true })
    const [row] = await db().select().from(organisations).where(eq(organisations.id, organisationId))
    expect(row?.requireSecondFactor).toBe(true)
    expect(await auditRows('organisation.second_factor', organisationId)).toHaveLength(1)
    const byBilling = setSecondFactorRequirement(db(), await actorFor(billing), { organisationId, required: false })
    expect((await refusal(byBilling)).kind).toBe('forbidden')
  })

  it('takes in a person moved by staff; the organisation of one they leave, holding nothing, goes', async () => {
    const { organisationId, owner, billing, member } = await office('riverside')
    const newcomer = await person(`newcomer${counter}@riverside.example`)
    const ofOne = await organisationIdOf(newcomer)
    const before = await organisationCount()
    await addPerson(db(), admin, { organisationId, personId: newcomer, role: 'member' })
    expect(await organisationIdOf(newcomer)).toBe(organisationId)
    expect(await organisationCount()).toBe(before - 1)
    expect(await db().select().from(organisations).where(eq(organisations.id, ofOne))).toEqual([])
    const [moved] = await auditRows('organisation.person_move', organisationId).then((rows) =>
      rows.filter((row) => (row.details as { personId: string }).personId === newcomer),
    )
    expect(moved?.details).toMatchObject({ role: 'member', from: { id: ofOne, deleted: true } })
    // Owners first, then billing, then members by name (member… before newcomer…).
    expect((await listMembers(db(), organisationId)).map((m) => [m.personId, m.role])).toEqual([
      [owner, 'owner'],
      [billing, 'billing'],
      [member, 'member'],
      [newcomer, 'member'],
    ])

    // Already there; a staff account; a stranger's id: each refused with its reason.
    expect((await refusal(addPerson(db(), admin, { organisationId, personId: newcomer, role: 'owner' }))).kind).toBe(
      'conflict',
    )
    const staff = await person(`staff${counter}@ramapo-it.example`, { role: 'admin' })
    expect((await refusal(addPerson(db(), admin, { organisationId, personId: staff, role: 'member' }))).kind).toBe(
      'invalid',
    )
    expect(
      (await refusal(addPerson(db(), admin, { organisationId, personId: 'not-an-id', role: 'member' }))).kind,
    ).toBe('not_found')
    const ownerActor = await actorFor(owner)
    expect(
      (await refusal(addPerson(db(), ownerActor, { organisationId, personId: newcomer, role: 'owner' }))).kind,
    ).toBe('forbidden')
  })

  it('keeps the only person of an organisation that holds records in it: staff merge instead', async () => {
    const { organisationId } = await office('hillside')
    const loner = await person(`loner${counter}@example.com`, { companyName: 'Loner LLC' })
    expect(await seedDemoBilling(db(), loner)).toBeGreaterThan(0)
    const error = await refusal(addPerson(db(), admin, { organisationId, personId: loner, role: 'member' }))
    expect(error.kind).toBe('conflict')
    expect(error.message).toMatch(/Merge it/)
  })

  it('lets owners and staff change roles, never leaving the organisation without an owner', async () => {
    const { organisationId, owner, billing, member } = await office('lakeside')
    const ownerActor = await actorFor(owner)
    expect(
      (await refusal(changePersonRole(db(), ownerActor, { organisationId, personId: owner, role: 'member' }))).message,
    ).toMatch(/last owner/)
    await changePersonRole(db(), ownerActor, { organisationId, personId: member, role: 'owner' })
    expect(await roleOf(member)).toBe('owner')
    await changePersonRole(db(), ownerActor, { organisationId, personId: owner, role: 'billing' })
    expect(await roleOf(owner)).toBe('billing')
    expect(await auditRows('organisation.role_change', organisationId)).toHaveLength(2)

    // A billing person may not; an owner of another organisation does not even see this one.
    const billingActor = await actorFor(billing)
    const refused = await refusal(
      changePersonRole(db(), billingActor, { organisationId, personId: billing, role: 'owner' }),
    )
    expect(refused.kind).toBe('forbidden')
    expect(refused.message).toMatch(/Only an owner of your organisation/)
    const stranger = await actorFor((await office('elsewhere')).owner)
    expect(
      (await refusal(changePersonRole(db(), stranger, { organisationId, personId: billing, role: 'member' }))).kind,
    ).toBe('not_found')
    expect(
      (await refusal(changePersonRole(db(), ownerActor, { organisationId, personId: billing, role: 'boss' }))).kind,
    ).toBe('invalid')
    expect(await roleOf(billing)).toBe('billing')
  })

  it('ends two owners demoted at the same moment with exactly one owner', async () => {
    // By staff, so that only the last-owner rule can refuse; then by the two owners themselves, where
    // the loser may also find they are no longer an owner at all.
    for (const by of ['staff', 'owners'] as const) {
      for (let round = 0; round < 4; round += 1) {
        const { organisationId, owner, member } = await office(`twin${round}`)
        await changePersonRole(db(), admin, { organisationId, personId: member, role: 'owner' })
        const [first, second] = await Promise.allSettled([
          changePersonRole(db(), by === 'staff' ? admin : await actorFor(owner), {
            organisationId,
            personId: member,
            role: 'member',
          }),
          changePersonRole(db(), by === 'staff' ? admin : await actorFor(member), {
            organisationId,
            personId: owner,
            role: 'billing',
          }),
        ])
        expect([first.status, second.status].sort(), by).toEqual(['fulfilled', 'rejected'])
        const failed = [first, second].find((result) => result.status === 'rejected') as PromiseRejectedResult
        expect(failed.reason).toBeInstanceOf(DomainError)
        const kind = (failed.reason as DomainError).kind
        if (by === 'staff') expect(kind).toBe('conflict')
        else expect(['conflict', 'forbidden']).toContain(kind)
        const owners = (await listMembers(db(), organisationId)).filter((m) => m.role === 'owner')
        expect(owners, by).toHaveLength(1)
      }
    }
  })

  it('removes a person, never the last owner of people who stay', async () => {
    const { organisationId, owner, member } = await office('brookside')
    const ownerActor = await actorFor(owner)
    expect((await refusal(removePerson(db(), ownerActor, { organisationId, personId: owner }))).kind).toBe('conflict')
    await removePerson(db(), ownerActor, { organisationId, personId: member })
    expect(await organisationOfPerson(db(), member)).toBeNull()
    expect(await auditRows('organisation.person_remove', organisationId)).toHaveLength(1)
    expect((await refusal(removePerson(db(), ownerActor, { organisationId, personId: member }))).kind).toBe('not_found')
  })

  it('merges an organisation created twice: people, documents, signed contracts and requests move, and the audit says which', async () => {
    const { organisationId: into, owner } = await office('harbor')
    const twin = await person(`twin${counter}@harbor.example`, { companyName: 'Harbor (again)' })
    // Contracts are signed by a sign-in account.
    await db()
      .insert(user)
      .values({ email: `twin${counter}@harbor.example`, name: 'Twin', emailVerified: true })
    const from = await organisationIdOf(twin)
    expect(await seedDemoBilling(db(), twin)).toBeGreaterThan(0)
    expect(await seedDemoContracts(db(), twin)).toBe(4)
    const documents = await db()
      .select({ id: billingDocuments.id })
      .from(billingDocuments)
      .where(eq(billingDocuments.organisationId, from))
    const signed = await db()
      .select({ id: contracts.id, status: contracts.status })
      .from(contracts)
      .where(eq(contracts.organisationId, from))
    expect(signed.map((c) => c.status)).toContain('countersigned')

    const moved = await mergeOrganisations(db(), admin, { from, into })
    expect(moved).toEqual({ people: 1, billingDocuments: documents.length, contracts: 4, requests: 0 })
    expect(await organisationIdOf(twin)).toBe(into)
    expect(await roleOf(twin)).toBe('owner')
    expect(await roleOf(owner)).toBe('owner')
    expect(await db().select().from(organisations).where(eq(organisations.id, from))).toEqual([])
    const [row] = await auditRows('organisation.merge', into)
    const details = row?.details as { from: { id: string }; moved: Record<string, { id: string }[]> }
    expect(details.from.id).toBe(from)
    expect(details.moved.billingDocuments?.map((d) => d.id).sort()).toEqual(documents.map((d) => d.id).sort())
    expect(details.moved.contracts?.map((c) => c.id).sort()).toEqual(signed.map((c) => c.id).sort())

    // The trigger still keeps a countersigned contract's text: its organisation may change alone.
    const countersigned = signed.find((c) => c.status === 'countersigned')?.id ?? ''
    const elsewhere = (await office('elsewhere')).organisationId
    await expect(
      db()
        .update(contracts)
        .set({ organisationId: elsewhere, title: 'Changed' })
        .where(eq(contracts.id, countersigned)),
    ).rejects.toThrow(/Failed query/)
    const [kept] = await db().select().from(contracts).where(eq(contracts.id, countersigned))
    expect(kept).toMatchObject({ organisationId: into, status: 'countersigned' })
    expect(kept?.title).not.toBe('Changed')
    expect((await refusal(mergeOrganisations(db(), admin, { from: into, into }))).kind).toBe('invalid')
    expect((await refusal(mergeOrganisations(db(), await actorFor(owner), { from: into, into: from }))).kind).toBe(
      'forbidden',
    )
  })

  it('lets an owner invite a colleague in a role: the account e-mail, no organisation of one, pending until they choose a password', async () => {
    const { organisationId, owner, member } = await office('invites')
    const ownerActor = await actorFor(owner)
    const before = await organisationCount()
    const email = `bookkeeper${counter}@invites.example`
    await invitePerson(harness.accounts, ownerActor, {
      organisationId,
      email: ` ${email.toUpperCase()} `,
      name: 'Bea Keeper',
      role: 'billing',
    })
    const [record] = await db().select().from(clientOnboarding).where(eq(clientOnboarding.email, email))
    expect(record).toMatchObject({ status: 'approved', reviewedBy: ownerActor.email, role: 'client' })
    expect(await roleOf(record?.id ?? '')).toBe('billing')
    expect(await organisationCount()).toBe(before)
    const mail = (await harness.mails()).find((m) => m.to.includes(email))
    expect(mail?.text).toMatch(/\/setup-account\?token=/)
    expect((await pendingInvitations(db(), organisationId)).map((p) => [p.email, p.role])).toEqual([[email, 'billing']])
    expect(await auditRows('organisation.invite', organisationId)).toHaveLength(1)

    // Someone with an account already; a member inviting; a bad role: nothing made.
    expect(
      (
        await refusal(
          invitePerson(harness.accounts, ownerActor, { organisationId, email, name: 'Again', role: 'member' }),
        )
      ).kind,
    ).toBe('conflict')
    const memberEmail = `friend${counter}@invites.example`
    expect(
      (
        await refusal(
          invitePerson(harness.accounts, await actorFor(member), {
            organisationId,
            email: memberEmail,
            name: 'Friend',
            role: 'member',
          }),
        )
      ).kind,
    ).toBe('forbidden')
    expect(
      (
        await refusal(
          invitePerson(harness.accounts, ownerActor, {
            organisationId,
            email: memberEmail,
            name: 'Friend',
            role: 'boss',
          }),
        )
      ).kind,
    ).toBe('invalid')
    expect(await db().select().from(clientOnboarding).where(eq(clientOnboarding.email, memberEmail))).toEqual([])
    expect(
      await db().select().from(organisationMembers).where(eq(organisationMembers.organisationId, organisationId)),
    ).toHaveLength(4)
  })

  it('files a new document for a person who moved under their new organisation', async () => {
    const { organisationId } = await office('movers')
    const mover = await person(`mover${counter}@movers.example`)
    await addPerson(db(), admin, { organisationId, personId: mover, role: 'billing' })
    expect(await seedDemoBilling(db(), mover)).toBeGreaterThan(0)
    const rows = await selectRows<{ organisation_id: string }>(
      db(),
      sql`select distinct organisation_id from billing_documents where client_id = ${mover}`,
    )
    expect(rows).toEqual([{ organisation_id: organisationId }])
  })
})
