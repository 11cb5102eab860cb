import pg from 'pg'
import { type Database, type Db, sql, summarizeError } from '../db/client.server.ts'
import type { Logger } from '../log.server.ts'
import { type ContentScope, contentScopes, type PageCache } from './page-cache.server.ts'

/** The PostgreSQL channel that carries content changes to every process's page cache. */
export const PUBLIC_PAGES_CHANNEL = 'public_pages_changed'

/** The listening connection's application_name on a real server. */
export const LISTENER_APPLICATION_NAME = 'page cache listener'

/**
 * Tells every process that public content of `scope` changed, so each empties the cached pages
 * that show it. Call it with the transaction that makes the change, as its last statement:
 *
 *   await db.transaction(async (tx) => {
 *     await tx.update(locations).set(values).where(eq(locations.id, id))
 *     await invalidatePublicPages(tx, 'locations')
 *   })
 *
 * It is a PostgreSQL notification, so it is delivered when the transaction commits and not at all
 * when it rolls back, to every process (this one included) at once; a change can never be seen by
 * a reader before its notification is on its way. Outside a transaction it takes effect at once.
 * A change made with SQL by hand does the same with `NOTIFY public_pages_changed, 'blog'`.
 */
export async function invalidatePublicPages(db: Db, scope: ContentScope): Promise<void> {
  await db.execute(sql`select pg_notify(${PUBLIC_PAGES_CHANNEL}, ${scope})`)
}

export type InvalidationListener = { stop(): Promise<void> }

/**
 * Feeds the notifications to `cache` and keeps it enabled only while they can arrive. PGlite
 * delivers them in-process, at commit. On a real server a dedicated connection listens (a pooled
 * one would lose LISTEN when returned); while it is down the cache is disabled and empty, and it
 * reconnects with backoff up to 30 s. A heartbeat every `heartbeatMs` finds a connection that died
 * without a word (a network cut), so a process never goes on serving pages it can no longer hear
 * about.
 */
export async function listenForInvalidations(options: {
  database: Database
  cache: PageCache
  log: Logger
  /** First reconnect delay (ms); doubled each attempt. */
  reconnectDelayMs?: number
  heartbeatMs?: number
}): Promise<InvalidationListener> {
  const { database, cache, log } = options
  const apply = (payload: string | undefined) => {
    const scope = contentScopes.find((s) => s === payload)
    if (!scope) log.warn({ payload }, 'page cache: unknown scope in a notification; emptying all pages')
    cache.invalidate(scope ?? 'all')
  }

  if (database.pglite) {
    const unlisten = await database.pglite.listen(PUBLIC_PAGES_CHANNEL, apply)
    cache.setEnabled(true)
    return {
      async stop() {
        cache.setEnabled(false)
        await unlisten()
      },
    }
  }
  return listenOnServer({
    connectionString: database.connectionString ?? '',
    log,
    cache,
    apply,
    firstDelayMs: options.reconnectDelayMs ?? 1_000,
    heartbeatMs: options.heartbeatMs ?? 15_000,
  })
}

async function listenOnServer(options: {
  connectionString: string
  log: Logger
  cache: PageCache
  apply: (payload: string | undefined) => void
  firstDelayMs: number
  heartbeatMs: number
}): Promise<InvalidationListener> {
  const { log, cache } = options
  let client: pg.Client | undefined
  let retry: ReturnType<typeof setTimeout> | undefined
  let attempt = 0
  let stopped = false

  const lost = (next: pg.Client) => {
    if (client !== next) return
    client = undefined
    cache.setEnabled(false)
    log.warn('page cache: disabled until the invalidation listener reconnects')
    schedule()
  }

  const connect = async (): Promise<void> => {
    const next = new pg.Client({
      connectionString: options.connectionString,
      connectionTimeoutMillis: 5_000,
      keepAlive: true,
      // Named, so an operator (and the tests) can find it in pg_stat_activity.
      application_name: LISTENER_APPLICATION_NAME,
    })
    next.on('error', (error) => {
      log.warn({ err: summarizeError(error) }, 'page cache: invalidation listener connection lost')
      lost(next)
      next.end().catch(() => {})
    })
    next.on('notification', (message) => {
      if (message.channel === PUBLIC_PAGES_CHANNEL) options.apply(message.payload)
    })
    next.on('end', () => lost(next))
    try {
      await next.connect()
      await next.query(`LISTEN ${PUBLIC_PAGES_CHANNEL}`)
    } catch (error) {
      await next.end().catch(() => {})
      throw error
    }
    if (stopped) {
      await next.end().catch(() => {})
      return
    }
    client = next
    // Listening from now on: whatever changed before is unknown, so start empty (setEnabled does).
    cache.setEnabled(true)
  }

  const schedule = () => {
    if (retry || stopped) return
    const delay = Math.min(options.firstDelayMs * 2 ** attempt, 30_000)
    attempt += 1
    retry = setTimeout(() => {
      retry = undefined
      connect().then(
        () => {
          if (stopped) return
          log.info({ attempts: attempt }, 'page cache: invalidation listener connected again')
          attempt = 0
        },
        (error: unknown) => {
          log.warn({ err: summarizeError(error), retryInMs: delay }, 'page cache: listener reconnect failed')
          schedule()
        },
      )
    }, delay)
    retry.unref()
  }

  const heartbeat = setInterval(() => {
    const current = client
    if (!current) return
    const timeout = setTimeout(() => {
      log.warn('page cache: invalidation listener did not answer its heartbeat')
      lost(current)
      current.end().catch(() => {})
    }, 5_000)
    current.query('select 1').then(
      () => clearTimeout(timeout),
      () => clearTimeout(timeout), // 'error'/'end' handle the loss
    )
  }, options.heartbeatMs)
  heartbeat.unref()

  try {
    await connect()
  } catch (error) {
    // The server may be starting up too: serve uncached meanwhile.
    log.warn({ err: summarizeError(error) }, 'page cache: listener could not connect; serving uncached until it does')
    schedule()
  }
  return {
    async stop() {
      stopped = true
      clearInterval(heartbeat)
      if (retry) clearTimeout(retry)
      cache.setEnabled(false)
      const current = client
      client = undefined
      await current?.end()
    },
  }
}
