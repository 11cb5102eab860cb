import fs from 'node:fs'
import path from 'node:path'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { demoClient } from '../../server/accounts/demo-client.server'
import { demoHousehold, demoOffice } from '../../server/organisations/demo.server'
import {
  adminSessionCookie,
  invitedAccountOverHttp,
  postForm,
  sessionCookie,
  strongPassword,
  uniqueIdentity,
} from '../e2e/helpers/accounts'
import { baseURL } from '../e2e/helpers/browser'
import { colleagueOverHttp } from './helpers/actors'

/**
 * Reads by organisation and the roles in it, over HTTP against the built server's demo data
 * (SEED_DEMO): the demo office's owner (the demo client), billing person and member, and the owner
 * of the demo household, another organisation. The billing person sees the office's documents
 * and contracts, the owner's; the member is refused billing in their role's words, with who the
 * owners are; only an owner signs; the household's owner meets the office's records as unknown ids.
 */

const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/

async function get(pathname: string, cookie: string) {
  const response = await fetch(`${baseURL()}${pathname}`, {
    redirect: 'manual',
    headers: { cookie, 'x-forwarded-for': uniqueIdentity('roles').ip },
  })
  return { status: response.status, body: await response.text() }
}

async function ids(section: string, cookie: string): Promise<string[]> {
  const { body } = await get(`/billing/${section}`, cookie)
  const found = [...body.matchAll(new RegExp(`/billing/${section}/(${uuid.source})`, 'g'))].map((m) => m[1] ?? '')
  return [...new Set(found)].sort()
}

let owner: string
let billing: string
let member: string
let household: string

beforeAll(async () => {
  const secrets = JSON.parse(fs.readFileSync(path.join(inject('dataDir'), 'secrets.json'), 'utf8')) as Record<
    string,
    string
  >
  const signIn = (email: string, password: string | undefined) =>
    sessionCookie(email, password ?? '', uniqueIdentity('roles-sign-in').ip)
  owner = await signIn(demoClient.email, secrets.demoClientPassword)
  billing = await signIn(demoOffice.billing.email, secrets.demoBillingPassword)
  member = await signIn(demoOffice.member.email, secrets.demoMemberPassword)
  household = await signIn(demoHousehold.owner.email, secrets.demoHouseholdPassword)
})

describe('an organisation’s records, by role', () => {
  it('shows the billing person the same documents and contracts as the owner', async () => {
    for (const section of ['estimates', 'invoices', 'receipts', 'contracts']) {
      const owners = await ids(section, owner)
      expect(owners.length, section).toBeGreaterThan(0)
      expect(await ids(section, billing), section).toEqual(owners)
    }
    const [invoice] = await ids('invoices', owner)
    expect((await get(`/billing/invoices/${invoice}`, billing)).status).toBe(200)
  })

  it('refuses the member billing and contracts in their role’s words, naming the owners', async () => {
    const [invoice] = await ids('invoices', owner)
    const [contract] = await ids('contracts', owner)
    for (const pathname of [
      '/billing',
      '/billing.data',
      '/billing/invoices',
      `/billing/invoices/${invoice}`,
      `/billing/invoices/${invoice}/pdf`,
      '/billing/contracts',
      `/billing/contracts/${contract}`,
    ]) {
      const answer = await get(pathname, member)
      expect(answer.status, pathname).toBe(403)
      expect(answer.body, pathname).toMatch(/Your role in your organisation does not include (billing|contracts)/)
      expect(answer.body, pathname).toContain(demoClient.email)
      expect(answer.body, pathname).not.toMatch(/INV-\d{4}-\d{4}/)
    }
    // Their dashboard is theirs to use.
    expect((await get('/dashboard', member)).status).toBe(200)
  })

  it('lets only an owner sign: the billing person reads the contract and is refused the signature', async () => {
    const sent = []
    for (const id of await ids('contracts', owner)) {
      const page = await get(`/billing/contracts/${id}`, owner)
      if (page.body.includes('Sign this contract')) sent.push(id)
    }
    expect(sent.length).toBeGreaterThan(0)
    const [id] = sent
    const read = await get(`/billing/contracts/${id}`, billing)
    expect(read.status).toBe(200)
    expect(read.body).not.toContain('Sign this contract')
    expect(read.body).toContain('Only an owner of your organisation may sign or decline its contracts.')
    const ip = uniqueIdentity('roles-sign').ip
    const forms: Record<string, string>[] = [
      { intent: 'sign', consent: 'on', fullName: demoOffice.billing.name, textSha256: '0'.repeat(64) },
      { intent: 'decline', reason: 'Not mine to decline' },
    ]
    for (const form of forms) {
      const response = await postForm(`/billing/contracts/${id}`, form, { cookie: billing, ip })
      expect(response.status, form.intent).toBe(403)
    }
    // Still waiting for the owner.
    expect((await get(`/billing/contracts/${id}`, owner)).body).toContain('Sign this contract')
  })

  it('answers another organisation’s documents and contracts exactly as unknown ids: 404', async () => {
    const wrong: string[] = []
    for (const section of ['estimates', 'invoices', 'receipts', 'contracts']) {
      expect(await ids(section, household), section).toEqual([])
      for (const id of await ids(section, owner)) {
        for (const suffix of ['', '/pdf', '.data']) {
          const answer = await get(`/billing/${section}/${id}${suffix}`, household)
          if (answer.status !== 404) wrong.push(`${section}/${id}${suffix}: ${answer.status}`)
        }
      }
    }
    expect(wrong).toEqual([])
  })
})

