import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { selectRows, sql } from '../../server/db/client.server.ts'
import { locations } from '../../server/db/schema/index.server.ts'
import { type MailMessage, type Outbox, type RetryPolicy, startOutbox } from '../../server/mail/outbox.server.ts'
import { createMailTransport, type MailTransport } from '../../server/mail/transport.server.ts'
import { backend, openTestDatabase, silentLogger, type TestDatabase } from './helpers/database.ts'
import { capturingLogger } from './helpers/log.ts'
import { parseMessage } from './helpers/mail.ts'
import { TestSmtpServer } from './helpers/smtp.ts'
import { markerSubject, outboxCaughtUp, sleep, waitFor } from './helpers/wait.ts'

const FROM = 'Ramapo IT <noreply@ramapo-it.test>'
/** Retries every second or two, so an outage of a few seconds is ridden out within the test. */
const fastRetry: RetryPolicy = { retryLimit: 20, retryDelay: 1, retryDelayMax: 2 }
const polling = 0.5

class Rollback extends Error {}

async function jobStates(database: TestDatabase): Promise<{ id: string; state: string; retry_count: number }[]> {
  return selectRows(
    database.db,
    sql`select id::text as id, state::text as state, retry_count from pgboss.job where name = 'mail' order by created_on`,
  )
}

