import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { retentionPeriods } from '../../app/content/retention.ts'
import { businessTimeZone } from '../../app/lib/time-zone.ts'
import { createDraft } from '../../server/billing/documents.server.ts'
import { selectRows, sql } from '../../server/db/client.server.ts'
import {
  auditLog,
  billingDocuments,
  bookings,
  consentRecords,
  session,
  user,
} from '../../server/db/schema/index.server.ts'
import { MAIL_QUEUE, type Outbox, startOutbox } from '../../server/mail/outbox.server.ts'
import type { MailTransport } from '../../server/mail/transport.server.ts'
import { RETENTION_QUEUE, retentionSchedule, startOperationsJobs } from '../../server/operations/jobs.server.ts'
import { actOnMail } from '../../server/operations/mail-actions.server.ts'
import { enforceRetention, retentionActor } from '../../server/operations/retention.server.ts'
import { readSyncStatus } from '../../server/operations/sync-status.server.ts'
import { clientAccount, draft, PUBLIC_URL, queueOnlyOutbox, staff } from './helpers/billing.ts'
import { backend, openTestDatabase, silentLogger, type TestDatabase } from './helpers/database.ts'
import { waitFor } from './helpers/wait.ts'

// One database for the file: opening and migrating one takes seconds.
let database: TestDatabase
beforeAll(async () => {
  database = await openTestDatabase()
})
afterAll(async () => {
  await database?.cleanup()
})

const admin = { userId: randomUUID(), email: 'admin@ramapo-it.example' }

/** A transport that sends, or refuses, as the test says (the SMTP server is the outside world). */
function switchableTransport() {
  const sent: string[] = []
  let down = false
  const transport: MailTransport = {
    kind: 'smtp',
    async send(mail) {
      if (down) throw new Error('connect ECONNREFUSED 127.0.0.1:2525')
      sent.push(mail.subject)
    },
    close() {},
  }
  return { transport, sent, setDown: (value: boolean) => (down = value) }
}

async function jobState(id: string): Promise<string | undefined> {
  const [row] = await selectRows<{ state: string }>(
    database.db,
    sql`select state::text as state from pgboss.job where name = ${MAIL_QUEUE} and id = ${id}`,
  )
  return row?.state
}

const message = (subject: string) => ({ to: ['pat@example.com'], subject, text: 'Hello' })

