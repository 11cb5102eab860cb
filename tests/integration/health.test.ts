import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CONSENT_POLICY_VERSION } from '../../app/features/consent/policy.ts'
import { isDatabaseUnavailable, openDatabase, selectRows, sql } from '../../server/db/client.server.ts'
import { type Outbox, startOutbox } from '../../server/mail/outbox.server.ts'
import { createMailTransport } from '../../server/mail/transport.server.ts'
import { apiOnlyApp } from './helpers/app.ts'
import { onPglite, onPostgres, openTestDatabase, silentLogger, type TestDatabase } from './helpers/database.ts'
import { capturingLogger } from './helpers/log.ts'
import { type PostgresCluster, postgresCluster } from './helpers/postgres-cluster.ts'
import { waitFor } from './helpers/wait.ts'

type App = ReturnType<typeof apiOnlyApp>

/** A public API request that writes to the database: a visitor's cookie choice. */
const consentChoice = () =>
  ({
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
  }) satisfies RequestInit

async function expectUnavailable(app: App) {
  const healthz = await app.request('/healthz')
  expect(healthz.status).toBe(503)
  expect(await healthz.json()).toMatchObject({ status: 'unavailable' })

  const api = await app.request('/api/consent', consentChoice())
  expect(api.status).toBe(503)
  expect(api.headers.get('content-type')).toMatch(/^application\/json/)
  expect(api.headers.get('retry-after')).toBe('5')
  const body = (await api.json()) as { error: string }
  expect(typeof body.error).toBe('string')
  expect(body.error.length).toBeLessThan(120)
  // A short message for people, no driver internals.
  expect(body.error).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|stack|pglite/i)
}

// One block per backend; the other one is reported as skipped.
onPostgres.describe('health and recovery on real PostgreSQL', () => {
  // Made when the block runs: on PGlite there is no cluster to control.
  let cluster: PostgresCluster
  let database: TestDatabase
  let outbox: Outbox
  let app: App
  let dataDir: string
  const password = 'sekrit-db-password'
  const captured = capturingLogger('debug')

  beforeAll(async () => {
    cluster = postgresCluster()
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'health-test-'))
    const log = captured.log
    database = await openTestDatabase({ log, password })
    expect(database.connectionString).toContain(password)
    outbox = await startOutbox({
      database,
      transport: createMailTransport({ dataDir, from: 'noreply@ramapo-it.test', log }),
      log,
      retry: { retryLimit: 20, retryDelay: 1, retryDelayMax: 2 },
      pollingIntervalSeconds: 0.5,
    })
    app = apiOnlyApp(database, { log })
  })

  afterAll(async () => {
    // Whatever happened, leave the cluster running for the files after this one.
    if (cluster && !(await cluster.isRunning())) await cluster.start()
    await outbox?.stop()
    await database?.cleanup()
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
  })

  it('answers 200 while the database runs', async () => {
    const healthz = await app.request('/healthz')
    expect(healthz.status).toBe(200)
    expect(await healthz.json()).toEqual({ status: 'ok' })
    expect((await app.request('/api/consent', consentChoice())).status).toBe(201)
  })

  it('answers 503 quickly while PostgreSQL is down, and 200 again once it is back, on the same pool', async () => {
    const pool = database.pool
    // Connections the pool holds when the server goes away.
    await Promise.all(Array.from({ length: 3 }, () => database.ping()))
    expect(pool?.totalCount).toBeGreaterThan(0)

    await cluster.stop('fast')
    expect(await cluster.isRunning()).toBe(false)

    const started = Date.now()
    await expectUnavailable(app)
    expect(Date.now() - started).toBeLessThan(5_000)
    const pingError = await database.ping().then(
      () => undefined,
      (e: unknown) => e,
    )
    expect(isDatabaseUnavailable(pingError)).toBe(true)

    // Mail enqueued by a request that failed is the caller's business; the worker just keeps polling,
    // and says so once a minute instead of failing.
    await waitFor('the mail worker to poll into the outage', () =>
      captured.lines.some((line) => line.msg === 'mail queue: database unavailable; mail waits and is retried'),
    )

    await cluster.start()
    const back = Date.now()
    await waitFor('/healthz to answer 200 again', async () => (await app.request('/healthz')).status === 200, {
      timeoutMs: 5_000,
      intervalMs: 200,
    })
    expect(Date.now() - back).toBeLessThan(5_000)
    expect(database.pool).toBe(pool)
    expect((await app.request('/api/consent', consentChoice())).status).toBe(201)
    const [row] = await selectRows<{ n: number }>(database.db, sql`select count(*)::int as n from locations`)
    expect(row?.n).toBe(0)

    // The mail worker recovered too.
    const mailDir = path.join(dataDir, 'mail')
    await outbox.enqueue({ to: ['after-restart@example.com'], subject: 'After the restart', text: 'still here' })
    await waitFor(
      'the mail worker to deliver after the restart',
      () => fs.existsSync(mailDir) && fs.readdirSync(mailDir).length === 1,
      {
        timeoutMs: 15_000,
      },
    )
  })

  it('logged the outage in short lines, without the password and without flooding', () => {
    expect(captured.lines.some((l) => l.msg === 'database connection lost')).toBe(true)
    expect(captured.lines.some((l) => l.msg === 'health check: database not answering')).toBe(true)
    for (const line of captured.raw) {
      expect(line).not.toContain(password)
      // No driver object dumped into the log.
      expect(line).not.toContain('connectionParameters')
      expect(line.length).toBeLessThan(2_000)
    }
    // The mail worker polls twice a second: it says once that the database is gone, not on every poll.
    const queueLines = captured.lines.filter((l) => l.msg.startsWith('mail queue'))
    expect(queueLines.length).toBeLessThanOrEqual(2)
    expect(queueLines.every((l) => l.level <= 40)).toBe(true)
  })
})

