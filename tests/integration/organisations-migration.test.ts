import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoClient } from '../../server/accounts/demo-client.server.ts'
import { seedDemoBilling } from '../../server/billing/demo.server.ts'
import { seedDemoContracts } from '../../server/contracts/demo.server.ts'
import { ensureStandardTemplates } from '../../server/contracts/standard-templates.server.ts'
import { type Db, selectRows, sql } from '../../server/db/client.server.ts'
import { bookings, clientOnboarding, user } from '../../server/db/schema/index.server.ts'
import { migrationsDir } from '../../server/paths.server.ts'
import { type Harness, startHarness } from './helpers/accounts.ts'
import { backend, openTestDatabase, type TestDatabase } from './helpers/database.ts'

/**
 * Migration 0019 on a database as it was before organisations: the demo client's documents,
 * contracts and requests, made by the product's own demo seeding, plus a business client, a
 * household client, a pending client and a staff account. The rows are made on an up-to-date
 * database (the donor), copied without their organisation into one migrated up to the migration
 * before 0019 (the target), which is then migrated.
 */

const migration = '0019_organisations'

/** Every table the copy carries, parents before children. */
const tables = [
  'user',
  'client_onboarding',
  'contract_templates',
  'billing_number_counters',
  'billing_documents',
  'billing_document_lines',
  'billing_payments',
  'contracts',
  'contract_events',
  'contract_files',
  'bookings',
  'audit_log',
] as const

let donor: Harness
let target: TestDatabase
let migrationsBefore: string
/** Whether the target had an organisations table before 0019 ran: it must not. */
let organisationsBefore: string | null = 'not looked at'
/** Each table's rows before 0019, as JSON, by id (or the whole row for tables without one). */
const before = new Map<string, unknown[]>()
const people = { carla: '', dana: '', sam: '', pat: '', staff: '' }
const users = { carla: '', dana: '', sam: '', staff: '' }
const requests: Record<string, string> = {}

/** A folder of the migrations that came before 0019, with their journal. */
function migrationsUpTo(tag: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-before-'))
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsDir(), 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[]
  }
  const end = journal.entries.findIndex((entry) => entry.tag === tag)
  expect(end).toBeGreaterThan(0)
  const entries = journal.entries.slice(0, end)
  fs.mkdirSync(path.join(dir, 'meta'))
  fs.writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }))
  for (const entry of entries) {
    fs.copyFileSync(path.join(migrationsDir(), `${entry.tag}.sql`), path.join(dir, `${entry.tag}.sql`))
  }
  return dir
}

async function migrateTo(database: TestDatabase, folder: string): Promise<void> {
  if (database.pglite) await migratePglite(drizzlePglite({ client: database.pglite }), { migrationsFolder: folder })
  else if (database.pool) await migratePg(drizzlePg({ client: database.pool }), { migrationsFolder: folder })
  else throw new Error('no database client')
}

/** A table's rows as JSON objects without any organisation, in a stable order. */
async function rowsOf(db: Db, table: string): Promise<unknown[]> {
  const rows = await selectRows<{ row: Record<string, unknown> }>(
    db,
    sql.raw(`select to_jsonb(t) - 'organisation_id' as row from "${table}" t order by to_jsonb(t)::text`),
  )
  return rows.map((r) => r.row)
}

async function newUser(db: Db, email: string, name: string): Promise<string> {
  const [row] = await db.insert(user).values({ email, name, emailVerified: true }).returning({ id: user.id })
  if (!row) throw new Error('no user')
  return row.id
}

async function newPerson(
  db: Db,
  email: string,
  fields: { fullName: string; companyName: string | null; role?: 'client' | 'admin'; status?: 'approved' | 'pending' },
): Promise<string> {
  const [row] = await db
    .insert(clientOnboarding)
    .values({
      email,
      fullName: fields.fullName,
      companyName: fields.companyName,
      phone: '(845) 555-0100',
      role: fields.role ?? 'client',
      status: fields.status ?? 'approved',
    })
    .returning({ id: clientOnboarding.id })
  if (!row) throw new Error('no onboarding row')
  return row.id
}

