// Audit entries name what they are about in the words staff search by, and only the catalogue's
// actions are written (docs/audit-log.md): the viewer finds a document by its number, an account by
// its e-mail, a request by its reference; the entries written before the column existed are filled
// by migration 0018's rules.
import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { isAuditAction } from '../../app/features/staff/audit-actions.ts'
import { changeRole } from '../../server/accounts/admin.server.ts'
import { listAudit } from '../../server/audit/queries.server.ts'
import { createDraft, sendDocument } from '../../server/billing/documents.server.ts'
import { referenceOf } from '../../server/booking/mail.server.ts'
import { changeStatus } from '../../server/booking/request-workflow.server.ts'
import { auditLog, bookings } from '../../server/db/schema/index.server.ts'
import type { Outbox } from '../../server/mail/outbox.server.ts'
import {
  type ClientAccount,
  clientAccount,
  draft,
  PUBLIC_URL,
  queueOnlyOutbox,
  resetBilling,
  staff,
  testClock,
} from './helpers/billing.ts'
import { backend, openTestDatabase, type TestDatabase } from './helpers/database.ts'

let database: TestDatabase
let outbox: Outbox
let carla: ClientAccount

beforeAll(async () => {
  database = await openTestDatabase()
  outbox = await queueOnlyOutbox(database)
})
afterAll(async () => {
  await outbox?.stop()
  await database?.cleanup()
})
beforeEach(async () => {
  await database.db.delete(bookings)
  await resetBilling(database)
  carla = await clientAccount(database, 'carla@harbor.example')
})

const subjects = async (subject: string) =>
  (await listAudit(database.db, { subject })).items.map((entry) => [entry.action, entry.subjectName])

async function seedRequest(email: string): Promise<string> {
  const id = randomUUID()
  await database.db.insert(bookings).values({
    id,
    formType: 'consultation',
    name: 'Dana Doe',
    firstName: 'Dana',
    lastName: 'Doe',
    email,
    phone: '(845) 555-0101',
    ipHash: 'test',
    payloadHash: id,
  })
  return id
}

describe(`audit entries named in staff's words on ${backend}`, () => {
  it('names a billing document by its number and client, an account by its e-mail, a request by its reference and sender, and finds each by part of those words', async () => {
    const clock = testClock()
    const deps = { db: database.db, outbox, publicUrl: PUBLIC_URL, now: clock.now }
    const doc = await createDraft(deps, staff, draft(carla.clientId))
    const sent = await sendDocument(deps, staff, doc.id)
    const number = sent.number ?? ''
    expect(number).toMatch(/^INV-\d{4}-\d{4}$/)
    await changeRole(database.db, staff, { id: carla.clientId, role: 'employee' })
    const requestId = await seedRequest('dana@doe.example')
    await changeStatus(database, staff, { id: requestId, version: 1, status: 'contacted' })

    // A draft has no number yet: its entry names it as a draft; the client's e-mail finds both.
    expect(await subjects(number)).toEqual([['billing.send', `${number} · carla@harbor.example`]])
    expect(await subjects('CARLA@harbor')).toEqual([
      ['account.role', 'carla@harbor.example'],
      ['billing.send', `${number} · carla@harbor.example`],
      ['billing.create', 'draft invoice · carla@harbor.example'],
    ])
    const reference = referenceOf(requestId)
    expect(await subjects(reference.toLowerCase())).toEqual([['request.status', `${reference} · dana@doe.example`]])
    expect(await subjects('dana@doe')).toEqual([['request.status', `${reference} · dana@doe.example`]])
    // The exact record id still finds its entries (the account page links with it).
    expect((await subjects(doc.id)).map(([action]) => action)).toEqual(['billing.send', 'billing.create'])
    // `%` and `_` are matched as typed, not as wildcards.
    expect(await subjects('%')).toEqual([])
  })

  it('writes only actions of the catalogue', async () => {
    const clock = testClock()
    const deps = { db: database.db, outbox, publicUrl: PUBLIC_URL, now: clock.now }
    const doc = await createDraft(deps, staff, draft(carla.clientId))
    await sendDocument(deps, staff, doc.id)
    const rows = await database.db.selectDistinct({ action: auditLog.action }).from(auditLog)
    expect(rows.length).toBeGreaterThan(0)
    expect(rows.map((row) => row.action).filter((action) => !isAuditAction(action))).toEqual([])
  })

  it("fills the entries written before the column with migration 0018's rules, and keeps the log append-only", async () => {
    const blogPostId = randomUUID()
    const legacy = [
      { action: 'account.approve', subjectId: carla.clientId, details: { email: 'old@address.example' } },
      {
        action: 'billing.delete',
        subjectId: randomUUID(),
        details: { kind: 'estimate', number: null, clientId: carla.clientId },
      },
      { action: 'blog.delete', subjectId: blogPostId, details: { slug: 'old-post', title: 'An old post' } },
      { action: 'redirect.delete', subjectId: randomUUID(), details: { fromPath: '/old', toPath: '/new' } },
      {
        action: 'mail.retry',
        subjectId: randomUUID(),
        details: { to: ['a@b.example', 'c@d.example'], subject: 'Hello' },
      },
      { action: 'mail.discard', subjectId: randomUUID(), details: { to: null, subject: null } },
      { action: 'retention.delete', subjectId: 'retention', details: { sessions: 2 } },
    ]
    await database.db
      .insert(auditLog)
      .values(legacy.map((entry) => ({ ...entry, actorUserId: staff.userId, actorEmail: staff.email })))
    const migration = fs.readFileSync(
      path.resolve(import.meta.dirname, '../../server/db/migrations/0018_audit_subject_name.sql'),
      'utf8',
    )
    // The fill: every statement after the column and its index.
    for (const statement of migration.split('--> statement-breakpoint').slice(2)) {
      await database.db.execute(sql.raw(statement))
    }
    const rows = await database.db.select().from(auditLog)
    const named = Object.fromEntries(rows.map((row) => [row.action, row.subjectName]))
    expect(named).toEqual({
      // The record is there: its current e-mail.
      'account.approve': 'carla@harbor.example',
      // The record is gone: the entry's own details, the client looked up.
      'billing.delete': 'draft estimate · carla@harbor.example',
      'blog.delete': 'An old post · /blog/old-post',
      'redirect.delete': '/old → /new',
      'mail.retry': 'a@b.example, c@d.example · Hello',
      'mail.discard': null,
      'retention.delete': null,
    })
    await expect(
      database.db.update(auditLog).set({ subjectName: 'changed' }).where(eq(auditLog.action, 'blog.delete')),
    ).rejects.toThrow()
  })
})
