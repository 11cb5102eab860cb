import type { Db } from '../../../server/db/client.server.ts'

type Queryable = { query: (...args: unknown[]) => Promise<unknown> }

/**
 * What `work` resolves with, and every statement the database was sent while it ran (PGlite or a
 * pool: the driver's client), to count a request's round trips.
 */
export async function statementsDuring<T>(
  db: Db,
  work: () => Promise<T>,
): Promise<{ result: T; statements: string[] }> {
  const client = (db as unknown as { session: { client: Queryable } }).session.client
  const original = client.query
  const statements: string[] = []
  client.query = function (this: unknown, ...args: unknown[]) {
    const first = args[0]
    statements.push(typeof first === 'string' ? first : String((first as { text?: string } | undefined)?.text ?? ''))
    return original.apply(this, args)
  }
  try {
    return { result: await work(), statements }
  } finally {
    client.query = original
  }
}