describe('an owner’s people', () => {
  it('takes a removed person’s open session off the organisation’s data at its next request, and logs it for staff', async () => {
    const ip = uniqueIdentity('roles-people').ip
    const admin = await adminSessionCookie(ip)
    const ownerEmail = await invitedAccountOverHttp('client', 'roles-owner', admin, ip)
    const ownerCookie = await sessionCookie(ownerEmail, strongPassword, uniqueIdentity('roles-owner').ip)
    const bookkeeper = await colleagueOverHttp(ownerCookie, 'roles-bookkeeper', 'billing', ip)
    const session = await sessionCookie(bookkeeper, strongPassword, uniqueIdentity('roles-bookkeeper').ip)
    expect((await get('/billing', session)).status).toBe(200)

    // The people page lists them with their role; the owner removes them.
    const page = await get('/account/organisation', ownerCookie)
    expect(page.status).toBe(200)
    const row = page.body.slice(page.body.indexOf(`data-email="${bookkeeper}"`))
    const personId = row.match(new RegExp(`name="personId" value="(${uuid.source})"`))?.[1] ?? ''
    expect(personId).toMatch(uuid)
    const removed = await postForm('/account/organisation', { intent: 'remove', personId }, { cookie: ownerCookie, ip })
    expect(removed.status).toBe(200)

    // The same session, still signed in, no longer reaches the organisation's billing.
    const after = await get('/billing', session)
    expect(after.status).toBe(403)
    expect(after.body).toContain('You are not in an organisation any more')
    expect((await get('/account/organisation', ownerCookie)).body).not.toContain(bookkeeper)

    // Staff see the invitation and the removal in the audit log.
    const log = await get('/admin/audit', admin)
    expect(log.body).toContain('Invited a person to an organisation')
    expect(log.body).toContain('Removed a person from an organisation')
  })

  it('refuses another owner’s people: a person of another organisation is not found', async () => {
    const ip = uniqueIdentity('roles-other').ip
    // The household's owner names the demo office's billing person, read from the office's people page.
    const office = await get('/account/organisation', owner)
    const row = office.body.slice(office.body.indexOf(`data-email="${demoOffice.billing.email}"`))
    const personId = row.match(new RegExp(`name="personId" value="(${uuid.source})"`))?.[1] ?? ''
    expect(personId).toMatch(uuid)
    const forms: Record<string, string>[] = [
      { intent: 'remove', personId },
      { intent: 'role', personId, role: 'owner' },
    ]
    for (const form of forms) {
      const response = await postForm('/account/organisation', form, { cookie: household, ip })
      expect(response.status, form.intent).toBe(404)
    }
    expect((await get('/account/organisation', owner)).body).toContain(demoOffice.billing.email)
  })

  it('holds everyone to a second factor once their owner requires it, as staff are held', async () => {
    const ip = uniqueIdentity('roles-2fa').ip
    const admin = await adminSessionCookie(ip)
    const ownerEmail = await invitedAccountOverHttp('client', 'roles-2fa-owner', admin, ip)
    const ownerCookie = await sessionCookie(ownerEmail, strongPassword, uniqueIdentity('roles-2fa-owner').ip)
    const colleague = await colleagueOverHttp(ownerCookie, 'roles-2fa-member', 'member', ip)
    const session = await sessionCookie(colleague, strongPassword, uniqueIdentity('roles-2fa-member').ip)
    expect((await get('/dashboard', session)).status).toBe(200)

    const on = await postForm(
      '/account/organisation',
      { intent: 'second-factor', required: 'on' },
      { cookie: ownerCookie, ip },
    )
    expect(on.status).toBe(200)
    const held = await fetch(`${baseURL()}/dashboard`, { redirect: 'manual', headers: { cookie: session } })
    expect(held.status).toBe(302)
    expect(held.headers.get('location')).toBe('/account/two-factor?redirectTo=%2Fdashboard')
    // Their own account pages, where they set it up, stay open; so does the owner's people page.
    expect((await get('/account/two-factor', session)).status).toBe(200)
    expect((await get('/account/organisation', ownerCookie)).status).toBe(200)

    const off = await postForm(
      '/account/organisation',
      { intent: 'second-factor', required: 'off' },
      { cookie: ownerCookie, ip },
    )
    expect(off.status).toBe(200)
    expect((await get('/dashboard', session)).status).toBe(200)
  })
})