async function newRequest(
  db: Db,
  name: string,
  fields: { formType?: 'consultation' | 'contact'; submittedBy?: string; claimedBy?: string; appointment?: boolean },
): Promise<void> {
  const id = crypto.randomUUID()
  requests[name] = id
  await db.insert(bookings).values({
    id,
    formType: fields.formType ?? 'consultation',
    name: `Request ${name}`,
    firstName: 'Request',
    lastName: name,
    email: `${name}@example.com`,
    phone: '(845) 555-0199',
    ipHash: 'test',
    payloadHash: id,
    submittedByUserId: fields.submittedBy ?? null,
    claimedByUserId: fields.claimedBy ?? null,
    ...(fields.appointment
      ? {
          status: 'scheduled',
          appointmentAt: new Date('2026-06-02T14:00:00Z'),
          appointmentMinutes: 60,
          appointmentPlace: 'on_site',
        }
      : {}),
  })
}

beforeAll(async () => {
  donor = await startHarness()
  const db = donor.database.db
  const now = new Date('2026-05-20T15:00:00Z')
  await ensureStandardTemplates(db)
  people.carla = (await donor.accounts.seedDemoClient('demo-password-for-the-migration')).onboardingId
  const [carlaUser] = await db.select({ id: user.id }).from(user).where(eq(user.email, demoClient.email))
  users.carla = carlaUser?.id ?? ''
  users.dana = await newUser(db, 'dana@hudson-realty.example', 'Dana Ortiz')
  users.sam = await newUser(db, 'sam.lee@example.net', 'Sam Lee')
  users.staff = await newUser(db, 'tech@ramapo-it.example', 'Theo Tech')
  people.dana = await newPerson(db, 'dana@hudson-realty.example', {
    fullName: 'Dana Ortiz',
    companyName: 'Hudson Valley Realty',
  })
  people.sam = await newPerson(db, 'sam.lee@example.net', { fullName: 'Sam Lee', companyName: null })
  people.pat = await newPerson(db, 'pat@example.org', { fullName: 'Pat Quinn', companyName: '  ', status: 'pending' })
  people.staff = await newPerson(db, 'tech@ramapo-it.example', {
    fullName: 'Theo Tech',
    companyName: 'Ramapo IT Services',
    role: 'admin',
  })
  for (const person of [people.carla, people.dana, people.sam]) {
    expect(await seedDemoBilling(db, person, now)).toBeGreaterThan(0)
    expect(await seedDemoContracts(db, person, now)).toBe(4)
  }
  await newRequest(db, 'carla-signed-in', { submittedBy: users.carla, appointment: true })
  await newRequest(db, 'claimed-by-dana', { claimedBy: users.dana })
  await newRequest(db, 'sam-sent-dana-claimed', { submittedBy: users.sam, claimedBy: users.dana })
  await newRequest(db, 'carla-contact-message', { formType: 'contact', submittedBy: users.carla })
  await newRequest(db, 'anonymous', {})
  await newRequest(db, 'staff-signed-in', { submittedBy: users.staff })

  target = await openTestDatabase({ migrate: false })
  migrationsBefore = migrationsUpTo(migration)
  await migrateTo(target, migrationsBefore)
  for (const table of tables) {
    const rows = await rowsOf(db, table)
    before.set(table, rows)
    await target.db.execute(
      sql`insert into ${sql.identifier(table)} overriding system value
          select * from json_populate_recordset(null::${sql.identifier(table)}, ${JSON.stringify(rows)}::json)`,
    )
  }
  const [found] = await selectRows<{ found: string | null }>(
    target.db,
    sql`select to_regclass('organisations')::text as found`,
  )
  organisationsBefore = found?.found ?? null
  await target.migrate()
}, 120_000)

afterAll(async () => {
  await donor?.cleanup()
  await target?.cleanup()
  if (migrationsBefore) fs.rmSync(migrationsBefore, { recursive: true, force: true })
})

async function organisationOf(person: string) {
  const [row] = await selectRows<{ id: string; name: string; kind: string; phone: string | null; role: string }>(
    target.db,
    sql`select o.id, o.name, o.kind, o.phone, m.role from organisation_members m
        join organisations o on o.id = m.organisation_id where m.person_id = ${person}`,
  )
  return row
}

