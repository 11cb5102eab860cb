import type { Db } from './client.server.ts'

/**
 * Statements a page runs on every visit, built once per database (and per variant) with
 * `sql.placeholder`s and named with Drizzle's `.prepare(name)`, instead of built and sent as new
 * text on every call. Building Drizzle's text is Node's work on each call; an unnamed statement is
 * also parsed and planned again by PostgreSQL each time (on /billing, 1.3 ms of the database's time
 * for its summary alone, docs/perf/signed-in.md, tenth pass). A named one is parsed once per
 * connection; PGlite prepares every text once anyway (pglite-statements.server.ts).
 *
 * `variant` picks one of a few statement texts (a list with or without a filter): it must come from
 * a short fixed set, since each variant stays prepared on every connection for the life of the process.
 *
 *   const summaryOf = preparedOnce((db) => db.select()...where(eq(t.org, sql.placeholder('org'))).prepare('summary'))
 *   const rows = await summaryOf(db).execute({ org })
 */
export function preparedOnce<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>()
  return (db) => {
    let statements = built.get(db)
    if (statements === undefined) {
      statements = build(db)
      built.set(db, statements)
    }
    return statements
  }
}

/** preparedOnce for statements that come in a few variants, each built once per database. */
export function preparedPerVariant<V extends string, T>(build: (db: Db, variant: V) => T): (db: Db, variant: V) => T {
  const built = new WeakMap<Db, Map<V, T>>()
  return (db, variant) => {
    let variants = built.get(db)
    if (!variants) {
      variants = new Map()
      built.set(db, variants)
    }
    let statements = variants.get(variant)
    if (statements === undefined) {
      statements = build(db, variant)
      variants.set(variant, statements)
    }
    return statements
  }
}
