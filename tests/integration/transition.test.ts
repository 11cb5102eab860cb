import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { DomainError } from '../../app/lib/domain-error.ts'
import { type BillingDeps, type ClientActor, createDraft } from '../../server/billing/documents.server.ts'
import { auditLog, type BillingDocument, billingDocuments } from '../../server/db/schema/index.server.ts'
import { defineTransitions } from '../../server/db/transition.server.ts'
import type { Outbox } from '../../server/mail/outbox.server.ts'
import { clientAccount, draft, PUBLIC_URL, queueOnlyOutbox, resetBilling, staff, testClock } from './helpers/billing.ts'
import { openTestDatabase, type TestDatabase } from './helpers/database.ts'

/**
 * The one lock → allow → audit preamble (server/db/transition.server.ts), on a toy transition
 * table over billing documents so the helper, not billing's rules, is what is tested.
 */

type Move = 'close' | 'peek'
type Party = 'staff' | 'client'

const moves = defineTransitions({
  table: billingDocuments,
  notFoundMessage: 'No such thing here.',
  visibleTo: (organisationId) => [eq(billingDocuments.organisationId, organisationId)],
  version: {
    of: (doc) => doc.updatedAt.getTime(),
    conflictMessage: 'Someone changed it after you opened it.',
  },
  decide: (doc: BillingDocument, move: Move, party: Party, _facts: { today: string }) => {
    if (move === 'peek' && party !== 'client') return { ok: false, refusal: 'wrong-party' as const }
    if (doc.notes === 'closed') return { ok: false, refusal: 'closed' as const }
    return { ok: true, to: move === 'close' ? ('void' as const) : doc.status }
  },
  refusalMessage: (doc, move, refusal) => `Cannot ${move} a ${doc.status} thing (${refusal}).`,
  hidden: { party: 'client', refusals: ['closed'] },
  auditDetails: (doc) => ({ kind: doc.kind, status: doc.status }),
})

let database: TestDatabase
let outbox: Outbox
let deps: BillingDeps
let carla: ClientActor
let doc: BillingDocument

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
  doc = await createDraft(deps, staff, draft(carla.clientId))
})

const today = { today: '2026-03-02' }

async function refusal(run: () => Promise<unknown>): Promise<DomainError> {
  const error = await run().then(
    () => null,
    (thrown: unknown) => thrown,
  )
  expect(error).toBeInstanceOf(DomainError)
  return error as DomainError
}

describe('defineTransitions', () => {
  it('locks the row and says where the move leads', async () => {
    const { row, to } = await database.db.transaction((tx) =>
      moves.begin(tx, doc.id, { event: 'close', party: 'staff', facts: today }),
    )
    expect(row.id).toBe(doc.id)
    expect(to).toBe('void')
  })

  it('answers not found in the feature words for an id that is not one, unknown, or not the visitor organisation', async () => {
    const other = await clientAccount(database, 'bruno@elsewhere.example')
    for (const [id, organisationId] of [
      ['not-a-uuid', undefined],
      [randomUUID(), undefined],
      [doc.id, other.organisationId],
    ] as const) {
      const error = await refusal(() => database.db.transaction((tx) => moves.lock(tx, id, { organisationId })))
      expect(error.kind).toBe('not_found')
      expect(error.message).toBe('No such thing here.')
    }
    const own = await database.db.transaction((tx) => moves.lock(tx, doc.id, { organisationId: carla.organisationId }))
    expect(own.id).toBe(doc.id)
  })

  it('refuses a row that moved on since the page loaded it, as a conflict', async () => {
    const error = await refusal(() =>
      database.db.transaction((tx) => moves.lock(tx, doc.id, { version: doc.updatedAt.getTime() - 1 })),
    )
    expect(error.kind).toBe('conflict')
    expect(error.message).toBe('Someone changed it after you opened it.')
    const same = await database.db.transaction((tx) => moves.lock(tx, doc.id, { version: doc.updatedAt.getTime() }))
    expect(same.id).toBe(doc.id)
  })

  it('throws the table refusal as a conflict in its words, and as not found to the party it is hidden from', async () => {
    await database.db.update(billingDocuments).set({ notes: 'closed' }).where(eq(billingDocuments.id, doc.id))
    const staffError = await refusal(() =>
      database.db.transaction((tx) => moves.begin(tx, doc.id, { event: 'close', party: 'staff', facts: today })),
    )
    expect(staffError.kind).toBe('conflict')
    expect(staffError.message).toBe('Cannot close a draft thing (closed).')
    const clientError = await refusal(() =>
      database.db.transaction((tx) => moves.begin(tx, doc.id, { event: 'close', party: 'client', facts: today })),
    )
    expect(clientError.kind).toBe('not_found')
    expect(clientError.message).toBe('No such thing here.')
  })

  it('tells a party what it may not do when the refusal is not hidden from it', async () => {
    const error = await refusal(() =>
      database.db.transaction((tx) => moves.begin(tx, doc.id, { event: 'peek', party: 'staff', facts: today })),
    )
    expect(error.kind).toBe('conflict')
    expect(error.message).toBe('Cannot peek a draft thing (wrong-party).')
  })

  it('writes the audit row with the record details, the extra ones and before/after, in the transaction', async () => {
    await database.db.transaction(async (tx) => {
      const { row } = await moves.begin(tx, doc.id, { event: 'close', party: 'staff', facts: today })
      await moves.audit(tx, staff, 'billing.void', row, { reason: 'typo' }, { before: { a: 1 }, after: { a: 2 } })
    })
    const rows = await database.db.select().from(auditLog).where(eq(auditLog.action, 'billing.void'))
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      action: 'billing.void',
      subjectId: doc.id,
      actorEmail: staff.email,
      details: { kind: 'invoice', status: 'draft', reason: 'typo' },
      before: { a: 1 },
      after: { a: 2 },
    })
  })

  it('writes no audit row when the transaction is refused after it', async () => {
    await refusal(() =>
      database.db.transaction(async (tx) => {
        const { row } = await moves.begin(tx, doc.id, { event: 'close', party: 'staff', facts: today })
        await moves.audit(tx, staff, 'billing.void', row)
        moves.allow({ ...row, notes: 'closed' }, 'close', 'staff', today)
      }),
    )
    expect(await database.db.select().from(auditLog).where(eq(auditLog.action, 'billing.void'))).toEqual([])
  })
})