describe(`mail outbox over SMTP on ${backend}`, () => {
  let database: TestDatabase
  let smtp: TestSmtpServer
  let transport: MailTransport
  let outbox: Outbox
  let dataDir: string

  const receivedWithSubject = (subject: string) => smtp.received.filter((m) => m.headers.get('subject') === subject)

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'outbox-test-'))
    smtp = new TestSmtpServer()
    await smtp.start()
    database = await openTestDatabase()
    const log = silentLogger()
    transport = createMailTransport({ smtpUrl: smtp.url, dataDir, from: FROM, log })
    outbox = await startOutbox({ database, transport, log, retry: fastRetry, pollingIntervalSeconds: polling })
  })

  afterAll(async () => {
    await outbox?.stop()
    await smtp?.stop()
    await database?.cleanup()
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
  })

  it('delivers an enqueued message with its recipients, subject and body', async () => {
    const message: MailMessage = {
      to: ['client@example.com', 'office@example.com'],
      subject: 'Your consultation request',
      text: 'Hello Pat,\n\nWe received your request and will call you tomorrow.\n\nRamapo IT',
      replyTo: 'help@ramapo-it.test',
    }
    const id = await outbox.enqueue(message)
    expect(id).toMatch(/^[0-9a-f-]{36}$/)

    await waitFor('the message to arrive', () => receivedWithSubject(message.subject).length > 0)
    const [mail] = receivedWithSubject(message.subject)
    expect(mail?.recipients).toEqual(message.to)
    expect(mail?.headers.get('to')).toBe('client@example.com, office@example.com')
    expect(mail?.headers.get('from')).toBe(FROM)
    expect(mail?.headers.get('reply-to')).toBe('help@ramapo-it.test')
    expect(mail?.headers.get('message-id')).toBe(`<${id}@outbox.ramapo-it>`)
    expect(mail?.text).toBe(message.text)
    await waitFor('the outbox to empty', async () => (await outbox.pending()) === 0)
  })

  it('refuses an invalid message before storing it', async () => {
    await expect(outbox.enqueue({ to: ['not-an-address'], subject: 'x', text: 'x' })).rejects.toThrow()
    await expect(outbox.enqueue({ to: [], subject: 'x', text: 'x' })).rejects.toThrow()
    expect(await outbox.pending()).toBe(0)
  })

  it('sends nothing for a transaction that rolls back, and sends for one that commits', async () => {
    const rolledBack = 'Rolled back: must never arrive'
    const committed = 'Committed: must arrive'

    await expect(
      database.db.transaction(async (tx) => {
        await tx.insert(locations).values({ slug: 'rolled-back-town', town: 'Rolled Back' })
        await outbox.enqueue({ to: ['a@example.com'], subject: rolledBack, text: 'nothing' }, tx)
        throw new Rollback('undo')
      }),
    ).rejects.toBeInstanceOf(Rollback)

    let committedId = ''
    await database.db.transaction(async (tx) => {
      await tx.insert(locations).values({ slug: 'committed-town', town: 'Committed' })
      committedId = await outbox.enqueue({ to: ['b@example.com'], subject: committed, text: 'something' }, tx)
    })

    await waitFor('the committed message', () => receivedWithSubject(committed).length === 1)
    expect(receivedWithSubject(committed)[0]?.headers.get('message-id')).toBe(`<${committedId}@outbox.ramapo-it>`)
    // The worker has had its turn after it: the rolled-back one is not merely late.
    await outboxCaughtUp(outbox, () => receivedWithSubject(markerSubject).length)
    expect(receivedWithSubject(rolledBack)).toHaveLength(0)
    expect(await outbox.pending()).toBe(0)
    const jobs = await jobStates(database)
    expect(jobs.filter((j) => j.state !== 'completed')).toEqual([])
    const towns = await selectRows<{ slug: string }>(
      database.db,
      sql`select slug from locations where slug in ('rolled-back-town', 'committed-town')`,
    )
    expect(towns.map((t) => t.slug)).toEqual(['committed-town'])
  })

  it("stores several messages in the caller's transaction (a named statement on PostgreSQL), or none when it rolls back", async () => {
    const subject = (n: number) => `Batch ${n}: enqueueAll`
    await expect(
      database.db.transaction(async (tx) => {
        await outbox.enqueueAll([{ to: ['a@example.com'], subject: subject(0), text: 'rolled back' }], tx)
        throw new Rollback('undo')
      }),
    ).rejects.toBeInstanceOf(Rollback)
    const { ids, prepared } = await database.db.transaction(async (tx) => {
      const first = await outbox.enqueueAll(
        [1, 2].map((n) => ({ to: ['b@example.com'], subject: subject(n), text: 'kept' })),
        tx,
      )
      const second = await outbox.enqueueAll([{ to: ['c@example.com'], subject: subject(3), text: 'kept' }], tx)
      // The statements this connection holds prepared (PGlite runs pg-boss's text as it comes).
      const names =
        backend === 'postgres'
          ? await selectRows<{ name: string }>(
              tx,
              sql`select name from pg_prepared_statements where name like 'outbox_%'`,
            )
          : []
      return { ids: [...first, ...second], prepared: names.map((row) => row.name) }
    })
    expect(ids).toHaveLength(3)
    // One statement, prepared once for both calls.
    if (backend === 'postgres') expect(prepared).toEqual([expect.stringMatching(/^outbox_\d+$/)])
    await waitFor('the three messages', () => [1, 2, 3].every((n) => receivedWithSubject(subject(n)).length === 1))
    await outboxCaughtUp(outbox, () => receivedWithSubject(markerSubject).length)
    expect(receivedWithSubject(subject(0))).toHaveLength(0)
    const stored = await selectRows<{ id: string }>(
      database.db,
      sql`select id::text as id from pgboss.job where name = 'mail' and data->>'subject' like 'Batch %: enqueueAll' order by id`,
    )
    expect(stored.map((row) => row.id)).toEqual([...ids].sort())
  })

  it('does not send a message before its transaction commits', async () => {
    const subject = 'Sent only after commit'
    const transaction = database.db.transaction(async (tx) => {
      await outbox.enqueue({ to: ['c@example.com'], subject, text: 'after commit' }, tx)
      // On PostgreSQL the worker keeps polling meanwhile: once it has delivered a marker queued after
      // this message, it has had its turn at it. On PGlite it waits for the transaction, which holds
      // the one connection (a marker could not be queued either).
      if (backend === 'postgres') await outboxCaughtUp(outbox, () => receivedWithSubject(markerSubject).length)
      expect(receivedWithSubject(subject)).toHaveLength(0)
    })
    await transaction
    await waitFor('the message after commit', () => receivedWithSubject(subject).length === 1)
  })

  it('lets a process that does not send enqueue inside a transaction, for the worker to deliver', async () => {
    const log = silentLogger()
    const enqueueOnly = await startOutbox({
      database,
      transport: createMailTransport({ smtpUrl: smtp.url, dataDir, from: FROM, log }),
      log,
      work: false,
    })
    try {
      const subject = 'Enqueued by a process that does not send'
      const enqueued = database.db.transaction(async (tx) => {
        await tx.insert(locations).values({ slug: 'enqueue-only-town', town: 'Enqueue Only' })
        return enqueueOnly.enqueue({ to: ['d@example.com'], subject, text: 'from elsewhere' }, tx)
      })
      const outcome = await Promise.race([enqueued, sleep(10_000).then(() => 'hung' as const)])
      expect(outcome, 'enqueue inside the transaction hung').not.toBe('hung')
      await waitFor('the message from the enqueue-only outbox', () => receivedWithSubject(subject).length === 1)
      expect(receivedWithSubject(subject)[0]?.headers.get('message-id')).toBe(`<${outcome}@outbox.ramapo-it>`)
    } finally {
      await enqueueOnly.stop()
    }
  })

  it('keeps messages while SMTP is down and delivers each exactly once when it is back', async () => {
    const before = smtp.received.length
    const port = smtp.port
    await smtp.stop()
    try {
      const subjects = Array.from({ length: 4 }, (_, i) => `During the outage #${i + 1}`)
      const ids: string[] = []
      for (const subject of subjects) {
        ids.push(await outbox.enqueue({ to: [`client${ids.length}@example.com`], subject, text: `Message ${subject}` }))
      }

      // Every message is tried, fails and waits for a retry; none is lost or given up on.
      await waitFor(
        'every message to have failed at least once',
        async () => {
          const jobs = (await jobStates(database)).filter((j) => ids.includes(j.id))
          return jobs.length === ids.length && jobs.every((j) => j.retry_count >= 1)
        },
        { timeoutMs: 30_000 },
      )
      expect(await outbox.pending()).toBe(ids.length)
      expect(smtp.received.length).toBe(before)
      const waiting = (await jobStates(database)).filter((j) => ids.includes(j.id))
      expect(waiting.every((j) => ['created', 'retry', 'active'].includes(j.state))).toBe(true)

      await smtp.start()
      expect(smtp.port).toBe(port)

      await waitFor('every message to be delivered', () => subjects.every((s) => receivedWithSubject(s).length > 0), {
        timeoutMs: 30_000,
      })
      // The worker has had its turn after them, so a duplicate would have shown up.
      await outboxCaughtUp(outbox, () => receivedWithSubject(markerSubject).length)

      const counts = smtp.countsByMessageId()
      for (const id of ids) expect(counts.get(`<${id}@outbox.ramapo-it>`)).toBe(1)
      const duplicates = [...counts].filter(([, n]) => n > 1)
      expect(duplicates).toEqual([])
      for (const subject of subjects) expect(receivedWithSubject(subject)).toHaveLength(1)
      const done = (await jobStates(database)).filter((j) => ids.includes(j.id))
      expect(done.map((j) => j.state)).toEqual(ids.map(() => 'completed'))
    } finally {
      await smtp.start()
    }
  })
})

