import type { AddressInfo } from 'node:net'
import { eq, sql } from 'drizzle-orm'
import pg from 'pg'
import { SMTPServer, type SMTPServerOptions } from 'smtp-server'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { business } from '../../app/content/business.ts'
import { sweepExpired } from '../../server/booking/record.server.ts'
import { openDatabase, selectRows } from '../../server/db/client.server.ts'
import { bookings } from '../../server/db/schema/index.server.ts'
import { type Outbox, startOutbox } from '../../server/mail/outbox.server.ts'
import { createMailTransport } from '../../server/mail/transport.server.ts'
import { backend, onPostgres, silentLogger } from './helpers/database.ts'
import {
  appWith,
  consultationBody,
  contactBody,
  type IntakeHarness,
  intakeApp,
  intakeHarness,
  MAIL_FROM,
  postForm,
  SITE,
} from './helpers/intake.ts'
import { capturingLogger } from './helpers/log.ts'
import { TestSmtpServer } from './helpers/smtp.ts'
import { markerSubject, outboxCaughtUp, waitFor } from './helpers/wait.ts'

type Answer = {
  success?: boolean
  error?: string
  fields?: Record<string, string[]>
  warning?: string
  data?: {
    booking?: { id: string; reference: string; duplicate?: boolean }
    email?: { sent: boolean; recipient: string; subject: string; message: string }
  }
}

async function answer(response: Response): Promise<Answer> {
  expect(response.headers.get('content-type')).toMatch(/^application\/json/)
  return (await response.json()) as Answer
}

/** A real SMTP server on a free port, behaving as the handlers given say. */
async function smtpServer(handlers: Pick<SMTPServerOptions, 'onRcptTo' | 'onData'>): Promise<SMTPServer> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    ...handlers,
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return server
}

async function rowsOf(h: IntakeHarness) {
  return h.database.db.select().from(bookings).orderBy(bookings.receivedAt)
}

// One database for the whole file: opening one (PGlite especially) is the slow part.
let h: IntakeHarness
let smtp: TestSmtpServer
const captured = capturingLogger('info')
const isMarker = (mail: { headers: Map<string, string> }) => mail.headers.get('subject') === markerSubject
const notMarker = (mail: { headers: Map<string, string> }) => !isMarker(mail)
const markers = () => smtp.received.filter(isMarker).length

beforeAll(async () => {
  smtp = new TestSmtpServer()
  await smtp.start()
  h = await intakeHarness({
    log: captured.log,
    smtpUrl: smtp.url,
    env: {
      BOOKING_INBOX: 'office@ramapo-it.test',
      ALLOWED_ORIGINS: 'https://partner.example, http://localhost:5173',
      // The limit has its own tests below.
      INTAKE_RATE_LIMIT: '0',
    },
  })
})
afterAll(async () => {
  await h?.cleanup()
  await smtp?.stop()
})
afterEach(async () => {
  await waitFor('the outbox to be empty', async () => (await h.outbox.pending()) === 0)
  await h.database.db.execute(sql`delete from bookings`)
  await h.database.db.execute(sql`delete from intake_rate_limits`)
  smtp.received.length = 0
})