describe(`migration 0019 (organisations) on ${backend}`, () => {
  it('starts from a database without organisations that holds every kind of client record', async () => {
    expect(organisationsBefore).toBeNull()
    const [applied] = await selectRows<{ n: number }>(
      target.db,
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    )
    const journal = JSON.parse(fs.readFileSync(path.join(migrationsDir(), 'meta/_journal.json'), 'utf8')) as {
      entries: unknown[]
    }
    expect(applied?.n).toBe(journal.entries.length)
    for (const table of ['billing_documents', 'billing_payments', 'contracts', 'contract_files', 'bookings']) {
      expect(before.get(table)?.length, table).toBeGreaterThan(2)
    }
  })

  it('keeps every row of every table, unchanged apart from its new organisation', async () => {
    for (const table of tables) {
      expect(await rowsOf(target.db, table), table).toEqual(before.get(table))
    }
  })

  it('makes every client an organisation of one, owned by them: a business with a company name, else a household', async () => {
    expect(await organisationOf(people.carla)).toMatchObject({
      name: demoClient.companyName,
      kind: 'business',
      phone: demoClient.phone,
      role: 'owner',
    })
    expect(await organisationOf(people.dana)).toMatchObject({
      name: 'Hudson Valley Realty',
      kind: 'business',
      role: 'owner',
    })
    expect(await organisationOf(people.sam)).toMatchObject({ name: 'Sam Lee', kind: 'household', role: 'owner' })
    expect(await organisationOf(people.pat)).toMatchObject({ name: 'Pat Quinn', kind: 'household', role: 'owner' })
    expect(await organisationOf(people.staff)).toBeUndefined()
    const [counts] = await selectRows<{ organisations: number; members: number }>(
      target.db,
      sql`select (select count(*)::int from organisations) as organisations,
                 (select count(*)::int from organisation_members) as members`,
    )
    expect(counts).toEqual({ organisations: 4, members: 4 })
  })

  it("puts every billing document and contract in its client's organisation", async () => {
    for (const table of ['billing_documents', 'contracts'] as const) {
      const rows = await selectRows<{ client_id: string; organisation_id: string | null }>(
        target.db,
        sql`select client_id, organisation_id from ${sql.identifier(table)}`,
      )
      expect(rows.length).toBe(before.get(table)?.length)
      for (const row of rows) {
        expect(row.organisation_id, `${table} of ${row.client_id}`).toBe((await organisationOf(row.client_id))?.id)
      }
    }
    // Receipts (documents) and payments (through their invoice) follow: each payment's invoice and
    // receipt are in one organisation.
    const payments = await selectRows<{ invoice: string; receipt: string }>(
      target.db,
      sql`select i.organisation_id as invoice, r.organisation_id as receipt from billing_payments p
          join billing_documents i on i.id = p.invoice_id join billing_documents r on r.id = p.receipt_id`,
    )
    expect(payments.length).toBeGreaterThan(0)
    for (const payment of payments) expect(payment.receipt).toBe(payment.invoice)
  })

  it('gives a consultation request the organisation of the client who sent it signed in, else of the one who claimed it', async () => {
    const rows = await selectRows<{ id: string; organisation_id: string | null }>(
      target.db,
      sql`select id, organisation_id from bookings`,
    )
    const organisationOfRequest = new Map(rows.map((row) => [row.id, row.organisation_id]))
    const expected = {
      'carla-signed-in': (await organisationOf(people.carla))?.id,
      'claimed-by-dana': (await organisationOf(people.dana))?.id,
      'sam-sent-dana-claimed': (await organisationOf(people.sam))?.id,
      'carla-contact-message': null,
      anonymous: null,
      'staff-signed-in': null,
    }
    for (const [name, organisation] of Object.entries(expected)) {
      expect(organisation, name).not.toBeUndefined()
      expect(organisationOfRequest.get(requests[name] ?? ''), name).toBe(organisation)
    }
  })

  it('leaves the database putting new clients and their new records in an organisation', async () => {
    const db = target.db
    const newcomer = await newPerson(db, 'robin@lakeside.example', {
      fullName: 'Robin Vale',
      companyName: 'Lakeside CPA',
    })
    const organisation = await organisationOf(newcomer)
    expect(organisation).toMatchObject({ name: 'Lakeside CPA', kind: 'business', role: 'owner' })
    expect(await seedDemoBilling(db, newcomer, new Date('2026-05-21T15:00:00Z'))).toBeGreaterThan(0)
    const documents = await selectRows<{ organisation_id: string }>(
      db,
      sql`select distinct organisation_id from billing_documents where client_id = ${newcomer}`,
    )
    expect(documents).toEqual([{ organisation_id: organisation?.id }])
  })
})
