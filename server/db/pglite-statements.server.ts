import { type PGlite, parse, protocol, type QueryOptions, type Results } from '@electric-sql/pglite'

type BackendMessage = Parameters<typeof parse.parseResults>[0][number]

/** A statement text parsed and planned once, under its name in PGlite's session. */
type Statement = {
  name: string
  /** The parameters' type ids, as the database inferred them (their serializers are chosen by them). */
  paramTypes: number[]
  /** What its rows look like (absent for a statement that returns none), for reading each answer. */
  rowDescription: BackendMessage | undefined
}

/** How many statement texts a process keeps prepared (Drizzle's queries are a few hundred shapes, ADR 041). */
const DEFAULT_MAX_STATEMENTS = 256

/** The database's answer when a prepared statement no longer fits the tables (a column changed). */
const replanCodes = new Set(['0A000', '26000'])

export type PreparedQuery = (text: string, params?: unknown[], options?: QueryOptions) => Promise<Results>

/**
 * PGlite's `query()` parses and plans its statement again on every call and talks to the database six
 * times for it (parse, describe, bind, describe, execute, sync): 1.1 ms for the session read's join of
 * five tables, where the same statement prepared once answers in 0.05-0.2 ms (ADR 041,
 * docs/perf/signed-in.md). This `query` prepares each statement text once, under a name, and then
 * only binds and executes it: three calls, no parse, a plan PostgreSQL keeps.
 *
 * It is PGlite's own extended-protocol exchange through its public API (`protocol.serialize`,
 * `execProtocol`, `parse.parseResults`), held under the same two locks `query()` holds, so it never
 * runs inside someone else's transaction. Queries of a transaction keep PGlite's `query()` (they hold
 * the transaction's lock already); so do queries with a file (`blob`). The least recently used
 * statement is closed beyond `maxStatements`; a statement the database refuses to run as planned
 * (a table changed under it) is prepared again once.
 */
export function preparedStatementQuery(pg: PGlite, options: { maxStatements?: number } = {}): PreparedQuery {
  const maxStatements = options.maxStatements ?? DEFAULT_MAX_STATEMENTS
  const statements = new Map<string, Statement>()
  let counter = 0

  const exchange = async (message: Uint8Array, queryOptions: QueryOptions | undefined) =>
    (await pg.execProtocol(message, { syncToFs: false, onNotice: queryOptions?.onNotice })).messages

  /** Sends Sync, which ends the exchange (and clears an error state), whatever happened before it. */
  const sync = async (queryOptions: QueryOptions | undefined) => {
    await exchange(protocol.serialize.sync(), queryOptions)
  }

  async function prepare(text: string, queryOptions: QueryOptions | undefined): Promise<Statement> {
    const name = `prepared_${++counter}`
    const messages: BackendMessage[] = []
    try {
      messages.push(...(await exchange(protocol.serialize.parse({ name, text }), queryOptions)))
      messages.push(...(await exchange(protocol.serialize.describe({ type: 'S', name }), queryOptions)))
    } finally {
      await sync(queryOptions)
    }
    const statement: Statement = {
      name,
      paramTypes: parse.parseDescribeStatementResults(messages),
      rowDescription: messages.find((message) => message.name === 'rowDescription'),
    }
    statements.set(text, statement)
    while (statements.size > maxStatements) {
      const [oldestText, oldest] = statements.entries().next().value as [string, Statement]
      statements.delete(oldestText)
      await close(oldest, queryOptions)
    }
    return statement
  }

  async function close(statement: Statement, queryOptions: QueryOptions | undefined) {
    try {
      await exchange(protocol.serialize.close({ type: 'S', name: statement.name }), queryOptions)
    } finally {
      await sync(queryOptions)
    }
  }

  async function run(statement: Statement, params: unknown[], queryOptions: QueryOptions | undefined) {
    const values = params.map((value, index) => {
      if (value === null || value === undefined) return null
      const type = statement.paramTypes[index] ?? 0
      const serializer = queryOptions?.serializers?.[type] ?? pg.serializers[type]
      return serializer ? serializer(value) : String(value)
    })
    const messages: BackendMessage[] = []
    try {
      messages.push(
        ...(await exchange(protocol.serialize.bind({ statement: statement.name, values }), queryOptions)),
        ...(await exchange(protocol.serialize.execute({}), queryOptions)),
      )
    } finally {
      await sync(queryOptions)
    }
    const answer = statement.rowDescription ? [statement.rowDescription, ...messages] : messages
    return parse.parseResults(answer, pg.parsers, queryOptions)[0] as Results
  }

  async function inOrder(text: string, params: unknown[], queryOptions: QueryOptions | undefined) {
    let statement = statements.get(text)
    if (statement) {
      // Most recently used last: the first is closed first.
      statements.delete(text)
      statements.set(text, statement)
    } else {
      statement = await prepare(text, queryOptions)
    }
    try {
      return await run(statement, params, queryOptions)
    } catch (error) {
      const code = (error as { code?: unknown }).code
      if (typeof code !== 'string' || !replanCodes.has(code)) throw error
      statements.delete(text)
      await close(statement, queryOptions)
      return await run(await prepare(text, queryOptions), params, queryOptions)
    }
  }

  return async (text, params = [], queryOptions) => {
    if (pg.closed || queryOptions?.blob) return pg.query(text, params, queryOptions)
    return pg._runExclusiveTransaction(() =>
      pg._runExclusiveQuery(async () => {
        try {
          return await inOrder(text, params, queryOptions)
        } catch (error) {
          // As PGlite's query() reports it: the statement and its parameters on the error.
          if (error instanceof Error && 'code' in error) Object.assign(error, { query: text, params })
          throw error
        } finally {
          await pg.syncToFs()
        }
      }),
    )
  }
}

/**
 * The PGlite client Drizzle is given: the same instance, with `query` preparing its statements
 * (preparedStatementQuery). Everything else (transactions, `exec`, listening) is PGlite's own.
 */
export function withPreparedStatements(pg: PGlite, options?: { maxStatements?: number }): PGlite {
  // Replaceable like a method of the client's own (a test counts the statements a request sends).
  let query: PreparedQuery = preparedStatementQuery(pg, options)
  return new Proxy(pg, {
    get(target, property) {
      if (property === 'query') return query
      const value = Reflect.get(target, property, target)
      return typeof value === 'function' ? value.bind(target) : value
    },
    set(target, property, value) {
      if (property !== 'query') return Reflect.set(target, property, value, target)
      query = value as PreparedQuery
      return true
    },
  })
}
