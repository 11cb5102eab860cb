// The staff's text search of requests (docs/staff-workspace.md, docs/decisions/023-trigram-search.md):
// a part of the name, e-mail, company, phone or message, case aside, with `%` and `_` as typed,
// answered through the trigram index for three characters or more and still right for one or two,
// which the index cannot serve.
import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listRequests, requestConditions } from '../../server/booking/request-list.server.ts'
import { selectRows } from '../../server/db/client.server.ts'
import { bookings } from '../../server/db/schema/index.server.ts'
import { backend, openTestDatabase, type TestDatabase } from './helpers/database.ts'

type Seed = Partial<typeof bookings.$inferInsert> & { name: string }

describe(`the search of requests on ${backend}`, () => {
  let database: TestDatabase

  async function seed(row: Seed) {
    const id = randomUUID()
    await database.db.insert(bookings).values({
      id,
      formType: 'contact',
      email: `${row.name.toLowerCase().replace(/\W+/g, '.')}@example.com`,
      ipHash: 'test',
      payloadHash: id,
      ...row,
    })
  }

  const names = async (q: string) =>
    (await listRequests(database.db, { q, sort: 'name', dir: 'asc' })).items.map((i) => i.name)

  beforeAll(async () => {
    database = await openTestDatabase()
    await seed({ name: 'Ada Lovelace', company: 'Analytical Engines', phone: '(845) 555-0101' })
    await seed({ name: 'Grace Hopper', email: 'grace_h@navy.example', message: 'Our COBOL server is down.' })
    await seed({ name: 'Linus Pauling', company: '100% Uptime LLC', message: 'Backups\nevery night' })
    await seed({ name: 'Alan Turing', phone: '+1 201 555 0199', message: null, company: null })
    // Many more rows, so that the planner has a table worth an index.
    for (let at = 0; at < 2000; at += 500) {
      await database.db.insert(bookings).values(
        Array.from({ length: 500 }, (_, j) => {
          const id = randomUUID()
          return {
            id,
            formType: 'consultation',
            name: `Filler ${at + j}`,
            firstName: 'Filler',
            lastName: `${at + j}`,
            email: `filler-${at + j}@example.com`,
            phone: '(914) 555-0123',
            company: `Westchester Realty ${at + j}`,
            message: 'Please call me back.',
            ipHash: 'test',
            payloadHash: id,
          }
        }),
      )
    }
  })
  afterAll(async () => {
    await database?.cleanup()
  })

  it('finds a part of each field, whatever its case', async () => {
    expect(await names('LOVEL')).toEqual(['Ada Lovelace']) // name
    expect(await names('navy.exam')).toEqual(['Grace Hopper']) // e-mail
    expect(await names('engines')).toEqual(['Ada Lovelace']) // company
    expect(await names('201 555')).toEqual(['Alan Turing']) // phone
    expect(await names('cobol SERVER')).toEqual(['Grace Hopper']) // message
    expect(await names('backups every')).toEqual([]) // a line break is not a space
    expect(await names('backups\nevery')).toEqual(['Linus Pauling'])
    expect((await listRequests(database.db, { q: 'westchester realty 19' })).total).toBe(111) // 19, 190-199, 1900-1999
  })

  it('takes % and _ as typed, not as patterns', async () => {
    expect(await names('%')).toEqual(['Linus Pauling'])
    expect(await names('0% U')).toEqual(['Linus Pauling'])
    expect(await names('_')).toEqual(['Grace Hopper'])
    expect(await names('e_h')).toEqual(['Grace Hopper'])
    expect(await names('a%e')).toEqual([])
    expect(await names('ada_lovelace')).toEqual([])
    expect(await names('\\')).toEqual([])
  })

  it('answers searches of one and two characters, which the index cannot serve', async () => {
    expect(await names('0%')).toEqual(['Linus Pauling'])
    expect(await names('z')).toEqual([])
    expect(await names('Q')).toEqual([])
    const fillers = await listRequests(database.db, { q: 'fi' })
    expect(fillers.total).toBe(2000)
    expect(fillers.items).toHaveLength(25)
    // In Pauling's "Backups" and every filler's "call me back".
    expect((await listRequests(database.db, { q: 'K' })).total).toBe(2001)
  })

  it('never matches across two fields', async () => {
    // Name and e-mail, e-mail and company, company and phone side by side.
    expect(await names('lovelaceada')).toEqual([])
    expect(await names('lovelace ada')).toEqual([])
    expect(await names('example.com analytical')).toEqual([])
    expect(await names('engines (845)')).toEqual([])
    // The separator of the searched text itself matches nothing.
    expect(await names('Lovelace\u001fada')).toEqual([])
    expect(await names('\u001f')).toEqual([])
  })

  it('reads the trigram index for three characters or more', async () => {
    const plan = await database.db.transaction(async (tx) => {
      // The planner would rightly read a table this small; the point is that it can use the index.
      await tx.execute(sql`set local enable_seqscan = off`)
      const query = tx
        .select({ id: bookings.id })
        .from(bookings)
        .where(requestConditions({ q: 'lovelace' }))
      return selectRows<{ 'QUERY PLAN': string }>(tx, sql`explain ${query}`)
    })
    expect(plan.map((row) => row['QUERY PLAN']).join('\n')).toContain('bookings_search_idx')
  })

  it(`keeps GIN's pending list ${backend === 'postgres' ? 'on (autovacuum merges it)' : 'off (nothing would merge it)'}`, async () => {
    const [index] = await selectRows<{ reloptions: string[] | null }>(
      database.db,
      sql`select reloptions from pg_class where relname = 'bookings_search_idx'`,
    )
    expect(index?.reloptions ?? []).toContain(backend === 'postgres' ? 'fastupdate=on' : 'fastupdate=false')
  })

  it('finds a booking whose trigrams are still in the pending list', async () => {
    await seed({ name: 'Hedy Lamarr', company: 'Frequency Hopping Co' })
    expect(await names('hopping')).toEqual(['Hedy Lamarr'])
  })
})
