import { describe, expect, it } from 'vitest'
import {
  adminSessionCookie,
  appErrors,
  invitedAccountOverHttp,
  pageFrom,
  postForm,
  sessionCookie,
  signIn,
  strongPassword,
  uniqueIdentity,
  waitForMail,
} from './helpers/accounts'
import { baseURL, expectAccessible, open, testBrowser } from './helpers/browser'

const browser = testBrowser()
const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/

async function get(pathname: string, cookie: string, ip: string) {
  const response = await fetch(`${baseURL()}${pathname}`, {
    redirect: 'manual',
    headers: { cookie, 'x-forwarded-for': ip },
  })
  return { status: response.status, body: await response.text(), headers: response.headers }
}

describe('support tickets, end to end', () => {
  it('a client asks for help in the portal, a technician replies, the client sees it live and by e-mail; notes and other organisations never leak', async () => {
    const ip = uniqueIdentity('support').ip
    const admin = await adminSessionCookie(ip)
    const client = await invitedAccountOverHttp('client', 'support-client', admin, ip)
    const stranger = await invitedAccountOverHttp('client', 'support-stranger', admin, ip)

    // The client: Get help on the dashboard, the form with the targets, the ticket's page.
    const { page, consoleErrors } = await pageFrom(browser(), uniqueIdentity('support-page').ip)
    await signIn(page, client)
    await open(page, '/dashboard')
    await Promise.all([page.waitForURL('**/support/new'), page.getByTestId('get-help').click()])
    await page.waitForSelector('html[data-hydrated="true"]')
    await page.getByText('urgent: the business cannot work').waitFor()
    await page.getByText(/first answer within 1 hour, solved within 4 hours/).waitFor()
    await expectAccessible(page)
    await page.getByLabel('Subject').fill('The front desk printer jams')
    await page.getByLabel('What happened?').fill('It shows a paper jam, but there is no paper stuck.')
    await page.getByLabel('What is it about?').selectOption('managed_it')
    await page.getByLabel('high: people cannot do part of their work').check()
    await page.locator('#attachments').setInputFiles({
      name: 'spooler.log',
      mimeType: 'text/plain',
      buffer: Buffer.from('09:14 spooler stopped: paper jam on tray 2\n'),
    })
    await Promise.all([
      page.waitForURL(/\/support\/[0-9a-f-]{36}\?opened=1$/),
      page.getByRole('button', { name: 'Send to support' }).click(),
    ])
    const ticketId = uuid.exec(page.url())?.[0] ?? ''
    expect(ticketId).toMatch(uuid)
    await page.getByText(/is with our support team/).waitFor()
    // The new page shows from its top, the thank-you in view: the router's jump to the top is not
    // animated (a smooth scroll left the page half-way down, its button under the sticky header).
    expect(await page.evaluate(() => window.scrollY)).toBe(0)
    await page.getByRole('link', { name: /spooler\.log/ }).waitFor()
    // The live stream is open before the technician answers.
    await page.waitForSelector('html[data-ticket-live="ready"]', { timeout: 15_000 })
    await expectAccessible(page)

    // The technician (the admin here) sees it in the queue, adds a note and replies.
    const queue = await get('/employee/tickets?q=printer', admin, ip)
    expect(queue.status).toBe(200)
    expect(queue.body).toContain(`/employee/tickets/${ticketId}`)
    const note = await postForm(
      `/employee/tickets/${ticketId}`,
      { intent: 'reply', body: 'Tray 2 sensor again; order the part.', visibility: 'internal' },
      { cookie: admin, ip },
    )
    expect(note.status).toBe(200)
    const reply = await postForm(
      `/employee/tickets/${ticketId}`,
      { intent: 'reply', body: 'Please open tray 2 and lift the green lever.', visibility: 'public' },
      { cookie: admin, ip },
    )
    expect(reply.status).toBe(200)

    // The client's open page shows the reply without a reload, and never the note.
    await page.getByText('Please open tray 2 and lift the green lever.').waitFor({ timeout: 15_000 })
    expect(await page.getByText('Tray 2 sensor again').count()).toBe(0)
    const clientCookie = await sessionCookie(client, strongPassword, uniqueIdentity('support-http').ip)
    const data = await get(`/support/${ticketId}.data`, clientCookie, ip)
    expect(data.status).toBe(200)
    expect(data.body).toContain('lift the green lever')
    expect(data.body).not.toContain('Tray 2 sensor again')

    // The reply's e-mail: the ticket's number and its own reply address; no note in it.
    const mail = await waitForMail(client, /\[#T-\d{6}\] The front desk printer jams/)
    expect(mail.headers.get('reply-to') ?? '').toMatch(/support\+[a-z2-7]{32}@/)
    expect(mail.headers.get('message-id') ?? '').toContain(`ticket-`)
    expect(mail.text).toContain('lift the green lever')
    expect(mail.text).not.toContain('Tray 2 sensor again')

    // Someone of another organisation: the ticket, its file and its stream are 404.
    const strangerCookie = await sessionCookie(stranger, strongPassword, uniqueIdentity('support-stranger').ip)
    expect((await get(`/support/${ticketId}`, strangerCookie, ip)).status).toBe(404)
    const fileHref = (await page.getByRole('link', { name: /spooler\.log/ }).getAttribute('href')) ?? ''
    const fileId = new RegExp(`/support/${ticketId}/files/(${uuid.source})`).exec(fileHref)?.[1]
    expect(fileId).toMatch(uuid)
    expect((await get(`/support/${ticketId}/files/${fileId}`, strangerCookie, ip)).status).toBe(404)
    const live = await fetch(`${baseURL()}/api/support/tickets/${ticketId}/live`, {
      headers: { cookie: strangerCookie, 'x-forwarded-for': ip },
    })
    expect(live.status).toBe(404)
    await live.body?.cancel()
    // The client downloads their file: an attachment, never sniffed, never stored.
    const file = await get(`/support/${ticketId}/files/${fileId}`, clientCookie, ip)
    expect(file.status).toBe(200)
    expect(file.headers.get('content-disposition')).toMatch(/^attachment; filename="spooler\.log"/)
    expect(file.headers.get('x-content-type-options')).toBe('nosniff')
    expect(file.headers.get('cache-control')).toContain('no-store')

    // The client marks it resolved and rates it, once.
    await page.getByRole('button', { name: 'Mark as resolved' }).click()
    await page.getByRole('heading', { name: 'How did we do?' }).waitFor()
    await page.getByLabel('A comment').fill('Quick and clear.')
    await page.getByRole('button', { name: 'Good' }).click()
    await page.getByText('You rated our help good. Thank you.').waitFor()
    expect(consoleErrors).toEqual([])
  }, 240_000)

  it('a technician on a phone opens a ticket for a client from the organisation page; the client gets it by e-mail', async () => {
    const ip = uniqueIdentity('support-staff-open').ip
    const admin = await adminSessionCookie(ip)
    const client = await invitedAccountOverHttp('client', 'support-staff-open', admin, ip)
    const list = await get(`/employee/clients?q=${encodeURIComponent(client)}`, admin, ip)
    const organisationId = new RegExp(`/employee/clients/(${uuid.source})`).exec(list.body)?.[1] ?? ''
    expect(organisationId).toMatch(uuid)

    const { page, context, consoleErrors } = await pageFrom(browser(), uniqueIdentity('support-staff-open-page').ip, {
      viewport: { width: 390, height: 844 },
    })
    // The admin's shared session (a second-factor code works once: a second sign-in would wait for the next).
    const host = new URL(baseURL()).hostname
    await context.addCookies(
      admin.split('; ').map((pair) => {
        const [name = '', value = ''] = pair.split('=')
        return { name, value, domain: host, path: '/' }
      }),
    )
    await open(page, `/employee/clients/${organisationId}`)
    await page.getByRole('link', { name: 'Open a ticket' }).click()
    await page.getByRole('heading', { name: 'Open a ticket', level: 1 }).waitFor()
    expect(page.url()).toBe(`${baseURL()}/employee/tickets/new?organisation=${organisationId}`)
    await page.waitForSelector('html[data-hydrated="true"]')
    // An empty ticket is refused by field, the form kept.
    await page.getByLabel(/^For whom at /).selectOption({ label: `Matrix support-staff-open (${client})` })
    await page.getByRole('button', { name: 'Open the ticket' }).click()
    await page.getByText('Say in a few words what it is about.').waitFor()
    await page.getByLabel('Subject').fill('Your new laptop is ready')
    await page.getByLabel('Description').fill('We set it up; bring the old one on Monday.')
    await page.getByLabel('Priority').selectOption('low')
    await expectAccessible(page)
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow, 'the new ticket form scrolls sideways at 390 px').toBeLessThanOrEqual(0)
    await Promise.all([
      page.waitForURL(/\/employee\/tickets\/[0-9a-f-]{36}\?opened=1$/),
      page.getByRole('button', { name: 'Open the ticket' }).click(),
    ])
    await page.getByText(/^T-\d{6} is open; Matrix support-staff-open is e-mailed it\.$/).waitFor()
    const ticketId = uuid.exec(page.url())?.[0] ?? ''

    // The client: the e-mail with the ticket's reply address, and the ticket in their list.
    const mail = await waitForMail(client, /\[#T-\d{6}\] Your new laptop is ready/)
    expect(mail.headers.get('reply-to') ?? '').toMatch(/support\+[a-z2-7]{32}@/)
    expect(mail.text).toContain('bring the old one on Monday')
    const clientCookie = await sessionCookie(client, strongPassword, uniqueIdentity('support-staff-open-http').ip)
    expect((await get('/support', clientCookie, ip)).body).toContain(`/support/${ticketId}`)
    expect(appErrors(consoleErrors)).toEqual([])
  }, 180_000)

  it('fits a phone: the client list and the ticket page at 390 px', async () => {
    const ip = uniqueIdentity('support-phone').ip
    const admin = await adminSessionCookie(ip)
    const client = await invitedAccountOverHttp('client', 'support-phone', admin, ip)
    const { page } = await pageFrom(browser(), uniqueIdentity('support-phone-page').ip, {
      viewport: { width: 390, height: 844 },
    })
    await signIn(page, client)
    await open(page, '/support/new')
    await page.getByLabel('Subject').fill('Wi-Fi drops in the back room')
    await page.getByLabel('What happened?').fill('Every afternoon.')
    await Promise.all([
      page.waitForURL(/\/support\/[0-9a-f-]{36}/),
      page.getByRole('button', { name: 'Send to support' }).click(),
    ])
    // The ticket's page the form led to (its data loaded and the page at rest), then the list.
    const ticketPath = new URL(page.url()).pathname
    await page.getByText(/is with our support team/).waitFor()
    await page.waitForSelector('html[data-hydrated="true"]')
    const sideways = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(await sideways(), `${ticketPath} scrolls sideways at 390 px`).toBeLessThanOrEqual(0)
    await expectAccessible(page)
    await open(page, '/support')
    expect(await sideways(), '/support scrolls sideways at 390 px').toBeLessThanOrEqual(0)
  }, 180_000)
})