describe(`POST /api/process-form on ${backend}`, () => {
  it('stores a consultation request with every field and sends both e-mails at once', async () => {
    const body = consultationBody()
    const response = await postForm(h.app, body, { headers: { 'user-agent': 'IntegrationTest/1.0', origin: SITE } })
    expect(response.status).toBe(200)
    const json = await answer(response)
    expect(json.success).toBe(true)
    expect(json.warning).toBeUndefined()
    expect(json.data?.email).toEqual({
      sent: true,
      recipient: 'pat@example.com',
      subject: `Your free consultation request with ${business.name}`,
      message: 'Confirmation sent to pat@example.com.',
    })
    expect(response.headers.get('access-control-allow-origin')).toBe(SITE)

    const [row, ...others] = await rowsOf(h)
    expect(others).toEqual([])
    expect(row).toMatchObject({
      id: json.data?.booking?.id,
      formType: 'consultation',
      status: 'new',
      name: 'Pat Example',
      firstName: 'Pat',
      lastName: 'Example',
      email: 'pat@example.com',
      phone: '(845) 555-0100',
      company: 'Example Dental LLC',
      employees: 12,
      services: ['Managed IT Services', 'Cybersecurity'],
      plan: 'Full Help Desk ($100/user/mo)',
      message: 'Our Wi-Fi drops every afternoon.',
      source: `${SITE}/book?service=managed-it`,
      userAgent: 'IntegrationTest/1.0',
    })
    expect(row?.clientTimestamp?.toISOString()).toBe(body.timestamp)
    expect(Math.abs((row?.receivedAt.getTime() ?? 0) - Date.now())).toBeLessThan(60_000)
    // A keyed hash, not the address.
    expect(row?.ipHash).toMatch(/^[0-9a-f]{64}$/)

    // Sent within the request: already there when the answer arrives.
    const mails = [...smtp.received]
    expect(mails).toHaveLength(2)
    const notification = mails.find((m) => m.headers.get('to') === 'office@ramapo-it.test')
    const confirmation = mails.find((m) => m.headers.get('to') === 'pat@example.com')
    expect(notification?.headers.get('subject')).toBe(
      `New consultation request: Pat Example (Example Dental LLC) [${json.data?.booking?.reference}]`,
    )
    expect(notification?.headers.get('reply-to')).toBe('pat@example.com')
    expect(notification?.text).toContain('Full Help Desk ($100/user/mo)')
    expect(notification?.text).toContain('Our Wi-Fi drops every afternoon.')
    expect(notification?.headers.get('message-id')).toBe(`<${row?.notificationMailId}@outbox.ramapo-it>`)
    expect(confirmation?.headers.get('subject')).toBe(`Your free consultation request with ${business.name}`)
    expect(confirmation?.text).toContain('Hi Pat,')
    expect(confirmation?.text).toContain('What happens next')
    expect(confirmation?.text).toContain(business.phone)
    expect(confirmation?.headers.get('message-id')).toBe(`<${row?.confirmationMailId}@outbox.ramapo-it>`)
    // Sent at once and marked so: the worker has nothing left to send twice.
    expect(await h.outbox.pending()).toBe(0)
    await outboxCaughtUp(h.outbox, markers)
    expect(smtp.received.filter(notMarker)).toHaveLength(2)
    expect(notification?.recipients).toEqual(['office@ramapo-it.test'])
  })

  it('stores a contact message from the home page form', async () => {
    const response = await postForm(h.app, contactBody({ phone: '' }))
    expect(response.status).toBe(200)
    const json = await answer(response)
    expect(json.data?.email?.sent).toBe(true)
    const [row] = await rowsOf(h)
    expect(row).toMatchObject({
      formType: 'contact',
      name: 'Robin Sample',
      firstName: null,
      phone: null,
      services: [],
      message: 'Do you support home offices in Mahwah?',
    })
  })

  it('answers 400 with a message per field and stores nothing for an incomplete or wrong form', async () => {
    const response = await postForm(
      h.app,
      consultationBody({ firstName: ' ', email: 'not-an-address', phone: '12', employees: 0, plan: 'Gold' }),
    )
    expect(response.status).toBe(400)
    const json = await answer(response)
    expect(json.error).toBe('Please check the form: Please enter your first name.')
    expect(json.fields).toEqual({
      firstName: ['Please enter your first name.'],
      email: ['Please enter a valid e-mail address, like name@example.com.'],
      phone: ['Please enter a valid phone number, like (845) 555-0142.'],
      employees: ['Number of users must be at least 1.'],
      plan: ['Please choose a plan from the list.'],
    })

    const missing = await answer(await postForm(h.app, { formType: 'consultation' }))
    expect(Object.keys(missing.fields ?? {}).sort()).toEqual(['email', 'firstName', 'lastName', 'phone'])
    expect(missing.fields?.email).toEqual(['Please enter your e-mail address.'])

    const cases: Array<[unknown, string]> = [
      [{ ...consultationBody(), formType: 'newsletter' }, 'formType must be "consultation" or "contact".'],
      [consultationBody({ employees: 2.5 }), 'Number of users must be a whole number.'],
      [consultationBody({ services: ['Plumbing'] }), 'Please choose services from the list.'],
      [consultationBody({ services: 'Cybersecurity' }), 'Services must be a list.'],
      [consultationBody({ firstName: 'Pat\r\nBcc: x@example.com' }), 'First name must be on one line.'],
      [consultationBody({ source: 'javascript:alert(1)' }), 'Source must be the http(s) address'],
      [consultationBody({ timestamp: 'yesterday' }), 'Timestamp must be an ISO 8601 date and time'],
      [consultationBody({ message: 'x'.repeat(5001) }), 'Message must be at most 5,000 characters.'],
      [contactBody({ message: '' }), 'Please enter a message.'],
      [[consultationBody()], 'Send the form as a JSON object.'],
      [null, 'Send the form as a JSON object.'],
      ['a string', 'Send the form as a JSON object.'],
    ]
    for (const [body, message] of cases) {
      const res = await postForm(h.app, body)
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400)
      expect((await answer(res)).error).toContain(message)
    }

    const malformed = await postForm(h.app, undefined, { raw: '{"formType": "consultation",' })
    expect(malformed.status).toBe(400)
    expect((await answer(malformed)).error).toBe('The request body is not valid JSON.')
    expect(await rowsOf(h)).toEqual([])
  })

  it('accepts JSON only (415) and bodies up to 32 KB (413)', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', '']) {
      const res = await postForm(h.app, consultationBody(), { headers: { 'content-type': type } })
      expect(res.status, type).toBe(415)
      expect((await answer(res)).error).toBe('Send the form as JSON (Content-Type: application/json).')
    }
    const charset = await postForm(h.app, consultationBody(), {
      headers: { 'content-type': 'application/json; charset=utf-8' },
    })
    expect(charset.status).toBe(200)

    const big = JSON.stringify(consultationBody({ message: 'x'.repeat(33 * 1024) }))
    const tooLarge = await postForm(h.app, undefined, { raw: big })
    expect(tooLarge.status).toBe(413)
    expect((await answer(tooLarge)).error).toBe('The form is too large: the limit is 32 KB.')
    const huge = await postForm(h.app, undefined, { raw: 'x'.repeat(200 * 1024) })
    expect(huge.status).toBe(413)
    expect(await rowsOf(h)).toHaveLength(1)
  })

  it('allows its own origin and ALLOWED_ORIGINS, and refuses every other origin (CORS)', async () => {
    for (const origin of [SITE, 'https://partner.example', 'http://localhost:5173']) {
      const preflight = await h.app.request('/api/process-form', {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST', host: '127.0.0.1:3000' },
      })
      expect(preflight.status, origin).toBe(204)
      expect(preflight.headers.get('access-control-allow-origin')).toBe(origin)
      expect(preflight.headers.get('access-control-allow-methods')).toBe('POST, OPTIONS')
      expect(preflight.headers.get('access-control-allow-headers')).toMatch(/content-type/i)
      expect(preflight.headers.get('vary')).toMatch(/origin/i)
    }
    // The availability check of the page itself: same origin, no preflight headers needed.
    const plain = await h.app.request('/api/process-form', { method: 'OPTIONS' })
    expect(plain.status).toBe(204)
    expect(plain.headers.get('allow')).toBe('POST, OPTIONS')

    for (const origin of ['https://evil.example', 'null', 'http://127.0.0.1:3001']) {
      const preflight = await h.app.request('/api/process-form', {
        method: 'OPTIONS',
        headers: { origin, host: '127.0.0.1:3000' },
      })
      expect(preflight.status, origin).toBe(403)
      expect(preflight.headers.get('access-control-allow-origin')).toBeNull()
      const post = await postForm(h.app, consultationBody(), { headers: { origin } })
      expect(post.status).toBe(403)
      expect((await answer(post)).error).toBe(`This form does not accept requests from ${origin}.`)
    }
    expect(await rowsOf(h)).toEqual([])

    const partner = await postForm(h.app, consultationBody(), { headers: { origin: 'https://partner.example' } })
    expect(partner.status).toBe(200)
    expect(partner.headers.get('access-control-allow-origin')).toBe('https://partner.example')
  })

  it('answers other methods with a JSON 405 naming the allowed ones', async () => {
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const res = await h.app.request('/api/process-form', { method })
      expect(res.status).toBe(405)
      expect(res.headers.get('allow')).toBe('POST, OPTIONS')
      expect((await answer(res)).error).toMatch(/not allowed/)
    }
  })

  it('answers a filled honeypot like a real request, but stores and sends nothing and logs it', async () => {
    const res = await postForm(h.app, consultationBody({ website: 'https://spam.example' }))
    expect(res.status).toBe(200)
    const json = await answer(res)
    expect(json.success).toBe(true)
    expect(json.data?.email?.sent).toBe(true)
    expect(await rowsOf(h)).toEqual([])
    expect(await h.outbox.pending()).toBe(0)
    await outboxCaughtUp(h.outbox, markers)
    expect(smtp.received.filter(notMarker)).toEqual([])
    expect(captured.lines.some((l) => l.msg === 'process-form: honeypot filled; not stored')).toBe(true)
  })

  it('stores one booking for the same payload sent twice within 60 seconds, even at once', async () => {
    const first = await answer(await postForm(h.app, consultationBody()))
    // A second click: same fields, a later browser timestamp.
    const again = await answer(
      await postForm(h.app, consultationBody({ timestamp: new Date(Date.now() + 900).toISOString() })),
    )
    expect(again.success).toBe(true)
    expect(again.data?.booking).toEqual({
      id: first.data?.booking?.id,
      reference: first.data?.booking?.reference,
      duplicate: true,
    })
    expect(again.warning).toBe(
      `We already received this request a moment ago (reference ${first.data?.booking?.reference}), so it was recorded once.`,
    )
    expect(await rowsOf(h)).toHaveLength(1)

    const burst = consultationBody({ email: 'burst@example.com' })
    const answers = await Promise.all(Array.from({ length: 5 }, () => postForm(h.app, burst).then(answer)))
    expect(answers.filter((a) => a.data?.booking?.duplicate !== true)).toHaveLength(1)
    expect(new Set(answers.map((a) => a.data?.booking?.id)).size).toBe(1)

    // A changed field is a new request; so is the same one after the window.
    await postForm(h.app, consultationBody({ message: 'Also the printer.' }))
    await h.database.db
      .update(bookings)
      .set({ receivedAt: sql`now() - interval '61 seconds'` })
      .where(eq(bookings.email, 'pat@example.com'))
    // The window is kept per payload, with the booking it named.
    await h.database.db.execute(
      sql`update booking_payloads set received_at = now() - interval '61 seconds'
          where booking_id in (select id from bookings where email = 'pat@example.com')`,
    )
    const later = await answer(await postForm(h.app, consultationBody()))
    expect(later.data?.booking?.duplicate).toBeUndefined()
    expect(await rowsOf(h)).toHaveLength(4)
  })

  it('takes a repeat for a new request once the booking it repeated was deleted', async () => {
    const first = await answer(await postForm(h.app, consultationBody({ email: 'deleted@example.com' })))
    const id = first.data?.booking?.id ?? ''
    await h.database.db.delete(bookings).where(eq(bookings.id, id))
    // The claim of its payload went with it.
    const claims = await selectRows<{ n: number }>(
      h.database.db,
      sql`select count(*)::int as n from booking_payloads where booking_id = ${id}::uuid`,
    )
    expect(claims[0]?.n).toBe(0)
    const again = await answer(await postForm(h.app, consultationBody({ email: 'deleted@example.com' })))
    expect(again.data?.booking?.duplicate).toBeUndefined()
    expect(again.data?.booking?.id).not.toBe(id)
    expect(await rowsOf(h)).toHaveLength(1)
  })

  it('sweeps rate-limit windows and idempotency claims that have expired, and nothing else', async () => {
    const kept = await answer(await postForm(h.app, consultationBody({ email: 'kept@example.com' })))
    const aged = await answer(await postForm(h.app, consultationBody({ email: 'aged@example.com' })))
    await h.database.db.execute(
      sql`update booking_payloads set received_at = now() - interval '61 seconds'
          where booking_id = ${aged.data?.booking?.id ?? ''}::uuid`,
    )
    await h.database.db.execute(
      sql`insert into intake_rate_limits (key, window_start, count) values
          ('process-form:old', now() - interval '601 seconds', 3), ('process-form:new', now(), 1)`,
    )
    expect(await sweepExpired(h.database, { max: 10, windowSeconds: 600 }, 0)).toBe(false)
    expect(await sweepExpired(h.database, { max: 10, windowSeconds: 600 }, 1)).toBe(true)
    const claims = await selectRows<{ booking_id: string }>(
      h.database.db,
      sql`select booking_id::text as booking_id from booking_payloads`,
    )
    expect(claims.map((c) => c.booking_id)).toEqual([kept.data?.booking?.id])
    const windows = await selectRows<{ key: string }>(h.database.db, sql`select key from intake_rate_limits`)
    expect(windows.map((w) => w.key)).toEqual(['process-form:new'])
    // The bookings themselves stay.
    expect(await rowsOf(h)).toHaveLength(2)
  })

  it('stores many different bookings at once, each with its two e-mails sent once and marked', async () => {
    const count = 20
    const answers = await Promise.all(
      Array.from({ length: count }, (_, i) =>
        postForm(h.app, consultationBody({ email: `crowd-${i}@example.com` })).then(answer),
      ),
    )
    expect(answers.every((a) => a.success === true)).toBe(true)
    // Sent within the request's 3 s budget, marked by the request (the marks of concurrent requests
    // share statements). On a machine busy with other suites a few can pass the budget: those are
    // answered "recorded" and the worker sends them, once, as it would in production.
    expect(answers.filter((a) => a.data?.email?.sent === true).length).toBeGreaterThan(0)
    expect(new Set(answers.map((a) => a.data?.booking?.id)).size).toBe(count)
    const rows = await rowsOf(h)
    expect(rows).toHaveLength(count)
    // Every job of theirs ends marked sent.
    await expect
      .poll(
        () =>
          selectRows<{ state: string; n: number }>(
            h.database.db,
            sql`select state::text as state, count(*)::int as n from pgboss.job
                where id in (select notification_mail_id from bookings union select confirmation_mail_id from bookings)
                group by state`,
          ),
        { timeout: 30_000 },
      )
      .toEqual([{ state: 'completed', n: count * 2 }])
    expect(smtp.received).toHaveLength(count * 2)
    expect(new Set(smtp.countsByMessageId().values())).toEqual(new Set([1]))
  })

  it('keeps nothing of a booking whose e-mails cannot be queued: no row, no claim, no job, no count', async () => {
    // An outbox that writes the jobs, then fails: the booking's transaction must roll back all of it.
    const failing: Outbox = {
      ...h.outbox,
      async enqueueAll(messages, tx, options) {
        await h.outbox.enqueueAll(messages, tx, options)
        throw new Error('the mail queue refused the jobs')
      },
    }
    const env = { INTAKE_RATE_LIMIT: '10', TRUST_PROXY: 'true' }
    const app = intakeApp({ database: h.database, outbox: failing, log: h.log, env })
    const jobsBefore = await selectRows<{ n: number }>(h.database.db, sql`select count(*)::int as n from pgboss.job`)
    const res = await postForm(app, consultationBody({ email: 'unqueued@example.com' }), {
      headers: { 'x-forwarded-for': '192.0.2.99' },
    })
    expect(res.status).toBe(500)
    expect(await rowsOf(h)).toEqual([])
    const left = await selectRows<{ claims: number; counters: number; jobs: number }>(
      h.database.db,
      sql`select (select count(*)::int from booking_payloads) as claims,
                 (select count(*)::int from intake_rate_limits) as counters,
                 (select count(*)::int from pgboss.job) as jobs`,
    )
    expect(left).toEqual([{ claims: 0, counters: 0, jobs: jobsBefore[0]?.n }])
  })

  it('answers 503 without a mail outbox, instead of storing a booking that no e-mail would announce', async () => {
    const app = intakeApp({ database: h.database, outbox: undefined })
    expect((await app.request('/api/process-form', { method: 'OPTIONS' })).status).toBe(503)
    const res = await postForm(app, consultationBody())
    expect(res.status).toBe(503)
    expect(res.headers.get('retry-after')).toBe('5')
    expect(await rowsOf(h)).toEqual([])
  })
})

