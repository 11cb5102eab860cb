import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AuditActor } from '../../server/audit/audit.server.ts'
import { subjectNameOf } from '../../server/audit/subjects.server.ts'
import { auditLog, billingDocuments, clientOnboarding } from '../../server/db/schema/index.server.ts'
import { historyPageSize, organisationHistory } from '../../server/organisations/history.server.ts'
import { organisationOfPerson, updateOrganisation } from '../../server/organisations/organisations.server.ts'
import { addPerson } from '../../server/organisations/people.server.ts'
import { type Harness, startHarness } from './helpers/accounts.ts'
import { backend } from './helpers/database.ts'

// The history section of the staff's organisation page: the audit log's entries about the
// organisation, its people and its records, newest first, paged; nothing of another organisation.

let harness: Harness
const db = () => harness.database.db
const admin: AuditActor = { userId: 'user-admin', email: 'admin@ramapo-it.example' }

async function person(email: string, role: 'client' | 'admin' = 'client'): Promise<string> {
  const [row] = await db()
    .insert(clientOnboarding)
    .values({ email, fullName: email.split('@')[0] ?? email, role, status: 'approved' })
    .returning({ id: clientOnboarding.id })
  if (!row) throw new Error('no person')
  return row.id
}

async function organisationOf(personId: string): Promise<{ id: string; name: string }> {
  const found = await organisationOfPerson(db(), personId)
  if (!found) throw new Error('in no organisation')
  return found.organisation
}

beforeAll(async () => {
  harness = await startHarness()
  await person(admin.email, 'admin')
})
afterAll(async () => {
  await harness?.cleanup()
})

describe(`an organisation's history on ${backend}`, () => {
  it("lists what happened to it, its people and its documents, newest first, and nothing of another's", async () => {
    const owner = await person('owner@history-office.example')
    const colleague = await person('colleague@history-office.example')
    const stranger = await person('someone@other-office.example')
    const office = await organisationOf(owner)
    const other = await organisationOf(stranger)
    await addPerson(db(), admin, { organisationId: office.id, personId: colleague, role: 'billing' })
    const [invoice] = await db()
      .insert(billingDocuments)
      .values({ kind: 'invoice', clientId: owner, createdByEmail: admin.email })
      .returning({ id: billingDocuments.id })
    if (!invoice) throw new Error('no invoice')
    // Written as recordAudit writes them, a second apart: two quick transactions can share a clock
    // tick (it happened on PGlite), and entries of one time come in no set order. The log is
    // append-only, so the time is given at the insert.
    let second = 0
    const audit = async (action: 'billing.create' | 'account.approve' | 'organisation.update', subjectId: string) => {
      second += 1
      await db()
        .insert(auditLog)
        .values({
          actorUserId: admin.userId,
          actorEmail: admin.email,
          action,
          subjectId,
          subjectName: subjectNameOf(action, subjectId, {}),
          details: {},
          at: new Date(Date.now() + second * 1000),
        })
    }
    await audit('billing.create', invoice.id)
    await audit('account.approve', colleague)
    // Another organisation's person and the organisation itself: in its history, never in this one.
    await audit('account.approve', stranger)
    await audit('organisation.update', other.id)

    const history = await organisationHistory(db(), office.id)
    const actions = history.items.map((item) => item.action)
    // The colleague came from their own organisation of one: a move, written on the organisation that took them.
    expect(actions).toEqual(['account.approve', 'billing.create', 'organisation.person_move'])
    expect(history.items[0]?.subjectName).toBe('colleague@history-office.example')
    expect(history.items[1]?.subjectName).toContain('owner@history-office.example')
    expect(history.items.every((item) => item.actorEmail === admin.email)).toBe(true)
    const theirs = await organisationHistory(db(), other.id)
    expect(theirs.items.map((item) => item.action)).toEqual(['organisation.update', 'account.approve'])
  })

  it('comes a page at a time, the page held within bounds', async () => {
    const owner = await person('owner@busy-office.example')
    const office = await organisationOf(owner)
    for (let n = 0; n <= historyPageSize; n += 1) {
      await updateOrganisation(db(), admin, { organisationId: office.id, name: `Busy Office ${n}`, kind: 'business' })
    }
    const first = await organisationHistory(db(), office.id, 1)
    expect(first).toMatchObject({ total: historyPageSize + 1, page: 1, pageCount: 2 })
    expect(first.items).toHaveLength(historyPageSize)
    const last = await organisationHistory(db(), office.id, 99)
    expect(last.page).toBe(2)
    expect(last.items).toHaveLength(1)
    // Newest first across both pages, every change once. (Two quick updates can share a clock tick,
    // and entries of one time have no set order, so the order is read from the times, not the names.)
    const both = [...first.items, ...last.items]
    const times = both.map((item) => item.at.getTime())
    expect(times).toEqual([...times].sort((a, b) => b - a))
    const names = both.map((item) => (item.after as { name?: string } | null)?.name)
    expect(new Set(names)).toEqual(new Set(Array.from({ length: historyPageSize + 1 }, (_, n) => `Busy Office ${n}`)))
    expect(Math.max(...first.items.map((item) => item.at.getTime()))).toBe(times[0])
    expect(last.items[0]?.at.getTime()).toBe(Math.min(...times))
    await expect(organisationHistory(db(), 'not-an-id')).rejects.toThrow('does not exist')
  })
})
