import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { type Db as BossDb, fromDrizzle, type JobResult } from 'pg-boss'
import { z } from 'zod'
import { isUuid } from '../../app/lib/uuid.ts'
import { type Database, type Db, selectRows, summarizeError } from '../db/client.server.ts'
import { startPgBoss } from '../db/pg-boss.server.ts'
import type { Logger } from '../log.server.ts'
import type { MailTransport } from './transport.server.ts'

export const MAIL_QUEUE = 'mail'
/** Messages the worker fetches and sends at a time. */
const WORKER_BATCH = 10

/**
 * A file sent with a message (a receipt's PDF), carried in the job as base64: a message is sent
 * as it was when its transaction committed, even if the data it came from changes afterwards.
 */
export const mailAttachmentSchema = z.object({
  filename: z
    .string()
    .min(1)
    .max(120)
    .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'a plain file name'),
  contentType: z.enum(['application/pdf', 'text/csv', 'text/calendar']),
  /** At most about 1.5 MB of file. */
  contentBase64: z.base64().max(2_000_000),
})
export type MailAttachment = z.infer<typeof mailAttachmentSchema>

export const mailMessageSchema = z.object({
  to: z.array(z.email()).min(1).max(50),
  subject: z.string().min(1).max(300),
  text: z.string().min(1).max(100_000),
  html: z.string().max(300_000).optional(),
  replyTo: z.email().optional(),
  attachments: z.array(mailAttachmentSchema).max(5).optional(),
  /**
   * A message that belongs to a conversation (a support ticket's reply, docs/support.md): its own
   * From (a reply address), the Message-ID it is stored under, and the thread it answers.
   */
  thread: z
    .object({
      from: z.email().optional(),
      messageId: z.string().regex(/^<[^<>\s]{3,250}>$/),
      inReplyTo: z
        .string()
        .regex(/^<[^<>\s]{3,250}>$/)
        .optional(),
      references: z
        .array(z.string().regex(/^<[^<>\s]{3,250}>$/))
        .max(50)
        .optional(),
    })
    .optional(),
})
export type MailMessage = z.infer<typeof mailMessageSchema>

/**
 * A drizzle transaction of the project's Db (or the Db itself): anything that can run raw SQL.
 * pg-boss's own DrizzleTransactionLike types execute()'s result more narrowly than our Db does, so
 * `db.transaction((tx) => outbox.enqueue(message, tx))` would not type-check against it.
 */
type SqlRunner = Pick<Db, 'execute'>

export type RetryPolicy = {
  /** Attempts after the first one. */
  retryLimit: number
  /** Seconds before the first retry; doubled on each retry (exponential backoff). */
  retryDelay: number
  /** Upper bound of the backoff, seconds. */
  retryDelayMax: number
}

/**
 * pg-boss's statements run in the caller's transaction (its `db` option) as named statements: given
 * to the driver as pg-boss wrote them, each text under one name (`outbox_1`, …), so PostgreSQL parses
 * and plans the job insert (about 3 KB of SQL) once per connection instead of for every booking, and
 * the text is not taken apart into a Drizzle `sql` template first, as `fromDrizzle` does
 * (ADR 034). The transaction's own session runs them, so they commit or roll back with it.
 */
function namedStatements(tx: Pick<Db, '_'>): BossDb {
  return {
    executeSql: (text, values = []) =>
      tx._.session
        .prepareQuery({ sql: text, params: values }, undefined, statementName(text), false)
        .execute() as Promise<{
        rows: unknown[]
      }>,
  }
}

/** One name per statement text for the life of the process: a driver refuses one name for two texts. */
const statementNames = new Map<string, string>()
function statementName(text: string): string {
  let name = statementNames.get(text)
  if (name === undefined) {
    name = `outbox_${statementNames.size + 1}`
    statementNames.set(text, name)
  }
  return name
}

/** Defaults: retries over roughly a day (1 min, 2 min, 4 min … capped at 1 h). */
export const defaultRetryPolicy: RetryPolicy = { retryLimit: 30, retryDelay: 60, retryDelayMax: 3600 }

export type EnqueueOptions = {
  /**
   * The caller will try sendNow() right after its transaction commits: the worker leaves the
   * message alone for immediateHoldSeconds, so it is never sent twice; if sending now fails, or
   * the process dies first, the worker sends it after the hold, with its usual retries.
   */
  immediate?: boolean
}