describe(`mail outbox to files on ${backend}`, () => {
  let database: TestDatabase
  let outbox: Outbox
  let dataDir: string
  let captured: ReturnType<typeof capturingLogger>

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'outbox-files-'))
    captured = capturingLogger('info')
    database = await openTestDatabase()
    const transport = createMailTransport({ dataDir, from: FROM, log: captured.log })
    expect(transport.kind).toBe('file')
    outbox = await startOutbox({
      database,
      transport,
      log: captured.log,
      retry: fastRetry,
      pollingIntervalSeconds: polling,
    })
  })

  afterAll(async () => {
    await outbox?.stop()
    await database?.cleanup()
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
  })

  it('writes one parseable .eml per message to <dataDir>/mail and logs one line for each', async () => {
    const messages: MailMessage[] = [
      { to: ['first@example.com'], subject: 'First file message', text: 'Body of the first message.' },
      {
        to: ['second@example.com'],
        subject: 'Second file message',
        text: `A longer body with a very long line: ${'lorem ipsum '.repeat(20)}\nand a second line.`,
        html: '<p>Second</p>',
      },
    ]
    const ids: string[] = []
    for (const message of messages) ids.push(await outbox.enqueue(message))

    const mailDir = path.join(dataDir, 'mail')
    const emlFiles = () => (fs.existsSync(mailDir) ? fs.readdirSync(mailDir).filter((f) => f.endsWith('.eml')) : [])
    await waitFor('two .eml files', () => emlFiles().length === messages.length)
    await waitFor('the outbox to empty', async () => (await outbox.pending()) === 0)
    expect(fs.readdirSync(mailDir)).toHaveLength(messages.length)

    const parsed = emlFiles().map((f) => parseMessage(fs.readFileSync(path.join(mailDir, f), 'utf8')))
    for (const [i, message] of messages.entries()) {
      const mail = parsed.find((p) => p.headers.get('subject') === message.subject)
      expect(mail, message.subject).toBeDefined()
      expect(mail?.headers.get('to')).toBe(message.to[0])
      expect(mail?.headers.get('from')).toBe(FROM)
      expect(mail?.headers.get('message-id')).toBe(`<${ids[i]}@outbox.ramapo-it>`)
      if (!message.html) expect(mail?.text).toBe(message.text)
      else expect(mail?.headers.get('content-type')).toMatch(/^multipart\/alternative/)
    }

    const written = captured.lines.filter((l) => l.msg === 'mail written to file')
    expect(written).toHaveLength(messages.length)
    for (const line of written) {
      expect(line.file).toEqual(expect.stringMatching(/\.eml$/))
      expect(fs.existsSync(String(line.file))).toBe(true)
    }
    // One line per event: no line break inside an entry.
    for (const raw of captured.raw) expect(raw.trimEnd()).not.toContain('\n')
  })

  it('makes the mail folder again when it disappeared after the first message', async () => {
    const transport = createMailTransport({ dataDir, from: FROM, log: captured.log })
    const mailDir = path.join(dataDir, 'mail')
    await transport.send({ to: ['a@example.com'], subject: 'Before', text: 'One.', messageId: '<before@test>' })
    fs.rmSync(mailDir, { recursive: true, force: true })
    await transport.send({ to: ['b@example.com'], subject: 'After', text: 'Two.', messageId: '<after@test>' })
    const files = fs.readdirSync(mailDir)
    expect(files).toHaveLength(1)
    const mail = parseMessage(fs.readFileSync(path.join(mailDir, files[0] ?? ''), 'utf8'))
    expect(mail.headers.get('subject')).toBe('After')
    expect(mail.headers.get('message-id')).toBe('<after@test>')
    expect(mail.text).toBe('Two.')
  })
})
