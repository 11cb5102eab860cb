import fs from 'node:fs'
import path from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { expect, inject } from 'vitest'
import { type ParsedMessage, parseMessage } from '../../integration/helpers/mail'
import { unusedTotpCode } from '../../setup/totp'
import { enrolOverHttp, signInOverHttp } from '../../setup/two-factor-http'
import { baseURL, newPage, open, toastsShown, visit } from './browser'

/** The seeded admin: e-mail, password and the secret of its authenticator app (enrolled by the global set-up). */
export const adminCredentials = () => inject('admin')

export const strongPassword = 'harbor-maple-lantern-58'

let counter = 0
/** A unique e-mail and client IP for one journey, so tests never share accounts or rate-limit counters. */
export function uniqueIdentity(label: string) {
  counter += 1
  const stamp = `${Date.now().toString(36)}${counter}`
  return {
    email: `${label}-${stamp}@example.com`,
    ip: `10.${(process.pid >> 8) & 255}.${process.pid & 255}.${counter % 250}`,
  }
}

/** A browser page whose requests come from `ip` (the e2e server trusts X-Forwarded-For). */
export async function pageFrom(browser: Browser, ip: string, options: Parameters<typeof newPage>[1] = {}) {
  return newPage(browser, {
    viewport: { width: 1280, height: 900 },
    ...options,
    extraHTTPHeaders: { 'x-forwarded-for': ip },
  })
}

/** A message file, or undefined while the worker is still writing it. */
function readMessage(file: string): ParsedMessage | undefined {
  try {
    return parseMessage(fs.readFileSync(file, 'utf8'))
  } catch {
    return undefined
  }
}

/** The newest message to `to` whose subject matches in `dir`, reading the newest files first. */
function newestMail(dir: string, to: string, subject: RegExp): ParsedMessage | undefined {
  if (!fs.existsSync(dir)) return undefined
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .map((f) => ({ file: f, mtime: fs.statSync(path.join(dir, f)).mtimeMs }))
    .sort((a, b) => b.mtime - a.mtime)
  // One message after another, newest first, up to the first that matches: the folder holds every
  // mail the server has sent in the run so far (some with PDFs), and the one awaited is nearly always
  // among the newest; reading and decoding all of them at every poll grew with the run.
  for (const { file } of files) {
    const message = readMessage(path.join(dir, file))
    if (
      message &&
      (message.headers.get('to') ?? '').includes(to) &&
      subject.test(message.headers.get('subject') ?? '')
    ) {
      return message
    }
  }
  return undefined
}

/** The newest message to `to` whose subject matches, read from the server's mail folder (waits for the worker). */
export async function waitForMail(to: string, subject: RegExp, timeoutMs = 20_000): Promise<ParsedMessage> {
  const dir = path.join(inject('dataDir'), 'mail')
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const found = newestMail(dir, to, subject)
    if (found) return found
    if (Date.now() > deadline) throw new Error(`no mail to ${to} matching ${subject} within ${timeoutMs} ms`)
    await new Promise((r) => setTimeout(r, 250))
  }
}

/** The first link into the site in a message, as a path (+ query) on the test server. */
export function linkIn(message: ParsedMessage): string {
  const match = message.text.match(new RegExp(`${baseURL().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(/\\S*)`))
  if (!match?.[1]) throw new Error(`no link to ${baseURL()} in:\n${message.text}`)
  return match[1]
}

/**
 * Console errors of the page itself. Chromium also logs every 4xx answer as "Failed to load
 * resource"; refused forms and denied checks answer 4xx on purpose, so those lines are dropped.
 */
export function appErrors(consoleErrors: string[]): string[] {
  return consoleErrors.filter((e) => !/^Failed to load resource: the server responded with a status of 4\d\d/.test(e))
}

/**
 * Waits until the page has shown a toast with this title (and description): on screen now, or shown
 * and already closed by its 5 s timer while the test was busy (recordToasts in ./browser).
 */
export async function expectToast(page: Page, title: string, description?: string) {
  const matches = (text: string) => text.includes(title) && (!description || text.includes(description))
  await expect
    .poll(async () => (await toastsShown(page)).some(matches), {
      timeout: 15_000,
      message: `a toast "${title}"${description ? ` saying "${description}"` : ''}`,
    })
    .toBe(true)
}

