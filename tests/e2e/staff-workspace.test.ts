import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { addDays, businessDate, fromBusinessLocalInput } from '../../app/lib/business-time'
import { consultationBody } from '../integration/helpers/intake'
import {
  adminSessionCookie,
  enrolledStaffSession,
  invitedAccountOverHttp,
  postForm,
  sessionCookie,
  signedInPage,
  strongPassword,
  uniqueIdentity,
  waitForMail,
} from './helpers/accounts'
import { baseURL, expectAccessible, open, testBrowser, visit } from './helpers/browser'

const browser = testBrowser()

/** Picks an option of a Radix Select by the field's label. */
async function choose(page: Page, label: string | RegExp, option: string | RegExp) {
  await page.getByRole('combobox', { name: label }).click()
  await page.getByRole('option', { name: option }).click()
}

/** The text/calendar part of a raw message (nodemailer writes attachments base64-encoded). */
function calendarPart(raw: string): string {
  const parts = raw.split(/\r?\n--/)
  const part = parts.find((p) => /content-type:\s*text\/calendar/i.test(p))
  if (!part) throw new Error('no text/calendar part in the message')
  const split = part.search(/\r?\n\r?\n/)
  const head = part.slice(0, split)
  const body = part.slice(split).trim()
  return /base64/i.test(head) ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8') : body
}

