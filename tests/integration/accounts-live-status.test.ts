import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { reviewAccount } from '../../server/accounts/onboarding.server.ts'
import { openDatabase, selectRows, sql } from '../../server/db/client.server.ts'
import { clientOnboarding } from '../../server/db/schema/index.server.ts'
import { Client, type Harness, signIn, signUpVerified, startHarness } from './helpers/accounts.ts'
import { backend, databaseUrlFor, onPostgres, testDatabaseUrl } from './helpers/database.ts'
import { waitFor } from './helpers/wait.ts'

/** The staff member the audit log records for these reviews. */
const reviewer = { userId: 'staff-user-id', email: 'admin@portal.test' }

type Event = { event: string; data: unknown }

/** Opens /api/realtime as the client and collects its events until `close()`. */
async function openStream(client: Client) {
  const events: Event[] = []
  const response = await client.request('/api/realtime', { headers: { accept: 'text/event-stream' } })
  const reader = response.body?.getReader()
  let ended = false
  const pump = (async () => {
    if (!reader) return
    const decoder = new TextDecoder()
    let buffer = ''
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }))
      if (done) break
      buffer += decoder.decode(value, { stream: true })
      let split = buffer.indexOf('\n\n')
      while (split >= 0) {
        const block = buffer.slice(0, split)
        buffer = buffer.slice(split + 2)
        const event = block.match(/^event: (.*)$/m)?.[1]
        const data = block.match(/^data: (.*)$/m)?.[1]
        if (event && data) events.push({ event, data: JSON.parse(data) })
        split = buffer.indexOf('\n\n')
      }
    }
    ended = true
  })()
  return {
    response,
    events,
    ended: () => ended,
    async close() {
      await reader?.cancel().catch(() => {})
      await pump
    },
  }
}

const deps = (h: Harness) => ({
  database: h.accounts.database,
  outbox: h.accounts.outbox,
  log: h.accounts.log,
  publicUrl: h.accounts.config.publicUrl,
})

async function onboardingId(h: Harness, email: string): Promise<string> {
  const [row] = await h.database.db.select().from(clientOnboarding).where(eq(clientOnboarding.email, email))
  if (!row) throw new Error(`no onboarding record for ${email}`)
  return row.id
}

describe(`live account status on ${backend}`, () => {
  let harness: Harness

  beforeAll(async () => {
    harness = await startHarness()
  })
  afterAll(async () => {
    await harness?.cleanup()
  })

  it('refuses the stream without a session', async () => {
    const response = await new Client(harness).request('/api/realtime')
    expect(response.status).toBe(401)
  })

  it("streams only the user's own record: the current status, then each change", async () => {
    await signUpVerified(harness, 'live@example.com')
    await signUpVerified(harness, 'someone-else@example.com')
    const client = await signIn(harness, 'live@example.com')
    const stream = await openStream(client)
    expect(stream.response.headers.get('content-type')).toMatch(/text\/event-stream/)
    await waitFor('the current status', () => stream.events.length === 1)
    expect(stream.events[0]).toEqual({ event: 'status', data: { status: 'pending', role: 'client' } })

    // Another account's change never reaches this stream.
    await reviewAccount(deps(harness), reviewer, {
      onboardingId: await onboardingId(harness, 'someone-else@example.com'),
      decision: 'approve',
      reason: null,
    })
    await reviewAccount(deps(harness), reviewer, {
      onboardingId: await onboardingId(harness, 'live@example.com'),
      decision: 'approve',
      reason: null,
    })
    await waitFor('the approval', () => stream.events.length >= 2)
    expect(stream.events.slice(1)).toEqual([{ event: 'status', data: { status: 'approved', role: 'client' } }])
    await stream.close()
    await waitFor('the subscription to end', () => harness.accounts.realtime.subscribers() === 0)
  })

  it('ends the stream of a rejected account after telling it, and its sessions with it', async () => {
    await signUpVerified(harness, 'rejected@example.com')
    const client = await signIn(harness, 'rejected@example.com')
    const stream = await openStream(client)
    await waitFor('the current status', () => stream.events.length === 1)
    await reviewAccount(deps(harness), reviewer, {
      onboardingId: await onboardingId(harness, 'rejected@example.com'),
      decision: 'reject',
      reason: 'We could not confirm the company.',
    })
    await waitFor('the stream to end', () => stream.ended())
    expect(stream.events.at(-1)).toEqual({ event: 'status', data: { status: 'rejected', role: 'client' } })
    expect((await client.request('/api/account/profile')).status).toBe(401)
    const mail = (await harness.mails()).find(
      (m) => m.to.includes('rejected@example.com') && /About your/.test(m.subject),
    )
    expect(mail?.text).toContain('Reason: We could not confirm the company.')
    await stream.close()
  })
})

// Only a real server has separate processes sharing one database (PGlite serves exactly one): on
// PGlite the block is reported as skipped.
onPostgres.describe('live account status across two processes on a real PostgreSQL', () => {
  let first: Harness
  let second: Harness

  beforeAll(async () => {
    // Two independent instances on one database, each with its own pool and LISTEN connection: the
    // same as two server processes behind a load balancer.
    first = await startHarness()
    const database = await openDatabase({
      databaseUrl: databaseUrlFor(testDatabaseUrl ?? '', first.database.name ?? ''),
      dataDir: 'memory',
      log: first.accounts.log,
    })
    second = await startHarness({
      database: Object.assign(database, { name: undefined, cleanup: () => database.close() }),
    })
  })
  afterAll(async () => {
    await second?.cleanup()
    await first?.cleanup()
  })

  it('delivers a change made through one process to a stream held by the other, also after the listener reconnects', async () => {
    await signUpVerified(first, 'two-process@example.com')
    const client = await signIn(first, 'two-process@example.com')
    const stream = await openStream(client)
    await waitFor('the current status', () => stream.events.length === 1)

    // Cut the first process's LISTEN connection, as a database restart or a network blip would.
    await selectRows(
      first.database.db,
      sql`select pg_terminate_backend(pid) from pg_stat_activity where query ilike 'LISTEN%' and datname = current_database() and pid <> pg_backend_pid()`,
    )
    // The listener reconnects by itself and tells open streams to re-read (status unchanged here).
    await waitFor('a resync after the reconnect', () => stream.events.length >= 2, { timeoutMs: 20_000 })
    expect(stream.events[1]).toEqual({ event: 'status', data: { status: 'pending', role: 'client' } })

    await reviewAccount(deps(second), reviewer, {
      onboardingId: await onboardingId(second, 'two-process@example.com'),
      decision: 'approve',
      reason: null,
    })
    await waitFor('the approval made through the other process', () =>
      stream.events.some((e) => (e.data as { status: string }).status === 'approved'),
    )
    await stream.close()
  })
})
