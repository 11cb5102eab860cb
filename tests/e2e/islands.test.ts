// Islands mode (docs/frontend-performance.md): marketing pages run one small script, for signed-in
// visitors too (with their account menu); React arrives only when an island (the contact form, Cookie Settings) is used.
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import {
  adminSessionCookie,
  appErrors,
  expectToast,
  invitedAccountOverHttp,
  pageFrom,
  sessionCookie,
  strongPassword,
  uniqueIdentity,
  verifiedAccountOverHttp,
} from './helpers/accounts'
import { baseURL, expectAccessible, newPage, open, scriptsOf, testBrowser, visit } from './helpers/browser'

const browser = testBrowser()

/** Holds the React chunk back until the returned function is called (an island stays not live). */
async function holdReact(page: Page): Promise<{ release: () => void; requested: Promise<void> }> {
  let release = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  let asked = () => {}
  const requested = new Promise<void>((resolve) => {
    asked = resolve
  })
  await page.route(/\/assets\/react-[\w-]+\.js$/, async (route) => {
    asked()
    await held
    await route.continue()
  })
  return { release, requested }
}

const hasReact = (scripts: string[]) => scripts.includes('react')
const hasRouter = (scripts: string[]) => scripts.includes('router')

describe('a marketing page without the app', () => {
  it('loads no React and no router, yet its menus, section links and banner work', async () => {
    const { page, context, consoleErrors } = await newPage(browser(), { viewport: { width: 1280, height: 800 } })
    const scripts = scriptsOf(page)
    await open(page, '/services/cybersecurity')
    expect(scripts()).toContain('entry')
    expect(hasReact(scripts())).toBe(false)
    expect(hasRouter(scripts())).toBe(false)
    expect(
      await page.evaluate(() => document.querySelectorAll('link[rel="modulepreload"][href*="router"]').length),
    ).toBe(0)

    // The Services menu: click opens, a click elsewhere closes.
    const trigger = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Services' })
    await trigger.click()
    expect(await trigger.getAttribute('aria-expanded')).toBe('true')
    await page.mouse.click(640, 600)
    expect(await trigger.getAttribute('aria-expanded')).toBe('false')
    // Tab past the menu's trigger with it open: focus leaving closes it.
    await trigger.focus()
    await page.keyboard.press('Enter')
    expect(await trigger.getAttribute('aria-expanded')).toBe('true')
    await page.getByRole('link', { name: 'Book a Consultation' }).first().focus()
    expect(await trigger.getAttribute('aria-expanded')).toBe('false')

    // A section link from another page goes home and lands on the section.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Industries' }).click()
    await page.waitForURL(`${baseURL()}/#industries`)
    await expect
      .poll(() =>
        page.evaluate(() => Math.abs(document.getElementById('industries')?.getBoundingClientRect().top ?? 999)),
      )
      .toBeLessThan(100)

    // The cookie banner came after a second, and Cookie Settings downloads React only now.
    const banner = page.getByRole('region', { name: 'Cookies on Ramapo IT Services' })
    await banner.waitFor({ timeout: 5_000 })
    expect(hasReact(scripts())).toBe(false)
    await banner.getByRole('button', { name: 'Cookie Settings' }).click()
    await page.getByRole('dialog', { name: 'Cookie Settings' }).waitFor()
    expect(hasReact(scripts())).toBe(true)
    expect(hasRouter(scripts())).toBe(false)
    expect(consoleErrors).toEqual([])
    await context.close()
  })

  it('closes the mobile menu on the backdrop and on a link, and keeps the page still while open', async () => {
    const { page, context, consoleErrors } = await newPage(browser(), {
      viewport: { width: 390, height: 844 },
      isMobile: true,
    })
    await open(page, '/')
    const button = page.getByRole('button', { name: 'Main menu' })
    await button.click()
    const dialog = page.getByRole('dialog', { name: 'Ramapo IT Services' })
    await dialog.waitFor()
    expect(await button.getAttribute('aria-expanded')).toBe('true')
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('hidden')
    // The backdrop: left of the sheet.
    await page.mouse.click(10, 400)
    await dialog.waitFor({ state: 'hidden' })
    expect(await button.getAttribute('aria-expanded')).toBe('false')
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Main menu')

    await button.click()
    await dialog.getByRole('link', { name: 'Why Choose Us' }).click()
    await dialog.waitFor({ state: 'hidden' })
    await expect
      .poll(() =>
        page.evaluate(() => Math.abs(document.getElementById('why-choose-us')?.getBoundingClientRect().top ?? 999)),
      )
      .toBeLessThan(100)
    expect(consoleErrors).toEqual([])
    await context.close()
  })

  it('hydrates the contact form when it is used, keeping what was typed before it was live', async () => {
    const { page, context, consoleErrors } = await newPage(browser(), { viewport: { width: 1280, height: 800 } })
    const scripts = scriptsOf(page)
    // Hold React back so the typing happens before the form is live.
    const { release } = await holdReact(page)
    await open(page, '/')
    expect(hasReact(scripts())).toBe(false)
    const form = page.locator('#contact form')
    await form.getByLabel('Name').fill('Robin Early')
    // Using the form asks for React: the island's chunk first, then React, so the request can come
    // a moment after the typing returns (it was missed once on a busy machine).
    await expect.poll(() => hasReact(scripts())).toBe(true)
    expect(await form.getAttribute('data-availability')).toBe('checking')
    release()
    await expect.poll(() => form.getAttribute('data-availability')).toBe('available')
    expect(await form.getByLabel('Name').inputValue()).toBe('Robin Early')
    await form.locator('button[type="submit"]').click()
    // The typed name counted: only the other required fields are missing.
    await expect
      .poll(() => page.locator('#contact-email-error').textContent())
      .toBe('Please enter your e-mail address.')
    expect(await page.locator('#contact-name-error').count()).toBe(0)
    expect(hasRouter(scripts())).toBe(false)
    expect(consoleErrors).toEqual([])
    await context.close()
  })
})