export type Outbox = {
  /**
   * Stores a message in the outbox. Pass the transaction that writes the data the message is
   * about, so both commit or neither does.
   */
  enqueue(message: MailMessage, tx?: SqlRunner, options?: EnqueueOptions): Promise<string>
  /** Like enqueue, for several messages in one statement; the ids come back in the same order. */
  enqueueAll(
    messages: readonly MailMessage[],
    tx?: SqlRunner & Pick<Db, '_'>,
    options?: EnqueueOptions,
  ): Promise<string[]>
  /**
   * Sends messages enqueued with `immediate` (and committed) now, instead of at the worker's next
   * poll, waiting at most budgetMs. Resolves with the ids sent within the budget, once they are
   * marked as sent; a send still under way then finishes in the background, and one that fails
   * stays with the worker. The messages were validated when they were enqueued.
   */
  sendNow(messages: ReadonlyArray<{ id: string; message: MailMessage }>, budgetMs: number): Promise<Set<string>>
  /** Messages waiting or being retried. */
  pending(): Promise<number>
  /**
   * Staff's "retry now": a message waiting for its next attempt is sent at the worker's next poll;
   * a failed one (out of attempts) gets one more attempt. Pass the transaction that writes the
   * audit entry. The state it was in, or null when it is neither waiting nor failed (sending, sent,
   * discarded, gone).
   */
  retryNow(id: string, tx: SqlRunner): Promise<MailJobState | null>
  /**
   * Staff's "discard": a waiting message is cancelled (kept, never sent), a failed one deleted.
   * The state it was in, or null when it is neither waiting nor failed.
   */
  discard(id: string, tx: SqlRunner): Promise<MailJobState | null>
  stop(): Promise<void>
}

/** States of a mail job staff may act on: waiting (created, retry) or failed. */
export type MailJobState = 'created' | 'retry' | 'failed'

