import type { Db } from '../../../server/db/client.server.ts'

type Queryable = { query: (...args: unknown[]) => Promise<unknown> }

/**
 * What `work` resolves with, and every statement the database was sent while it ran (PGlite or a
 * pool: the driver's client), to count a request's round trips; `names` has each one's name, for a
 * named (prepared) statement on node-postgres, in the same order.
 */
export async function statementsDuring<T>(
  db: Db,
  work: () => Promise<T>,
): Promise<{ result: T; statements: string[]; names: (string | undefined)[] }> {
  const client = (db as unknown as { session: { client: Queryable } }).session.client
  const original = client.query
  const statements: string[] = []
  const names: (string | undefined)[] = []
  client.query = function (this: unknown, ...args: unknown[]) {
    const first = args[0]
    const config = typeof first === 'string' ? undefined : (first as { text?: string; name?: string } | undefined)
    statements.push(typeof first === 'string' ? first : String(config?.text ?? ''))
    names.push(config?.name)
    return original.apply(this, args)
  }
  try {
    return { result: await work(), statements, names }
  } finally {
    client.query = original
  }
}
