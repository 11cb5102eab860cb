import { ImapFlow } from 'imapflow'
import { describe, expect, inject, it } from 'vitest'
import {
  adminSessionCookie,
  invitedAccountOverHttp,
  pageFrom,
  postForm,
  sessionCookie,
  signInAdmin,
  strongPassword,
  uniqueIdentity,
  waitForMail,
} from './helpers/accounts'
import { baseURL, expectAccessible, open, testBrowser } from './helpers/browser'

// Incoming support e-mail on the built server (docs/support.md#e-mail): the suite's server reads a
// throwaway Dovecot's mailbox (tests/e2e/global-setup.ts). A client answers a technician's reply by
// e-mail and the answer shows on the technician's open ticket page without a reload; a stranger's
// message waits on the triage page, which fits a phone.

const browser = testBrowser()
const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/

/** Puts a raw message in the support mailbox, as the mail server delivering it would. */
async function deliver(lines: string[]): Promise<void> {
  const mailbox = inject('supportMailbox')
  const client = new ImapFlow({
    host: mailbox.host,
    port: mailbox.port,
    secure: false,
    doSTARTTLS: false,
    auth: { user: mailbox.user, pass: mailbox.password },
    logger: false,
  })
  await client.connect()
  try {
    await client.append('INBOX', lines.join('\r\n'))
  } finally {
    await client.logout()
  }
}

describe('support tickets by e-mail, end to end', () => {
  it('a client answers by e-mail and the answer shows live on the technician’s open page', async () => {
    const ip = uniqueIdentity('support-mail').ip
    const admin = await adminSessionCookie(ip)
    const client = await invitedAccountOverHttp('client', 'support-mail-client', admin, ip)
    const clientCookie = await sessionCookie(client, strongPassword, uniqueIdentity('support-mail-http').ip)

    const form = new FormData()
    for (const [name, value] of Object.entries({
      intent: 'open',
      subject: 'Scanner sends nothing',
      body: 'Scans to e-mail never arrive.',
      category: 'managed_it',
      priority: 'normal',
    })) {
      form.set(name, value)
    }
    const opened = await fetch(`${baseURL()}/support/new`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: clientCookie, origin: baseURL(), 'x-forwarded-for': ip },
      body: form,
    })
    expect(opened.status).toBe(302)
    const ticketId = uuid.exec(opened.headers.get('location') ?? '')?.[0] ?? ''
    expect(ticketId).toMatch(uuid)

    // The technician's page is open, and live, when the technician replies.
    const { page, consoleErrors } = await pageFrom(browser(), uniqueIdentity('support-mail-page').ip)
    await signInAdmin(page)
    await page.waitForURL((url) => !url.pathname.startsWith('/auth'), { timeout: 30_000 })
    await open(page, `/employee/tickets/${ticketId}`)
    await page.waitForSelector('html[data-ticket-live="ready"]', { timeout: 15_000 })
    const reply = await postForm(
      `/employee/tickets/${ticketId}`,
      { intent: 'reply', body: 'Which address does the scanner send from?', visibility: 'public' },
      { cookie: admin, ip },
    )
    expect(reply.status).toBe(200)
    const mail = await waitForMail(client, /\[#T-\d{6}\] Scanner sends nothing/)
    const replyTo = mail.headers.get('reply-to') ?? ''
    const messageId = mail.headers.get('message-id') ?? ''
    expect(replyTo).toMatch(/support\+[a-z2-7]{32}@/)

    // The client answers from their mail program: the answer above the quoted history.
    await deliver([
      `Authentication-Results: mx.ramapo-it.test; dmarc=pass header.from=${client.split('@')[1]}`,
      `From: ${client}`,
      `To: ${replyTo}`,
      `Subject: RE: ${mail.headers.get('subject') ?? ''}`,
      `Message-ID: <answer-${Date.now()}@${client.split('@')[1]}>`,
      `In-Reply-To: ${messageId}`,
      `References: ${messageId}`,
      'Date: Fri, 27 Nov 2026 09:30:00 +0000',
      'Content-Type: text/plain; charset=utf-8',
      '',
      'It sends from scanner@example.com, port 25.',
      '',
      'On Fri, 27 Nov 2026, Ramapo IT Support wrote:',
      '> Which address does the scanner send from?',
      '',
    ])
    await page.getByText('It sends from scanner@example.com, port 25.').waitFor({ timeout: 30_000 })
    expect(await page.getByText('> Which address does the scanner send from?').count()).toBe(0)
    expect(consoleErrors).toEqual([])
  }, 240_000)

  it('a stranger’s message waits on the triage page, which fits a phone', async () => {
    const subject = `Do you service plotters? ${Date.now()}`
    await deliver([
      'From: Someone New <someone@new-company.test>',
      'To: support@ramapo-it.test',
      `Subject: ${subject}`,
      `Message-ID: <stranger-${Date.now()}@new-company.test>`,
      'Date: Fri, 27 Nov 2026 09:31:00 +0000',
      'Content-Type: text/plain; charset=utf-8',
      '',
      'We have an HP DesignJet that needs a look.',
      '',
    ])
    const { page, consoleErrors } = await pageFrom(browser(), uniqueIdentity('support-triage').ip, {
      viewport: { width: 390, height: 844 },
    })
    await signInAdmin(page)
    await page.waitForURL((url) => !url.pathname.startsWith('/auth'), { timeout: 30_000 })
    await expect
      .poll(
        async () => {
          await open(page, '/employee/tickets/triage')
          return page.getByRole('heading', { name: subject }).count()
        },
        { timeout: 30_000 },
      )
      .toBe(1)
    await page.getByText('someone@new-company.test').first().waitFor()
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow, 'the triage page scrolls sideways at 390 px').toBeLessThanOrEqual(0)
    await expectAccessible(page)
    expect(consoleErrors).toEqual([])
  }, 180_000)
})
