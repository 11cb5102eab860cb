import { RouterContextProvider } from 'react-router'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AppContext, appContext } from '../../app/context.server.ts'
import { accountsContext } from '../../app/features/accounts/context.server.ts'
import { areaGuard, sessionMiddleware } from '../../app/features/accounts/guards.server.ts'
import { guardRouteModule } from '../../app/lib/database-outage.server.ts'
import * as billingListRoute from '../../app/routes/admin/billing.tsx'
import * as billingDocumentRoute from '../../app/routes/admin/billing-document.tsx'
import * as contractRoute from '../../app/routes/admin/contract.tsx'
import * as contractsListRoute from '../../app/routes/admin/contracts.tsx'
import * as previewRoute from '../../app/routes/admin/location-preview.tsx'
import * as locationsImportRoute from '../../app/routes/admin/locations-import.tsx'
import * as redirectsRoute from '../../app/routes/admin/redirects.tsx'
import * as blogFeedRoute from '../../app/routes/blog-feed.ts'
import { sampleCsv } from '../../server/locations/import.server.ts'
import { type Harness, PUBLIC_URL, signInStaff, startHarness } from './helpers/accounts.ts'
import { backend, openTestDatabase } from './helpers/database.ts'
import { capturingLogger } from './helpers/log.ts'

// Billing, contracts and the town pages answer a database outage through the shared wrappers
// (app/lib/database-outage.server.ts) in their own words: a page throws a 503 its area's error
// boundary shows, a form answers 503 with the values as sent; each is logged once.

type Thrown = { data: { error: string }; init: { status: number; headers: Record<string, string> } }
type Answered = {
  data: { ok: boolean; message: string; intent?: string; values?: Record<string, string> }
  init: { status: number; headers: Record<string, string> }
}

const id = '00000000-0000-4000-8000-000000000000'