/** Signs up through /auth and returns the message with the verification link. */
export async function signUpThroughPage(page: Page, who: { name: string; email: string; password?: string }) {
  await visit(page, '/auth?mode=signup')
  await page.getByLabel('Full name').fill(who.name)
  await page.getByLabel('Company name (optional)').fill('Harbor Dental')
  await page.getByLabel('Phone').fill('(845) 555-0123')
  await page.getByLabel('E-mail').fill(who.email)
  await page.getByLabel('Password', { exact: true }).fill(who.password ?? strongPassword)
  await page.getByRole('button', { name: 'Create account' }).click()
  await page.getByRole('heading', { name: 'Check your inbox' }).waitFor()
  return waitForMail(who.email, /Confirm your e-mail/)
}

/**
 * Signs in on /auth (or `path`, a sign-in page with its redirectTo); with `totpSecret`, also
 * enters the code an authenticator app would show now on the two-factor page that follows.
 */
export async function signInThroughPage(
  page: Page,
  email: string,
  password = strongPassword,
  path = '/auth',
  totpSecret?: string,
) {
  await open(page, path)
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  // /auth is served without the app (islands mode), so its form is a plain post and the next page a
  // new document: wait until that page has loaded and is ready, as `open` does, before using it.
  await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Sign in', exact: true }).click()])
  await page.waitForSelector('html[data-hydrated="true"]', { timeout: 15_000 })
  if (totpSecret) await enterSecondFactor(page, totpSecret)
}

/** The two-factor page after a right password: the app's current code. */
export async function enterSecondFactor(page: Page, totpSecret: string) {
  await page.getByRole('heading', { name: 'Two-factor sign-in', level: 1 }).waitFor()
  await page.getByLabel('Authentication code').fill(await unusedTotpCode(totpSecret))
  await page.getByRole('button', { name: 'Verify and sign in' }).click()
}

/**
 * Puts a session (its Cookie header, from sessionCookie/adminSessionCookie/enrolledStaffSession)
 * into a browser context: signed in without the sign-in page, for tests about something else. The
 * sign-in page has its own tests (accounts-failures, accounts-journey, accounts-two-factor, islands).
 */
export async function addSessionCookie(context: BrowserContext, cookie: string) {
  const url = new URL(baseURL())
  await context.addCookies(
    cookie
      .split('; ')
      .filter(Boolean)
      .map((pair) => {
        const at = pair.indexOf('=')
        return { name: pair.slice(0, at), value: pair.slice(at + 1), domain: url.hostname, path: '/' }
      }),
  )
}

/** A page from `ip` signed in with the session of `cookie` (see addSessionCookie). */
export async function signedInPage(
  browser: Browser,
  ip: string,
  cookie: string,
  options: Parameters<typeof newPage>[1] = {},
) {
  const opened = await pageFrom(browser, ip, options)
  await addSessionCookie(opened.context, cookie)
  return opened
}

/**
 * Signs `email` in on `page` without the sign-in page: a session over HTTP (from an address of its
 * own, clear of the sign-in rate limit) put into the page's context. The caller opens the page it
 * wants next.
 */
export async function signIn(page: Page, email: string, password = strongPassword) {
  await addSessionCookie(page.context(), await sessionCookie(email, password, uniqueIdentity('sign-in').ip))
}

/**
 * The seeded admin's session (the global set-up's, second factor included) put into the page's
 * context, without opening a page: for tests that go straight to the page they are about.
 * signInAdmin does the same and also opens the Admin Dashboard, a page load such a test would not use.
 */
export async function addAdminSession(page: Page) {
  await addSessionCookie(page.context(), adminCredentials().cookie)
}

/**
 * The seeded admin signed in on `page` with the global set-up's session (adminSessionCookie), on
 * the Admin Dashboard where the sign-in page would have sent it. Through the page, each admin
 * sign-in takes a new 30-second step of the authenticator app (a code works once), so a test could
 * wait half a minute for it; the sign-in page with a second factor has its own tests.
 */
export async function signInAdmin(page: Page) {
  await addAdminSession(page)
  await open(page, '/admin')
}

/**
 * An account that confirmed its e-mail, created over HTTP (the browser journeys cover the pages):
 * sign-up, then the one-time link from the e-mail.
 */
export async function verifiedAccountOverHttp(email: string, ip: string, name = 'Pat Pending') {
  const headers = { 'content-type': 'application/json', origin: baseURL(), 'x-forwarded-for': ip }
  const signUp = await fetch(`${baseURL()}/api/auth/sign-up/email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ name, email, password: strongPassword, phone: '(845) 555-0188', companyName: null }),
  })
  expect(signUp.status).toBe(200)
  const link = new URL(linkIn(await waitForMail(email, /Confirm your e-mail/)), baseURL())
  const verify = await fetch(`${baseURL()}/api/auth/email-otp/verify-email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, otp: link.searchParams.get('token') }),
  })
  expect(verify.status).toBe(200)
}