describe(`the sync-status view's mail outbox on ${backend}`, () => {
  let outbox: Outbox
  const smtp = switchableTransport()

  beforeAll(async () => {
    // No retries: a refused message fails at its first attempt.
    outbox = await startOutbox({
      database,
      transport: smtp.transport,
      log: silentLogger(),
      retry: { retryLimit: 0, retryDelay: 1, retryDelayMax: 1 },
      pollingIntervalSeconds: 0.5,
    })
  })
  afterAll(async () => {
    await outbox?.stop()
  })

  it('shows sent, failed and waiting messages, and a failing transport', async () => {
    const sentId = await outbox.enqueue(message('Sent while the server was up'))
    await waitFor('the first message to be sent', async () => (await jobState(sentId)) === 'completed')

    smtp.setDown(true)
    const failedId = await outbox.enqueue(message('Refused by the mail server'))
    await waitFor('the second message to fail', async () => (await jobState(failedId)) === 'failed')
    // Held for an hour, as a request's message is held for the request that sends it.
    const waitingId = await database.db.transaction((tx) =>
      outbox.enqueue(message('Waiting its turn'), tx, { immediate: false }),
    )
    await database.db.execute(
      sql`update pgboss.job set start_after = now() + interval '1 hour' where id = ${waitingId}`,
    )

    const status = await readSyncStatus({ database, transportKind: 'smtp' })
    expect(status.mail.counts).toMatchObject({ sent: 1, failed: 1, waiting: 1 })
    expect(status.mail.sent).toEqual([
      expect.objectContaining({ subject: 'Sent while the server was up', attempts: 1, lastError: null }),
    ])
    expect(status.mail.failed).toEqual([
      expect.objectContaining({
        id: failedId,
        to: 'pat@example.com',
        state: 'failed',
        attempts: 1,
        maxAttempts: 1,
        lastError: expect.stringContaining('ECONNREFUSED'),
      }),
    ])
    expect(status.mail.waiting).toEqual([
      expect.objectContaining({ id: waitingId, state: 'created', attempts: 0, nextAttemptAt: expect.any(String) }),
    ])
    expect(status.transport).toMatchObject({
      kind: 'smtp',
      failing: true,
      lastError: expect.stringContaining('ECONNREFUSED'),
      lastSuccessAt: expect.any(String),
      lastFailureAt: expect.any(String),
    })
    expect(status.database.kind).toBe(backend)
    expect(status.database.sizeBytes).toBeGreaterThan(0)
    // The newest migration of the repository is the one applied.
    const journal = JSON.parse(
      fs.readFileSync(path.resolve(import.meta.dirname, '../../server/db/migrations/meta/_journal.json'), 'utf8'),
    ) as { entries: Array<{ tag: string }> }
    expect(status.database.migration).toBe(journal.entries.at(-1)?.tag)
    expect(status.server.version).toMatch(/^\d+\.\d+\.\d+/)
    expect(status.server.uptimeSeconds).toBeGreaterThanOrEqual(0)

    // Back up: "retry now" sends the failed one and the waiting one at once; the transport is no longer failing.
    smtp.setDown(false)
    expect(await actOnMail({ database, outbox }, admin, 'retry', failedId)).toEqual({ done: true })
    expect(await actOnMail({ database, outbox }, admin, 'retry', waitingId)).toEqual({ done: true })
    await waitFor('both to be sent', async () => (await jobState(failedId)) === 'completed')
    await waitFor('both to be sent', async () => (await jobState(waitingId)) === 'completed')
    expect(smtp.sent).toEqual(
      expect.arrayContaining(['Sent while the server was up', 'Refused by the mail server', 'Waiting its turn']),
    )
    const after = await readSyncStatus({ database, transportKind: 'smtp' })
    expect(after.transport.failing).toBe(false)
    expect(after.mail.counts).toMatchObject({ sent: 3, failed: 0, waiting: 0 })

    const audit = await database.db.select().from(auditLog).where(eq(auditLog.action, 'mail.retry'))
    expect(audit.map((row) => [row.subjectId, row.actorEmail, row.details])).toEqual(
      expect.arrayContaining([
        [
          failedId,
          admin.email,
          { previousState: 'failed', to: ['pat@example.com'], subject: 'Refused by the mail server' },
        ],
        [waitingId, admin.email, { previousState: 'created', to: ['pat@example.com'], subject: 'Waiting its turn' }],
      ]),
    )
  })

  it('counts the attempts a message made: one for a message sent at once, each retry after the first', async () => {
    // Sent by its request, never started by the worker.
    const atOnceId = await outbox.enqueue(message('Sent by its request'), undefined, { immediate: true })
    expect(await outbox.sendNow([{ id: atOnceId, message: message('Sent by its request') }], 5_000)).toEqual(
      new Set([atOnceId]),
    )
    const attemptsOf = async (id: string) => {
      const { mail } = await readSyncStatus({ database, transportKind: 'smtp' })
      return [...mail.waiting, ...mail.failed, ...mail.sent].find((m) => m.id === id)
    }
    expect(await attemptsOf(atOnceId)).toMatchObject({ state: 'completed', attempts: 1 })

    smtp.setDown(true)
    const id = await outbox.enqueue(message('Refused twice'))
    await waitFor('the message to fail', async () => (await jobState(id)) === 'failed')
    expect(await attemptsOf(id)).toMatchObject({ attempts: 1, maxAttempts: 1 })
    // "Retry now" grants one more attempt; before the worker takes it, the message has made one
    // (held here, as it would be until the worker's next poll).
    await database.db.transaction(async (tx) => {
      await outbox.retryNow(id, tx)
      await tx.execute(sql`update pgboss.job set start_after = now() + interval '1 hour' where id = ${id}`)
    })
    expect(await attemptsOf(id)).toMatchObject({
      state: 'retry',
      attempts: 1,
      maxAttempts: 2,
      lastError: expect.stringContaining('ECONNREFUSED'),
    })
    await database.db.execute(sql`update pgboss.job set start_after = now() where id = ${id}`)
    await waitFor('the retry to fail', async () => (await jobState(id)) === 'failed')
    expect(await attemptsOf(id)).toMatchObject({ state: 'failed', attempts: 2, maxAttempts: 2 })
    smtp.setDown(false)
    expect(await actOnMail({ database, outbox }, admin, 'discard', id)).toEqual({ done: true })
  })

  it('discards a waiting message (kept, never sent) and a failed one, each audited', async () => {
    const waitingId = await outbox.enqueue(message('Never to be sent'), undefined, { immediate: true })
    expect(await actOnMail({ database, outbox }, admin, 'discard', waitingId)).toEqual({ done: true })
    expect(await jobState(waitingId)).toBe('cancelled')

    smtp.setDown(true)
    const failedId = await outbox.enqueue(message('Refused and dropped'))
    await waitFor('the message to fail', async () => (await jobState(failedId)) === 'failed')
    smtp.setDown(false)
    expect(await actOnMail({ database, outbox }, admin, 'discard', failedId)).toEqual({ done: true })
    expect(await jobState(failedId)).toBeUndefined()

    const audit = await database.db.select().from(auditLog).where(eq(auditLog.action, 'mail.discard'))
    expect(audit.map((row) => [row.subjectId, (row.details as { subject: string }).subject])).toEqual(
      expect.arrayContaining([
        [waitingId, 'Never to be sent'],
        [failedId, 'Refused and dropped'],
      ]),
    )
    expect(smtp.sent).not.toContain('Never to be sent')
    expect((await readSyncStatus({ database, transportKind: 'smtp' })).mail.counts.discarded).toBeGreaterThanOrEqual(1)
  })

  it('leaves sent, unknown and malformed messages alone and writes nothing', async () => {
    const sentId = await outbox.enqueue(message('Already out'))
    await waitFor('the message to be sent', async () => (await jobState(sentId)) === 'completed')
    const before = (await database.db.select().from(auditLog)).length
    for (const id of [sentId, randomUUID(), 'not-a-uuid', "'; drop table bookings; --"]) {
      expect(await actOnMail({ database, outbox }, admin, 'retry', id), id).toEqual({ done: false })
      expect(await actOnMail({ database, outbox }, admin, 'discard', id), id).toEqual({ done: false })
    }
    expect(await jobState(sentId)).toBe('completed')
    expect((await database.db.select().from(auditLog)).length).toBe(before)
  })
})

