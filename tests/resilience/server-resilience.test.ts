import { randomUUID } from 'node:crypto'
import http from 'node:http'
import { afterEach, describe, expect, it } from 'vitest'
import { CONSENT_POLICY_VERSION } from '../../app/features/consent/policy.ts'
import { type BuiltServer, startBuiltServer } from '../../scripts/lib/server-process.mjs'
import { postgresCluster } from '../integration/helpers/postgres-cluster.ts'
import { sleep, waitFor } from '../integration/helpers/wait.ts'
import { BookingStream, bookingIdOf, freshDatabase, storedBookings } from './helpers.ts'

// Runs against the throwaway PostgreSQL of scripts/with-postgres.mjs (npm run test:resilience),
// with the built server as a separate process, the way it runs in production.
const databaseUrl = process.env.TEST_DATABASE_URL
if (!databaseUrl) throw new Error('TEST_DATABASE_URL is unset: run through npm run test:resilience')

const servers: BuiltServer[] = []
afterEach(async (context) => {
  const stopped = servers.splice(0)
  // A failed test shows what the server said.
  if (context.task.result?.state === 'fail') {
    for (const s of stopped) console.info(`server output (pid ${s.pid}):\n${s.output().slice(-6_000)}`)
  }
  await Promise.all(stopped.map((s) => s.stop()))
})

/** What the server logs (at info) when SIGTERM has closed its listener (server/main.server.ts). */
const shuttingDownLine = 'shutting down: finishing in-flight requests'

type Finished = { status: number; body: string } | { error: string }

/**
 * Starts a GET on a fresh connection and resolves once the response has begun (headers in), with
 * the body left unread; `finish()` then reads the rest.
 */
function begin(url: string): Promise<{ finish: () => Promise<Finished> }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent: false }, (res) => {
      res.pause()
      resolve({
        finish: () =>
          new Promise<Finished>((done) => {
            let body = ''
            res.setEncoding('utf8')
            res.on('data', (d) => {
              body += d
            })
            res.on('end', () => done({ status: res.statusCode ?? 0, body }))
            res.on('error', (e) => done({ error: String(e) }))
            res.resume()
          }),
      })
    })
    req.on('error', reject)
  })
}

describe('the server under faults', () => {
  it('finishes every in-flight request on SIGTERM, then exits 0', async () => {
    // At info level the server says when it has stopped accepting connections: the test waits for that line.
    const server = await startBuiltServer({ env: { DATABASE_URL: databaseUrl, LOG_LEVEL: 'info' } })
    servers.push(server)
    // 40 responses under way (headers sent, bodies not yet read) when the signal arrives
    const inFlight = await Promise.all(
      Array.from({ length: 40 }, (_, i) => begin(`${server.url}/${i % 2 ? '' : 'privacy'}`)),
    )
    process.kill(server.pid, 'SIGTERM')
    // Logged once the listener is closed (server/main.server.ts): from then on no connection is accepted.
    await waitFor('the server to say it is shutting down', () => server.output().includes(shuttingDownLine), {
      timeoutMs: 20_000,
      intervalMs: 10,
    })
    // no new connections are accepted meanwhile
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow()
    const results = await Promise.all(inFlight.map((r) => r.finish()))
    const failed = results.filter((r) => 'error' in r || !r.body.includes('</html>'))
    expect(failed).toEqual([])
    expect(await server.stop()).toBe(0)
  })

  it('answers 503 while the database is down, recovers without a restart and keeps every acknowledged booking', async () => {
    const outageDatabase = await freshDatabase('resilience_db_outage')
    const server = await startBuiltServer({
      env: { DATABASE_URL: outageDatabase, INTAKE_RATE_LIMIT: '0', LOG_LEVEL: 'info' },
    })
    servers.push(server)
    const cluster = postgresCluster()
    const health = async () => (await fetch(`${server.url}/healthz`)).status
    expect(await health()).toBe(200)
    // The outage comes while the server serves, not while it starts its scheduled jobs (a server
    // whose jobs cannot start stops, for its supervisor to start it again): wait for "started".
    await waitFor('the server to finish starting its jobs', () => server.output().includes('"msg":"started"'), {
      timeoutMs: 60_000,
    })

    // Four senders booking one after another, before, during and after the outage.
    const stream = new BookingStream(server.url, 'db-outage', { senders: 4, pauseMs: 25 }).start()
    try {
      await waitFor('bookings to be acknowledged before the outage', () => stream.acknowledged().length >= 12, {
        timeoutMs: 30_000,
        intervalMs: 25,
      })
      await cluster.stop('fast')
      const down = Date.now()
      let restarting = down
      try {
        const during: number[] = []
        while (Date.now() < down + 5_000) {
          during.push(await health())
          await sleep(250)
        }
        expect(new Set(during)).toEqual(new Set([503]))
        // An API that writes to the database: a visitor's cookie choice.
        const api = await fetch(`${server.url}/api/consent`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            consentId: randomUUID(),
            necessary: true,
            analytics: false,
            marketing: false,
            policyVersion: CONSENT_POLICY_VERSION,
            action: 'reject_non_essential',
            gpc: false,
          }),
        })
        expect(api.status).toBe(503)
        expect(await api.json()).toHaveProperty('error')
        // pages that need no database keep working
        expect((await fetch(`${server.url}/`)).status).toBe(200)
      } finally {
        restarting = Date.now()
        await cluster.start()
      }
      const up = Date.now()
      // Recovered: a booking sent after the database came back is acknowledged, by the same process.
      await waitFor(
        'a booking sent after the restart of the database to be acknowledged',
        () => stream.acknowledged().some((a) => a.startedAt >= up),
        { timeoutMs: 20_000, intervalMs: 50 },
      )
      const recoveredMs = Date.now() - up
      await waitFor('/healthz to answer 200 again', async () => (await health()) === 200, { timeoutMs: 15_000 })
      const answers = await stream.stop()

      // Only two answers exist: stored, or "unavailable" as JSON with a message.
      const unexpected = answers.filter((a) => a.status !== 200 && a.status !== 503)
      expect(unexpected).toEqual([])
      const refused = answers.filter((a) => a.status === 503)
      for (const a of refused) expect(a.json?.error, JSON.stringify(a)).toMatch(/\w+/)
      // Every booking sent and answered while the database was certainly down got a 503.
      const duringOutage = answers.filter((a) => a.startedAt >= down && a.endedAt <= restarting)
      expect(duringOutage.length).toBeGreaterThanOrEqual(8)
      expect(duringOutage.filter((a) => a.status !== 503)).toEqual([])

      // Every acknowledged booking is stored, under the e-mail address it was sent with.
      const acknowledged = stream.acknowledged()
      const stored = new Map((await storedBookings(outageDatabase, 'db-outage-%')).map((b) => [b.id, b.email] as const))
      const missing = acknowledged.filter((a) => stored.get(bookingIdOf(a) ?? '') !== a.email)
      expect(missing).toEqual([])
      expect(acknowledged.length).toBeGreaterThan(12)
      console.info(
        `database outage: ${answers.length} bookings sent, ${acknowledged.length} acknowledged and stored, ${refused.length} answered 503; boot ${server.bootMs} ms, first booking stored ${recoveredMs} ms after the database was back`,
      )
    } finally {
      await stream.stop()
    }
    // Still the process started at the beginning.
    expect(() => process.kill(server.pid, 0)).not.toThrow()
    expect(server.output()).not.toMatch(/"level":60/)
    expect(server.output()).not.toMatch(/unhandled error/)
    // and it still stops cleanly: no database connection was lost for good in the outage
    expect(await server.stop()).toBe(0)
  })
})
