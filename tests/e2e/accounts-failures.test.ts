import { describe, expect, it } from 'vitest'
import {
  addAdminSession,
  appErrors,
  expectToast,
  linkIn,
  pageFrom,
  reviewThroughPage,
  signIn,
  signInThroughPage,
  strongPassword,
  submitSignIn,
  unconfirmedAccountOverHttp,
  uniqueIdentity,
  verifiedAccountOverHttp,
  waitForMail,
} from './helpers/accounts'
import { baseURL, expectAccessible, open, testBrowser } from './helpers/browser'

const browser = testBrowser()

describe('verification links that do not work', () => {
  it('shows Verification Failed with the reason: missing e-mail, wrong token, used link', async () => {
    const me = uniqueIdentity('badlink')
    const { page, context, consoleErrors } = await pageFrom(browser(), me.ip)

    await open(page, '/?token=abc')
    await page.getByRole('heading', { name: 'Verification Failed' }).waitFor()
    await expectToast(page, 'Verification failed', 'Email parameter is missing from verification link')
    await expectAccessible(page)
    expect(await page.getByRole('link', { name: 'Back to login' }).getAttribute('href')).toBe('/auth')
    expect(await page.getByRole('link', { name: 'Contact support' }).getAttribute('href')).toMatch(/^mailto:/)

    // The same page with other reasons: checked for accessibility once, above.
    await open(page, `/?token=${'x'.repeat(32)}&email=${encodeURIComponent(me.email)}`)
    await page.getByRole('heading', { name: 'Verification Failed' }).waitFor()
    await expectToast(page, 'Verification failed', 'not valid')

    await verifiedAccountOverHttp(me.email, me.ip)
    const used = linkIn(await waitForMail(me.email, /Confirm your e-mail/))
    await open(page, used)
    await page.getByRole('heading', { name: 'Verification Failed' }).waitFor()
    await expectToast(page, 'Verification failed', 'already used')
    expect(appErrors(consoleErrors)).toEqual([])
    await context.close()
  })
})

describe('signing in and out', () => {
  it('tells apart nothing about accounts, offers a new link to unconfirmed ones, and limits attempts', async () => {
    const me = uniqueIdentity('signin')
    const { page, context, consoleErrors } = await pageFrom(browser(), me.ip)
    await signInThroughPage(page, 'nobody-here@example.com', strongPassword)
    await page.getByText('The e-mail address or password is not right.').waitFor()
    await expectAccessible(page)

    // An account that never confirmed its e-mail (signed up over HTTP: the sign-up page is
    // accounts-journey's): the right password gets the offer of a new link.
    await unconfirmedAccountOverHttp(me.email, me.ip)
    // Each refused sign-in comes back as the sign-in page, its form ready for the next try.
    await submitSignIn(page, me.email, strongPassword)
    await page.getByText('Confirm your e-mail address first').waitFor()
    await page.getByRole('button', { name: 'Send a new confirmation link' }).click()
    await page.getByText(`If ${me.email} has an account waiting for confirmation`).waitFor()

    // Five tries a minute per address (two so far), then 429 and a clear message.
    for (let i = 0; i < 3; i++) {
      await submitSignIn(page, me.email, `wrong-guess-${i}-long`)
      await page.getByText('The e-mail address or password is not right.').waitFor()
    }
    await submitSignIn(page, me.email, strongPassword)
    await page.getByText('Too many attempts from your connection.').waitFor()
    expect(appErrors(consoleErrors)).toEqual([])
    await context.close()
  })

  it('signs out with a toast and ends the session on the server; a failed sign-out says so', async () => {
    const me = uniqueIdentity('signout')
    await verifiedAccountOverHttp(me.email, me.ip, 'Sam Signout')
    const { page, context, consoleErrors } = await pageFrom(browser(), me.ip)
    // Signed in over HTTP: signing in through the page is the test above's and accounts-journey's.
    await signIn(page, me.email)
    await open(page, '/dashboard')
    await page.getByText('Welcome, Sam Signout').waitFor()
    // A waiting client's dashboard is checked for accessibility in accounts-journey (desktop) and islands (phone).
    const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ')

    await page.route('**/auth/sign-out', (route) => route.abort('failed'))
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Log Out' }).click()
    await expectToast(page, 'Error', 'There was a problem signing out')
    await page.unroute('**/auth/sign-out')

    await page.getByRole('navigation', { name: 'Account' }).getByRole('button', { name: 'Log Out' }).click()
    await expectToast(page, 'Signed out')
    const nav = page.getByRole('navigation', { name: 'Main' })
    await nav.getByRole('link', { name: 'Login' }).waitFor()
    expect(await nav.getByRole('link', { name: 'Dashboard' }).count()).toBe(0)
    const replay = await fetch(`${baseURL()}/api/account/profile`, { headers: { cookie } })
    expect(replay.status).toBe(401)
    // The aborted request of the failed attempt is the only error the browser reports.
    expect(appErrors(consoleErrors)).toEqual(['Failed to load resource: net::ERR_FAILED'])
    await context.close()
  })
})