onPglite.describe('health on PGlite', () => {
  let database: TestDatabase
  let outbox: Outbox
  let app: App
  let dataDir: string

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'health-test-'))
    const log = silentLogger()
    database = await openTestDatabase({ log })
    outbox = await startOutbox({
      database,
      transport: createMailTransport({ dataDir, from: 'noreply@ramapo-it.test', log }),
      log,
      work: false,
    })
    app = apiOnlyApp(database, { outbox })
  })

  afterAll(async () => {
    await outbox?.stop()
    await database?.cleanup()
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
  })

  it('answers 200 {"status":"ok"} while the database answers', async () => {
    const healthz = await app.request('/healthz')
    expect(healthz.status).toBe(200)
    expect(healthz.headers.get('content-type')).toMatch(/^application\/json/)
    expect(await healthz.json()).toEqual({ status: 'ok' })
    expect((await app.request('/api/consent', consentChoice())).status).toBe(201)
  })

  it('answers 503 instead of hanging while a transaction holds the only connection', async () => {
    let release = () => {}
    let entered = () => {}
    const inside = new Promise<void>((resolve) => {
      entered = resolve
    })
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    const transaction = database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`)
      entered()
      await held
    })
    try {
      await inside
      const started = Date.now()
      expect((await app.request('/healthz')).status).toBe(503)
      expect(Date.now() - started).toBeLessThan(3_500)
    } finally {
      release()
      await transaction
    }
    expect((await app.request('/healthz')).status).toBe(200)
  })

  it('answers 503 once the database is closed', async () => {
    await outbox.stop()
    await database.cleanup()
    await expectUnavailable(app)
  })
})

describe('database ping', () => {
  it('times out quickly against a server that accepts connections but never answers', async () => {
    const sockets = new Set<net.Socket>()
    const blackhole = net.createServer((socket) => {
      sockets.add(socket)
      socket.on('error', () => {})
    })
    await new Promise<void>((resolve) => blackhole.listen(0, '127.0.0.1', resolve))
    const port = (blackhole.address() as net.AddressInfo).port
    const database = await openDatabase({
      databaseUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
      dataDir: 'memory',
      log: silentLogger(),
    })
    try {
      const started = Date.now()
      const error = await database.ping(500).then(
        () => undefined,
        (e: unknown) => e,
      )
      expect(Date.now() - started).toBeLessThan(1_500)
      expect(isDatabaseUnavailable(error)).toBe(true)

      // The same through the app: the health check does not hang on it.
      const app = apiOnlyApp(database)
      const healthStarted = Date.now()
      expect((await app.request('/healthz')).status).toBe(503)
      expect(Date.now() - healthStarted).toBeLessThan(3_500)
    } finally {
      for (const socket of sockets) socket.destroy()
      await database.close()
      await new Promise<void>((resolve) => blackhole.close(() => resolve()))
    }
  })
})