describe(`rate limit of /api/process-form on ${backend}`, () => {
  // A window long enough that a loaded machine finishes the first requests inside it; its end is
  // brought forward in the database rather than waited for.
  const windowSeconds = 60
  const env = { INTAKE_RATE_LIMIT: '3', INTAKE_RATE_WINDOW_SECONDS: String(windowSeconds), TRUST_PROXY: 'true' }
  let a: IntakeHarness['app']
  let b: IntakeHarness['app']
  let second: IntakeHarness | undefined

  beforeAll(async () => {
    a = appWith(h, env)
    // A second process: on a real server, its own connection pool and outbox. PGlite serves one
    // process only, so there a second app shares the one database.
    if (h.database.connectionString) {
      const pool = await openDatabase({
        databaseUrl: h.database.connectionString,
        dataDir: 'memory',
        log: silentLogger(),
      })
      second = await intakeHarness({
        database: Object.assign(pool, { name: undefined, cleanup: () => pool.close() }),
        env,
        smtpUrl: smtp.url,
      })
      b = second.app
    } else {
      b = appWith(h, env)
    }
  })
  afterAll(async () => {
    await second?.cleanup()
    await second?.database.cleanup()
  })

  it('counts per sender across processes, answers 429 with Retry-After, and resets after the window', async () => {
    const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } })
    const statuses = [
      (await postForm(a, consultationBody({ email: 'one@example.com' }), from('203.0.113.7'))).status,
      (await postForm(b, consultationBody({ email: 'two@example.com' }), from('203.0.113.7'))).status,
      // Invalid requests count too.
      (await postForm(a, { formType: 'consultation' }, from('203.0.113.7'))).status,
    ]
    expect(statuses).toEqual([200, 200, 400])
    for (const app of [a, b]) {
      const limited = await postForm(app, consultationBody({ email: 'three@example.com' }), from('203.0.113.7'))
      expect(limited.status).toBe(429)
      const retryAfter = Number(limited.headers.get('retry-after'))
      expect(retryAfter).toBeGreaterThanOrEqual(1)
      expect(retryAfter).toBeLessThanOrEqual(windowSeconds)
      expect((await answer(limited)).error).toBe(
        `Too many requests from your network. Please try again in 1 minute, or call us at ${business.phone}.`,
      )
    }
    // Another sender is not affected.
    expect((await postForm(b, consultationBody({ email: 'four@example.com' }), from('198.51.100.4'))).status).toBe(200)
    const stored = await selectRows<{ n: number }>(h.database.db, sql`select count(*)::int as n from bookings`)
    expect(stored[0]?.n).toBe(3)

    // The window passes: its start moved back by its length (the server compares it with now()).
    expect((await postForm(a, consultationBody({ email: 'five@example.com' }), from('203.0.113.7'))).status).toBe(429)
    await h.database.db.execute(
      sql`update intake_rate_limits set window_start = window_start - make_interval(secs => ${windowSeconds})`,
    )
    expect((await postForm(a, consultationBody({ email: 'five@example.com' }), from('203.0.113.7'))).status).toBe(200)
    const [counter] = await selectRows<{ count: number }>(
      h.database.db,
      sql`select count from intake_rate_limits where key like 'process-form:%' order by window_start desc limit 1`,
    )
    expect(counter?.count).toBe(1)
  })
})

