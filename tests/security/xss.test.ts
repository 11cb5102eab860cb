import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  adminSessionCookie,
  pageFrom,
  reviewThroughPage,
  sessionCookie,
  signInThroughPage,
  strongPassword,
  uniqueIdentity,
  waitForMail,
} from '../e2e/helpers/accounts'
import { baseURL, open, testBrowser } from '../e2e/helpers/browser'

/**
 * Probes that would run script if a page put them into HTML unescaped, or rendered them as
 * Markdown: each calls alert(), which the browser reports as a dialog.
 */
const probes = {
  name: '<img src=x onerror=alert(1)>[m](javascript:alert(2))',
  company: '<script>alert(3)</script>![i](javascript:alert(4))',
  firstName: '<svg onload=alert(5)>',
  lastName: '"><script>alert(6)</script>',
  bookingCompany: '<a href="javascript:alert(7)">Acme</a>',
  message: '[click](javascript:alert(8)) <iframe src="javascript:alert(9)"></iframe> **bold**',
}

const who = uniqueIdentity('xss')

const browser = testBrowser()
let clientCookie = ''

/** Watches a page for script that ran (dialogs) or was blocked by the CSP (which would mean a probe reached the HTML). */
function watch(page: Page) {
  const dialogs: string[] = []
  const violations: string[] = []
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message())
    void dialog.dismiss()
  })
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (execute|load|frame)/i.test(message.text())) violations.push(message.text())
  })
  return { dialogs, violations }
}

/** Elements a probe would have created had it been parsed as HTML or Markdown. */
async function injectedElements(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = []
    for (const element of Array.from(document.querySelectorAll('*'))) {
      for (const attribute of Array.from(element.attributes)) {
        if (/^on/i.test(attribute.name)) found.push(`${element.tagName} ${attribute.name}`)
        if (/^(href|src|action|formaction)$/i.test(attribute.name) && /^\s*javascript:/i.test(attribute.value)) {
          found.push(`${element.tagName} ${attribute.name}=${attribute.value}`)
        }
      }
    }
    for (const script of Array.from(document.scripts)) {
      const text = script.textContent ?? ''
      // A probe that broke out makes a script of its own; inside the page's data it stays escaped (\u003c).
      if (/^\s*alert\(\d+\)\s*$/.test(text)) found.push(`injected script: ${text}`)
      if (/<\/?(script|img|svg|iframe|a)\b/i.test(text)) found.push('unescaped markup inside a script')
    }
    for (const tag of ['svg[onload]', 'iframe', 'img[src="x"]']) {
      if (document.querySelector(tag)) found.push(tag)
    }
    return found
  })
}

async function withCookie(page: Page, cookie: string) {
  const url = new URL(baseURL())
  await page.context().addCookies(
    cookie.split('; ').map((pair) => {
      const [name = '', value = ''] = pair.split('=')
      return { name, value, domain: url.hostname, path: '/' }
    }),
  )
}

beforeAll(async () => {
  const headers = { 'content-type': 'application/json', origin: baseURL(), 'x-forwarded-for': who.ip }
  // An account whose name and company are probes (the sign-up API takes them as they are).
  const signUp = await fetch(`${baseURL()}/api/auth/sign-up/email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      name: probes.name,
      email: who.email,
      password: strongPassword,
      phone: '(845) 555-0177',
      companyName: probes.company,
    }),
  })
  expect(signUp.status).toBe(200)
  const link = new URL(
    (await waitForMail(who.email, /Confirm your e-mail/)).text.match(/https?:\/\/\S+token=\S+/)?.[0] ?? '',
  )
  const verify = await fetch(`${baseURL()}/api/auth/email-otp/verify-email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email: who.email, otp: link.searchParams.get('token') }),
  })
  expect(verify.status).toBe(200)
  clientCookie = await sessionCookie(who.email, strongPassword, uniqueIdentity('xss').ip)
  // A consultation request sent signed in (so it is theirs: one from a visitor who only typed their
  // address would not reach their dashboard), probes in every free-text field.
  const booking = await fetch(`${baseURL()}/api/process-form`, {
    method: 'POST',
    headers: { ...headers, cookie: clientCookie },
    body: JSON.stringify({
      formType: 'consultation',
      firstName: probes.firstName,
      lastName: probes.lastName,
      email: who.email,
      phone: '(845) 555-0177',
      company: probes.bookingCompany,
      services: ['Cybersecurity'],
      message: probes.message,
      website: '',
    }),
  })
  expect(booking.status).toBe(200)
})

