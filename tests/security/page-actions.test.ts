import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'
import { can, requirementOf } from '../../app/features/accounts/access'
import { adminSessionCookie, uniqueIdentity } from '../e2e/helpers/accounts'
import { baseURL } from '../e2e/helpers/browser'
import { signedInOwner } from './helpers/actors'
import { inPool } from './helpers/pool'
import { routeTable } from './helpers/route-table'

/**
 * Every page action of the built server, found in the server's own route manifest (so a new page
 * with an action is covered without being listed here), given bodies that are not forms and
 * methods other than POST. Each must be refused with a 4xx (415, 405, 400 from the form layer's
 * readForm), never the 500 "Unexpected Server Error" that request.formData() used to throw into.
 */

/** A value for each route parameter, so the address reaches the action. */
const paramSamples: Record<string, string> = {
  id: '00000000-0000-4000-8000-000000000000',
  section: 'invoices',
  slug: 'probe',
}

const read = (file: string) => fs.readFileSync(path.resolve('app', file), 'utf8')

type BuiltRoute = { id: string; parentId?: string; path?: string; index?: boolean; module: { action?: unknown } }

/** The actions' routes as addresses: their full path, with a sample value for each parameter. */
async function actionRoutes(): Promise<Array<{ id: string; path: string }>> {
  const bundle = pathToFileURL(path.resolve('build/server/index.js')).href
  const { build } = (await import(bundle)) as { build: { routes: Record<string, BuiltRoute> } }
  const routes = build.routes
  const fullPath = (route: BuiltRoute): string => {
    const parent = route.parentId ? routes[route.parentId] : undefined
    const own = route.path ?? ''
    const above = parent ? fullPath(parent) : ''
    return [above, own].filter(Boolean).join('/')
  }
  return Object.values(routes)
    .filter((route) => typeof route.module.action === 'function')
    .map((route) => ({
      id: route.id,
      path: `/${fullPath(route).replace(/:(\w+)/g, (_, name: string) => paramSamples[name] ?? 'probe')}`,
    }))
    .sort((a, b) => a.path.localeCompare(b.path))
}

/**
 * Actions that take no body at all: they are checked for methods and for never answering 5xx.
 * Sign-out; the employees' read-only billing document, which refuses every post with 405.
 */
const bodiless = new Set(['routes/auth.sign-out', 'routes/employee/billing-document'])

const notForms: ReadonlyArray<{ what: string; headers: Record<string, string>; body: () => BodyInit; status: number }> =
  [
    { what: 'JSON', headers: { 'content-type': 'application/json' }, body: () => '{"intent":"sign-in"}', status: 415 },
    { what: 'text/plain', headers: { 'content-type': 'text/plain' }, body: () => 'intent=sign-in', status: 415 },
    { what: 'XML', headers: { 'content-type': 'application/xml' }, body: () => '<intent/>', status: 415 },
    { what: 'no content type', headers: {}, body: () => new Uint8Array(Buffer.from('intent=sign-in')), status: 415 },
    {
      what: 'malformed multipart',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      body: () => '--x\r\nContent-Disposition: form-data; name="intent"\r\n\r\nsign-in',
      status: 400,
    },
    {
      what: 'multipart without a boundary',
      headers: { 'content-type': 'multipart/form-data' },
      body: () => 'intent=sign-in',
      status: 400,
    },
  ]

const otherMethods = ['PUT', 'PATCH', 'DELETE'] as const

type Answer = { request: string; status: number; body: string }

async function send(
  url: string,
  init: { method: string; headers: Record<string, string>; body?: BodyInit },
  cookie: string,
): Promise<Answer> {
  const response = await fetch(`${baseURL()}${url}`, {
    method: init.method,
    redirect: 'manual',
    headers: {
      origin: baseURL(),
      'x-forwarded-for': uniqueIdentity('actions').ip,
      ...(cookie ? { cookie } : {}),
      ...init.headers,
    },
    body: init.body,
  })
  return { request: `${init.method} ${url}`, status: response.status, body: await response.text() }
}

