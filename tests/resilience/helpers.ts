// Pieces of the resilience suite: a database of its own per test, a stream of bookings from
// several concurrent senders that records every answer, and reads of the bookings and mail tables.

import pg from 'pg'
import { PgBoss } from 'pg-boss'

export const MAIL_QUEUE = 'mail'

const baseUrl = process.env.TEST_DATABASE_URL
if (!baseUrl) throw new Error('TEST_DATABASE_URL is unset: run through npm run test:resilience')
const clusterUrl: string = baseUrl

/** Runs one statement on its own connection (the suite's cluster may have been restarted). */
export async function query<T extends Record<string, unknown>>(
  url: string,
  text: string,
  params: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return (await client.query<T>(text, params)).rows
  } finally {
    await client.end()
  }
}

/** An empty database on the suite's cluster, so that no test sees another one's bookings or mail. */
export async function freshDatabase(name: string): Promise<string> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain database name: ${name}`)
  await query(clusterUrl, `drop database if exists ${name} with (force)`)
  await query(clusterUrl, `create database ${name}`)
  const url = new URL(clusterUrl)
  url.pathname = `/${name}`
  return url.toString()
}

export type StoredBooking = {
  id: string
  email: string
  notification_mail_id: string
  confirmation_mail_id: string
}

export async function storedBookings(url: string, emailLike: string): Promise<StoredBooking[]> {
  return query<StoredBooking>(
    url,
    `select id::text, email, notification_mail_id::text, confirmation_mail_id::text
       from bookings where email like $1`,
    [emailLike],
  )
}

/** Mail jobs not yet sent (waiting, being retried or being worked on). */
export async function pendingMail(url: string): Promise<number> {
  const [row] = await query<{ n: number }>(
    url,
    `select count(*)::int as n from pgboss.job where name = $1 and state in ('created', 'retry', 'active')`,
    [MAIL_QUEUE],
  )
  return row?.n ?? 0
}

/**
 * Queues a marker message on the server's mail queue through a pg-boss client of its own (as
 * another process of the product would), for a test to wait for instead of sleeping: the server's
 * worker takes jobs oldest first, so once the marker has arrived and nothing is waiting, whatever
 * was queued before it has had its turn.
 */
export async function queueMarkerMail(url: string, subject: string): Promise<void> {
  const boss = new PgBoss({ connectionString: url, max: 1, schedule: false, supervise: false })
  boss.on('error', () => {
    // the send below reports its own failure
  })
  await boss.start()
  try {
    await boss.send(MAIL_QUEUE, { to: ['marker@example.test'], subject, text: 'Sent by a test.' })
  } finally {
    await boss.stop({ graceful: false, close: true })
  }
}

/**
 * A message the request could not send is left to the worker after a hold of 60 s (so that the
 * request and the worker never both send it). Instead of waiting that minute, the suite makes the
 * waiting messages due now, as if the minute had passed.
 */
export async function endMailHold(url: string): Promise<number> {
  const rows = await query(
    url,
    `update pgboss.job set start_after = now() where name = $1 and state in ('created', 'retry') and start_after > now() returning id`,
    [MAIL_QUEUE],
  )
  return rows.length
}

/** A complete, valid consultation request as the booking form sends it, unique by `n`. */
export function bookingBody(site: string, tag: string, n: number): Record<string, unknown> {
  return {
    formType: 'consultation',
    firstName: 'Pat',
    lastName: `Example ${tag} ${n}`,
    name: `Pat Example ${tag} ${n}`,
    email: `${tag}-${n}@example.com`,
    phone: '(845) 555-0100',
    company: 'Example Dental LLC',
    employees: 12,
    services: ['Managed IT Services', 'Cybersecurity'],
    service: 'Managed IT Services, Cybersecurity',
    plan: 'Full Help Desk ($100/user/mo)',
    message: `Request ${n} of the ${tag} run: our Wi-Fi drops every afternoon.`,
    source: `${site}/book?service=managed-it`,
    timestamp: new Date().toISOString(),
  }
}

export type Answer = {
  n: number
  email: string
  startedAt: number
  endedAt: number
  /** HTTP status, or 0 when no answer came (connection refused or reset). */
  status: number
  json: Record<string, unknown> | undefined
  /** The body when it was not JSON, or the network error. */
  problem?: string
}

/** The booking id of a 2xx answer. */
export function bookingIdOf(answer: Answer): string | undefined {
  const data = answer.json?.data as { booking?: { id?: unknown } } | undefined
  return typeof data?.booking?.id === 'string' ? data.booking.id : undefined
}

export async function postBooking(site: string, body: Record<string, unknown>): Promise<Omit<Answer, 'n'>> {
  const email = String(body.email)
  const startedAt = Date.now()
  try {
    const response = await fetch(`${site}/api/process-form`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    })
    const text = await response.text()
    let json: Record<string, unknown> | undefined
    try {
      json = JSON.parse(text) as Record<string, unknown>
    } catch {
      return { email, startedAt, endedAt: Date.now(), status: response.status, json, problem: text.slice(0, 300) }
    }
    return { email, startedAt, endedAt: Date.now(), status: response.status, json }
  } catch (error) {
    const cause = (error as { cause?: unknown }).cause
    return { email, startedAt, endedAt: Date.now(), status: 0, json: undefined, problem: String(cause ?? error) }
  }
}

/**
 * `senders` loops, each posting one booking after another (unique bodies numbered from 0), until
 * stop() or until `total` bookings have been sent. Every answer is kept.
 */
export class BookingStream {
  readonly answers: Answer[] = []
  #next = 0
  #stopped = false
  #inFlight = 0
  #done: Promise<void> | undefined

  constructor(
    readonly site: string,
    readonly tag: string,
    readonly options: { senders: number; total?: number; pauseMs?: number },
  ) {}

  start(): this {
    this.#done = Promise.all(Array.from({ length: this.options.senders }, () => this.#sender())).then(() => undefined)
    return this
  }

  async #sender(): Promise<void> {
    const { total = Number.POSITIVE_INFINITY, pauseMs = 0 } = this.options
    while (!this.#stopped && this.#next < total) {
      const n = this.#next++
      this.#inFlight++
      const answer = await postBooking(this.site, bookingBody(this.site, this.tag, n))
      this.#inFlight--
      this.answers.push({ n, ...answer })
      if (pauseMs > 0) await new Promise((r) => setTimeout(r, pauseMs))
    }
  }

  get inFlight(): number {
    return this.#inFlight
  }

  /** Bookings sent so far (answered or not). */
  get sent(): number {
    return this.#next
  }

  /** Resolves when every sender has finished (after stop(), or after `total`). */
  async finished(): Promise<Answer[]> {
    await this.#done
    return this.answers
  }

  async stop(): Promise<Answer[]> {
    this.#stopped = true
    return this.finished()
  }

  acknowledged(): Answer[] {
    return this.answers.filter((a) => a.status >= 200 && a.status < 300)
  }
}
