import type { Database } from '../db/client.server.ts'

/**
 * Runs one SQL statement with $1… parameters on either backend and returns its rows. On PostgreSQL
 * it is a named prepared statement: each pooled connection parses and plans it once, then only
 * binds and executes it. `name` must always go with the same text.
 */
export async function runStatement<T>(database: Database, name: string, text: string, values: unknown[]): Promise<T[]> {
  if (database.pool) {
    const result = await database.pool.query({ name, text, values })
    return result.rows as T[]
  }
  if (database.pglite) {
    const result = await database.pglite.query<T>(text, values)
    return result.rows
  }
  throw new Error(`database ${database.kind} has neither a pool nor an embedded client`)
}