describe('the staff workspace', () => {
  it('an employee works a request through to scheduled, the client gets the .ics, and admin pages stay closed', async () => {
    const ip = uniqueIdentity('staff-ws').ip
    const employeeEmail = await invitedAccountOverHttp('employee', 'ws-employee', await adminSessionCookie(ip), ip)
    const { cookie } = await enrolledStaffSession(employeeEmail, uniqueIdentity('ws-employee').ip)

    // A visitor books a consultation.
    const client = uniqueIdentity('ws-visitor')
    const booked = await fetch(`${baseURL()}/api/process-form`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseURL(), 'x-forwarded-for': client.ip },
      body: JSON.stringify(
        consultationBody({
          email: client.email,
          firstName: 'Wanda',
          lastName: 'Workflow',
          name: 'Wanda Workflow',
          source: `${baseURL()}/book`,
        }),
      ),
    })
    expect(booked.status).toBe(200)

    const { page, context } = await signedInPage(browser(), uniqueIdentity('ws-employee').ip, cookie)
    expect(await open(page, '/employee')).toBe(200)
    await page.getByRole('heading', { name: 'Employee portal', level: 1 }).waitFor()
    // The back office's navigation, with the requests' count; no admin areas for an employee.
    const nav = page.getByRole('navigation', { name: 'Staff areas' })
    await nav.getByRole('link', { name: /Requests/ }).waitFor()
    expect(await nav.getByRole('link', { name: /Audit log/ }).count()).toBe(0)
    await expectAccessible(page)

    expect(await open(page, `/employee/requests?q=${encodeURIComponent(client.email)}`)).toBe(200)
    await page.waitForSelector('html[data-hydrated="true"]')
    await expectAccessible(page)
    await page.getByRole('link', { name: 'Wanda Workflow' }).click()
    await page.getByRole('heading', { name: /Wanda Workflow/, level: 1 }).waitFor()
    await page.getByText('Our Wi-Fi drops every afternoon.').waitFor()
    await page.getByText(`${baseURL()}/book`).first().waitFor()
    await expectAccessible(page)

    // new → contacted, with a note, then scheduled two weeks from today.
    const appointmentDate = addDays(businessDate(new Date()), 14)
    await choose(page, 'Move to', 'Contacted')
    await page.getByRole('button', { name: 'Change status' }).click()
    await page.getByText('Status changed.').waitFor()
    await page.getByTestId('request-status').filter({ hasText: 'Contacted' }).waitFor()
    await page.getByLabel('New note').fill('Called; prefers a video call on Tuesday.')
    await page.getByRole('button', { name: 'Add note' }).click()
    await page.getByText('Note added.').waitFor()
    await page.getByLabel('Date').fill(appointmentDate)
    await page.getByLabel('Time (New York)').fill('10:30')
    await choose(page, 'Length', '45 minutes')
    await page.getByRole('radio', { name: 'Video call' }).click()
    await page.getByLabel(/Address, phone number or video link/).fill('https://meet.example.com/wanda')
    await page.getByRole('button', { name: 'Schedule and e-mail the invitation' }).click()
    await page.getByText(/Appointment saved/).waitFor()
    await page.getByTestId('request-status').filter({ hasText: 'Scheduled' }).waitFor()

    // A change made on the page as it was before (version 1) is refused, not applied over the newer one.
    const requestPath = new URL(page.url()).pathname
    const stale = await postForm(requestPath, { intent: 'status', version: '1', status: 'spam' }, { cookie, ip })
    expect(stale.status).toBe(409)
    expect(await stale.text()).toContain('Someone else changed this request after you opened it.')
    await page.reload()
    await page.getByTestId('request-status').filter({ hasText: 'Scheduled' }).waitFor()

    // The client's invitation, read from the file transport.
    const mail = await waitForMail(client.email, /Your consultation with/)
    const ics = calendarPart(mail.raw)
    expect(ics).toContain('METHOD:REQUEST')
    const start = fromBusinessLocalInput(`${appointmentDate}T10:30`)
      ?.toISOString()
      .replace(/[-:]|\.000/g, '')
    expect(ics).toContain(`DTSTART:${start}`)
    expect(ics).toContain('SEQUENCE:0')
    expect(ics).toMatch(/UID:consultation-[0-9a-f-]+@/)

    // No admin page, no admin API: asked with the employee's session over HTTP (the refused page
    // itself, in the browser and for its accessibility, is accounts-access's).
    for (const path of ['/admin/accounts', '/admin/audit', '/api/admin/consent-log.csv']) {
      const refused = await fetch(`${baseURL()}${path}`, { headers: { cookie, 'x-forwarded-for': ip } })
      expect(refused.status, path).toBe(403)
      await refused.body?.cancel()
    }
    await context.close()
  })

  it('an admin changes a role, disables an account (its open session ends at once) and finds both in the audit log', async () => {
    const ip = uniqueIdentity('ws-admin').ip
    const email = await invitedAccountOverHttp('client', 'ws-target', await adminSessionCookie(ip), ip)
    const targetCookie = await sessionCookie(email, strongPassword, uniqueIdentity('ws-target').ip)
    const profile = () =>
      fetch(`${baseURL()}/api/account/profile`, { headers: { cookie: targetCookie, 'x-forwarded-for': ip } })
    expect((await profile()).status).toBe(200)

    // The Admin Dashboard has its overview of what needs attention (read over HTTP: the page opened
    // next is the accounts list).
    const adminCookie = await adminSessionCookie(ip)
    const dashboard = await fetch(`${baseURL()}/admin`, { headers: { cookie: adminCookie, 'x-forwarded-for': ip } })
    expect(dashboard.status).toBe(200)
    expect(await dashboard.text()).toMatch(/<h2 id="attention-title"[^>]*>\s*Needs attention\s*<\/h2>/)
    const { page, context } = await signedInPage(browser(), ip, adminCookie)
    expect(await open(page, `/admin/accounts?q=${encodeURIComponent(email)}`)).toBe(200)
    await expectAccessible(page)
    await page.getByRole('link', { name: 'Matrix ws-target' }).click()
    await page.getByRole('heading', { name: /Matrix ws-target/, level: 1 }).waitFor()
    await page.waitForSelector('html[data-hydrated="true"]')
    const accountPath = new URL(page.url()).pathname
    const accountId = accountPath.split('/').pop() ?? ''

    await page.getByRole('radio', { name: 'Employee' }).click()
    await page.getByRole('button', { name: 'Change role' }).click()
    await page.getByText('Role changed.').waitFor()
    await page.getByRole('button', { name: 'Disable the account' }).click()
    await page.getByText('Account disabled; its sessions have ended.').waitFor()
    await page.getByTestId('account-state').filter({ hasText: 'Disabled' }).waitFor()
    await expectAccessible(page)
    // The open session is refused on its very next request.
    expect((await profile()).status).toBe(401)

    await open(page, `/admin/audit?subject=${accountId}`)
    await page.getByRole('heading', { name: 'Audit log', level: 1 }).waitFor()
    const table = page.getByRole('table', { name: /Audit log entries/ })
    await table.getByText('account.disable').waitFor()
    await table.getByText('account.role').waitFor()
    await expectAccessible(page)
    await context.close()
  })

  it("an employee reads a sent invoice and its PDF, with none of the admins' controls; a draft stays hidden and admin actions are refused", async () => {
    const ip = uniqueIdentity('ws-billing').ip
    const adminCookie = await adminSessionCookie(ip)
    const employeeEmail = await invitedAccountOverHttp('employee', 'ws-billing-employee', adminCookie, ip)
    const employeeIp = uniqueIdentity('ws-billing-employee').ip
    const { cookie } = await enrolledStaffSession(employeeEmail, employeeIp)
    const { page, context } = await signedInPage(browser(), employeeIp, cookie)
    const get = (path: string, who: string) =>
      fetch(`${baseURL()}${path}`, { headers: { cookie: who, 'x-forwarded-for': employeeIp }, redirect: 'manual' })

    // The demo client's paid invoice, from the employees' list.
    expect(await visit(page, '/employee/billing?kind=invoice&status=paid')).toBe(200)
    const link = page.getByRole('rowheader').getByRole('link').first()
    const name = (await link.textContent()) ?? ''
    expect(name).toMatch(/^Invoice INV-/)
    await link.click()
    await page.getByRole('heading', { name: new RegExp(`^${name}`), level: 1 }).waitFor()
    const id = new URL(page.url()).pathname.split('/').pop() ?? ''
    expect(new URL(page.url()).pathname).toBe(`/employee/billing/${id}`)

    // The document as printed, its payments and history: read only.
    await page.getByRole('article', { name }).waitFor()
    await page.getByRole('heading', { name: 'Payments', level: 2 }).waitFor()
    await page.getByRole('heading', { name: 'History', level: 2 }).waitFor()
    await page
      .getByRole('link', { name: /^Receipt RCT-/ })
      .first()
      .waitFor()
    for (const control of [/Record payment/, /^Void/, /^Send/, /^Convert/, /reminders/, /^Delete/, /^Withdraw/]) {
      expect(await page.getByRole('button', { name: control }).count(), String(control)).toBe(0)
    }
    expect(await page.locator('main form[method="post"]').count()).toBe(0)
    await expectAccessible(page)

    const pdf = await get(`/employee/billing/${id}/pdf`, cookie)
    expect(pdf.status).toBe(200)
    expect(pdf.headers.get('content-type')).toBe('application/pdf')
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-')

    // An admin action posted for this very document: refused by the admin area, nothing recorded.
    const refused = await postForm(
      `/admin/billing/${id}`,
      { intent: 'void', reason: 'Probe' },
      { cookie, ip: employeeIp },
    )
    expect(refused.status).toBe(403)
    expect((await get(`/admin/billing/${id}/pdf`, cookie)).status).toBe(403)

    // A draft exists (the admins' list shows it) but is not the employees' to read: 404, page and PDF.
    const drafts = await (await get('/admin/billing?status=draft', adminCookie)).text()
    const draftId = drafts.match(/href="\/admin\/billing\/([0-9a-f-]{36})"/)?.[1]
    expect(draftId).toBeDefined()
    expect((await get(`/employee/billing/${draftId}`, cookie)).status).toBe(404)
    expect((await get(`/employee/billing/${draftId}/pdf`, cookie)).status).toBe(404)
    expect((await get(`/admin/billing/${draftId}`, adminCookie)).status).toBe(200)
    await context.close()
  })

  it('shows staff the phone menu on a small screen', async () => {
    const ip = uniqueIdentity('ws-phone').ip
    const cookie = await adminSessionCookie(ip)
    const { page, context } = await signedInPage(browser(), ip, cookie)
    await page.setViewportSize({ width: 390, height: 844 })
    expect(await visit(page, '/admin/audit')).toBe(200)
    await page.waitForSelector('html[data-hydrated="true"]')
    await page.getByRole('button', { name: 'Staff menu' }).click()
    const dialog = page.getByRole('dialog', { name: 'Staff areas' })
    await dialog.getByRole('link', { name: /Requests/ }).click()
    await page.getByRole('heading', { name: 'Consultation requests', level: 1 }).waitFor()
    expect(await dialog.count()).toBe(0)
    await context.close()
  })
})
