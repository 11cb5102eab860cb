import { describe, expect, it } from 'vitest'
import { adminSessionCookie, uniqueIdentity } from '../e2e/helpers/accounts'
import { baseURL } from '../e2e/helpers/browser'
import { inPool } from './helpers/pool'
import { pages } from './helpers/route-table'

/**
 * Finding 3 of the third probe: query strings reached PostgreSQL unchecked on the staff lists
 * (`q=%00` → "invalid byte sequence", `from=2026-02-30` → "date/time field value out of range": 500,
 * and a 503 blaming the database on /admin/locations). Every staff page and export of the route
 * table (a new list is covered without a list here) and the admin API's CSV, as the admin who
 * reaches them all, gets every list parameter with a NUL, an escape character and dates that do
 * not exist or lie outside the window: never 5xx. The lists that read a parameter refuse it with
 * the list schema's 400 and its message.
 */

const staffAddresses = [
  ...pages
    .filter((page) => page.layouts.includes('routes/protected-area.tsx'))
    .map((page) => page.path)
    .filter((path) => /^\/(admin|employee)(\/|$)/.test(path) && !path.includes(':')),
  '/api/admin/consent-log.csv',
]

/** Every parameter a staff list or export reads, and the dates of the ranges. */
const textParams = [
  'q',
  'action',
  'actor',
  'subject',
  'status',
  'kind',
  'service',
  'plan',
  'assignee',
  'client',
  'target',
]
const moreParams = ['published', 'sort', 'dir', 'page', 'from', 'to']
const textProbes = ['%00', 'a%00b', '%1B%5B31m']
const dateProbes = ['2026-02-30', '0000-01-01', '9999-12-31', '2026-13-01']

/** What the probe found answering each address and parameter: these read them, so they refuse them with 400. */
const refused: Array<{ path: string; query: string }> = [
  ...[
    '/admin/billing',
    '/admin/contracts',
    '/admin/accounts',
    '/employee/requests',
    '/employee/clients',
    '/employee/tickets',
  ].map((path) => ({ path, query: 'q=%00' })),
  { path: '/employee/requests/export.csv', query: 'q=%00' },
  // The new ticket's form reads its organisation from the address by the same reading.
  { path: '/employee/tickets/new', query: 'organisation=%00' },
  { path: '/admin/locations', query: 'q=%00' },
  ...['action', 'actor', 'subject'].map((name) => ({ path: '/admin/audit', query: `${name}=%00` })),
  ...['/admin/billing', '/employee/requests', '/employee/requests/export.csv', '/api/admin/consent-log.csv'].flatMap(
    (path) => dateProbes.map((date) => ({ path, query: `from=${date}` })),
  ),
]

describe('list and export addresses', () => {
  it('finds the staff lists and exports in the route table', () => {
    for (const path of [
      '/admin/billing',
      '/admin/audit',
      '/employee/tickets',
      '/employee/requests/export.csv',
      '/admin/billing/export.csv',
    ]) {
      expect(staffAddresses).toContain(path)
    }
  })

  it('never answer 5xx, whatever a list parameter holds', async () => {
    const ip = uniqueIdentity('list-queries').ip
    const cookie = await adminSessionCookie(ip)
    const queries = [
      ...[...textParams, ...moreParams].flatMap((name) => textProbes.map((probe) => `${name}=${probe}`)),
      ...['from', 'to'].flatMap((name) => dateProbes.map((date) => `${name}=${date}`)),
      // Plain words where an id, a choice or a number is expected, all at once.
      [...textParams, ...moreParams].map((name) => `${name}=not-an-id`).join('&'),
    ]
    const answers = await inPool(
      staffAddresses.flatMap((path) =>
        queries.map((query) => async () => {
          const answer = await fetch(`${baseURL()}${path}?${query}`, {
            headers: { cookie, 'x-forwarded-for': ip },
            redirect: 'manual',
          })
          await answer.body?.cancel()
          return answer.status >= 500 ? `${path}?${query}: ${answer.status}` : ''
        }),
      ),
    )
    expect(answers.filter(Boolean)).toEqual([])
  }, 120_000)

  it('refuse what the lists read with 400 and the list schema message', async () => {
    const ip = uniqueIdentity('list-queries').ip
    const cookie = await adminSessionCookie(ip)
    const answers = await inPool(
      refused.map(({ path, query }) => async () => {
        const answer = await fetch(`${baseURL()}${path}?${query}`, { headers: { cookie, 'x-forwarded-for': ip } })
        return { request: `${path}?${query}`, status: answer.status, body: await answer.text() }
      }),
    )
    for (const { request, status, body } of answers) {
      expect(status, request).toBe(400)
      expect(body, request).toMatch(
        /holds characters a search cannot take|is not a date|Enter a date like 2026-05-31, between 2000 and 2100/,
      )
    }
  })
})