describe('the booking page', () => {
  it('holds a submit made before its form is live and sends it through the form once it is', async () => {
    const { page, context, consoleErrors } = await newPage(browser(), { viewport: { width: 1280, height: 800 } })
    const { release, requested } = await holdReact(page)
    await page.goto('/book', { waitUntil: 'load' })
    const form = page.locator('form[aria-labelledby="booking-form-title"]')
    await form.getByLabel('First name').fill('Early')
    // The page's script starts after the first paint (lib/app-loader-script.ts), which can be after
    // the load event on a busy machine; a submit before it runs is the browser's own (a GET of /book).
    // The island wakes at load and asks for React once the script has run and its submit hold is set.
    await requested
    // No native submission: the browser never asks for another document (its own post would load
    // /book again with the fields in its address), counted until the held submit has run through the
    // form below, long after a native post would have gone.
    const navigations: string[] = []
    page.on('request', (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) navigations.push(request.url())
    })
    await form.locator('button[type="submit"]').click()
    expect(page.url()).toBe(`${baseURL()}/book`)
    release()
    await page.waitForSelector('html[data-hydrated="true"]', { timeout: 15_000 })
    // The held submit ran through the form's own checks once it was live.
    await expect
      .poll(() => form.getByRole('alert').first().textContent(), { timeout: 10_000 })
      .toBe('Please check 3 fields: Last name, E-mail, Phone.')
    expect(page.url()).toBe(`${baseURL()}/book`)
    expect(navigations).toEqual([])
    expect(consoleErrors).toEqual([])
    await context.close()
  })
})

