import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import { addSessionCookie, adminCredentials, strongPassword } from './accounts'
import { baseURL } from './browser'

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

/**
 * The seeded admin's shared session put into the page's context without opening a page: for a
 * test whose next step opens the admin page it needs (signInAdmin also opens /admin).
 */
export async function addAdminSession(page: Page) {
  await addSessionCookie(page.context(), adminCredentials().cookie)
}