describe(`retention on ${backend}`, () => {
  const now = new Date('2026-11-24T08:30:00Z')
  const monthsAgo = (months: number, days = 0) => {
    const d = new Date(now)
    d.setUTCMonth(d.getUTCMonth() - months)
    d.setUTCDate(d.getUTCDate() - days)
    return d
  }
  let dataDir: string
  let userId: string
  /** Audit entries before the test: the log is append-only, so a test tells its own entries apart. */
  let auditBefore: Set<string>
  const retentionEntries = async () =>
    (await database.db.select().from(auditLog).where(eq(auditLog.action, 'retention.delete'))).filter(
      (row) => !auditBefore.has(row.id),
    )

  beforeEach(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'retention-test-'))
    await database.db.delete(bookings)
    await database.db.delete(consentRecords)
    await database.db.delete(session)
    auditBefore = new Set((await database.db.select({ id: auditLog.id }).from(auditLog)).map((row) => row.id))
    const [row] = await database.db
      .insert(user)
      .values({ name: 'Ret Ention', email: `retention-${randomUUID()}@example.com` })
      .returning({ id: user.id })
    userId = row?.id ?? ''
  })

  async function booking(formType: 'consultation' | 'contact', receivedAt: Date) {
    const id = randomUUID()
    await database.db.insert(bookings).values({
      id,
      formType,
      name: 'Pat Example',
      firstName: formType === 'consultation' ? 'Pat' : null,
      lastName: formType === 'consultation' ? 'Example' : null,
      phone: '(845) 555-0100',
      email: 'pat@example.com',
      receivedAt,
      ipHash: 'x',
      payloadHash: randomUUID(),
    })
    return id
  }

  async function consent(recordedAt: Date) {
    const [row] = await database.db
      .insert(consentRecords)
      .values({
        consentId: randomUUID(),
        analytics: false,
        marketing: false,
        policyVersion: 1,
        action: 'reject_non_essential',
        gpc: false,
        recordedAt,
      })
      .returning({ id: consentRecords.id })
    return row?.id ?? ''
  }

  async function signedIn(createdAt: Date, expiresAt: Date) {
    const [row] = await database.db
      .insert(session)
      .values({ token: randomUUID(), userId, createdAt, updatedAt: createdAt, expiresAt })
      .returning({ id: session.id })
    return row?.id ?? ''
  }

  function mailFile(name: string, written: Date) {
    const dir = path.join(dataDir, 'mail')
    fs.mkdirSync(dir, { recursive: true })
    const file = path.join(dir, name)
    fs.writeFileSync(file, 'Subject: x\r\n\r\nx')
    fs.utimesSync(file, written, written)
    return file
  }

  const ids = async <T extends { id: string }>(rows: Promise<T[]>) => (await rows).map((row) => row.id).sort()

  it('deletes exactly what is past its period on the clock it is given, and records it', async () => {
    expect(retentionPeriods.consultationRequests.months).toBe(24)
    const oldRequest = await booking('consultation', monthsAgo(24, 1))
    const keptRequest = await booking('consultation', monthsAgo(23, 27))
    const oldMessage = await booking('contact', monthsAgo(12, 1))
    const keptMessage = await booking('contact', monthsAgo(11, 27))
    await consent(monthsAgo(36, 1))
    const keptConsent = await consent(monthsAgo(35, 27))
    await signedIn(monthsAgo(0, 10), monthsAgo(0, 1)) // idle deadline passed yesterday
    await signedIn(monthsAgo(0, 31), new Date(now.getTime() + 3_600_000)) // active, but over 30 days old
    const keptSession = await signedIn(monthsAgo(0, 2), new Date(now.getTime() + 86_400_000))
    const oldFile = mailFile('old.eml', monthsAgo(3, 1))
    const keptFile = mailFile('recent.eml', monthsAgo(2, 27))
    const notMail = mailFile('notes.txt', monthsAgo(30))

    const result = await enforceRetention({ db: database.db, dataDir, now: () => now })
    expect(result).toEqual({
      consultationRequests: 1,
      contactMessages: 1,
      consentRecords: 1,
      sessions: 2,
      mailFiles: 1,
    })
    expect(await ids(database.db.select({ id: bookings.id }).from(bookings))).toEqual([keptRequest, keptMessage].sort())
    expect(await ids(database.db.select({ id: consentRecords.id }).from(consentRecords))).toEqual([keptConsent])
    expect(await ids(database.db.select({ id: session.id }).from(session))).toEqual([keptSession])
    expect(fs.existsSync(oldFile)).toBe(false)
    expect(fs.existsSync(keptFile)).toBe(true)
    expect(fs.existsSync(notMail)).toBe(true)
    expect([oldRequest, oldMessage]).not.toContain(keptRequest)

    const [entry, ...others] = await retentionEntries()
    expect(others).toEqual([])
    expect(entry).toMatchObject({
      actorEmail: retentionActor.email,
      details: { consultationRequests: 1, contactMessages: 1, consentRecords: 1, sessions: 2 },
    })

    // A second run the same night finds nothing more and writes no audit row.
    expect(await enforceRetention({ db: database.db, dataDir, now: () => now })).toEqual({
      consultationRequests: 0,
      contactMessages: 0,
      consentRecords: 0,
      sessions: 0,
      mailFiles: 0,
    })
    expect(await retentionEntries()).toHaveLength(1)
  })

  it('keeps audit entries and billing records, whatever their age', async () => {
    const outbox = await queueOnlyOutbox(database)
    try {
      const carla = await clientAccount(database, `carla-${randomUUID()}@harbor.example`)
      // A draft made ten years before the run, with an audit entry of that time (written as such:
      // the log's rows can never be changed afterwards).
      const tenYearsAgo = monthsAgo(120)
      const document = await createDraft(
        { db: database.db, outbox, publicUrl: PUBLIC_URL, now: () => tenYearsAgo },
        staff,
        draft(carla.clientId),
      )
      await database.db.insert(auditLog).values({
        at: tenYearsAgo,
        actorUserId: staff.userId,
        actorEmail: staff.email,
        action: 'billing.update',
        subjectId: document.id,
      })
      await database.db
        .update(billingDocuments)
        .set({ createdAt: tenYearsAgo, updatedAt: tenYearsAgo })
        .where(eq(billingDocuments.id, document.id))

      await enforceRetention({ db: database.db, dataDir, now: () => now })
      expect(
        await database.db.select().from(billingDocuments).where(eq(billingDocuments.id, document.id)),
      ).toHaveLength(1)
      const entries = await database.db.select().from(auditLog).where(eq(auditLog.subjectId, document.id))
      expect(entries.map((row) => [row.action, row.at.getTime() === tenYearsAgo.getTime()])).toEqual(
        expect.arrayContaining([
          ['billing.create', false],
          ['billing.update', true],
        ]),
      )
      expect(entries).toHaveLength(2)
    } finally {
      await outbox.stop()
    }
  })

  it('is a pg-boss schedule in New York time whose run and result show in sync status', async () => {
    await booking('contact', monthsAgo(13))
    const jobs = await startOperationsJobs({
      database,
      dataDir,
      log: silentLogger(),
      now: () => now,
      pollingIntervalSeconds: 0.5,
    })
    try {
      const [schedule] = await selectRows<{ cron: string; options: { tz?: string } }>(
        database.db,
        sql`select cron, options from pgboss.schedule where name = ${RETENTION_QUEUE}`,
      )
      expect(schedule).toMatchObject({ cron: retentionSchedule, options: { tz: businessTimeZone } })
      await jobs.runRetentionNow()
      await waitFor('the retention run to show in sync status', async () => {
        const status = await readSyncStatus({ database, transportKind: 'file' })
        return status.jobs.find((job) => job.queue === RETENTION_QUEUE)?.lastRun !== null
      })
      const status = await readSyncStatus({ database, transportKind: 'file' })
      expect(status.jobs.find((job) => job.queue === RETENTION_QUEUE)).toMatchObject({
        schedule: { cron: retentionSchedule, timeZone: businessTimeZone },
        lastRun: { output: { deleted: expect.objectContaining({ contactMessages: 1 }) } },
      })
      expect(await database.db.select().from(bookings)).toHaveLength(0)
    } finally {
      await jobs.stop()
    }
  })
})