describe('script and Markdown probes in fields that are shown again', () => {
  it('are refused in the fields that only take choices or digits', async () => {
    const headers = {
      'content-type': 'application/json',
      origin: baseURL(),
      'x-forwarded-for': uniqueIdentity('xss').ip,
    }
    const booking = (extra: Record<string, unknown>) =>
      fetch(`${baseURL()}/api/process-form`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          formType: 'consultation',
          firstName: 'Pat',
          lastName: 'Probe',
          email: 'pat-probe@example.com',
          phone: '(845) 555-0177',
          services: ['Cybersecurity'],
          ...extra,
        }),
      })
    expect((await booking({ services: ['<script>alert(1)</script>'] })).status).toBe(400)
    expect((await booking({ plan: '<img src=x onerror=alert(1)>' })).status).toBe(400)
    expect((await booking({ phone: '<script>alert(1)</script>' })).status).toBe(400)
    const signUp = await fetch(`${baseURL()}/api/auth/sign-up/email`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        name: 'Pat',
        email: uniqueIdentity('xss').email,
        password: strongPassword,
        phone: '<img src=x onerror=alert(1)>',
      }),
    })
    expect(signUp.status).toBe(400)
  })

  it('show as text on the client’s dashboard and settings, never as markup', async () => {
    const { page, context } = await pageFrom(browser(), uniqueIdentity('xss').ip)
    const seen = watch(page)
    await withCookie(page, clientCookie)
    await open(page, '/dashboard')
    // The name is shown (in the navbar and the account card), literally.
    await page.getByText(probes.name).first().waitFor()
    await page.getByRole('main').getByText('Cybersecurity').first().waitFor()
    expect(await injectedElements(page)).toEqual([])
    await open(page, '/account/settings')
    expect(await page.getByLabel('Full name').inputValue()).toBe(probes.name)
    expect(await page.getByLabel('Company name (optional)').inputValue()).toBe(probes.company)
    expect(await injectedElements(page)).toEqual([])
    expect(seen).toEqual({ dialogs: [], violations: [] })
    await context.close()
  })

  it('show as text on the Admin Dashboard and in its approval message', async () => {
    const { page, context } = await pageFrom(browser(), uniqueIdentity('xss').ip)
    const seen = watch(page)
    await withCookie(page, await adminSessionCookie(uniqueIdentity('xss').ip))
    await open(page, '/admin')
    const row = page.getByRole('listitem').filter({ hasText: who.email })
    // The name shows as the person and, for a household, as the organisation it would become.
    await row.getByText(probes.name).first().waitFor()
    expect(await row.textContent()).toContain(probes.company)
    expect(await injectedElements(page)).toEqual([])
    // The toast names the account: still text.
    await reviewThroughPage(page, who.email, 'approve')
    await page.getByText(`${probes.name} is approved.`).first().waitFor()
    expect(await injectedElements(page)).toEqual([])
    expect(seen).toEqual({ dialogs: [], violations: [] })
    await context.close()
  })

  it('are not reflected as markup from addresses, and sign-in never follows a javascript: or foreign redirect', async () => {
    const { page, context } = await pageFrom(browser(), uniqueIdentity('xss').ip)
    const seen = watch(page)
    const q = encodeURIComponent
    const reflected = [
      `/?token=abc&email=${q('"><img src=x onerror=alert(10)>@example.com')}`,
      `/book?service=${q('<script>alert(11)</script>')}&plan=${q('<img src=x onerror=alert(12)>')}`,
      `/no/such/${q('<script>alert(13)</script>')}`,
      `/auth?mode=signup&redirectTo=${q('javascript:alert(14)')}`,
      `/auth/reset-password?token=${q('"><script>alert(15)</script>')}`,
      `/setup-account?token=${q('"><svg onload=alert(16)>')}`,
    ]
    for (const path of reflected) {
      await page.goto(path, { waitUntil: 'load' })
      await page.waitForSelector('html[data-hydrated="true"]', { timeout: 15_000 })
      expect(await injectedElements(page), path).toEqual([])
    }
    for (const target of ['javascript:alert(17)', 'https://evil.example/', '//evil.example/', '/\\evil.example']) {
      await context.clearCookies()
      await signInThroughPage(page, who.email, strongPassword, `/auth?redirectTo=${q(target)}`)
      await page.waitForURL((url) => url.pathname === '/dashboard', { timeout: 15_000 })
      expect(new URL(page.url()).origin, target).toBe(baseURL())
    }
    expect(seen).toEqual({ dialogs: [], violations: [] })
    await context.close()
  })

  it('reach e-mail only as plain text', async () => {
    const confirmation = await waitForMail(who.email, /consultation request/)
    expect(confirmation.headers.get('content-type') ?? 'text/plain').toMatch(/^text\/plain/)
    expect(confirmation.text).not.toMatch(/<html|text\/html/i)
  })
})
