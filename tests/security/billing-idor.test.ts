import fs from 'node:fs'
import path from 'node:path'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { demoClient } from '../../server/accounts/demo-client.server'
import {
  adminSessionCookie,
  invitedAccountOverHttp,
  postForm,
  sessionCookie,
  strongPassword,
  uniqueIdentity,
} from '../e2e/helpers/accounts'
import { baseURL } from '../e2e/helpers/browser'

/**
 * Object-level access to billing documents: another client's estimate, invoice or receipt, asked
 * for by its real id (page, the data request behind client-side navigation, PDF, Accept), answers
 * exactly as an id that does not exist: 404, without a word of the document. The documents are
 * the demo client's (SEED_DEMO is on in the test server); their owner gets them, to prove the ids.
 */

const sections = ['estimates', 'invoices', 'receipts'] as const
const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/

async function get(pathname: string, cookie: string) {
  const response = await fetch(`${baseURL()}${pathname}`, {
    redirect: 'manual',
    headers: { cookie, 'x-forwarded-for': uniqueIdentity('idor').ip },
  })
  return { status: response.status, body: await response.text(), type: response.headers.get('content-type') ?? '' }
}

/** The ids of a client's documents in a section, read from their own list. */
async function ids(section: string, cookie: string): Promise<string[]> {
  const { body } = await get(`/billing/${section}`, cookie)
  const found = [...body.matchAll(new RegExp(`/billing/${section}/(${uuid.source})`, 'g'))].map((m) => m[1] ?? '')
  return [...new Set(found)]
}

let owner: string
let other: string
let admin: string
const documents: Record<(typeof sections)[number], string[]> = { estimates: [], invoices: [], receipts: [] }

beforeAll(async () => {
  const secrets = JSON.parse(fs.readFileSync(path.join(inject('dataDir'), 'secrets.json'), 'utf8')) as {
    demoClientPassword: string
  }
  owner = await sessionCookie(demoClient.email, secrets.demoClientPassword, uniqueIdentity('idor-owner').ip)
  const ip = uniqueIdentity('idor-setup').ip
  admin = await adminSessionCookie(ip)
  const email = await invitedAccountOverHttp('client', 'idor-other', admin, ip)
  other = await sessionCookie(email, strongPassword, uniqueIdentity('idor-other').ip)
  for (const section of sections) documents[section] = await ids(section, owner)
})

describe("another client's billing documents", () => {
  it('are found by their owner, for the test to mean something', async () => {
    for (const section of sections) {
      expect(documents[section].length, section).toBeGreaterThan(0)
      for (const id of documents[section]) {
        expect((await get(`/billing/${section}/${id}`, owner)).status).toBe(200)
        const pdf = await get(`/billing/${section}/${id}/pdf`, owner)
        expect(pdf.status).toBe(200)
        expect(pdf.type).toBe('application/pdf')
      }
    }
    // Nobody else's documents appear in another client's lists.
    for (const section of sections) expect(await ids(section, other)).toEqual([])
  })

  it('answer 404 to another client (page, data request, PDF), as an unknown id does, and to staff', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000'
    const wrong: string[] = []
    for (const section of sections) {
      for (const id of [...documents[section], unknown]) {
        for (const [who, cookie] of [
          ['other client', other],
          ['admin', admin],
        ] as const) {
          for (const suffix of ['', '/pdf', '.data']) {
            const answer = await get(`/billing/${section}/${id}${suffix}`, cookie)
            if (answer.status !== 404) wrong.push(`${who} ${section}/${id}${suffix}: ${answer.status}`)
            if (/(EST|INV|RCT)-\d{4}-\d{4}/.test(answer.body))
              wrong.push(`${who} ${section}/${id}${suffix}: shows a number`)
          }
        }
      }
    }
    expect(wrong).toEqual([])
  })

  it("does not let another client accept or decline someone's estimate", async () => {
    const ip = uniqueIdentity('idor-post').ip
    for (const id of documents.estimates) {
      for (const form of [{ intent: 'accept' }, { intent: 'decline', reason: 'Not mine' }] as Record<
        string,
        string
      >[]) {
        const response = await postForm(`/billing/estimates/${id}`, form, { cookie: other, ip })
        expect(response.status).toBe(404)
      }
    }
    // The owner's estimates are as they were: the demo ones waiting for a decision still wait.
    const summary = await get('/billing', owner)
    expect(summary.body).toContain('Estimates awaiting your decision')
    expect(summary.body).toMatch(/EST-\d{4}-\d{4}/)
  })

  it("keeps a client's own drafts from them", async () => {
    const list = await get('/admin/billing?status=draft', admin)
    const drafts = [...list.body.matchAll(new RegExp(`/admin/billing/(${uuid.source})`, 'g'))].map((m) => m[1] ?? '')
    expect(drafts.length).toBeGreaterThan(0)
    for (const id of drafts) {
      for (const section of ['estimates', 'invoices']) {
        expect((await get(`/billing/${section}/${id}`, owner)).status).toBe(404)
        expect((await get(`/billing/${section}/${id}/pdf`, owner)).status).toBe(404)
      }
    }
  })
})