describe(`rate limit of /api/process-form under concurrent requests on ${backend}`, () => {
  it('stores exactly the limit from one sender sending at once (two processes), counts every request', async () => {
    const limit = 5
    const env = { INTAKE_RATE_LIMIT: String(limit), INTAKE_RATE_WINDOW_SECONDS: '600', TRUST_PROXY: 'true' }
    // Two apps on the suite's database (on PostgreSQL each request has its own pooled connection).
    const apps = [appWith(h, env), appWith(h, env)] as const
    const sent = 16
    const statuses = await Promise.all(
      Array.from({ length: sent }, (_, i) =>
        postForm(apps[i % 2 === 0 ? 0 : 1], consultationBody({ email: `race-${i}@example.com` }), {
          headers: { 'x-forwarded-for': '192.0.2.55' },
        }).then((r) => r.status),
      ),
    )
    expect(statuses.filter((s) => s === 200)).toHaveLength(limit)
    expect(statuses.filter((s) => s === 429)).toHaveLength(sent - limit)
    const stored = await selectRows<{ n: number }>(
      h.database.db,
      sql`select count(*)::int as n from bookings where email like 'race-%'`,
    )
    expect(stored[0]?.n).toBe(limit)
    const counters = await selectRows<{ count: number }>(
      h.database.db,
      sql`select count from intake_rate_limits where key like 'process-form:%'`,
    )
    expect(counters.map((c) => c.count)).toEqual([sent])
    // Every stored booking has both e-mail jobs; nothing of a refused one was kept.
    const jobs = await selectRows<{ n: number }>(
      h.database.db,
      sql`select count(*)::int as n from pgboss.job where id in
        (select notification_mail_id from bookings union select confirmation_mail_id from bookings)`,
    )
    expect(jobs[0]?.n).toBe(limit * 2)
    const claims = await selectRows<{ n: number }>(h.database.db, sql`select count(*)::int as n from booking_payloads`)
    expect(claims[0]?.n).toBe(limit)
  })
})