describe('the sign-in page', () => {
  it('loads no React and no router; its meter, busy label and plain-post sign-in work', async () => {
    const me = uniqueIdentity('plainpost')
    await verifiedAccountOverHttp(me.email, me.ip, 'Paula Post')
    const { page, context, consoleErrors } = await pageFrom(browser(), me.ip)
    const scripts = scriptsOf(page)
    await open(page, '/auth?mode=signup')
    expect(scripts()).toContain('entry')
    expect(hasReact(scripts())).toBe(false)
    expect(hasRouter(scripts())).toBe(false)

    // The strength meter follows the typing without React (the same words as the app's field).
    const password = page.getByLabel('Password', { exact: true })
    await password.fill('password123')
    await page.getByText('Password strength: Too common').waitFor()
    await password.fill('harbor-maple-lantern-58')
    await page.getByText('Password strength: Very strong').waitFor()

    // Sign-in is a plain post: a refusal comes back as the page with its message, still without the app.
    await page.getByRole('link', { name: 'Sign in', exact: true }).click()
    await page.getByRole('heading', { name: 'Sign in to your account', level: 1 }).waitFor()
    // A new page: its script must have run before the busy label can show (a slow machine loads it late).
    await page.waitForSelector('html[data-hydrated="true"]', { timeout: 15_000 })
    await page.getByLabel('E-mail').fill(me.email)
    await page.getByLabel('Password', { exact: true }).fill('not-the-right-one-9')
    // Once pressed, the button says what is happening and cannot be pressed again (here the post
    // itself is stopped by a listener the page gets after the page's own, to look at the button).
    await page.evaluate(() => document.addEventListener('submit', (event) => event.preventDefault()))
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    const busy = page.getByRole('button', { name: 'Signing in…' })
    await busy.waitFor()
    expect(await busy.isDisabled()).toBe(true)
    await open(page, '/auth')
    await page.getByLabel('E-mail').fill(me.email)
    await page.getByLabel('Password', { exact: true }).fill('not-the-right-one-9')
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await page.getByText('The e-mail address or password is not right.').waitFor()
    expect(hasRouter(scripts())).toBe(false)

    // The right password: the next page is the dashboard, an islands page for signed-in visitors.
    await page.getByLabel('Password', { exact: true }).fill(strongPassword)
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await page.waitForURL(`${baseURL()}/dashboard`)
    await page.getByText('Welcome, Paula Post').waitFor()
    await page.waitForSelector('html[data-hydrated="true"]', { timeout: 15_000 })
    expect(hasRouter(scripts())).toBe(false)
    expect(appErrors(consoleErrors)).toEqual([])
    await context.close()
  })
})

/** Puts a session's Cookie header into the page's browser context. */
async function signedInWith(page: Page, cookie: string) {
  const url = new URL(baseURL())
  await page.context().addCookies(
    cookie.split('; ').map((pair) => {
      const [name = '', value = ''] = pair.split('=')
      return { name, value, domain: url.hostname, path: '/' }
    }),
  )
}

