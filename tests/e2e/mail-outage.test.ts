import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TestSmtpServer } from '../integration/helpers/smtp'
import { waitFor } from '../integration/helpers/wait'
import { type BuiltServer, startBuiltServer, testAdmin } from '../setup/built-server'
import { enrolAdminSession } from '../setup/two-factor-http'
import { appErrors, expectToast, pageFrom, uniqueIdentity } from './helpers/accounts'
import { expectAccessible, open, testBrowser } from './helpers/browser'

// The suite's shared server writes mail to files; this file starts its own, sending over SMTP to a
// real SMTP server in this process that is down at first (its port refuses connections) and comes
// back half-way through the journey.

const smtp = new TestSmtpServer()
let server: BuiltServer | undefined
let adminCookie = ''

beforeAll(async () => {
  // A port of our own that refuses connections until start().
  await smtp.start()
  await smtp.stop()
  server = await startBuiltServer('mail-outage', { SMTP_URL: smtp.url, SEED_DEMO: 'false' })
  // The session enrolment leaves the admin with: signing in through the page is other files' subject.
  adminCookie = (await enrolAdminSession({ baseURL: server.baseURL, origin: server.publicURL }, testAdmin)).cookie
})
afterAll(async () => {
  await server?.stop()
  await smtp.stop()
})
const browser = testBrowser()

/** The sync-status row of the message to `email`, read again ("Check now") until `ready` holds. */
async function mailRow(page: Page, email: string, list: string, ready: (text: string) => boolean) {
  const row = page
    .locator('[data-slot="card"]')
    .filter({ has: page.getByRole('heading', { name: list, level: 3 }) })
    .locator('li[data-mail-id]')
    .filter({ hasText: `To ${email}` })
  await waitFor(
    `the e-mail to ${email} under "${list}"`,
    async () => {
      if ((await row.count()) === 1 && ready((await row.textContent()) ?? '')) return true
      await page.getByRole('button', { name: 'Check now' }).click()
      await page.getByRole('button', { name: 'Check now' }).and(page.locator(':enabled')).waitFor()
      return false
    },
    { timeoutMs: 30_000, intervalMs: 500 },
  )
  return row
}

describe('an admin during an SMTP outage', () => {
  it('sees an invitation fail with its error, retries it once the mail server is back, and finds each action in the audit log', async () => {
    const baseURL = server?.baseURL ?? ''
    const { page, context, consoleErrors } = await pageFrom(browser(), uniqueIdentity('outage').ip, { baseURL })
    const host = new URL(baseURL).hostname
    await context.addCookies(
      adminCookie.split('; ').map((pair) => {
        const at = pair.indexOf('=')
        return { name: pair.slice(0, at), value: pair.slice(at + 1), domain: host, path: '/' }
      }),
    )
    await open(page, '/admin')
    await page.getByRole('heading', { name: 'Admin Dashboard', level: 1 }).waitFor()

    // An invitation is queued with its account; the worker tries it at once and the refused
    // connection leaves it waiting for its next attempt.
    const invitee = uniqueIdentity('outage-invitee').email
    await page.getByLabel('Full name').fill('Olive Outage')
    await page.getByLabel('E-mail').fill(invitee)
    await page.getByRole('button', { name: 'Send invitation' }).click()
    await expectToast(page, 'Done', `Invitation sent to ${invitee}.`)

    await open(page, '/admin/sync-status')
    await page.getByRole('heading', { name: 'Sync status', level: 1 }).waitFor()
    const waiting = await mailRow(page, invitee, 'Waiting and being sent', (text) => text.includes('Last error'))
    const waitingText = (await waiting.textContent()) ?? ''
    expect(waitingText).toContain('Waiting to retry')
    expect(waitingText).toMatch(/attempts 1 of 31/)
    expect(waitingText).toMatch(/next attempt/)
    expect(waitingText).toMatch(/Last error: .*ECONNREFUSED/)
    await page.getByText(/^Outgoing e-mail is failing since/).waitFor()
    expect(await page.getByText('SMTP server', { exact: true }).count()).toBe(1)
    await expectAccessible(page)

    // The Admin Dashboard says so too, with the way here.
    await open(page, '/admin')
    await page.getByText(/^Outgoing e-mail is failing/).waitFor()
    await page.getByRole('link', { name: 'Open sync status' }).first().click()
    await page.getByRole('heading', { name: 'Sync status', level: 1 }).waitFor()

    // The mail server is back: "Retry now" sends it at the worker's next poll, not in a minute.
    await smtp.start()
    const subject = (await waiting.locator('span.font-medium').textContent()) ?? ''
    expect(subject).toMatch(/account is ready/)
    await page.getByRole('button', { name: `Retry now: ${subject} to ${invitee}` }).click()
    await expectToast(page, 'Done', 'The e-mail is sent at the next attempt, within seconds.')
    await waitFor(
      'the invitation to reach the SMTP server',
      () => smtp.received.some((m) => m.recipients.includes(invitee)),
      {
        timeoutMs: 15_000,
        intervalMs: 200,
      },
    )
    const received = smtp.received.filter((m) => m.recipients.includes(invitee))
    expect(received).toHaveLength(1)
    expect(received[0]?.headers.get('subject')).toBe(subject)
    expect(received[0]?.text).toMatch(/\/setup-account\?token=/)

    const sent = await mailRow(page, invitee, 'Recently sent', (text) => text.includes('Sent'))
    expect((await sent.textContent()) ?? '').not.toContain('Last error')
    expect(await sent.getByRole('button', { name: /^Retry now/ }).count()).toBe(0)
    expect(await page.getByText(/^Outgoing e-mail is failing since/).count()).toBe(0)
    expect(await page.getByText('No failed e-mails.').count()).toBe(1)
    await expectAccessible(page)

    // The audit log has the invitation and the retry, by this admin, the retry naming the message.
    await open(page, `/admin/audit?actor=${encodeURIComponent(testAdmin.email)}`)
    await page.getByRole('heading', { name: 'Audit log', level: 1 }).waitFor()
    const table = page.getByRole('table', { name: /Audit log entries/ })
    const retry = table.getByRole('row').filter({ hasText: 'mail.retry' })
    await retry.waitFor()
    expect(await retry.count()).toBe(1)
    const retryText = (await retry.textContent()) ?? ''
    expect(retryText).toContain('previousState: retry')
    expect(retryText).toContain(invitee)
    expect(retryText).toContain(subject)
    const invite = table.getByRole('row').filter({ hasText: 'account.invite' }).filter({ hasText: invitee })
    expect(await invite.count()).toBe(1)
    // Newest first: the retry came after the invitation.
    const actions = await table.locator('tbody tr').allTextContents()
    expect(actions.findIndex((row) => row.includes('mail.retry'))).toBeLessThan(
      actions.findIndex((row) => row.includes('account.invite')),
    )

    // The filter by area finds it as well. (The audit log's accessibility is checked in staff-workspace.)
    await open(page, '/admin/audit?action=mail.')
    await table.getByRole('row').filter({ hasText: 'mail.retry' }).waitFor()
    expect(appErrors(consoleErrors)).toEqual([])
    await context.close()
  })
})