// Two connections at once: PostgreSQL only (PGlite serves one); on PGlite the block is reported as skipped.
onPostgres.describe("a sender's counter held by another transaction (postgres)", () => {
  it('holds up only that sender; the same payload from another sender meanwhile is stored once', async () => {
    const env = { INTAKE_RATE_LIMIT: '100', INTAKE_RATE_WINDOW_SECONDS: '600', TRUST_PROXY: 'true' }
    const app = appWith(h, env)
    const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } })
    expect((await postForm(app, consultationBody({ email: 'first@example.com' }), from('192.0.2.80'))).status).toBe(200)

    // Another transaction holds the sender's counter row; a second connection watches (outside a
    // transaction, so that pg_stat_activity is read afresh each time).
    const blocker = new pg.Client({ connectionString: h.database.connectionString })
    const observer = new pg.Client({ connectionString: h.database.connectionString })
    await Promise.all([blocker.connect(), observer.connect()])
    try {
      await blocker.query('begin')
      await blocker.query('select * from intake_rate_limits for update')
      const body = consultationBody({ email: 'second@example.com' })
      const held = postForm(app, body, from('192.0.2.80')).then(answer)
      const waiting = async () => {
        const { rows } = await observer.query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and state = 'active'`,
        )
        return rows[0]?.n ?? 0
      }
      await waitFor('the booking to wait for its counter', async () => (await waiting()) === 1)
      // The same payload from another sender (whose counter nobody holds) is answered meanwhile.
      const other = await answer(
        await postForm(app, { ...body, timestamp: new Date().toISOString() }, from('198.51.100.80')),
      )
      expect(other.data?.booking?.duplicate).toBeUndefined()
      await blocker.query('commit')
      // The held request, counted at last, finds the payload claimed and answers with that booking.
      expect((await held).data?.booking).toEqual({
        id: other.data?.booking?.id,
        reference: other.data?.booking?.reference,
        duplicate: true,
      })
      const stored = await selectRows<{ n: number }>(
        h.database.db,
        sql`select count(*)::int as n from bookings where email = 'second@example.com'`,
      )
      expect(stored[0]?.n).toBe(1)
    } finally {
      await blocker.query('rollback').catch(() => {})
      await Promise.all([blocker.end(), observer.end()])
    }
  })
})

describe(`booking while the mail server is down on ${backend}`, () => {
  it('stores the booking, answers "recorded", and delivers both e-mails once SMTP is back', async () => {
    await smtp.stop()
    const res = await postForm(h.app, consultationBody({ email: 'outage@example.com' }))
    expect(res.status).toBe(200)
    const json = await answer(res)
    expect(json.success).toBe(true)
    expect(json.data?.email?.sent).toBe(false)
    expect(json.data?.email?.message).toBe(
      `Your request is recorded (reference ${json.data?.booking?.reference}); the confirmation e-mail to outage@example.com will follow shortly.`,
    )
    const [row] = await rowsOf(h)
    expect(row?.email).toBe('outage@example.com')
    expect(await h.outbox.pending()).toBe(2)

    await smtp.start()
    // The worker leaves both to the request's own send for the hold (10 s in these tests), then
    // sends them; the hold is brought to its end instead of waited for.
    await h.database.db.execute(
      sql`update pgboss.job set start_after = now() where name = 'mail' and state = 'created' and start_after > now()`,
    )
    await waitFor('both e-mails to arrive', () => smtp.received.length >= 2, { timeoutMs: 30_000 })
    await outboxCaughtUp(h.outbox, markers)
    expect(
      smtp.received
        .filter(notMarker)
        .map((m) => m.recipients[0])
        .sort(),
    ).toEqual(['office@ramapo-it.test', 'outage@example.com'])
    // Each message once (the marker's own count among them).
    expect([...smtp.countsByMessageId().values()]).toEqual([1, 1, 1])
  })
})

describe(`booking while the business inbox refuses mail on ${backend}`, () => {
  let picky: SMTPServer
  let outbox: Outbox

  beforeAll(async () => {
    // A mail server that takes the confirmation but answers "try later" for the business inbox.
    picky = await smtpServer({
      onRcptTo: (address, _session, callback) => {
        if (address.address === 'office@ramapo-it.test') {
          callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 450 }))
        } else {
          callback()
        }
      },
      onData: (stream, _session, callback) => {
        stream.resume()
        stream.on('end', () => callback())
      },
    })
    const port = (picky.server.address() as AddressInfo).port
    // A process that sends at once through that server and leaves the rest to the main worker.
    outbox = await startOutbox({
      database: h.database,
      transport: createMailTransport({
        smtpUrl: `smtp://127.0.0.1:${port}`,
        dataDir: h.dataDir,
        from: MAIL_FROM,
        log: h.log,
      }),
      log: h.log,
      work: false,
      immediateHoldSeconds: 1,
    })
  })
  afterAll(async () => {
    await outbox?.stop()
    await new Promise<void>((resolve) => picky?.close(() => resolve()))
  })

  it('answers with a warning when the confirmation went out but the team notification is delayed', async () => {
    const app = intakeApp({ database: h.database, outbox, log: h.log, env: { BOOKING_INBOX: 'office@ramapo-it.test' } })
    const json = await answer(await postForm(app, consultationBody({ email: 'warned@example.com' })))
    expect(json.data?.email?.sent).toBe(true)
    expect(json.warning).toBe(
      `Your confirmation is on its way, but the notification to our team is delayed. If you do not hear from us within one business day, please call us at ${business.phone}.`,
    )
    // The main worker delivers the notification after the hold.
    await waitFor('the notification to reach the business inbox', () =>
      smtp.received.some((m) => m.recipients.includes('office@ramapo-it.test')),
    )
  })
})