export async function startOutbox(options: {
  database: Database
  transport: MailTransport
  log: Logger
  retry?: RetryPolicy
  /** How often an idle worker looks for new mail, seconds (>= 0.5). */
  pollingIntervalSeconds?: number
  /** False: only enqueue (a process that must not send). */
  work?: boolean
  /** How long the worker leaves a message enqueued with `immediate` to its sender, seconds. */
  immediateHoldSeconds?: number
}): Promise<Outbox> {
  const { database, transport, log } = options
  const retry = options.retry ?? defaultRetryPolicy
  const immediateHoldSeconds = options.immediateHoldSeconds ?? 60
  const messageIdOf = (jobId: string) => `<${jobId}@outbox.ramapo-it>`
  const boss = await startPgBoss({
    database,
    log,
    name: 'mail queue',
    waiting: 'mail waits and is retried',
    schedule: false,
    supervise: true,
    connections: 4,
  })
  await boss.createQueue(MAIL_QUEUE, {
    retryLimit: retry.retryLimit,
    retryDelay: retry.retryDelay,
    retryBackoff: true,
    retryDelayMax: retry.retryDelayMax,
    expireInSeconds: 120,
  })
  // createQueue() empties pg-boss's cache entry for the queue, and send() fills a missing entry with
  // a query on the instance's own connection. Inside a caller's transaction on PGlite (one
  // connection, held by that transaction) that query waits for the transaction and the transaction
  // waits for it: enqueue(message, tx) would hang until the worker's first poll or the next cache
  // refresh filled the entry, and forever in a process that does not work the queue. Fill it now.
  await boss.findJobs(MAIL_QUEUE, { id: '00000000-0000-0000-0000-000000000000' })

  if (options.work !== false) {
    // Up to WORKER_BATCH messages per fetch, sent side by side, each settled on its own (a failed
    // one is retried, the others are not sent again); a full batch fetches the next one at once.
    // One message per poll would drain a backlog (mail queued while SMTP was down) at one message
    // every pollingIntervalSeconds: 400 messages in over 13 minutes.
    await boss.work<MailMessage & { messageId?: string }>(
      MAIL_QUEUE,
      {
        pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2,
        batchSize: WORKER_BATCH,
        burstWhenBatchFull: true,
        perJobResults: true,
      },
      async (jobs) =>
        Promise.all(
          jobs.map(async (job): Promise<JobResult> => {
            const parsed = mailMessageSchema.safeParse(job.data)
            if (!parsed.success) {
              log.error({ jobId: job.id, issues: parsed.error.issues }, 'mail job is not a valid message; not sent')
              return { id: job.id, status: 'failed', output: { error: 'invalid message' } }
            }
            const message = parsed.data
            try {
              await transport.send({ ...message, messageId: message.thread?.messageId ?? messageIdOf(job.id) })
              return { id: job.id, status: 'completed' }
            } catch (error) {
              log.warn({ err: error, jobId: job.id, to: message.to }, 'mail not sent yet; will retry')
              return { id: job.id, status: 'failed', output: summarizeError(error) }
            }
          }),
        ),
    )
  }

  /**
   * A mail job's state, its row locked until the caller's transaction ends (a worker fetching it
   * meanwhile skips it), when staff may act on it.
   */
  const lockedState = async (id: string, tx: SqlRunner): Promise<MailJobState | null> => {
    if (!isUuid(id)) return null
    const result = (await tx.execute(
      sql`select state::text as state from pgboss.job where name = ${MAIL_QUEUE} and id = ${id} for update`,
    )) as unknown as { rows: Array<{ state: string }> }
    const state = result.rows[0]?.state
    return state === 'created' || state === 'retry' || state === 'failed' ? state : null
  }

  /** Sends started by sendNow(), awaited by stop(). */
  const sending = new Set<Promise<unknown>>()

  const complete = async (ids: string[]) => {
    try {
      // Queued jobs can be completed directly: the worker never sees them.
      await boss.complete(MAIL_QUEUE, ids, null, { includeQueued: true })
    } catch (error) {
      // Sent but not marked: the worker sends them again after the hold, with the same Message-IDs.
      log.warn({ err: summarizeError(error), jobIds: ids }, 'mail sent but not marked as sent')
    }
  }

  /**
   * Marks sent messages as completed, many requests' messages in one statement: while one
   * statement runs, the ids of the sends that finish meanwhile gather for the next one. Resolves
   * once the caller's ids are marked (or the failure to mark them is logged).
   */
  let gathering: string[] | undefined
  let gathered: Promise<void> | undefined
  let marking: Promise<void> = Promise.resolve()
  const markSent = (ids: readonly string[]): Promise<void> => {
    if (!gathering || !gathered) {
      const batch: string[] = []
      gathering = batch
      gathered = marking.then(() => {
        if (gathering === batch) gathering = undefined
        return complete(batch)
      })
      marking = gathered
    }
    gathering.push(...ids)
    return gathered
  }

  /**
   * `inTime` resolves after budgetMs at the latest, with the ids sent by then (marked in one
   * statement); `settled` once every send has finished and been marked.
   */
  function sendNowWithin(messages: ReadonlyArray<{ id: string; message: MailMessage }>, budgetMs: number) {
    const sent = new Set<string>()
    let late = false
    const sendAll = Promise.all(
      messages.map(async ({ id, message }) => {
        try {
          await transport.send({ ...message, messageId: message.thread?.messageId ?? messageIdOf(id) })
        } catch (error) {
          log.warn(
            { err: summarizeError(error), jobId: id, to: message.to },
            'mail not sent at once; the worker will retry',
          )
          return
        }
        sent.add(id)
        // Finished after the budget: nobody else will mark it.
        if (late) await markSent([id])
      }),
    )
    const inTime = (async () => {
      let timer: ReturnType<typeof setTimeout> | undefined
      await Promise.race([
        sendAll,
        new Promise<void>((resolve) => {
          timer = setTimeout(resolve, budgetMs)
        }),
      ])
      clearTimeout(timer)
      late = true
      const done = new Set(sent)
      if (done.size > 0) await markSent([...done])
      return done
    })()
    return { inTime, settled: Promise.all([sendAll, inTime]) }
  }

  return {
    async enqueue(message, tx, enqueueOptions = {}) {
      const data = mailMessageSchema.parse(message)
      const runner = tx as unknown as Parameters<typeof fromDrizzle>[0] | undefined
      const id = await boss.send(MAIL_QUEUE, data, {
        ...(runner ? { db: fromDrizzle(runner, sql) } : {}),
        ...(enqueueOptions.immediate ? { startAfter: immediateHoldSeconds } : {}),
      })
      if (!id) throw new Error('mail could not be queued')
      return id
    },
    async enqueueAll(messages, tx, enqueueOptions = {}) {
      const jobs = messages.map((message) => ({
        id: randomUUID(),
        data: mailMessageSchema.parse(message),
        ...(enqueueOptions.immediate ? { startAfter: immediateHoldSeconds } : {}),
      }))
      await boss.insert(MAIL_QUEUE, jobs, tx ? { db: namedStatements(tx) } : {})
      return jobs.map((job) => job.id)
    },
    async sendNow(messages, budgetMs) {
      const work = sendNowWithin(messages, budgetMs)
      sending.add(work.settled)
      void work.settled.finally(() => sending.delete(work.settled))
      return work.inTime
    },
    async pending() {
      // Read live from the job table: the queue's cached counters lag behind by a monitor pass.
      const [row] = await selectRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from pgboss.job where name = ${MAIL_QUEUE} and state in ('created', 'retry', 'active')`,
      )
      return row?.n ?? 0
    },
    async retryNow(id, tx) {
      const state = await lockedState(id, tx)
      const db = { db: fromDrizzle(tx as unknown as Parameters<typeof fromDrizzle>[0], sql) }
      if (state === 'failed') await boss.retry(MAIL_QUEUE, id, db)
      else if (state) await boss.update(MAIL_QUEUE, undefined, { id, startAfter: new Date(), ...db })
      return state
    },
    async discard(id, tx) {
      const state = await lockedState(id, tx)
      const db = { db: fromDrizzle(tx as unknown as Parameters<typeof fromDrizzle>[0], sql) }
      if (state === 'failed') await boss.deleteJob(MAIL_QUEUE, id, db)
      else if (state) await boss.cancel(MAIL_QUEUE, id, db)
      return state
    },
    async stop() {
      // Sends started by requests finish and are marked first (a request whose client hung up can
      // still be at it after the HTTP server has closed its connections), for 15 s at most.
      let timer: ReturnType<typeof setTimeout> | undefined
      await Promise.race([
        Promise.allSettled(sending),
        new Promise<void>((resolve) => {
          timer = setTimeout(resolve, 15_000)
        }),
      ])
      clearTimeout(timer)
      // Drain: let a message being sent finish, then stop polling. The database is closed by its owner.
      await boss.stop({ graceful: true, timeout: 15_000, close: !database.pglite })
      transport.close()
    },
  }
}
