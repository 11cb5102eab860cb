import fs from 'node:fs'
import path from 'node:path'
import type { Page, Route } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import { business } from '../../app/content/business'
import { services } from '../../app/content/catalog'
import { plans } from '../../app/content/pricing'
import { parseMessage } from '../integration/helpers/mail'
import { baseURL, expectAccessible, newPage, open, testBrowser, visit } from './helpers/browser'

const browser = testBrowser()

const form = (page: Page) => page.locator('form[aria-labelledby="booking-form-title"]')
const submitButton = (page: Page) => form(page).locator('button[type="submit"]')
const serviceBox = (page: Page, name: string) => form(page).getByRole('checkbox', { name, exact: true })
const planTrigger = (page: Page) => form(page).getByRole('combobox', { name: /^Plan/ })

async function fillRequired(page: Page, who = { first: 'Pat', last: 'Example', email: 'pat@example.com' }) {
  await form(page).getByLabel('First name').fill(who.first)
  await form(page).getByLabel('Last name').fill(who.last)
  await form(page).getByLabel('E-mail').fill(who.email)
  await form(page).getByLabel('Phone').fill('(845) 555-0100')
}

async function choosePlan(page: Page, label: string) {
  await planTrigger(page).click()
  await page.getByRole('option', { name: label, exact: true }).click()
  await expect.poll(() => planTrigger(page).textContent()).toBe(label)
}

/**
 * The newest toast with this title (and a description matching, when given: earlier toasts with the
 * same title may still be on screen); its variant and description.
 */
async function toastTitled(page: Page, title: string, description?: RegExp) {
  const item = page
    .locator('[data-slot="toast"]')
    .filter({ has: page.locator('[data-slot="toast-title"]', { hasText: new RegExp(`^${escapeRegExp(title)}$`) }) })
    .filter(description ? { has: page.locator('[data-slot="toast-description"]', { hasText: description }) } : {})
    .last()
  await item.waitFor({ timeout: 10_000 })
  return {
    variant: await item.getAttribute('data-variant'),
    description: (await item.locator('[data-slot="toast-description"]').textContent()) ?? '',
  }
}

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** Every POST the page sends to the form handler. */
function recordPosts(page: Page) {
  const posts: string[] = []
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/process-form')) posts.push(request.postData() ?? '')
  })
  return posts
}

