import { ImapFlow } from 'imapflow'
import pg from 'pg'
import type { ImapSettings } from '../../config.server.ts'
import { type Database, summarizeError } from '../../db/client.server.ts'
import type { Logger } from '../../log.server.ts'
import { type AccessTokens, accessTokens } from './oauth2.server.ts'
import { storeRawMessage } from './store.server.ts'

/** What a turn of reading did. */
export type ReadResult = { read: number; stored: number; alreadyStored: number }

export type ReaderHooks = {
  /** Runs after a message is stored and before it is marked done (a test stops the reader here). */
  afterStore?: (messageId: string) => void | Promise<void>
}

/** A client of the mailbox; with an OAuth 2.0 access token it signs in with it (XOAUTH2), else with the password. */
export function imapClient(settings: ImapSettings, accessToken?: string): ImapFlow {
  return new ImapFlow({
    host: settings.host,
    port: settings.port,
    secure: settings.secure,
    // Plain imap:// means a server on a trusted network (or a test's): no upgrade is attempted.
    doSTARTTLS: settings.secure ? undefined : false,
    auth: accessToken ? { user: settings.user, accessToken } : { user: settings.user, pass: settings.password },
    logger: false,
    // IDLE starts a second after the last command, so a new message is seen at once.
    autoIdleDelay: 1_000,
    // Without IDLE, imapflow polls; and IDLE is renewed within the servers' usual 29-minute limit.
    maxIdleTime: 60_000,
    missingIdleCommand: 'NOOP',
    connectionTimeout: 30_000,
  })
}

/** Messages fetched at once, then marked done together once all of them are stored. */
const batchSize = 50

/**
 * One turn over the mailbox (opened by the caller): every message not yet marked done is fetched,
 * stored raw, and only then marked done (\Seen), a batch at a time. A message already stored (read
 * twice, or re-read after a crash between the two steps) is only marked done (docs/support.md#e-mail).
 */
export async function readNewMessages(
  client: ImapFlow,
  database: Database,
  hooks: ReaderHooks = {},
): Promise<ReadResult> {
  const result: ReadResult = { read: 0, stored: 0, alreadyStored: 0 }
  const uids = (await client.search({ seen: false }, { uid: true })) || []
  for (let at = 0; at < uids.length; at += batchSize) {
    const batch = uids.slice(at, at + batchSize)
    const done: number[] = []
    for await (const message of client.fetch(batch.join(','), { uid: true, source: true }, { uid: true })) {
      if (!message.source) continue
      result.read++
      const { messageId, stored } = await storeRawMessage(database.db, message.source)
      if (stored) result.stored++
      else result.alreadyStored++
      await hooks.afterStore?.(messageId)
      done.push(message.uid)
    }
    if (done.length > 0) await client.messageFlagsAdd(done.join(','), ['\\Seen'], { uid: true })
  }
  return result
}

export type MailboxReader = {
  /** Resolves after the next full turn (read and processed) that starts after this call. */
  caughtUp(): Promise<void>
  /** reading: connected and reading; waiting: another process holds the readers' lock; retrying: the mailbox or the lock could not be reached. */
  state(): 'starting' | 'reading' | 'waiting' | 'retrying' | 'stopped'
  stop(): Promise<void>
}

/**
 * Reads the support mailbox for as long as the server runs (only when IMAP_URL is set): connects,
 * reads what waits, then waits for new mail with IDLE (or polls where the server has no IDLE),
 * processing what it stored after each turn. A lost connection is retried with a growing pause.
 * On PostgreSQL only one process reads: it holds an advisory lock on a connection of its own, and
 * another process takes over when that connection ends.
 */
