import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { PgBoss } from 'pg-boss'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { businessTimeZone } from '../../app/lib/time-zone.ts'
import { type BuiltServer, startBuiltServer } from '../../scripts/lib/server-process.mjs'
import { BACKUP_QUEUE } from '../../server/backups/jobs.server.ts'
import { parseMessage } from '../integration/helpers/mail.ts'
import { waitFor } from '../integration/helpers/wait.ts'
import { editPostTitle } from '../setup/blog-editor.ts'
import { testAdmin } from '../setup/built-server.ts'
import { applySetCookies, enrolAdminSession } from '../setup/two-factor-http.ts'
import { freshDatabase, query } from './helpers.ts'

// Several machines (issue 28, docs/deploy.md): two server processes started separately, each with
// its own port and DATA_DIR, on one PostgreSQL, behave as one site. A session made on one is valid
// on the other (and ends on both), a content edit on one empties the page cache of both, an
// account's live status changed through one reaches a client listening on the other, and a job
// (queued, or scheduled by the cron both processes register) runs once, not once per process.

const slug = 'tax-season-it-checklist-for-cpa-firms'
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'two-servers-'))
let url: string
let a: BuiltServer
let b: BuiltServer
let adminCookie: string
/** The instant of the nightly backup both processes schedule: about when they have booted. */
let slot: Date
/**
 * From the start of the boot to the slot. A cron pass sends an occurrence of the last minute, so the
 * job is made as long as a process is up within a minute of the slot (the first boots in ~10 s idle,
 * ~45 s on a machine busy with other suites).
 */
const slotAfterBootStartMs = 30_000
/** pg-boss's cron pass sends an occurrence of the last 60 s (its due window), every 30 s. */
const dueWindowMs = 60_000

/** `HH:MM:SS` of `at` in the business's time zone, as BACKUP_SCHEDULE takes it. */
function businessClock(at: Date): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: businessTimeZone,
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(at)
}

async function boot(label: string): Promise<BuiltServer> {
  const dataDir = path.join(work, label)
  fs.mkdirSync(dataDir)
  return startBuiltServer({
    label,
    dataDir,
    env: {
      DATABASE_URL: url,
      // One secret for every process, as README asks of a deployment of several.
      AUTH_SECRET: 'two-servers-shared-secret-0123456789abcdef',
      ADMIN_EMAIL: testAdmin.email,
      ADMIN_PASSWORD: testAdmin.password,
      TRUST_PROXY: 'true',
      BACKUP_SCHEDULE: businessClock(slot),
    },
  })
}

beforeAll(async () => {
  url = await freshDatabase('two_servers')
  slot = new Date(Math.ceil((Date.now() + slotAfterBootStartMs) / 1_000) * 1_000)
  // One after the other: the first migrates and seeds, the second finds it done.
  a = await boot('a')
  b = await boot('b')
  // A process's cron pass must still find the slot due (else no job would be made at all).
  expect(Date.now(), `a process up while the backup at ${slot.toISOString()} is due`).toBeLessThan(
    slot.getTime() + dueWindowMs - 5_000,
  )
  adminCookie = (await enrolAdminSession({ baseURL: a.url, origin: a.url }, testAdmin)).cookie
}, 240_000)
afterEach((context) => {
  if (context.task.result?.state === 'fail') {
    for (const s of [a, b]) if (s) console.info(`server output (pid ${s.pid}):\n${s.output().slice(-6_000)}`)
  }
})
afterAll(async () => {
  await Promise.all([a, b].filter(Boolean).map((s) => s.stop()))
  fs.rmSync(work, { recursive: true, force: true })
})

const dataDirOf = (server: BuiltServer) => path.join(work, server === a ? 'a' : 'b')