describe('a visitor books a free consultation', () => {
  it('finds every section of /book, with its meta, one h1 and no accessibility violations', async () => {
    const { page, context, consoleErrors } = await newPage(browser())
    expect(await visit(page, '/book')).toBe(200)
    expect(await page.title()).toBe(`Book a Free IT Consultation | ${business.name}`)
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${baseURL()}/book`)
    expect(await page.locator('h1').allTextContents()).toEqual(['Book your free IT consultation'])
    const headings = await page.locator('h2').allTextContents()
    for (const heading of [
      'Why book a consultation?',
      'What you receive',
      'Request your consultation',
      'What to expect',
      'Frequently asked questions',
      `Why businesses and homeowners trust ${business.name}`,
    ]) {
      expect(headings).toContain(heading)
    }
    expect(await page.locator('main').textContent()).toMatch(/30-60 minutes/)
    expect(await page.locator('main').textContent()).toMatch(/Free, no obligation/)
    // The availability check passed against the real server.
    await expect.poll(() => form(page).getAttribute('data-availability')).toBe('available')
    expect(await submitButton(page).isDisabled()).toBe(false)
    expect(consoleErrors).toEqual([])
    await context.close()
  })

  it('prefills the service and the plan from the query, and ignores unknown values', async () => {
    const { page, context } = await newPage(browser())
    for (const service of services.filter((s) => s.key !== 'residential')) {
      await open(page, `/book?service=${service.key}`)
      expect(await serviceBox(page, service.name).getAttribute('aria-checked'), service.key).toBe('true')
      expect(await form(page).locator('[role="checkbox"][aria-checked="true"]').count(), service.key).toBe(1)
    }
    for (const plan of plans) {
      await open(page, `/book?plan=${plan.key}`)
      expect(await planTrigger(page).textContent(), plan.key).toBe(plan.choiceLabel)
    }
    await open(page, '/book?service=managed-it&plan=full')
    expect(await serviceBox(page, 'Managed IT Services').getAttribute('aria-checked')).toBe('true')
    expect(await planTrigger(page).textContent()).toBe('Full Help Desk ($100/user/mo)')

    await open(page, '/book?service=plumbing&plan=gold')
    expect(await form(page).locator('[role="checkbox"][aria-checked="true"]').count()).toBe(0)
    expect(await planTrigger(page).textContent()).toBe('No preference yet')
    expect(await page.locator('h1').textContent()).toBe('Book your free IT consultation')
    await context.close()
  })

  it('switches to the residential variant with service=residential', async () => {
    const { page, context } = await newPage(browser())
    await open(page, '/book')
    expect(await serviceBox(page, 'Residential IT Support').count()).toBe(0)
    await planTrigger(page).click()
    expect(await page.getByRole('option').allTextContents()).toEqual([
      'No preference yet',
      'Basic Support ($40/user/mo)',
      'Full Help Desk ($100/user/mo)',
      'Custom Solutions',
    ])
    await page.keyboard.press('Escape')

    await visit(page, '/book?service=residential&plan=hourly')
    expect(await page.locator('h1').textContent()).toBe('Book your free home tech consultation')
    expect(await serviceBox(page, 'Residential IT Support').getAttribute('aria-checked')).toBe('true')
    expect(await form(page).getByRole('checkbox').count()).toBe(7)
    expect(await planTrigger(page).textContent()).toBe('Residential Hourly ($2.08/min)')
    await planTrigger(page).click()
    expect(await page.getByRole('option').allTextContents()).toEqual([
      'No preference yet',
      'Basic Support ($40/user/mo)',
      'Full Help Desk ($100/user/mo)',
      'Custom Solutions',
      'Residential Hourly ($2.08/min)',
      'Residential Subscription ($29-99/mo)',
    ])
    await page.keyboard.press('Escape')
    await context.close()
  })

  it('blocks submitting without the required fields and says which, inline and to screen readers', async () => {
    const { page, context } = await newPage(browser())
    const posts = recordPosts(page)
    // The page as loaded is checked by the first test (and marketing-pages); here, with its errors.
    await open(page, '/book')
    await submitButton(page).click()

    const alert = form(page).getByRole('alert')
    await alert.waitFor()
    expect(await alert.textContent()).toBe('Please check 4 fields: First name, Last name, E-mail, Phone.')
    const expected: Array<[string, string]> = [
      ['First name', 'Please enter your first name.'],
      ['Last name', 'Please enter your last name.'],
      ['E-mail', 'Please enter your e-mail address.'],
      ['Phone', 'Please enter your phone number.'],
    ]
    for (const [label, message] of expected) {
      const input = form(page).getByLabel(label)
      expect(await input.getAttribute('aria-invalid'), label).toBe('true')
      const describedBy = (await input.getAttribute('aria-describedby')) ?? ''
      expect(await page.locator(`#${describedBy}`).textContent(), label).toBe(message)
    }
    // Focus moves to the first field to fix.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('booking-firstName')
    await expectAccessible(page)

    await form(page).getByLabel('E-mail').fill('pat@')
    await submitButton(page).click()
    await expect
      .poll(() => page.locator('#booking-email-error').textContent())
      .toBe('Please enter a valid e-mail address, like name@example.com.')
    expect(posts).toEqual([])
    await context.close()
  })

  it('books for real: employees must be at least 1, then the toast, the stored row and both e-mails', async () => {
    const { page, context, consoleErrors } = await newPage(browser())
    const posts = recordPosts(page)
    // The real server answers; the request is held until the submitting state has been seen.
    let release = () => {}
    const released = new Promise<void>((resolve) => {
      release = resolve
    })
    await page.route('**/api/process-form', async (route: Route) => {
      if (route.request().method() === 'POST') await released
      await route.continue()
    })
    await open(page, '/book?service=cloud&plan=basic')
    const email = `e2e-${Date.now()}@example.com`
    await fillRequired(page, { first: 'Jordan', last: 'Rivera', email })
    await form(page).getByLabel('Company').fill('Rivera Accounting')
    await form(page).getByLabel('Number of users').fill('0')
    await submitButton(page).click()
    await expect
      .poll(() => page.locator('#booking-employees-error').textContent())
      .toBe('Number of users must be at least 1.')
    expect(posts).toEqual([])

    await form(page).getByLabel('Number of users').fill('8')
    await serviceBox(page, 'Cybersecurity').click()
    await choosePlan(page, 'Full Help Desk ($100/user/mo)')
    await form(page).getByLabel('Message').fill('Two offices, one shared printer that never works.')
    await submitButton(page).click()
    await expect.poll(() => submitButton(page).textContent()).toBe('Submitting...')
    expect(await submitButton(page).isDisabled()).toBe(true)
    release()

    const sent = await toastTitled(page, 'Consultation request sent!')
    expect(sent).toEqual({ variant: 'success', description: "We'll contact you shortly to confirm your appointment." })
    await expect.poll(() => submitButton(page).textContent()).toBe('Book my free consultation')
    // The form resets, except the services and plan.
    expect(await form(page).getByLabel('First name').inputValue()).toBe('')
    expect(await form(page).getByLabel('E-mail').inputValue()).toBe('')
    expect(await form(page).getByLabel('Number of users').inputValue()).toBe('')
    expect(await serviceBox(page, 'Cloud Solutions').getAttribute('aria-checked')).toBe('true')
    expect(await serviceBox(page, 'Cybersecurity').getAttribute('aria-checked')).toBe('true')
    expect(await planTrigger(page).textContent()).toBe('Full Help Desk ($100/user/mo)')

    expect(posts).toHaveLength(1)
    const payload = JSON.parse(posts[0] ?? '{}') as Record<string, unknown>
    expect(payload).toMatchObject({
      formType: 'consultation',
      firstName: 'Jordan',
      lastName: 'Rivera',
      name: 'Jordan Rivera',
      email,
      phone: '(845) 555-0100',
      company: 'Rivera Accounting',
      employees: 8,
      services: ['Cybersecurity', 'Cloud Solutions'],
      service: 'Cybersecurity, Cloud Solutions',
      plan: 'Full Help Desk ($100/user/mo)',
      source: `${baseURL()}/book?service=cloud&plan=basic`,
    })
    expect(Date.parse(String(payload.timestamp))).toBeGreaterThan(Date.now() - 60_000)

    // The row is in the database: the same payload again is recognised as the booking just stored.
    const replay = await fetch(`${baseURL()}/api/process-form`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: posts[0],
    })
    const again = (await replay.json()) as { data: { booking: { duplicate: boolean; reference: string } } }
    expect(replay.status).toBe(200)
    expect(again.data.booking.duplicate).toBe(true)

    // Both e-mails, as .eml files of the default file transport.
    const mailDir = path.join(inject('dataDir'), 'mail')
    const mails = () =>
      fs.existsSync(mailDir)
        ? fs.readdirSync(mailDir).map((f) => parseMessage(fs.readFileSync(path.join(mailDir, f), 'utf8')))
        : []
    const reference = again.data.booking.reference
    const ours = mails().filter((m) => m.text.includes(reference))
    expect(ours.map((m) => m.headers.get('to')).sort()).toEqual([email, business.email].sort())
    const notification = ours.find((m) => m.headers.get('to') === business.email)
    expect(notification?.headers.get('subject')).toBe(
      `New consultation request: Jordan Rivera (Rivera Accounting) [${reference}]`,
    )
    expect(notification?.text).toContain('Two offices, one shared printer that never works.')
    const confirmation = ours.find((m) => m.headers.get('to') === email)
    expect(confirmation?.headers.get('subject')).toBe(`Your free consultation request with ${business.name}`)
    expect(confirmation?.text).toContain('Hi Jordan,')
    expect(consoleErrors).toEqual([])
    await context.close()
  })
})

