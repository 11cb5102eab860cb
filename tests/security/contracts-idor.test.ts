import { beforeAll, describe, expect, it } from 'vitest'
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
 * Object-level access to contracts: another client's contract, asked for by its real id (page,
 * the data request behind client-side navigation, PDF, Sign, Decline), answers exactly as an id
 * that does not exist: 404, without a word of it. A draft is hidden from its own client too.
 */

const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/

async function get(pathname: string, cookie: string) {
  const response = await fetch(`${baseURL()}${pathname}`, {
    redirect: 'manual',
    headers: { cookie, 'x-forwarded-for': uniqueIdentity('ctr-idor').ip },
  })
  return { status: response.status, body: await response.text(), type: response.headers.get('content-type') ?? '' }
}

let admin: string
let owner: string
let other: string
let sent: string
let draft: string

/** A contract for the owner, created (and sent) through the staff pages as an admin would. */
async function contractFor(email: string, send: boolean): Promise<string> {
  const ip = uniqueIdentity('ctr-idor-admin').ip
  const templates = await get('/admin/contracts/templates', admin)
  const templateId = new RegExp(`/admin/contracts/templates/(${uuid.source})`).exec(templates.body)?.[1] ?? ''
  // The page's data lists the client organisations as id, then label (which names the person it is
  // addressed to by e-mail); the first object of the stream also names its keys in between.
  const page = await get('/admin/contracts/new.data', admin)
  const organisationId =
    new RegExp(`"(${uuid.source})",(?:"label",)?"[^"]*${email.replace(/[.+]/g, '\\$&')}[^"]*"`).exec(page.body)?.[1] ??
    ''
  expect(templateId).not.toBe('')
  expect(organisationId).not.toBe('')
  const created = await postForm(
    '/admin/contracts/new',
    {
      templateId,
      organisationId,
      plan: 'Full Help Desk',
      pricePerUser: '$100.00',
      users: '5',
      startDate: 'June 1, 2026',
      term: '12 months',
      expiresOn: '2099-12-31',
    },
    { cookie: admin, ip },
  )
  expect(created.status).toBe(302)
  const id = new RegExp(`/admin/contracts/(${uuid.source})`).exec(created.headers.get('location') ?? '')?.[1] ?? ''
  if (send) {
    const answer = await postForm(`/admin/contracts/${id}`, { intent: 'send' }, { cookie: admin, ip })
    expect(answer.status).toBe(200)
  }
  return id
}

beforeAll(async () => {
  const ip = uniqueIdentity('ctr-idor-setup').ip
  admin = await adminSessionCookie(ip)
  const ownerEmail = await invitedAccountOverHttp('client', 'ctr-owner', admin, ip)
  const otherEmail = await invitedAccountOverHttp('client', 'ctr-other', admin, ip)
  owner = await sessionCookie(ownerEmail, strongPassword, uniqueIdentity('ctr-owner').ip)
  other = await sessionCookie(otherEmail, strongPassword, uniqueIdentity('ctr-other').ip)
  sent = await contractFor(ownerEmail, true)
  draft = await contractFor(ownerEmail, false)
})

describe("another client's contracts", () => {
  it('are found by their owner, page and PDF, for the test to mean something', async () => {
    const page = await get(`/billing/contracts/${sent}`, owner)
    expect(page.status).toBe(200)
    expect(page.body).toMatch(/CTR-\d{4}-\d{4}/)
    const pdf = await get(`/billing/contracts/${sent}/pdf`, owner)
    expect(pdf.status).toBe(200)
    expect(pdf.type).toBe('application/pdf')
    expect((await get('/billing/contracts', owner)).body).toContain(`/billing/contracts/${sent}`)
    expect((await get('/billing/contracts', other)).body).not.toContain(sent)
  })

  it('answer 404 to another client and to staff (page, data request, PDF), as an unknown id does', async () => {
    const wrong: string[] = []
    for (const id of [sent, '00000000-0000-4000-8000-000000000000']) {
      for (const [who, cookie] of [
        ['other client', other],
        ['admin', admin],
      ] as const) {
        for (const suffix of ['', '/pdf', '.data']) {
          const answer = await get(`/billing/contracts/${id}${suffix}`, cookie)
          if (answer.status !== 404) wrong.push(`${who} ${id}${suffix}: ${answer.status}`)
          if (/CTR-\d{4}-\d{4}|Managed Services/.test(answer.body))
            wrong.push(`${who} ${id}${suffix}: shows the contract`)
        }
      }
    }
    expect(wrong).toEqual([])
  })

  it('does not let another client sign or decline it, and keeps a draft from its own client', async () => {
    const ip = uniqueIdentity('ctr-idor-post').ip
    const forms: Record<string, string>[] = [
      { intent: 'sign', consent: 'on', fullName: 'Not Me', textSha256: '0'.repeat(64) },
      { intent: 'decline', reason: 'Not mine' },
    ]
    for (const form of forms) {
      const response = await postForm(`/billing/contracts/${sent}`, form, { cookie: other, ip })
      expect(response.status).toBe(404)
    }
    const page = await get(`/billing/contracts/${sent}`, owner)
    expect(page.body).toContain('Sign this contract')
    for (const suffix of ['', '/pdf']) {
      expect((await get(`/billing/contracts/${draft}${suffix}`, owner)).status).toBe(404)
    }
  })
})