describe('protected pages in the browser', () => {
  it('shows Loading while a protected page is checked, and sends a rejected client to sign in at once', async () => {
    const me = uniqueIdentity('rejected')
    await verifiedAccountOverHttp(me.email, me.ip, 'Rita Rejected')
    const client = await pageFrom(browser(), me.ip)
    await signIn(client.page, me.email)
    await open(client.page, '/dashboard')
    await client.page.getByText('Welcome, Rita Rejected').waitFor()

    // Hold the settings page's server check until Loading has been seen. The dashboard is an
    // islands page, so the settings page comes as a new document (the server checks it before
    // sending it); from an app page it is the page's data, checked the same way.
    let releaseSettings = () => {}
    const settingsReleased = new Promise<void>((resolve) => {
      releaseSettings = resolve
    })
    await client.page.route('**/account/settings', async (route) => {
      await settingsReleased
      await route.continue()
    })
    // Looked at in the same task as the click: while a document is on its way the test browser
    // cannot look into the page still shown.
    const shown = await client.page.evaluate(() => {
      const link = Array.from(document.querySelectorAll('a')).find((a) => a.textContent === 'Edit in Account Settings')
      link?.click()
      return document.querySelector('[role="status"]')?.textContent
    })
    expect(shown).toBe('Loading')
    releaseSettings()
    await client.page.getByRole('heading', { name: 'Account Settings', level: 1 }).waitFor()
    await client.page.unroute('**/account/settings')
    await client.page.waitForSelector('html[data-hydrated="true"]')
    // The settings page runs the app: it renders the dashboard itself, once its data is in.
    let releaseDashboard = () => {}
    const dashboardReleased = new Promise<void>((resolve) => {
      releaseDashboard = resolve
    })
    await client.page.route('**/dashboard.data*', async (route) => {
      await dashboardReleased
      await route.continue()
    })
    await client.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click()
    await client.page.getByRole('status').filter({ hasText: 'Loading' }).waitFor()
    releaseDashboard()
    await client.page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor()
    await client.page.unroute('**/dashboard.data*')
    // The dashboard as a document again, listening for its status.
    await open(client.page, '/dashboard')

    // reviewThroughPage opens the Admin Dashboard itself.
    const staff = await pageFrom(browser(), uniqueIdentity('rejecter').ip)
    await addAdminSession(staff.page)
    await reviewThroughPage(staff.page, me.email, 'reject', 'We could not confirm your company.')

    await expectToast(client.page, 'Account Status Updated', 'Your account status has been updated to rejected')
    await client.page.waitForURL('**/auth?redirectTo=*')
    const mail = await waitForMail(me.email, /About your/)
    expect(mail.text).toContain('Reason: We could not confirm your company.')

    // Signing in again, on the sign-in page it was sent to, shows what the rejection means.
    await client.page.waitForSelector('html[data-hydrated="true"]', { timeout: 15_000 })
    await submitSignIn(client.page, me.email)
    await client.page.getByRole('heading', { name: 'We could not approve your account' }).waitFor()
    await expectAccessible(client.page)
    await client.context.close()
    await staff.context.close()
  })

  it('gives up the access check after more than 5 failed attempts with Authentication Error', async () => {
    const me = uniqueIdentity('retrycap')
    await verifiedAccountOverHttp(me.email, me.ip, 'Cap Retry')
    const { page, context } = await pageFrom(browser(), me.ip)
    await signIn(page, me.email)
    await open(page, '/dashboard')
    await page.getByText('Welcome, Cap Retry').waitFor()

    let attempts = 0
    await page.route('**/api/account/profile', (route) => {
      attempts += 1
      return route.fulfill({ status: 503, body: '{"error":"unavailable"}', contentType: 'application/json' })
    })
    await page.clock.install()
    await page.goto('/dashboard')
    await page.waitForSelector('html[data-hydrated="true"]')
    // Backoff 1, 2, 4, 8, 16 s between the 6 attempts: fast-forward through it in small steps,
    // each answer arriving in real time between them, until the sixth attempt has been made.
    await expect
      .poll(
        async () => {
          if (attempts < 6) await page.clock.runFor(500)
          return attempts
        },
        { timeout: 30_000, interval: 25 },
      )
      .toBe(6)
    await expectToast(page, 'Authentication Error', 'Unable to verify your access. Please try logging out and back in.')
    await context.close()
  })
})
