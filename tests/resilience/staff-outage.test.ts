import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { type BuiltServer, startBuiltServer } from '../../scripts/lib/server-process.mjs'
import { postgresCluster } from '../integration/helpers/postgres-cluster.ts'
import { waitFor } from '../integration/helpers/wait.ts'
import { testAdmin } from '../setup/built-server.ts'
import { enrolAdmin, signInOverHttp } from '../setup/two-factor-http.ts'
import { bookingBody, freshDatabase, postBooking, query } from './helpers.ts'

// The staff workspace while PostgreSQL is down, on the built server as it runs in production: every
// page and download of the back office answers 503 with words a person can act on (never the
// generic 500, never a stack), a form sent meanwhile is told that nothing was saved, and the same
// process serves the pages again once the database is back.

let server: BuiltServer
let url: string
let cookie = ''
const ids = { request: '', account: '', client: '' }

beforeAll(async () => {
  url = await freshDatabase('staff_outage')
  server = await startBuiltServer({
    env: { DATABASE_URL: url, ADMIN_EMAIL: testAdmin.email, ADMIN_PASSWORD: testAdmin.password },
  })
  const target = { baseURL: server.url, origin: server.url }
  const totpSecret = await enrolAdmin(target, testAdmin)
  cookie = await signInOverHttp(target, { ...testAdmin, totpSecret }, '10.254.254.3')
  const booked = await postBooking(server.url, bookingBody(server.url, 'staff-outage', 1))
  expect(booked.status).toBe(200)
  const [request] = await query<{ id: string }>(url, 'select id::text from bookings limit 1')
  const [account] = await query<{ id: string }>(url, `select id::text from client_onboarding where role = 'admin'`)
  // A client is an organisation: its page is the organisation's.
  const [client] = await query<{ id: string }>(url, 'select id::text from organisations limit 1')
  ids.request = request?.id ?? ''
  ids.account = account?.id ?? ''
  ids.client = client?.id ?? ''
}, 180_000)
afterEach((context) => {
  if (context.task.result?.state === 'fail') console.info(`server output:\n${server?.output().slice(-6_000)}`)
})
afterAll(async () => {
  await server?.stop()
})

/** Every page and download the staff workspace added (the frame's counts come with each page). */
const pages = () => [
  '/admin',
  '/admin/accounts',
  `/admin/accounts/${ids.account}`,
  '/admin/audit',
  '/admin/sync-status',
  '/employee',
  '/employee/requests',
  `/employee/requests/${ids.request}`,
  '/employee/requests/export.csv',
  '/employee/clients',
  `/employee/clients/${ids.client}`,
  '/employee/billing',
]

/** A form of each page that changes something, as the page sends it. */
const forms = (): Array<{ path: string; body: Record<string, string> }> => [
  {
    path: `/employee/requests/${ids.request}`,
    body: { intent: 'note', id: ids.request, note: 'Called back at 3 pm.' },
  },
  { path: `/admin/accounts/${ids.account}`, body: { intent: 'end-sessions' } },
  {
    path: '/admin',
    body: { intent: 'invite', email: 'new-hire@example.com', name: 'New Hire', role: 'employee' },
  },
  { path: '/admin/sync-status', body: { intent: 'retry', id: '00000000-0000-4000-8000-000000000000' } },
]

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, { headers: { cookie, ...headers }, redirect: 'manual' })

/** A stack trace or the framework's own error words: what a visitor must never be shown. */
const leaks = /\n\s+at \S|node_modules|Unexpected Server Error|ECONNREFUSED|Failed query/

describe('the staff workspace while the database is down', () => {
  it('answers every staff page 503 with the outage words, tells a form nothing was saved, and recovers', async () => {
    for (const path of pages()) expect((await get(path)).status, path).toBe(200)

    const cluster = postgresCluster()
    await cluster.stop('fast')
    try {
      for (const path of pages()) {
        const answer = await get(path)
        const body = await answer.text()
        expect(answer.status, path).toBe(503)
        expect(body, path).toContain('temporarily unavailable: the database did not answer')
        expect(body, path).not.toMatch(leaks)
      }
      // The same pages reached by the app's client-side navigation (React Router's data requests).
      for (const path of ['/admin/accounts', '/employee/requests']) {
        const answer = await get(`${path}.data`)
        const body = await answer.text()
        expect(answer.status, `${path}.data`).toBe(503)
        expect(body, `${path}.data`).toContain('temporarily unavailable')
        expect(body, `${path}.data`).not.toMatch(leaks)
      }
      for (const form of forms()) {
        const answer = await fetch(`${server.url}${form.path}`, {
          method: 'POST',
          headers: { cookie, origin: server.url, 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(form.body),
          redirect: 'manual',
        })
        const body = await answer.text()
        expect(answer.status, form.path).toBe(503)
        expect(body, form.path).toContain('nothing was saved')
        expect(body, form.path).not.toMatch(leaks)
      }
    } finally {
      await cluster.start()
    }

    // The same process serves them again, without a restart.
    await waitFor('the staff pages to answer again', async () => (await get('/employee/requests')).status === 200, {
      timeoutMs: 20_000,
    })
    for (const path of pages()) expect((await get(path)).status, path).toBe(200)
    // Nothing of the refused forms was stored.
    expect(await query(url, `select 1 from booking_events where kind = 'note'`)).toEqual([])
    // Answered as an outage, not logged as a bug of ours (Better Auth still logs its failed session read).
    expect(server.output()).not.toMatch(/error while rendering|unhandled error/)
    expect(server.output()).toMatch(/database unavailable/)
  }, 120_000)
})
