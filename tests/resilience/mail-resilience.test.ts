import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { type BuiltServer, startBuiltServer } from '../../scripts/lib/server-process.mjs'
import { TestSmtpServer } from '../integration/helpers/smtp.ts'
import { markerSubject, waitFor } from '../integration/helpers/wait.ts'
import {
  type Answer,
  BookingStream,
  bookingIdOf,
  endMailHold,
  freshDatabase,
  pendingMail,
  queueMarkerMail,
  type StoredBooking,
  storedBookings,
} from './helpers.ts'

// Bookings and their e-mails when the mail server or the web server fails, on the throwaway
// PostgreSQL of scripts/with-postgres.mjs (npm run test:resilience), with the built server as a
// separate process and a real SMTP server in this process.

const INBOX = 'office@ramapo-it.test'
const servers: BuiltServer[] = []
const smtpServers: TestSmtpServer[] = []
const dataDirs: string[] = []
afterEach(async (context) => {
  const stopped = servers.splice(0)
  if (context.task.result?.state === 'fail') {
    for (const s of stopped) console.info(`server output (pid ${s.pid}):\n${s.output().slice(-6_000)}`)
  }
  await Promise.all(stopped.map((s) => s.stop()))
  await Promise.all(smtpServers.splice(0).map((s) => s.stop()))
  for (const dir of dataDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})

/** An SMTP server that is down: its port refuses connections until start(). */
async function smtpDown(): Promise<TestSmtpServer> {
  const smtp = new TestSmtpServer()
  smtpServers.push(smtp)
  await smtp.start()
  await smtp.stop()
  return smtp
}

function serverEnv(databaseUrl: string, smtp: TestSmtpServer): Record<string, string> {
  return { DATABASE_URL: databaseUrl, SMTP_URL: smtp.url, BOOKING_INBOX: INBOX, INTAKE_RATE_LIMIT: '0' }
}

/** The answer says "recorded": stored, confirmation to follow. */
function isRecorded(answer: Answer): boolean {
  const data = answer.json?.data as { email?: { sent?: unknown } } | undefined
  return answer.status === 200 && answer.json?.success === true && data?.email?.sent === false
}

/**
 * Waits until both e-mails of every booking have arrived and nothing is left in the outbox, then
 * until a marker queued after them has arrived too; then checks that each arrived exactly once, to the right recipient, and that
 * nothing else arrived.
 */
async function expectEachMailOnce(smtp: TestSmtpServer, databaseUrl: string, stored: StoredBooking[]) {
  const expected = new Map<string, string>()
  for (const b of stored) {
    expected.set(`<${b.notification_mail_id}@outbox.ramapo-it>`, INBOX)
    expected.set(`<${b.confirmation_mail_id}@outbox.ramapo-it>`, b.email)
  }
  const arrived = () => {
    const counts = smtp.countsByMessageId()
    return [...expected.keys()].filter((id) => counts.has(id)).length
  }
  await waitFor(`${expected.size} e-mails to arrive`, () => arrived() === expected.size, {
    timeoutMs: 60_000,
    intervalMs: 200,
  }).catch((error: Error) => {
    throw new Error(`${error.message}: ${arrived()} arrived`)
  })
  await waitFor('the outbox to be empty', async () => (await pendingMail(databaseUrl)) === 0, { timeoutMs: 20_000 })
  // A duplicate would be among what the worker sends before a marker queued now.
  const isMarker = (m: { headers: Map<string, string> }) => m.headers.get('subject') === markerSubject
  await queueMarkerMail(databaseUrl, markerSubject)
  await waitFor('the marker to arrive', () => smtp.received.some(isMarker), { timeoutMs: 20_000 })
  await waitFor('the outbox to be empty again', async () => (await pendingMail(databaseUrl)) === 0, {
    timeoutMs: 20_000,
  })
  const received = smtp.received.filter((m) => !isMarker(m))

  const counts = smtp.countsByMessageId()
  const notOnce = [...expected.keys()].filter((id) => counts.get(id) !== 1).map((id) => [id, counts.get(id)])
  expect(notOnce).toEqual([])
  expect(received).toHaveLength(expected.size)
  const misdirected = received.filter((m) => {
    const to = expected.get(m.headers.get('message-id') ?? '')
    return m.recipients.length !== 1 || m.recipients[0] !== to
  })
  expect(misdirected).toEqual([])
}

describe('bookings and their e-mails under faults', () => {
  it('records 200 bookings while SMTP is down and delivers all 400 e-mails once it is back, none twice', async () => {
    const databaseUrl = await freshDatabase('resilience_smtp_outage')
    const smtp = await smtpDown()
    const server = await startBuiltServer({ env: serverEnv(databaseUrl, smtp) })
    servers.push(server)

    const answers = await new BookingStream(server.url, 'smtp-outage', { senders: 8, total: 200 }).start().finished()
    expect(answers).toHaveLength(200)
    expect(answers.filter((a) => !isRecorded(a))).toEqual([])
    const ids = answers.map(bookingIdOf)
    expect(new Set(ids).size).toBe(200)

    const stored = await storedBookings(databaseUrl, 'smtp-outage-%')
    const byId = new Map(stored.map((b) => [b.id, b.email] as const))
    expect(answers.filter((a) => byId.get(bookingIdOf(a) ?? '') !== a.email)).toEqual([])
    expect(stored).toHaveLength(200)
    expect(smtp.received).toHaveLength(0)
    expect(await pendingMail(databaseUrl)).toBe(400)

    await smtp.start()
    // The request could not send them, so the worker takes them over after a hold: skip the wait.
    await endMailHold(databaseUrl)
    const back = Date.now()
    await expectEachMailOnce(smtp, databaseUrl, stored)
    console.info(
      `SMTP outage: 200 bookings recorded, 400 e-mails delivered once each within ${Date.now() - back} ms of the mail server coming back (the check for duplicates included)`,
    )
  })

  it('keeps every acknowledged booking and its queued e-mails through a kill -9 under load', async () => {
    const databaseUrl = await freshDatabase('resilience_kill')
    // Down until after the restart: every e-mail is still queued when the process dies.
    const smtp = await smtpDown()
    const env = serverEnv(databaseUrl, smtp)
    // One data folder for both processes, as a process manager restarts the server on the same one.
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ramapo-resilience-kill-'))
    dataDirs.push(dataDir)
    const first = await startBuiltServer({ env, dataDir })
    servers.push(first)

    const stream = new BookingStream(first.url, 'kill', { senders: 6 }).start()
    await waitFor(
      '40 acknowledged bookings, with more in flight',
      () => stream.acknowledged().length >= 40 && stream.inFlight > 0,
      { timeoutMs: 60_000, intervalMs: 5 },
    )
    const inFlightAtKill = stream.inFlight
    process.kill(first.pid, 'SIGKILL')
    const answers = await stream.stop()
    expect(await first.stop()).toBeNull()
    expect(inFlightAtKill).toBeGreaterThan(0)

    // Answered: recorded. Not answered: cut off by the kill (stored or not, but never acknowledged).
    expect(answers.filter((a) => !isRecorded(a) && a.status !== 0)).toEqual([])
    const acknowledged = stream.acknowledged()
    const cutOff = answers.filter((a) => a.status === 0)
    expect(cutOff.length).toBeLessThanOrEqual(inFlightAtKill)

    const storedBeforeRestart = await storedBookings(databaseUrl, 'kill-%')
    expect(await pendingMail(databaseUrl)).toBe(2 * storedBeforeRestart.length)

    const second = await startBuiltServer({ env, dataDir })
    servers.push(second)
    const stored = await storedBookings(databaseUrl, 'kill-%')
    const byId = new Map(stored.map((b) => [b.id, b.email] as const))
    expect(acknowledged.filter((a) => byId.get(bookingIdOf(a) ?? '') !== a.email)).toEqual([])
    expect(stored.length).toBeGreaterThanOrEqual(acknowledged.length)
    expect(stored.length).toBeLessThanOrEqual(acknowledged.length + cutOff.length)

    await smtp.start()
    await endMailHold(databaseUrl)
    await expectEachMailOnce(smtp, databaseUrl, stored)
    expect(await second.stop()).toBe(0)
    console.info(
      `kill -9: ${acknowledged.length} bookings acknowledged, ${inFlightAtKill} in flight at the kill, ${stored.length} stored; restart ${second.bootMs} ms; ${2 * stored.length} queued e-mails delivered once each`,
    )
  })
})