export function startMailboxReader(deps: {
  settings: ImapSettings
  database: Database
  log: Logger
  /** Processes what was stored (threading into tickets). */
  process: () => Promise<unknown>
  hooks?: ReaderHooks
  /** How often the mailbox is read even without a notice from the server. */
  pollMs?: number
  /** How often a process that waits asks for the readers' lock again. */
  lockRetryMs?: number
  /** IMAP_AUTH=oauth2: where the access tokens come from (default: the settings' token address). */
  tokens?: AccessTokens
}): MailboxReader {
  const { settings, database, log, process, hooks } = deps
  const pollMs = deps.pollMs ?? 60_000
  const lockRetryMs = deps.lockRetryMs ?? 30_000
  let state: ReturnType<MailboxReader['state']> = 'starting'
  let stopped = false
  let client: ImapFlow | undefined
  let lockClient: pg.Client | undefined
  let wake: (() => void) | undefined
  let pending = false
  let turnsStarted = 0
  const waiters: { after: number; resolve: () => void }[] = []
  let failures = 0
  const tokens = deps.tokens ?? (settings.oauth2 ? accessTokens(settings.oauth2) : undefined)
  // A refused token is replaced at once, once; refused again, the reader waits like for any failure.
  let retriedRefusal = false

  const signal = () => {
    pending = true
    wake?.()
  }
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        wake = undefined
        resolve()
      }, ms)
      wake = () => {
        clearTimeout(timer)
        wake = undefined
        resolve()
      }
    })

  /** On PostgreSQL: true once this process holds the readers' lock (false: another process reads). */
  const takeLock = async (): Promise<boolean> => {
    if (database.kind !== 'postgres' || !database.connectionString) return true
    if (lockClient) return true
    const candidate = new pg.Client({ connectionString: database.connectionString, connectionTimeoutMillis: 10_000 })
    candidate.on('error', () => {
      // the lost lock is noticed below, through 'end'
    })
    try {
      await candidate.connect()
      const { rows } = await candidate.query<{ locked: boolean }>(
        'select pg_try_advisory_lock(hashtext($1)) as locked',
        ['support-mailbox-reader'],
      )
      if (!rows[0]?.locked) {
        await candidate.end().catch(() => undefined)
        return false
      }
      candidate.on('end', () => {
        if (lockClient === candidate) lockClient = undefined
        // Without the lock another process may start reading: this one stops until it has it again.
        void client?.logout().catch(() => undefined)
      })
      lockClient = candidate
      log.info('support mailbox: this process reads it')
      return true
    } catch (error) {
      await candidate.end().catch(() => undefined)
      throw error
    }
  }

  const holdsLock = () => database.kind !== 'postgres' || lockClient !== undefined

  const turn = async () => {
    const index = turnsStarted++
    pending = false
    const current = client
    if (!current) return
    const lock = await current.getMailboxLock(settings.mailbox)
    let result: ReadResult
    try {
      result = await readNewMessages(current, database, hooks)
    } finally {
      lock.release()
    }
    if (result.read > 0) log.info(result, 'support mailbox read')
    await process()
    for (const waiter of waiters.splice(0)) {
      if (waiter.after <= index) waiter.resolve()
      else waiters.push(waiter)
    }
  }

  const run = async () => {
    while (!stopped) {
      let token: string | undefined
      try {
        if (!(await takeLock())) {
          state = 'waiting'
          await pause(lockRetryMs)
          continue
        }
        token = await tokens?.token()
        const next = imapClient(settings, token)
        next.on('error', (error: unknown) =>
          log.warn({ err: summarizeError(error) }, 'support mailbox connection error'),
        )
        next.on('exists', signal)
        const closed = new Promise<void>((resolve) => next.once('close', () => resolve()))
        await next.connect()
        await next.mailboxOpen(settings.mailbox)
        client = next
        failures = 0
        retriedRefusal = false
        state = 'reading'
        while (!stopped && client === next && next.usable && holdsLock()) {
          await turn()
          if (!pending) await Promise.race([pause(pollMs), closed])
        }
        client = undefined
        await next.logout().catch(() => undefined)
      } catch (error) {
        client = undefined
        if (stopped) break
        if (tokens && token && isAuthenticationFailure(error)) {
          // Revoked, or expired before its time: the next sign-in asks for a new token.
          tokens.refused(token)
          if (!retriedRefusal) {
            retriedRefusal = true
            log.warn('support mailbox: the server refused the access token; signing in with a new one')
            continue
          }
        }
        state = 'retrying'
        failures++
        const wait = Math.min(60_000, 1_000 * 2 ** Math.min(failures, 6))
        log.warn({ err: summarizeError(error), retryInMs: wait }, 'support mailbox unavailable: retrying')
        await pause(wait)
      }
    }
  }
  const running = run().finally(() => {
    state = 'stopped'
  })

  return {
    state: () => state,
    caughtUp() {
      return new Promise<void>((resolve) => {
        waiters.push({ after: turnsStarted, resolve })
        signal()
      })
    },
    async stop() {
      stopped = true
      wake?.()
      await client?.logout().catch(() => undefined)
      await running
      await lockClient?.end().catch(() => undefined)
      lockClient = undefined
      for (const waiter of waiters.splice(0)) waiter.resolve()
    },
  }
}

/** imapflow's word for a sign-in the server refused (a wrong password, a refused token). */
function isAuthenticationFailure(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { authenticationFailed?: unknown }).authenticationFailed === true
  )
}
