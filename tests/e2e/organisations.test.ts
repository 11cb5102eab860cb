import { describe, expect, it } from 'vitest'
import {
  adminSessionCookie,
  expectToast,
  linkIn,
  pageFrom,
  postForm,
  sessionCookie,
  signIn,
  signInAdmin,
  strongPassword,
  uniqueIdentity,
  verifiedAccountOverHttp,
  waitForMail,
} from './helpers/accounts'
import { baseURL, expectAccessible, open, testBrowser } from './helpers/browser'

const browser = testBrowser()
const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/

async function get(pathname: string, cookie: string) {
  const response = await fetch(`${baseURL()}${pathname}`, {
    redirect: 'manual',
    headers: { cookie, 'x-forwarded-for': uniqueIdentity('org-get').ip },
  })
  return { status: response.status, body: await response.text(), location: response.headers.get('location') }
}

/** The one-time link of an invitation, followed: the invited person chooses their password. */
async function acceptInvitation(email: string) {
  const link = new URL(linkIn(await waitForMail(email, /account is ready/)), baseURL())
  const setup = await postForm(
    '/setup-account',
    { token: link.searchParams.get('token') ?? '', password: strongPassword },
    { ip: uniqueIdentity('org-setup').ip },
  )
  expect(setup.status).toBe(302)
}

/** The id in a page's hidden `personId` field on the row of `email`. */
function personIdIn(body: string, email: string): string {
  const row = body.slice(body.indexOf(`data-email="${email}"`))
  return row.match(new RegExp(`name="personId" value="(${uuid.source})"`))?.[1] ?? ''
}

/** The organisation a person is in, from the staff's client list searched by their e-mail. */
async function organisationIdOf(email: string, admin: string): Promise<string> {
  const list = await get(`/employee/clients?q=${encodeURIComponent(email)}`, admin)
  return new RegExp(`/employee/clients/(${uuid.source})`).exec(list.body)?.[1] ?? ''
}