describe(`billing, contracts and town pages when the database fails, on ${backend}`, () => {
  let harness: Harness
  /** The pages' database, closed: every query fails. One for the file (opening one is the slow part). */
  let closed: Awaited<ReturnType<typeof openTestDatabase>>
  const admin = { email: 'owner@ramapo.test', password: 'owner-secret-phrase-1' }

  beforeAll(async () => {
    harness = await startHarness({ env: { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password } })
    await harness.accounts.seedAdmin()
    closed = await openTestDatabase()
    await closed.cleanup()
  })
  afterAll(async () => {
    await harness?.cleanup()
  })

  /**
   * A signed-in admin's request through the root's session middleware and the admin area's guard,
   * with the pages' database closed (the accounts still answer, so the visitor is let in).
   */
  async function adminRequest(path: string, body?: Record<string, string>) {
    const client = await signInStaff(harness, admin.email, admin.password)
    const request = new Request(`${PUBLIC_URL}${path}`, {
      headers: {
        cookie: client.cookieHeader(),
        ...(body ? { origin: new URL(PUBLIC_URL).origin, 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(body ? { method: 'POST', body: new URLSearchParams(body).toString() } : {}),
    })
    const { log, lines } = capturingLogger()
    const context = new RouterContextProvider()
    context.set(accountsContext, harness.accounts)
    // A mail outbox is there (billing and contracts need one); it is never reached.
    context.set(appContext, {
      database: closed,
      log,
      outbox: {},
      config: { publicUrl: PUBLIC_URL },
    } as unknown as AppContext)
    const middlewareArgs = { request, context, params: {} } as never
    await sessionMiddleware(
      middlewareArgs,
      async () => (await areaGuard(middlewareArgs, async () => new Response(null))) ?? new Response(null),
    )
    const warnings = () => lines.filter((line) => line.level === 40).map((line) => line.msg)
    return { args: { request, context, params: { id } } as never, warnings }
  }

  async function thrownBy(loader: (args: never) => Promise<unknown>, args: never) {
    return (await loader(args).then(
      () => undefined,
      (error: unknown) => error,
    )) as Thrown
  }

  // The pages as the host serves them: every loader and action under the outage rule.
  const [billingList, billingDocument, contractsList, contract, preview, redirects, locationsImport, blogFeed] = [
    billingListRoute,
    billingDocumentRoute,
    contractsListRoute,
    contractRoute,
    previewRoute,
    redirectsRoute,
    locationsImportRoute,
    blogFeedRoute,
  ].map((route) => guardRouteModule<{ loader?: unknown; action?: unknown }>(route))

  it.each([
    ['/admin/billing', billingList?.loader, 'Billing could not be loaded: the database did not answer.'],
    [`/admin/billing/${id}`, billingDocument?.loader, 'Billing could not be loaded: the database did not answer.'],
    ['/admin/contracts', contractsList?.loader, 'Contracts could not be loaded: the database did not answer.'],
    [`/admin/contracts/${id}`, contract?.loader, 'Contracts could not be loaded: the database did not answer.'],
    [
      `/admin/locations/${id}/preview`,
      preview?.loader,
      'The preview could not be loaded: the database did not answer.',
    ],
  ] as const)('%s throws a 503 in its own words, and logs it once', async (path, loader, words) => {
    const { args, warnings } = await adminRequest(path)
    const thrown = await thrownBy(loader as (args: never) => Promise<unknown>, args)
    expect(thrown?.init?.status).toBe(503)
    expect(thrown.init.headers['Retry-After']).toBe('5')
    expect(thrown.data.error).toContain(words)
    expect(warnings()).toEqual(['database unavailable'])
  })

  it('the blog feed throws a 503 in its own words (a public resource route, no visitor needed)', async () => {
    const { log, lines } = capturingLogger()
    const context = new RouterContextProvider()
    context.set(appContext, { database: closed, log, config: { publicUrl: PUBLIC_URL } } as unknown as AppContext)
    const request = new Request(`${PUBLIC_URL}/blog/rss.xml`)
    const thrown = await thrownBy(
      blogFeed?.loader as (args: never) => Promise<unknown>,
      {
        request,
        context,
        params: {},
      } as never,
    )
    expect(thrown?.init?.status).toBe(503)
    expect(thrown.init.headers['Retry-After']).toBe('5')
    expect(thrown.data.error).toBe('The feed is unavailable for a moment. Try again in a minute.')
    expect(lines.filter((line) => line.level === 40).map((line) => line.msg)).toEqual(['database unavailable'])
  })

  it.each([
    [
      `/admin/billing/${id}`,
      billingDocument?.action,
      { intent: 'send', updatedAt: new Date().toISOString() },
      'The database did not answer, so nothing was changed. Try again in a minute.',
    ],
    [
      `/admin/contracts/${id}`,
      contract?.action,
      { intent: 'send' },
      'The database did not answer, so nothing was recorded. Try again in a minute.',
    ],
    [
      '/admin/redirects',
      redirects?.action,
      { intent: 'remove', id },
      'The database did not answer, so nothing was removed. Try again in a minute.',
    ],
    [
      '/admin/locations/import',
      locationsImport?.action,
      { mode: 'check', csv: sampleCsv() },
      'The import failed and nothing was written: the database did not answer. Try again in a minute.',
    ],
  ] as const)(
    'a form posted to %s answers 503 in its own words, with what was sent',
    async (path, action, body, words) => {
      const { args, warnings } = await adminRequest(path, body)
      const answer = (await (action as (args: never) => Promise<unknown>)(args)) as Answered
      expect(answer.init.status).toBe(503)
      expect(answer.init.headers['Retry-After']).toBe('5')
      expect(answer.data).toMatchObject({ ok: false, message: words, values: body })
      if ('intent' in body) expect(answer.data.intent).toBe(body.intent)
      expect(warnings()).toEqual(['database unavailable'])
    },
  )
})
