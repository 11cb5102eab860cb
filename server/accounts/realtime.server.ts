import pg from 'pg'
import { z } from 'zod'
import { type Database, summarizeError } from '../db/client.server.ts'
import type { Logger } from '../log.server.ts'

/** The channel the client_onboarding trigger notifies (server/db/migrations/0002_onboarding_notify.sql). */
export const ONBOARDING_CHANNEL = 'client_onboarding_changed'

/** The channel support tickets' triggers notify with a ticket's id (server/db/migrations/0021_support_tickets.sql). */
export const TICKET_CHANNEL = 'support_ticket_changed'

/** A ticket changed (its payload is only the id: subscribers re-read what their viewer may see), or a resync/closing. */
export type TicketChange = { kind: 'changed' } | { kind: 'resync' } | { kind: 'closing' }

const payloadSchema = z.object({ email: z.string(), status: z.string(), role: z.string() })

export type OnboardingChange =
  | { kind: 'changed'; email: string; status: string; role: string }
  /** The listener was reconnected: changes may have been missed, so subscribers should re-read. */
  | { kind: 'resync' }
  /** The process is shutting down: streams end (browsers reconnect to another process). */
  | { kind: 'closing' }

export type Realtime = {
  /** Calls `listener` for changes of this e-mail's onboarding record (and for resyncs); returns unsubscribe. */
  subscribe(email: string, listener: (change: OnboardingChange) => void): () => void
  /** Calls `listener` when a support ticket or its thread changes (and for resyncs); returns unsubscribe. */
  subscribeTicket(ticketId: string, listener: (change: TicketChange) => void): () => void
  /** Number of open subscriptions (health and tests). */
  subscribers(): number
  stop(): Promise<void>
}

/**
 * Fans PostgreSQL notifications out to the live status streams of this process. PGlite delivers
 * them in-process; on a real server a dedicated connection (never a pooled one, which would drop
 * LISTEN when returned) listens and reconnects by itself with backoff up to 30 s.
 */
export async function startRealtime(options: {
  database: Database
  log: Logger
  /** First reconnect delay (ms); doubled each attempt. */
  reconnectDelayMs?: number
}): Promise<Realtime> {
  const { database, log } = options
  const listeners = new Map<string, Set<(change: OnboardingChange) => void>>()
  const ticketListeners = new Map<string, Set<(change: TicketChange) => void>>()
  let stopped = false

  const dispatchTicket = (raw: string | undefined) => {
    for (const listener of ticketListeners.get((raw ?? '').toLowerCase()) ?? []) listener({ kind: 'changed' })
  }

  const dispatch = (raw: string | undefined) => {
    let parsed: z.infer<typeof payloadSchema>
    try {
      parsed = payloadSchema.parse(JSON.parse(raw ?? ''))
    } catch (error) {
      log.warn({ err: summarizeError(error) }, 'realtime: ignored a malformed notification')
      return
    }
    const change: OnboardingChange = { kind: 'changed', ...parsed, email: parsed.email.toLowerCase() }
    for (const listener of listeners.get(change.email) ?? []) listener(change)
  }
  const resyncAll = () => {
    for (const set of listeners.values()) for (const listener of set) listener({ kind: 'resync' })
    for (const set of ticketListeners.values()) for (const listener of set) listener({ kind: 'resync' })
  }

  let stopListening: () => Promise<void>
  if (database.pglite) {
    const unlisten = await database.pglite.listen(ONBOARDING_CHANNEL, dispatch)
    const unlistenTickets = await database.pglite.listen(TICKET_CHANNEL, dispatchTicket)
    stopListening = async () => {
      await unlisten()
      await unlistenTickets()
    }
  } else {
    stopListening = await listenOnServer({
      connectionString: database.connectionString ?? '',
      log,
      onNotification: (channel, payload) => (channel === TICKET_CHANNEL ? dispatchTicket(payload) : dispatch(payload)),
      onReconnect: resyncAll,
      isStopped: () => stopped,
      firstDelayMs: options.reconnectDelayMs ?? 1_000,
    })
  }

  return {
    subscribe(email, listener) {
      const key = email.toLowerCase()
      let set = listeners.get(key)
      if (!set) {
        set = new Set()
        listeners.set(key, set)
      }
      set.add(listener)
      return () => {
        set.delete(listener)
        if (set.size === 0) listeners.delete(key)
      }
    },
    subscribeTicket(ticketId, listener) {
      const key = ticketId.toLowerCase()
      let set = ticketListeners.get(key)
      if (!set) {
        set = new Set()
        ticketListeners.set(key, set)
      }
      set.add(listener)
      return () => {
        set.delete(listener)
        if (set.size === 0) ticketListeners.delete(key)
      }
    },
    subscribers() {
      let n = 0
      for (const set of listeners.values()) n += set.size
      for (const set of ticketListeners.values()) n += set.size
      return n
    },
    async stop() {
      stopped = true
      for (const set of listeners.values()) for (const listener of set) listener({ kind: 'closing' })
      for (const set of ticketListeners.values()) for (const listener of set) listener({ kind: 'closing' })
      listeners.clear()
      ticketListeners.clear()
      await stopListening().catch((error: unknown) =>
        log.warn({ err: summarizeError(error) }, 'realtime: listener did not stop cleanly'),
      )
    },
  }
}

async function listenOnServer(options: {
  connectionString: string
  log: Logger
  onNotification: (channel: string, payload: string | undefined) => void
  onReconnect: () => void
  isStopped: () => boolean
  firstDelayMs: number
}): Promise<() => Promise<void>> {
  const { log } = options
  let client: pg.Client | undefined
  let timer: ReturnType<typeof setTimeout> | undefined
  let attempt = 0

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: options.connectionString, connectionTimeoutMillis: 5_000 })
    // Errors end the connection; 'end' below schedules the reconnect.
    next.on('error', (error) => log.warn({ err: summarizeError(error) }, 'realtime: listen connection lost'))
    next.on('notification', (message) => {
      if (message.channel === ONBOARDING_CHANNEL || message.channel === TICKET_CHANNEL) {
        options.onNotification(message.channel, message.payload)
      }
    })
    next.on('end', () => {
      if (client === next) client = undefined
      if (!options.isStopped()) schedule()
    })
    await next.connect()
    await next.query(`LISTEN ${ONBOARDING_CHANNEL}`)
    await next.query(`LISTEN ${TICKET_CHANNEL}`)
    client = next
  }

  const schedule = () => {
    if (timer || options.isStopped()) return
    const delay = Math.min(options.firstDelayMs * 2 ** attempt, 30_000)
    attempt += 1
    timer = setTimeout(() => {
      timer = undefined
      connect().then(
        () => {
          log.info({ attempts: attempt }, 'realtime: listening again')
          attempt = 0
          options.onReconnect()
        },
        (error: unknown) => {
          log.warn({ err: summarizeError(error), retryInMs: delay }, 'realtime: reconnect failed')
          schedule()
        },
      )
    }, delay)
    timer.unref()
  }

  await connect()
  return async () => {
    if (timer) clearTimeout(timer)
    const current = client
    client = undefined
    await current?.end()
  }
}