function post(server: BuiltServer, route: string, body: unknown, ip: string, cookie = '') {
  return fetch(`${server.url}${route}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: server.url,
      'x-forwarded-for': ip,
      ...(cookie ? { cookie } : {}),
    },
    body: JSON.stringify(body),
  })
}

/** The confirmation code mailed to `to`, from whichever process's mail folder has it. */
async function confirmationToken(to: string): Promise<string> {
  let token: string | undefined
  await waitFor(`the confirmation mail to ${to}`, () => {
    for (const server of [a, b]) {
      const dir = path.join(dataDirOf(server), 'mail')
      for (const file of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
        if (!file.endsWith('.eml')) continue
        let message: ReturnType<typeof parseMessage>
        try {
          message = parseMessage(fs.readFileSync(path.join(dir, file), 'utf8'))
        } catch {
          continue // still being written
        }
        if (!(message.headers.get('to') ?? '').includes(to)) continue
        token = /[?&]token=([^&\s]+)/.exec(message.text)?.[1]
        if (token) return true
      }
    }
    return false
  })
  return decodeURIComponent(token ?? '')
}

/** A client account that signed up and confirmed its e-mail through `server`, waiting for approval. */
async function pendingClient(server: BuiltServer, tag: string, ip: string) {
  const email = `${tag}-${Date.now().toString(36)}@example.com`
  const password = 'harbor-maple-lantern-28'
  const signUp = await post(
    server,
    '/api/auth/sign-up/email',
    { name: 'Pat Pending', email, password, phone: '(845) 555-0188', companyName: null },
    ip,
  )
  expect(signUp.status, await signUp.clone().text()).toBe(200)
  const verify = await post(
    server,
    '/api/auth/email-otp/verify-email',
    { email, otp: await confirmationToken(email) },
    ip,
  )
  expect(verify.status).toBe(200)
  return { email, password }
}

async function signIn(server: BuiltServer, account: { email: string; password: string }, ip: string) {
  const response = await post(server, '/api/auth/sign-in/email', account, ip)
  expect(response.status).toBe(200)
  return applySetCookies('', response)
}

/** Opens /api/realtime on `server` and collects its events until close(). */
async function openStream(server: BuiltServer, cookie: string) {
  const events: Array<{ event: string; data: Record<string, unknown> }> = []
  const response = await fetch(`${server.url}/api/realtime`, { headers: { accept: 'text/event-stream', cookie } })
  expect(response.status).toBe(200)
  const reader = response.body?.getReader()
  const pump = (async () => {
    if (!reader) return
    const decoder = new TextDecoder()
    let buffer = ''
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }))
      if (done) break
      buffer += decoder.decode(value, { stream: true })
      for (let split = buffer.indexOf('\n\n'); split >= 0; split = buffer.indexOf('\n\n')) {
        const block = buffer.slice(0, split)
        buffer = buffer.slice(split + 2)
        const event = block.match(/^event: (.*)$/m)?.[1]
        const data = block.match(/^data: (.*)$/m)?.[1]
        if (event && data) events.push({ event, data: JSON.parse(data) })
      }
    }
  })()
  return {
    events,
    async close() {
      await reader?.cancel().catch(() => {})
      await pump
    },
  }
}

/** Saves the blog post's title through `server`'s editor, as an admin in a browser would. */
function editTitle(server: BuiltServer, title: string) {
  return editPostTitle(server.url, { cookie: adminCookie, slug, title })
}

/** Backup files written into either process's BACKUP_DIR ($DATA_DIR/backups). */
function backupFiles(): string[] {
  return [a, b].flatMap((server) => {
    const dir = path.join(dataDirOf(server), 'backups')
    return fs.existsSync(dir) ? fs.readdirSync(dir).filter((name) => name.startsWith('ramapo-backup-')) : []
  })
}

const backupRuns = async () =>
  query<{ trigger: string; outcome: string }>(url, 'select trigger, outcome from backup_runs order by started_at')

describe('two server processes on one PostgreSQL', () => {
  it('accept a session made on either one, and end it on both', async () => {
    // The admin's session (with its second factor) was made on A: B serves the staff pages with it.
    const staff = await fetch(`${b.url}/admin/blog`, { headers: { cookie: adminCookie }, redirect: 'manual' })
    expect(staff.status).toBe(200)
    expect(await staff.text()).toContain(`/admin/blog/`)
    const anonymous = await fetch(`${b.url}/admin/blog`, { redirect: 'manual' })
    expect(anonymous.status).toBeGreaterThanOrEqual(300)

    // A client signs in on B; A knows the session, and a sign-out on A ends it on B.
    const client = await pendingClient(a, 'session', '10.28.1.1')
    const cookie = await signIn(b, client, '10.28.1.1')
    for (const server of [a, b]) {
      const profile = await fetch(`${server.url}/api/account/profile`, { headers: { cookie } })
      expect(profile.status, server.url).toBe(200)
      expect(JSON.stringify(await profile.json())).toContain(client.email)
    }
    const signOut = await post(a, '/api/auth/sign-out', {}, '10.28.1.1', cookie)
    expect(signOut.status).toBe(200)
    for (const server of [b, a]) {
      expect((await fetch(`${server.url}/api/account/profile`, { headers: { cookie } })).status, server.url).toBe(401)
    }
  })

  it('empty the page cache of both when a post is edited on either one', async () => {
    for (const [writer, reader] of [
      [a, b],
      [b, a],
    ] as const) {
      // Both have the page in memory.
      for (const server of [a, b]) {
        for (let i = 0; i < 2; i++) expect((await fetch(`${server.url}/blog/${slug}`)).status).toBe(200)
      }
      const title = `Tax checklist edited on ${writer === a ? 'A' : 'B'} ${Date.now()}`
      await editTitle(writer, title)
      // The other process first. The change crosses as a PostgreSQL notification: bounded by a second.
      for (const server of [reader, writer]) {
        await waitFor(
          `the edit on ${server === a ? 'A' : 'B'}`,
          async () => (await (await fetch(`${server.url}/blog/${slug}`)).text()).includes(title),
          { timeoutMs: 1_000, intervalMs: 20 },
        )
      }
    }
  })

  it('carry an account status changed through one to a client listening on the other', async () => {
    const client = await pendingClient(a, 'live', '10.28.2.1')
    const cookie = await signIn(b, client, '10.28.2.1')
    const stream = await openStream(b, cookie)
    try {
      await waitFor('the current status on the stream', () => stream.events.some((e) => e.event === 'status'))
      expect(JSON.stringify(stream.events[0]?.data)).toContain('pending')
      const [row] = await query<{ id: string }>(url, 'select id::text from client_onboarding where email = $1', [
        client.email,
      ])
      const review = await fetch(`${a.url}/admin`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          origin: a.url,
          cookie: adminCookie,
          'x-forwarded-for': '10.254.254.1',
        },
        body: new URLSearchParams({ intent: 'review', onboardingId: row?.id ?? '', decision: 'approve', reason: '' }),
        redirect: 'manual',
      })
      expect(review.status).toBe(200)
      await waitFor(
        'the approval on the stream held by B',
        () => stream.events.some((e) => e.event === 'status' && JSON.stringify(e.data).includes('"approved"')),
        { timeoutMs: 5_000, intervalMs: 20 },
      )
    } finally {
      await stream.close()
    }
  })

  // Its slot comes while the tests above run: the job is made and run once, and stays one after
  // every cron pass that still had the slot in its due window. Before the queued job below, so
  // that each test's backup_runs row and file are its own.
  it('run the nightly backup both schedule once, not once per process', async () => {
    const [{ count: schedules } = { count: 0 }] = await query<{ count: number }>(
      url,
      'select count(*)::int as count from pgboss.schedule where name = $1',
      [BACKUP_QUEUE],
    )
    expect(schedules).toBe(1)
    const backupJobs = () =>
      query<{ id: string; state: string }>(url, 'select id::text, state from pgboss.job where name = $1', [
        BACKUP_QUEUE,
      ])
    // Made by the first cron pass after the slot (30 s apart), handed on by the cron's own queue
    // (5 s) and taken by a worker (30 s), then the backup itself.
    await waitFor(
      `the backup scheduled at ${slot.toISOString()}`,
      async () => {
        const jobs = await backupJobs()
        return jobs.length > 0 && jobs.every((j) => j.state === 'completed' || j.state === 'failed')
      },
      { timeoutMs: Math.max(slot.getTime() + 120_000 - Date.now(), 10_000), intervalMs: 250 },
    )
    // Every cron pass until the slot left the due window (claimed by one process at a time, in
    // pgboss.version.cron_on) would have made a second job: wait for a pass claimed after that, and
    // for what the passes handed on to have become jobs.
    await waitFor(
      'a cron pass after the slot left the due window, and nothing left to hand on',
      async () => {
        const [state] = await query<{ past: boolean; handing: number }>(
          url,
          `select (select cron_on > $1::timestamptz from pgboss.version) as past,
                  (select count(*)::int from pgboss.job
                    where name = '__pgboss__send-it' and state in ('created', 'retry', 'active')) as handing`,
          [new Date(slot.getTime() + dueWindowMs + 1_000).toISOString()],
        )
        return state?.past === true && state.handing === 0
      },
      { timeoutMs: Math.max(slot.getTime() + dueWindowMs + 90_000 - Date.now(), 10_000), intervalMs: 250 },
    )
    const after = await backupJobs()
    expect(after).toHaveLength(1)
    expect(after[0]?.state).toBe('completed')
    // One file in the two BACKUP_DIRs (a second process's run would add another), one run recorded.
    expect(backupFiles()).toHaveLength(1)
    const runs = await backupRuns()
    expect(runs).toEqual([{ trigger: 'nightly', outcome: 'written' }])
  }, 240_000)

  it('run a queued job once, on one of them', async () => {
    const runsBefore = (await backupRuns()).length
    const filesBefore = backupFiles()
    // Queued by another process of the site, as the nightly schedule does: both work the queue.
    const boss = new PgBoss({ connectionString: url, max: 1, schedule: false, supervise: false })
    boss.on('error', () => {
      // the send below reports its own failure
    })
    await boss.start()
    let id: string | null
    try {
      id = await boss.send(BACKUP_QUEUE, {})
    } finally {
      await boss.stop({ graceful: false, close: true })
    }
    expect(id).toBeTruthy()
    await waitFor(
      'the queued backup to complete',
      async () => {
        const [state] = await query<{ state: string }>(url, 'select state from pgboss.job where id = $1', [id])
        if (state?.state === 'failed') throw new Error('the queued backup failed')
        return state?.state === 'completed'
      },
      { timeoutMs: 90_000, intervalMs: 250 },
    )
    // The job is done: nothing is left to run it again. One run recorded, one file written.
    expect((await backupRuns()).length).toBe(runsBefore + 1)
    expect(backupFiles().filter((name) => !filesBefore.includes(name))).toHaveLength(1)
  }, 120_000)
})