describe('the signed-in pages /dashboard, /billing and the billing lists', () => {
  it('load no React and no router; Log Out (by keyboard too), links and Cookie Settings work', async () => {
    const ip = uniqueIdentity('signed-in-islands').ip
    const email = await invitedAccountOverHttp('client', 'signed-in-islands', await adminSessionCookie(ip), ip)
    const { page, context, consoleErrors } = await pageFrom(browser(), uniqueIdentity('signed-in-islands').ip)
    const scripts = scriptsOf(page)
    await signedInWith(page, await sessionCookie(email, strongPassword, uniqueIdentity('signed-in-islands').ip))
    await open(page, '/dashboard')
    await page.getByRole('heading', { name: 'Your account is approved' }).waitFor()
    await expectAccessible(page)
    expect(scripts()).toContain('entry')
    expect(hasReact(scripts())).toBe(false)
    expect(hasRouter(scripts())).toBe(false)

    // Links are document loads; /billing is an islands page too.
    await Promise.all([page.waitForEvent('load'), page.getByRole('link', { name: 'Open the billing area' }).click()])
    await page.waitForSelector('html[data-hydrated="true"]', { timeout: 15_000 })
    await page.getByRole('heading', { name: 'Billing', level: 1 }).waitFor()
    await page.getByText('Nothing to pay: every invoice is settled.').waitFor()
    await expectAccessible(page)
    expect(hasReact(scripts())).toBe(false)
    expect(hasRouter(scripts())).toBe(false)

    // Cookie Settings (the footer's button) brings React for its dialog, still no router.
    await page.getByRole('contentinfo').getByRole('button', { name: 'Cookie Settings' }).click()
    const dialog = page.getByRole('dialog', { name: 'Cookie Settings' })
    await dialog.waitFor()
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await dialog.waitFor({ state: 'detached' })
    expect(hasReact(scripts())).toBe(true)
    expect(hasRouter(scripts())).toBe(false)

    // A billing list is an islands page too: its filters are plain links with whole addresses, so
    // "All" clears the filter (a link to "" would keep it).
    await Promise.all([page.waitForEvent('load'), page.getByRole('link', { name: /^Invoices/ }).click()])
    await page.waitForSelector('html[data-hydrated="true"]', { timeout: 15_000 })
    await page.getByRole('heading', { name: 'No invoices yet' }).waitFor()
    const filters = page.getByRole('navigation', { name: 'Filter by status' })
    await Promise.all([page.waitForEvent('load'), filters.getByRole('link', { name: 'Overdue', exact: true }).click()])
    expect(page.url()).toBe(`${baseURL()}/billing/invoices?status=overdue`)
    await page.getByRole('heading', { name: 'No overdue invoices' }).waitFor()
    expect(await filters.getByRole('link', { name: 'Overdue', exact: true }).getAttribute('aria-current')).toBe('page')
    await expectAccessible(page)
    await Promise.all([page.waitForEvent('load'), filters.getByRole('link', { name: 'All', exact: true }).click()])
    expect(page.url()).toBe(`${baseURL()}/billing/invoices`)
    expect(hasRouter(scripts())).toBe(false)

    // Log Out from the keyboard on an islands page: a failed sign-out says so, then it ends the
    // session and goes home, where the toast shows.
    await open(page, '/billing')
    const logOut = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Log Out' })
    await page.route('**/auth/sign-out', (route) => route.abort('failed'))
    await logOut.focus()
    await page.keyboard.press('Enter')
    await expectToast(page, 'Error', 'There was a problem signing out')
    expect(await logOut.isEnabled()).toBe(true)
    await page.unroute('**/auth/sign-out')
    await logOut.focus()
    await Promise.all([page.waitForURL(`${baseURL()}/`), page.keyboard.press('Space')])
    await expectToast(page, 'Signed out')
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }).waitFor()
    expect(await page.evaluate(() => sessionStorage.getItem('ramapo.next-page-toast'))).toBeNull()
    expect(appErrors(consoleErrors)).toEqual(['Failed to load resource: net::ERR_FAILED'])
    await context.close()
  })

  it('sign a waiting client out from the phone menu', async () => {
    const who = uniqueIdentity('phone-islands')
    await verifiedAccountOverHttp(who.email, who.ip, 'Pia Phone')
    const { page, context, consoleErrors } = await pageFrom(browser(), who.ip, {
      viewport: { width: 390, height: 844 },
    })
    await signedInWith(page, await sessionCookie(who.email, strongPassword, who.ip))
    const scripts = scriptsOf(page)
    await visit(page, '/dashboard')
    await page.getByRole('heading', { name: 'Your account is pending approval' }).waitFor()
    await page.getByRole('button', { name: 'Main menu' }).click()
    const menu = page.getByRole('dialog', { name: 'Ramapo IT Services' })
    await menu.waitFor()
    expect(await menu.getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/dashboard')
    await Promise.all([page.waitForURL(`${baseURL()}/`), menu.getByRole('button', { name: 'Log Out' }).click()])
    await expectToast(page, 'Signed out')
    expect(hasRouter(scripts())).toBe(false)
    expect(appErrors(consoleErrors)).toEqual([])
    await context.close()
  })

  it('speak to staff in their own words', async () => {
    const ip = uniqueIdentity('staff-islands').ip
    const { page, context, consoleErrors } = await pageFrom(browser(), ip)
    await signedInWith(page, await adminSessionCookie(ip))
    const scripts = scriptsOf(page)
    await visit(page, '/dashboard')
    await page.getByRole('heading', { name: 'Your staff account' }).waitFor()
    expect(await page.getByRole('link', { name: 'Open the Admin Dashboard' }).getAttribute('href')).toBe('/admin')
    await visit(page, '/billing')
    await page.getByText('What a client sees of their billing').waitFor()
    expect(await page.getByRole('link', { name: 'the back office’s billing' }).getAttribute('href')).toBe(
      '/admin/billing',
    )
    expect(hasRouter(scripts())).toBe(false)
    expect(appErrors(consoleErrors)).toEqual([])
    await context.close()
  })
})