describe(`sending at once through the outbox on ${backend}`, () => {
  it('marks a send that outlives the budget once it is done, and stop() waits for it', async () => {
    const received: string[] = []
    // A mail server that takes its time over every message.
    const slow = await smtpServer({
      onData: (stream, _session, callback) => {
        const chunks: Buffer[] = []
        stream.on('data', (chunk: Buffer) => chunks.push(chunk))
        stream.on('end', () => {
          setTimeout(() => {
            received.push(Buffer.concat(chunks).toString('utf8'))
            callback()
          }, 1_500)
        })
      },
    })
    const port = (slow.server.address() as AddressInfo).port
    const outbox = await startOutbox({
      database: h.database,
      transport: createMailTransport({
        smtpUrl: `smtp://127.0.0.1:${port}`,
        dataDir: h.dataDir,
        from: MAIL_FROM,
        log: h.log,
      }),
      log: h.log,
      work: false,
      // Longer than the slow send: until then the main worker leaves the message alone.
      immediateHoldSeconds: 3,
    })
    try {
      const message = { to: ['slow@example.com'], subject: 'Sent slowly', text: 'Takes a while.' }
      const [id = ''] = await h.database.db.transaction((tx) => outbox.enqueueAll([message], tx, { immediate: true }))
      const sentInTime = await outbox.sendNow([{ id, message }], 100)
      expect(sentInTime.size).toBe(0)
      await outbox.stop()
      expect(received).toHaveLength(1)
      const [job] = await selectRows<{ state: string }>(
        h.database.db,
        sql`select state::text as state from pgboss.job where id = ${id}::uuid`,
      )
      expect(job?.state).toBe('completed')
      // The main worker, past the hold, has nothing to send again.
      await waitFor('the hold to be over', async () => {
        const [held] = await selectRows<{ over: boolean }>(
          h.database.db,
          sql`select start_after <= now() as over from pgboss.job where id = ${id}::uuid`,
        )
        return held?.over === true
      })
      await outboxCaughtUp(h.outbox, markers)
      expect(smtp.received.filter((m) => m.headers.get('subject') === 'Sent slowly')).toEqual([])
    } finally {
      await new Promise<void>((resolve) => slow.close(() => resolve()))
    }
  })
})
