import { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pgliteByteaHandlers } from './client.server.ts'
import { type PreparedQuery, preparedStatementQuery } from './pglite-statements.server.ts'

// Statements prepared once on PGlite (ADR 041), against a real PGlite: the answers are PGlite's own
// query()'s, errors leave the session usable, and a transaction is never entered from outside.

let pg: PGlite
let query: PreparedQuery

beforeAll(async () => {
  pg = new PGlite({ ...pgliteByteaHandlers })
  await pg.waitReady
  await pg.exec(`
    create table item (id serial primary key, name text not null unique, price numeric(10, 2),
      made timestamp, active boolean, data jsonb, bytes bytea);
    insert into item (name, price, made, active, data, bytes)
      values ('one', 1.50, '2026-11-29 10:00:00', true, '{"a": 1}', '\\x0102'), ('two', null, null, false, null, null);
  `)
  query = preparedStatementQuery(pg, { maxStatements: 3 })
})
afterAll(async () => {
  await pg?.close()
})

const prepared = async () =>
  (await pg.query<{ name: string; statement: string }>('select name, statement from pg_prepared_statements')).rows

describe('statements prepared once on PGlite', () => {
  it("answers as PGlite's query() does: rows, fields, types, parameters of every kind, array rows and parsers", async () => {
    const text = 'select * from item where name = any($1::text[]) or price > $2 or active = $3 order by id'
    const params = [['one'], 100, false]
    const ours = await query(text, params)
    const theirs = await pg.query(text, params)
    expect(ours.rows).toEqual(theirs.rows)
    expect(ours.fields).toEqual(theirs.fields)
    expect(ours.rows).toHaveLength(2)
    expect(ours.rows[0]).toMatchObject({ name: 'one', active: true, data: { a: 1 } })
    expect(Buffer.from((ours.rows[0] as { bytes: Uint8Array }).bytes)).toEqual(Buffer.from([1, 2]))

    const options = { rowMode: 'array' as const, parsers: { 1700: (value: string) => `n:${value}` } }
    const array = await query('select name, price from item where id = $1', [1], options)
    expect(array.rows).toEqual((await pg.query('select name, price from item where id = $1', [1], options)).rows)
    expect(array.rows).toEqual([['one', 'n:1.50']])
    // null and a bytea parameter through their serializers
    const found = await query('select name from item where ($1::text is null) and bytes = $2', [
      null,
      Buffer.from([1, 2]),
    ])
    expect(found.rows).toEqual([{ name: 'one' }])
  })

  it('writes: affected rows and RETURNING, as query() reports them', async () => {
    const inserted = await query('insert into item (name, price) values ($1, $2) returning id, name', ['three', '3.25'])
    expect(inserted.rows).toEqual([{ id: 3, name: 'three' }])
    const updated = await query('update item set active = $1 where price is not null', [true])
    expect(updated.affectedRows).toBe(2)
    expect(updated.rows).toEqual([])
  })

  it('plans a text once and keeps at most maxStatements, the least recently used closed first', async () => {
    const texts = [
      'select 1 as a where $1::int > 0',
      'select 2 as b where $1::int > 0',
      'select 3 as c where $1::int > 0',
    ]
    for (let round = 0; round < 3; round++) for (const text of texts) await query(text, [1])
    const names = await prepared()
    expect(names.length).toBeLessThanOrEqual(3)
    for (const text of texts) expect(names.filter((row) => row.statement === text)).toHaveLength(1)
    await query('select 4 as d where $1::int > 0', [1])
    const after = (await prepared()).map((row) => row.statement)
    expect(after).toHaveLength(3)
    expect(after).not.toContain(texts[0])
    expect((await query(texts[0] as string, [1])).rows).toEqual([{ a: 1 }])
  })

  it("reports the database's error with its code, and the session goes on", async () => {
    const failed = await query('insert into item (name) values ($1)', ['one']).catch((error: unknown) => error)
    expect(failed).toMatchObject({ code: '23505', query: 'insert into item (name) values ($1)' })
    expect((await query('select count(*)::int as n from item where name = $1', ['one'])).rows).toEqual([{ n: 1 }])
    const syntax = await query('select from where', []).catch((error: unknown) => error)
    expect(syntax).toMatchObject({ code: '42601' })
    expect((await query('select $1::int + 1 as n', [1])).rows).toEqual([{ n: 2 }])
  })

  it('prepares a statement again when its table changed under it', async () => {
    const text = 'select * from item where id = $1'
    expect(Object.keys((await query(text, [1])).rows[0] as object)).not.toContain('note')
    await pg.exec('alter table item add column note text')
    expect(Object.keys((await query(text, [1])).rows[0] as object)).toContain('note')
    // The statement planned before is closed, not left behind under its old name.
    expect((await prepared()).filter((row) => row.statement === text)).toHaveLength(1)
  })

  it("never runs inside another's transaction: it waits for the transaction's end", async () => {
    let inside = () => {}
    const transactionOpen = new Promise<void>((resolve) => (inside = resolve))
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    let answered = false
    const transaction = pg.transaction(async (tx) => {
      await tx.query("insert into item (name) values ('in-transaction')")
      inside()
      await held
      // The transaction's own statements go on while the query from outside waits for it.
      await tx.query('select 1')
      expect(answered).toBe(false)
    })
    await transactionOpen
    const outside = query('select count(*)::int as n from item where name = $1', ['in-transaction']).then((result) => {
      answered = true
      return result
    })
    release()
    await transaction
    // It ran after the commit: it sees the row, and never saw the transaction half-way.
    expect((await outside).rows).toEqual([{ n: 1 }])
  })
})