describe('an app page', () => {
  it('renders an islands route it navigates to on the client, as the app, with the shell still working', async () => {
    const { page, context, consoleErrors } = await newPage(browser(), { viewport: { width: 1280, height: 800 } })
    // The forgot-password page runs the whole app for everyone (/auth itself is an islands page).
    await open(page, '/auth/forgot-password')
    let documents = 0
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents++
    })
    await page.getByRole('navigation', { name: 'Legal' }).getByRole('link', { name: 'Privacy Policy' }).click()
    await page.waitForURL(`${baseURL()}/privacy`)
    await expect.poll(() => page.locator('h1').textContent()).toMatch(/Privacy/)
    expect(documents).toBe(0)
    // The layout kept the app's scripts: no islands entry was put into the page.
    const islandsLoaders = () =>
      page.evaluate(
        () =>
          Array.from(document.querySelectorAll('script')).filter((script) =>
            script.textContent?.includes('import \\"/assets/entry-'),
          ).length,
      )
    expect(await islandsLoaders()).toBe(0)
    const trigger = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Services' })
    await trigger.click()
    expect(await trigger.getAttribute('aria-expanded')).toBe('true')
    expect(consoleErrors).toEqual([])
    await context.close()
  })
})

describe('a signed-in visitor', () => {
  it('gets public pages as islands pages too, with the account menu and Log Out, and no access check', async () => {
    const who = uniqueIdentity('islands')
    await verifiedAccountOverHttp(who.email, who.ip)
    const cookie = await sessionCookie(who.email, strongPassword, who.ip)
    const { page, context, consoleErrors } = await newPage(browser(), { viewport: { width: 1280, height: 800 } })
    await signedInWith(page, cookie)
    const scripts = scriptsOf(page)
    await open(page, '/')
    expect(scripts()).toContain('entry')
    expect(hasReact(scripts())).toBe(false)
    expect(hasRouter(scripts())).toBe(false)
    const main = page.getByRole('navigation', { name: 'Main' })
    await main.getByRole('link', { name: 'Dashboard' }).waitFor()
    expect(await main.getByRole('link', { name: 'Login' }).count()).toBe(0)
    await expectAccessible(page)
    // The shell's plain-DOM behaviour, as for anyone.
    const trigger = main.getByRole('button', { name: 'Services' })
    await trigger.click()
    expect(await trigger.getAttribute('aria-expanded')).toBe('true')
    await page.keyboard.press('Escape')

    // The 404 page is an islands page for them as well.
    const missing = await page.goto('/no-such-page-here', { waitUntil: 'load' })
    expect(missing?.status()).toBe(404)
    await page.waitForSelector('html[data-hydrated="true"]', { timeout: 15_000 })
    expect(hasRouter(scripts())).toBe(false)

    // No access check on a public page (at load or when it becomes visible again): a session that has
    // ended leaves the visitor where they are.
    const profileChecks: string[] = []
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/account/profile') profileChecks.push(request.url())
    })
    await open(page, '/services/managed-it')
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')))
    // A check starts its request in the listener itself; a request made after it is reported after it.
    await Promise.all([
      page.waitForRequest((request) => new URL(request.url()).pathname === '/healthz'),
      page.evaluate(() => fetch('/healthz')),
    ])
    expect(profileChecks).toEqual([])
    expect(new URL(page.url()).pathname).toBe('/services/managed-it')

    // Log Out from the header: home, signed out.
    await Promise.all([page.waitForURL(`${baseURL()}/`), main.getByRole('button', { name: 'Log Out' }).click()])
    await expectToast(page, 'Signed out')
    await main.getByRole('link', { name: 'Login' }).waitFor()
    expect(appErrors(consoleErrors)).toEqual([])
    await context.close()
  })
})