/** Both ways a page action is reached: the document (a form without JavaScript) and the app's `.data` request. */
const addresses = (pagePath: string) => [pagePath, pagePath === '/' ? '/_root.data' : `${pagePath}.data`]

/** Whether the admin passes the guard of a page's area (an owner's people page is a client owner's alone). */
function adminReaches(pagePath: string): boolean {
  const requirement = requirementOf(pagePath)
  return requirement === undefined || can({ role: 'admin', status: 'approved' }, requirement)
}

describe('page actions given bodies that are not forms', () => {
  let actions: Array<{ id: string; path: string }> = []
  let adminCookie = ''
  let ownerCookie = ''
  // The admin reaches every action but those of a client owner's own pages, where an owner is sent.
  const cookieFor = (pagePath: string) => (adminReaches(pagePath) ? adminCookie : ownerCookie)

  beforeAll(async () => {
    actions = await actionRoutes()
    adminCookie = await adminSessionCookie(uniqueIdentity('actions-admin').ip)
    ownerCookie = await signedInOwner('actions-owner', uniqueIdentity('actions-owner').ip)
  })

  it('finds every action of the route table in the built server', () => {
    const paths = actions.map((a) => a.path)
    for (const known of ['/auth', '/auth/forgot-password', '/account/settings', '/admin', '/admin/blog/new']) {
      expect(paths).toContain(known)
    }
    // The route table (app/routes.ts) and the build agree: every page whose module exports an action is here.
    const declared = routeTable
      .filter((route) => /export (async )?function action\b|export const action\b/.test(read(route.file)))
      .map((route) => route.path.replace(/:(\w+)/g, (_, name: string) => paramSamples[name] ?? 'probe'))
    expect(declared.length).toBeGreaterThanOrEqual(10)
    expect([...new Set(declared)].sort()).toEqual([...new Set(paths)].sort())
  })

  it('refuses them with 415 or 400 for a signed-in admin (or an owner on their own pages), never 5xx', async () => {
    const answers = await inPool(
      actions
        .filter((action) => !bodiless.has(action.id))
        .flatMap((action) =>
          addresses(action.path).flatMap((url) =>
            notForms.map(({ what, headers, body, status }) => async () => ({
              ...(await send(url, { method: 'POST', headers, body: body() }, cookieFor(action.path))),
              what,
              expected: status,
            })),
          ),
        ),
    )
    const wrong = answers
      .filter((a) => a.status !== a.expected || /Unexpected Server Error/.test(a.body))
      .map((a) => `${a.request} with ${a.what}: ${a.status} (expected ${a.expected}) ${a.body.slice(0, 120)}`)
    expect(wrong).toEqual([])
  })

  it('answers them without 5xx for anonymous visitors too (a guard may redirect first)', async () => {
    const answers = await inPool(
      actions.flatMap((action) =>
        addresses(action.path).flatMap((url) =>
          notForms.map(({ what, headers, body }) => async () => ({
            ...(await send(url, { method: 'POST', headers, body: body() }, '')),
            what,
          })),
        ),
      ),
    )
    const wrong = answers
      .filter((a) => a.status >= 500 || /Unexpected Server Error/.test(a.body))
      .map((a) => `${a.request} with ${a.what}: ${a.status} ${a.body.slice(0, 120)}`)
    expect(wrong).toEqual([])
  })

  it('refuses other methods than POST with 405, whoever asks', async () => {
    const form = { 'content-type': 'application/x-www-form-urlencoded' }
    const answers = await inPool(
      actions.flatMap((action) =>
        addresses(action.path).flatMap((url) =>
          otherMethods.map((method) => async () => ({
            ...(await send(url, { method, headers: form, body: 'intent=save' }, cookieFor(action.path))),
          })),
        ),
      ),
    )
    const wrong = answers
      .filter((a) => a.status !== 405 || /Unexpected Server Error/.test(a.body))
      .map((a) => `${a.request}: ${a.status} ${a.body.slice(0, 120)}`)
    expect(wrong).toEqual([])
  })
})