describe('client organisations, end to end', () => {
  it('an owner builds their team; roles decide what each sees; a removed person loses it at once; staff approve by domain and merge', async () => {
    const ip = uniqueIdentity('org-journey').ip
    const admin = await adminSessionCookie(ip)
    const stamp = Date.now().toString(36)
    const domain = `orchard-${stamp}.example`
    const owner = `olivia@${domain}`
    const bookkeeper = `ben@${domain}`
    const member = `mia@${domain}`

    // The owner: invited by staff as a client, the owner of their organisation of one.
    const invited = await postForm(
      '/admin',
      { intent: 'invite', name: 'Olivia Orchard', email: owner, role: 'client', phone: '' },
      { cookie: admin, ip },
    )
    expect(invited.status).toBe(200)
    await acceptInvitation(owner)

    // The owner invites a bookkeeper and a member from their people page.
    const { page } = await pageFrom(browser(), uniqueIdentity('org-owner').ip)
    await signIn(page, owner)
    await open(page, '/dashboard')
    await page.getByRole('link', { name: 'Manage the people of your organisation' }).click()
    await page.getByRole('heading', { name: 'People', level: 1 }).waitFor()
    await page.waitForSelector('html[data-hydrated="true"]')
    for (const [name, email, role] of [
      ['Ben Books', bookkeeper, 'billing'],
      ['Mia Member', member, 'member'],
    ] as const) {
      const form = page.locator('form', { has: page.getByRole('button', { name: 'Send the invitation' }) })
      await form.getByLabel('Full name').fill(name)
      await form.getByLabel('E-mail').fill(email)
      await form.getByLabel('Role').selectOption(role)
      await form.getByRole('button', { name: 'Send the invitation' }).click()
      await expectToast(page, 'Done', `Invitation sent to ${email}.`)
    }
    await page.getByTestId('invitation').filter({ hasText: bookkeeper }).waitFor()
    await page.getByTestId('invitation').filter({ hasText: member }).waitFor()
    await expectAccessible(page)
    await acceptInvitation(bookkeeper)
    await acceptInvitation(member)

    // Staff send the organisation an estimate: the form picks the organisation, not a person.
    const organisationA = await organisationIdOf(owner, admin)
    expect(organisationA).toMatch(uuid)
    const ownerId = personIdIn((await get(`/employee/clients/${organisationA}`, admin)).body, owner)
    expect(ownerId).toMatch(uuid)
    const draft = await postForm(
      '/admin/billing/new',
      {
        intent: 'save',
        kind: 'estimate',
        organisationId: organisationA,
        'lines.0.description': 'Full Help Desk (per user per month)',
        'lines.0.quantity': '3',
        'lines.0.unitPrice': '100',
        taxRate: '0',
        expiresOn: '2099-12-31',
      },
      { cookie: admin, ip },
    )
    expect(draft.status).toBe(302)
    const estimateId = new RegExp(`/admin/billing/(${uuid.source})`).exec(draft.headers.get('location') ?? '')?.[1]
    expect((await postForm(`/admin/billing/${estimateId}`, { intent: 'send' }, { cookie: admin, ip })).status).toBe(200)
    // Sent to the organisation's billing person, not to the owner.
    await waitForMail(bookkeeper, /Estimate/)

    // The bookkeeper accepts the estimate; staff turn it into an invoice and send it; the bookkeeper sees it.
    const books = await sessionCookie(bookkeeper, strongPassword, uniqueIdentity('org-books').ip)
    expect((await get(`/billing/estimates/${estimateId}`, books)).status).toBe(200)
    const accepted = await postForm(`/billing/estimates/${estimateId}`, { intent: 'accept' }, { cookie: books, ip })
    expect(accepted.status).toBe(200)
    const converted = await postForm(`/admin/billing/${estimateId}`, { intent: 'convert' }, { cookie: admin, ip })
    expect(converted.status).toBe(302)
    const invoiceId = new RegExp(`/admin/billing/(${uuid.source})`).exec(converted.headers.get('location') ?? '')?.[1]
    expect((await postForm(`/admin/billing/${invoiceId}`, { intent: 'send' }, { cookie: admin, ip })).status).toBe(200)
    const invoices = await get('/billing/invoices', books)
    expect(invoices.body).toContain(`/billing/invoices/${invoiceId}`)

    // The member cannot open billing: their role's words, and who the owners are.
    const { page: memberPage } = await pageFrom(browser(), uniqueIdentity('org-member').ip)
    await signIn(memberPage, member)
    expect(await open(memberPage, '/billing')).toBe(403)
    await memberPage.getByRole('heading', { name: 'No access to this page' }).waitFor()
    await memberPage.getByText(/Your role in your organisation does not include billing/).waitFor()
    await memberPage.getByText(new RegExp(`Olivia Orchard \\(${owner.replace(/[.]/g, '\\.')}\\)`)).waitFor()

    // The owner signs a contract staff sent; the bookkeeper may read it but not sign it.
    const templates = await get('/admin/contracts/templates', admin)
    const templateId = new RegExp(`/admin/contracts/templates/(${uuid.source})`).exec(templates.body)?.[1] ?? ''
    const created = await postForm(
      '/admin/contracts/new',
      {
        templateId,
        organisationId: organisationA,
        plan: 'Full Help Desk',
        pricePerUser: '$100.00',
        users: '3',
        startDate: 'June 1, 2026',
        term: '12 months',
        expiresOn: '2099-12-31',
      },
      { cookie: admin, ip },
    )
    expect(created.status).toBe(302)
    const contractId = new RegExp(`/admin/contracts/(${uuid.source})`).exec(created.headers.get('location') ?? '')?.[1]
    expect((await postForm(`/admin/contracts/${contractId}`, { intent: 'send' }, { cookie: admin, ip })).status).toBe(
      200,
    )
    expect((await get(`/billing/contracts/${contractId}`, books)).body).toContain('Only an owner of your organisation')
    await open(page, `/billing/contracts/${contractId}`)
    await page.waitForSelector('html[data-hydrated="true"]')
    await page.getByLabel(/^Full name/).fill('Olivia Orchard')
    await page.getByRole('checkbox', { name: /I agree to use an electronic signature/ }).click()
    await page.getByRole('button', { name: 'Sign', exact: true }).click()
    await expectToast(page, 'Done')
    await page.getByText(/Signed by Olivia Orchard on/).waitFor()

    // The owner removes the member; the member's open session is refused at its next request.
    await open(page, '/account/organisation')
    await page.waitForSelector('html[data-hydrated="true"]')
    await page.getByRole('button', { name: 'Remove Mia Member' }).click()
    await expectToast(page, 'Done')
    await page.getByTestId('person').filter({ hasText: member }).waitFor({ state: 'detached' })
    await open(memberPage, '/dashboard')
    await memberPage.getByText('You are not in an organisation any more').waitFor()
    expect(await open(memberPage, '/billing')).toBe(403)
    await memberPage.getByText('You are not in an organisation any more').waitFor()

    // A sign-up from the same e-mail domain: staff approve them into the owner's organisation.
    const newcomer = `nora@${domain}`
    await verifiedAccountOverHttp(newcomer, uniqueIdentity('org-newcomer').ip, 'Nora Newcomer')
    const { page: staffPage } = await pageFrom(browser(), uniqueIdentity('org-staff').ip)
    await signInAdmin(staffPage)
    await staffPage.getByRole('heading', { name: 'Admin Dashboard', level: 1 }).waitFor()
    await staffPage.waitForSelector('html[data-hydrated="true"]')
    const match = staffPage.getByTestId('organisation-match').filter({ hasText: 'same e-mail domain' })
    const row = match.filter({ has: staffPage.getByRole('link', { name: 'Olivia Orchard' }) })
    await row.getByRole('combobox').selectOption('billing')
    await row.getByRole('button', { name: /^Add to .* and approve$/ }).click()
    await expectToast(staffPage, 'Done', 'Nora Newcomer is approved.')
    const people = (await get(`/employee/clients/${organisationA}`, admin)).body
    expect(people).toContain(`data-email="${newcomer}"`)

    // An organisation created twice: staff merge it into the owner's; its person and records move.
    const twice = `olivia.o@${domain}`
    const again = await postForm(
      '/admin',
      { intent: 'invite', name: 'Olivia O.', email: twice, role: 'client', phone: '' },
      { cookie: admin, ip },
    )
    expect(again.status).toBe(200)
    const duplicate = await organisationIdOf(twice, admin)
    expect(duplicate).toMatch(uuid)
    expect(duplicate).not.toBe(organisationA)
    await open(staffPage, `/employee/clients/${duplicate}`)
    await staffPage.waitForSelector('html[data-hydrated="true"]')
    const merge = staffPage.locator('form', { has: staffPage.getByRole('button', { name: /^Merge / }) })
    const choice = await merge.getByRole('combobox').locator('option', { hasText: 'Olivia Orchard' }).first()
    await merge.getByRole('combobox').selectOption((await choice.getAttribute('value')) ?? '')
    await merge.getByRole('button', { name: /^Merge / }).click()
    // The merge moves the duplicate's people and records in one transaction: beside the other lane of
    // `npm test` it once took longer than Playwright's 30 s. If it fails, say what the page showed.
    await staffPage
      .waitForURL(new RegExp(`/employee/clients/${organisationA}`), { timeout: 60_000 })
      .catch(async (error) => {
        const said = await staffPage.locator('[role="alert"], [role="status"]').allTextContents()
        throw new Error(
          `the merge did not lead to the owner's organisation (at ${staffPage.url()}; the page said: ${said.join(' | ') || 'nothing'}): ${error instanceof Error ? error.message : String(error)}`,
        )
      })
    await staffPage.getByTestId('person').filter({ hasText: twice }).waitFor()
    expect((await get(`/employee/clients/${duplicate}`, admin)).status).toBe(404)
    // Staff keep notes on the organisation, never shown to its people.
    await staffPage.getByLabel(/^Staff notes/).fill('Created twice; merged.')
    await staffPage.getByRole('button', { name: 'Save details' }).click()
    await expectToast(staffPage, 'Done', 'Details saved.')
    await expectAccessible(staffPage)
    expect((await get('/dashboard', await sessionCookie(owner, strongPassword, ip))).body).not.toContain('merged.')
    const audit = await get('/admin/audit', admin)
    expect(audit.body).toContain('Merged two organisations')
    expect(audit.body).toContain('Edited an organisation')
  })
})