describe('every answer of the form handler has its toast', () => {
  type Reply = { status: number; body: string; contentType?: string }
  const json = (status: number, value: unknown): Reply => ({ status, body: JSON.stringify(value) })

  /** The real page and availability check; POST answers are the ones the real server cannot be made to give. */
  async function pageAnswering(replies: Reply[]) {
    const opened = await newPage(browser())
    const queue = [...replies]
    await opened.page.route('**/api/process-form', async (route: Route) => {
      if (route.request().method() !== 'POST') return route.continue()
      const reply = queue.shift()
      if (!reply) throw new Error('no reply left for this POST')
      await route.fulfill({
        status: reply.status,
        body: reply.body,
        contentType: reply.contentType ?? 'application/json',
      })
    })
    await open(opened.page, '/book')
    await expect.poll(() => form(opened.page).getAttribute('data-availability')).toBe('available')
    return opened
  }

  it('shows each error toast, destructive, and keeps what was typed', async () => {
    const cases: Array<{ reply: Reply; title: string; description: RegExp }> = [
      {
        reply: json(404, { error: 'Function not found' }),
        title: 'Supabase Function Error',
        description: /^The form handler is not available\. This is a configuration issue for the site administrator\.$/,
      },
      {
        reply: json(500, { error: 'Missing environment variable SMTP_URL' }),
        title: 'Server Configuration Error',
        description: /Missing environment variable SMTP_URL/,
      },
      {
        reply: { status: 200, body: '<!doctype html><html><body>Hello</body></html>', contentType: 'text/html' },
        title: 'Error',
        description:
          /^There was a problem booking your consultation: The server answered with a web page instead of the form handler's reply \(HTTP 200\)/,
      },
      {
        reply: json(403, { error: 'Forbidden' }),
        title: 'Error',
        description:
          /^There was a problem booking your consultation: The server refused the request \(HTTP 403 Forbidden\)/,
      },
      {
        reply: json(500, {}),
        title: 'Error',
        description: /^There was a problem booking your consultation: The server ran into a problem \(HTTP 500\)\./,
      },
      {
        reply: { status: 200, body: '' },
        title: 'Error',
        description: /^There was a problem booking your consultation: The server sent an empty response \(HTTP 200\)/,
      },
      {
        reply: { status: 200, body: '{"success": tr' },
        title: 'Error',
        description:
          /^There was a problem booking your consultation: The server sent a response we could not read \(malformed JSON/,
      },
      {
        reply: json(200, { error: 'Mailbox quota exceeded' }),
        title: 'Error',
        description: /^There was a problem booking your consultation: Mailbox quota exceeded$/,
      },
    ]
    const { page, context } = await pageAnswering(cases.map((c) => c.reply))
    await fillRequired(page)
    for (const c of cases) {
      await submitButton(page).click()
      const shown = await toastTitled(page, c.title, c.description)
      expect(shown.variant, c.title).toBe('destructive')
      await expect.poll(() => submitButton(page).isDisabled()).toBe(false)
    }
    expect(await form(page).getByLabel('First name').inputValue()).toBe('Pat')
    await context.close()
  })

  it('shows the field errors the server reports next to their fields', async () => {
    const { page, context } = await pageAnswering([
      json(400, {
        error: 'Please check the form: Please enter a valid phone number, like (845) 555-0142.',
        fields: { phone: ['Please enter a valid phone number, like (845) 555-0142.'] },
      }),
    ])
    await fillRequired(page)
    await submitButton(page).click()
    const shown = await toastTitled(page, 'Error')
    expect(shown.description).toBe(
      'There was a problem booking your consultation: Please check the form: Please enter a valid phone number, like (845) 555-0142.',
    )
    await expect
      .poll(() => page.locator('#booking-phone-error').textContent())
      .toBe('Please enter a valid phone number, like (845) 555-0142.')
    await context.close()
  })

  it('shows "sent, but with warning" and "recorded"', async () => {
    const { page, context } = await pageAnswering([
      json(200, {
        success: true,
        data: { email: { sent: true, recipient: 'pat@example.com', subject: 'S', message: 'Confirmation sent.' } },
        warning: 'The notification to our team is delayed.',
      }),
      json(200, {
        success: true,
        data: { email: { sent: false, recipient: 'pat@example.com', subject: 'S', message: 'Recorded.' } },
      }),
    ])
    await fillRequired(page)
    await submitButton(page).click()
    expect(await toastTitled(page, 'Consultation request sent, but with warning')).toEqual({
      variant: 'default',
      description: 'The notification to our team is delayed.',
    })
    await fillRequired(page)
    await submitButton(page).click()
    const recorded = await toastTitled(page, 'Consultation request recorded')
    expect(recorded.variant).toBe('default')
    await context.close()
  })

  it('times out after 15 seconds with the Request Timeout toast', async () => {
    const { page, context } = await newPage(browser())
    await page.clock.install()
    await page.route('**/api/process-form', async (route: Route) => {
      // Never answered: the page's own 15 s timer must end the wait.
      if (route.request().method() !== 'POST') await route.continue()
    })
    await open(page, '/book')
    await expect.poll(() => form(page).getAttribute('data-availability')).toBe('available')
    await fillRequired(page)
    await submitButton(page).click()
    await expect.poll(() => submitButton(page).textContent()).toBe('Submitting...')
    await page.clock.runFor(14_000)
    expect(await submitButton(page).textContent()).toBe('Submitting...')
    await page.clock.runFor(1_000)
    expect(await toastTitled(page, 'Request Timeout')).toEqual({
      variant: 'destructive',
      description: 'Request timed out after 15 seconds',
    })
    await context.close()
  })
})

describe('the form handler is not available', () => {
  it('shows the red banner and the Configuration Error toast, and blocks submitting', async () => {
    const { page, context } = await newPage(browser())
    const posts = recordPosts(page)
    await page.route('**/api/process-form', async (route: Route) => {
      if (route.request().method() === 'OPTIONS') {
        await route.fulfill({ status: 404, contentType: 'application/json', body: '{"error":"Not found"}' })
      } else {
        await route.continue()
      }
    })
    await open(page, '/book')
    const banner = page.getByTestId('form-handler-banner')
    await banner.waitFor()
    expect(await banner.getAttribute('role')).toBe('alert')
    expect(await banner.textContent()).toContain('Supabase Function Error')
    expect(await banner.textContent()).toContain(
      'The form handler is not available. This is a configuration issue for the site administrator.',
    )
    const shown = await toastTitled(page, 'Configuration Error')
    expect(shown.variant).toBe('destructive')
    expect(shown.description).toContain(business.phone)
    expect(await submitButton(page).isDisabled()).toBe(true)
    await fillRequired(page)
    await submitButton(page).click({ force: true })
    await form(page).getByLabel('Phone').press('Enter')
    expect(posts).toEqual([])
    await expectAccessible(page)
    await context.close()
  })
})