/**
 * Signs in over HTTP; returns the Cookie header of the new session. With `totpSecret`, answers the
 * two-factor challenge with the app's current code.
 */
export async function sessionCookie(email: string, password: string, ip: string, totpSecret?: string): Promise<string> {
  return signInOverHttp({ baseURL: baseURL(), origin: baseURL() }, { email, password, totpSecret }, ip)
}

/**
 * The seeded admin's session, second factor included: the one the global set-up signed in, shared
 * by every test (a code works once, so a sign-in per test would wait for the next 30-second step).
 * `_ip` is kept for callers; a session is not tied to an address.
 */
export async function adminSessionCookie(_ip: string): Promise<string> {
  return adminCredentials().cookie
}

/**
 * A staff member's session after enrolling in two-factor sign-in (staff pages require it), with
 * the secret of their authenticator app.
 */
export async function enrolledStaffSession(email: string, ip: string, password = strongPassword) {
  const server = { baseURL: baseURL(), origin: baseURL() }
  return enrolOverHttp(server, await sessionCookie(email, password, ip), password, ip)
}

/** Approves or rejects a waiting account on the Admin Dashboard (the page must be signed in as admin). */
export async function reviewThroughPage(page: Page, email: string, decision: 'approve' | 'reject', reason?: string) {
  await open(page, '/admin')
  const row = page.getByRole('listitem').filter({ hasText: email })
  if (decision === 'approve') {
    await row.getByRole('button', { name: /^Approve/ }).click()
  } else {
    await row.getByRole('button', { name: /^Reject/ }).click()
    const dialog = page.getByRole('dialog')
    if (reason) await dialog.getByLabel('Reason (optional)').fill(reason)
    await dialog.getByRole('button', { name: 'Reject account' }).click()
  }
  await expectToast(page, 'Done')
  await row.waitFor({ state: 'detached' })
}

/** A form POST as a browser would send it from our own pages (our Origin), with an optional session. */
export async function postForm(
  path: string,
  form: Record<string, string>,
  options: { cookie?: string; ip: string; headers?: Record<string, string> },
) {
  return fetch(`${baseURL()}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'x-forwarded-for': options.ip,
      origin: baseURL(),
      'content-type': 'application/x-www-form-urlencoded',
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...options.headers,
    },
    body: new URLSearchParams(form),
  })
}

/**
 * An account created by the admin's invitation (approved at once) and set up through its one-time
 * link; returns its e-mail. `adminCookie` is a signed-in admin's Cookie header.
 */
export async function invitedAccountOverHttp(
  role: 'client' | 'employee',
  label: string,
  adminCookie: string,
  ip: string,
): Promise<string> {
  const email = uniqueIdentity(label).email
  const invite = await postForm(
    '/admin',
    { intent: 'invite', name: `Matrix ${label}`, email, role, phone: '' },
    { cookie: adminCookie, ip },
  )
  expect(invite.status).toBe(200)
  const link = new URL(linkIn(await waitForMail(email, /(client|staff) account is ready/)), baseURL())
  const setup = await postForm(
    '/setup-account',
    { token: link.searchParams.get('token') ?? '', password: strongPassword },
    // Each sign-in from its own address: callers stay clear of the sign-in rate limit.
    { ip: uniqueIdentity(label).ip },
  )
  expect(setup.status).toBe(302)
  return email
}

/**
 * A sign-up over HTTP whose e-mail is left unconfirmed (the confirmation mail is sent and not
 * followed): the account the sign-in page asks to confirm first. The sign-up page has its own
 * journey (accounts-journey).
 */
export async function unconfirmedAccountOverHttp(email: string, ip: string, name = 'Una Confirmed') {
  const signUp = await fetch(`${baseURL()}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseURL(), 'x-forwarded-for': ip },
    body: JSON.stringify({ name, email, password: strongPassword, phone: '(845) 555-0177', companyName: null }),
  })
  expect(signUp.status).toBe(200)
}

/**
 * Sends the sign-in form already on the page (/auth, or the page a refused sign-in came back as)
 * and waits for the page that answers it, loaded and ready: signInThroughPage without opening
 * /auth again first.
 */
export async function submitSignIn(page: Page, email: string, password = strongPassword) {
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Sign in', exact: true }).click()])
  await page.waitForSelector('html[data-hydrated="true"]', { timeout: 15_000 })
}
