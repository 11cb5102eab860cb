import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { BANNER_DELAY_MS, CONSENT_POLICY_VERSION } from '../../app/features/consent/policy'
import { baseURL, expectAccessible, newPage, open, testBrowser } from './helpers/browser'
import { readConsentKeys, readDataLayer, saveConsentBeforeLoad, sendGlobalPrivacyControl } from './helpers/consent'

const browser = testBrowser()

const desktop = { viewport: { width: 1280, height: 800 } }
const bannerName = 'Cookies on Ramapo IT Services'
const banner = (page: Page) => page.getByRole('region', { name: bannerName })
const dialog = (page: Page) => page.getByRole('dialog', { name: 'Cookie Settings' })
const footerCookieSettings = (page: Page) =>
  page.getByRole('navigation', { name: 'Legal' }).getByRole('button', { name: 'Cookie Settings' })

const allDenied = {
  analytics_storage: 'denied',
  ad_storage: 'denied',
  ad_user_data: 'denied',
  ad_personalization: 'denied',
}
const allGranted = {
  analytics_storage: 'granted',
  ad_storage: 'granted',
  ad_user_data: 'granted',
  ad_personalization: 'granted',
}

/** The consent commands and events on the tag layer, in order. */
async function consentTrail(page: Page) {
  return (await readDataLayer(page)).filter(
    (entry) =>
      (Array.isArray(entry) && entry[0] === 'consent') ||
      (entry as { event?: string }).event === 'cookie_consent_update',
  )
}

/**
 * The page's own clock, installed before it loads (Playwright's clock: time flows as usual until a
 * test moves it on). Only the first test waits for the banner's real second; the others move the
 * clock past the banner's moment instead of waiting for it.
 */
async function withClock(page: Page) {
  await page.clock.install()
}

/** Moves the page's clock (withClock) past the banner's moment after load: it appears now. */
async function bannerNow(page: Page) {
  await page.clock.runFor(BANNER_DELAY_MS)
  await banner(page).waitFor()
}

/**
 * Moves the page's clock (withClock) 2 s on, well past the banner's moment (1 s after load): a
 * banner timer set at load has fired by then. Checks it stayed away.
 */
async function expectNoBanner(page: Page) {
  await page.clock.runFor(2_000)
  expect(await banner(page).count()).toBe(0)
}

/**
 * Waits until the browser has been idle once: idle callbacks run in the order they were asked
 * for, so every one the page asked for before this (its page view) has run.
 */
function idle(page: Page): Promise<void> {
  return page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve())))
}

async function waitUntilSettled(page: Page) {
  // Radix animates the dialog in; axe must see the final colours.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'))
}

describe('the cookie banner', () => {
  it('appears 1 second after load (absent at 0.5 s, present by 2 s), shifts no layout and traps no focus', async () => {
    const { page, context, consoleErrors } = await newPage(browser(), desktop)
    await context.addInitScript(() => {
      const record = window as unknown as { bannerAt?: number; shifts: { at: number; value: number }[] }
      record.shifts = []
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          record.shifts.push({ at: entry.startTime, value: (entry as unknown as { value: number }).value })
        }
      }).observe({ type: 'layout-shift', buffered: true })
      new MutationObserver(() => {
        if (record.bannerAt === undefined && document.querySelector('[data-cookie-banner]')) {
          record.bannerAt = performance.now()
        }
      }).observe(document, { childList: true, subtree: true })
    })
    await open(page, '/')
    await banner(page).waitFor({ timeout: 5_000 })
    const timing = await page.evaluate(() => {
      const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[]
      const record = window as unknown as { bannerAt: number; shifts: { at: number; value: number }[] }
      return {
        sinceLoad: record.bannerAt - (navigation?.loadEventEnd ?? 0),
        at: record.bannerAt,
        shifts: record.shifts,
      }
    })
    expect(timing.sinceLoad).toBeGreaterThan(500)
    expect(timing.sinceLoad).toBeGreaterThanOrEqual(950)
    expect(timing.sinceLoad).toBeLessThanOrEqual(2_000)
    expect(timing.shifts.filter((shift) => shift.at >= timing.at - 50)).toEqual([])

    const buttons = banner(page).getByRole('button')
    expect(await buttons.allTextContents()).toEqual(['Cookie Settings', 'Reject Non-Essential', 'Accept All'])
    expect(await banner(page).evaluate((el) => getComputedStyle(el).position)).toBe('fixed')
    await expectAccessible(page)

    // Not a trap: Tab leaves the banner for the page, and Shift+Tab comes back.
    await banner(page).getByRole('button', { name: 'Accept All' }).focus()
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[data-cookie-banner]')))).toBe(false)
    await page.keyboard.press('Shift+Tab')
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Accept All')
    expect(consoleErrors).toEqual([])
    await context.close()
  })

  it('Reject Non-Essential: both off, saved under two keys, logged, default before update, gone for good', async () => {
    const { page, context, consoleErrors } = await newPage(browser(), desktop)
    await withClock(page)
    await open(page, '/')
    await bannerNow(page)
    const logged = page.waitForResponse((res) => res.url() === `${baseURL()}/api/consent`)
    await banner(page).getByRole('button', { name: 'Reject Non-Essential' }).click()
    const response = await logged
    expect(response.status()).toBe(201)
    const sent = response.request().postDataJSON() as Record<string, unknown>
    expect(sent).toEqual({
      consentId: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      necessary: true,
      analytics: false,
      marketing: false,
      policyVersion: CONSENT_POLICY_VERSION,
      action: 'reject_non_essential',
      gpc: false,
    })
    expect(await banner(page).count()).toBe(0)
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main')

    const keys = await readConsentKeys(page)
    expect(keys.bannerShown).toBe(String(CONSENT_POLICY_VERSION))
    expect(keys.consent).toEqual({
      necessary: true,
      analytics: false,
      marketing: false,
      version: CONSENT_POLICY_VERSION,
      savedAt: expect.any(String),
      consentId: sent.consentId,
      gpc: false,
    })
    expect(await consentTrail(page)).toEqual([
      ['consent', 'default', allDenied],
      ['consent', 'update', allDenied],
      { event: 'cookie_consent_update', analytics: 'denied', marketing: 'denied' },
    ])
    // The default is the very first thing on the tag layer.
    expect((await readDataLayer(page))[0]).toEqual(['consent', 'default', allDenied])

    await page.reload({ waitUntil: 'load' })
    await expectNoBanner(page)
    expect(await consentTrail(page)).toEqual([['consent', 'default', allDenied]])
    expect(consoleErrors).toEqual([])
    await context.close()
  })

  it('Accept All: both on, and the next page load starts granted without asking', async () => {
    const { page, context } = await newPage(browser(), desktop)
    await withClock(page)
    await open(page, '/')
    await bannerNow(page)
    const logged = page.waitForRequest((req) => req.url() === `${baseURL()}/api/consent` && req.method() === 'POST')
    await banner(page).getByRole('button', { name: 'Accept All' }).click()
    expect((await logged).postDataJSON()).toMatchObject({ analytics: true, marketing: true, action: 'accept_all' })
    expect(await consentTrail(page)).toEqual([
      ['consent', 'default', allDenied],
      ['consent', 'update', allGranted],
      { event: 'cookie_consent_update', analytics: 'granted', marketing: 'granted' },
    ])
    expect(await readConsentKeys(page)).toMatchObject({
      consent: { analytics: true, marketing: true },
      bannerShown: String(CONSENT_POLICY_VERSION),
    })

    await open(page, '/no-such-page')
    expect((await readDataLayer(page))[0]).toEqual(['consent', 'default', allGranted])
    await expectNoBanner(page)
    await context.close()
  })

  it('keeps the page working when the consent log request fails', async () => {
    const { page, context } = await newPage(browser(), desktop)
    await context.route('**/api/consent', (route) => route.abort('connectionrefused'))
    await withClock(page)
    await open(page, '/')
    await bannerNow(page)
    await banner(page).getByRole('button', { name: 'Accept All' }).click()
    await banner(page).waitFor({ state: 'detached' })
    expect(await readConsentKeys(page)).toMatchObject({ consent: { analytics: true, marketing: true } })
    expect(await page.evaluate(() => document.title)).toMatch(/Ramapo IT Services/)
    await context.close()
  })
})

describe('the Cookie Settings dialog', () => {
  it('opens from the banner with the defaults, traps focus, closes on Escape and Cancel, and saves', async () => {
    const { page, context, consoleErrors } = await newPage(browser(), { ...desktop, reducedMotion: 'reduce' })
    await withClock(page)
    await open(page, '/')
    await bannerNow(page)
    const settingsButton = banner(page).getByRole('button', { name: 'Cookie Settings' })
    await settingsButton.click()
    await dialog(page).waitFor()
    await waitUntilSettled(page)
    await expectAccessible(page)

    const necessary = dialog(page).getByRole('switch', { name: 'Necessary' })
    const analytics = dialog(page).getByRole('switch', { name: 'Analytics' })
    const marketing = dialog(page).getByRole('switch', { name: 'Marketing' })
    expect(await necessary.getAttribute('aria-checked')).toBe('true')
    expect(await necessary.isDisabled()).toBe(true)
    expect(await analytics.getAttribute('aria-checked')).toBe('false')
    expect(await marketing.getAttribute('aria-checked')).toBe('false')
    expect(await dialog(page).getByRole('button', { name: 'Cancel' }).count()).toBe(1)
    expect(await dialog(page).getByRole('button', { name: 'Save Preferences' }).count()).toBe(1)

    const focusInDialog = () => page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')))
    for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
      await page.keyboard.press(key)
      expect(await focusInDialog(), key).toBe(true)
    }

    // Escape closes without saving and gives focus back to the button that opened it.
    await page.keyboard.press('Escape')
    await dialog(page).waitFor({ state: 'detached' })
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Cookie Settings')
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[data-cookie-banner]')))).toBe(true)

    // Cancel drops a change.
    await settingsButton.click()
    await marketing.click()
    expect(await marketing.getAttribute('aria-checked')).toBe('true')
    await dialog(page).getByRole('button', { name: 'Cancel' }).click()
    await dialog(page).waitFor({ state: 'detached' })
    expect(await readConsentKeys(page)).toEqual({ consent: null, bannerShown: null })
    expect(await banner(page).count()).toBe(1)

    // Reopened, it starts from the defaults again; by keyboard: analytics on, then Save Preferences.
    await settingsButton.click()
    expect(await marketing.getAttribute('aria-checked')).toBe('false')
    await analytics.focus()
    await page.keyboard.press('Space')
    expect(await analytics.getAttribute('aria-checked')).toBe('true')
    const logged = page.waitForResponse((res) => res.url() === `${baseURL()}/api/consent`)
    await dialog(page).getByRole('button', { name: 'Save Preferences' }).focus()
    await page.keyboard.press('Enter')
    expect((await logged).request().postDataJSON()).toMatchObject({
      analytics: true,
      marketing: false,
      action: 'save_preferences',
    })
    await dialog(page).waitFor({ state: 'detached' })
    expect(await banner(page).count()).toBe(0)
    expect(await readConsentKeys(page)).toMatchObject({ consent: { analytics: true, marketing: false } })
    expect(await consentTrail(page)).toEqual([
      ['consent', 'default', allDenied],
      ['consent', 'update', { ...allDenied, analytics_storage: 'granted' }],
      { event: 'cookie_consent_update', analytics: 'granted', marketing: 'denied' },
    ])
    // The banner button that opened the dialog is gone: focus continues from the page content.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main')
    expect(consoleErrors).toEqual([])
    await context.close()
  })

  it('reopens from the footer at any time with the saved choice, and returns focus there', async () => {
    const { page, context } = await newPage(browser(), { ...desktop, reducedMotion: 'reduce' })
    await saveConsentBeforeLoad(context, { analytics: true, marketing: false })
    await open(page, '/')
    const button = footerCookieSettings(page)
    await button.click()
    await dialog(page).waitFor()
    expect(await dialog(page).getByRole('switch', { name: 'Analytics' }).getAttribute('aria-checked')).toBe('true')
    expect(await dialog(page).getByRole('switch', { name: 'Marketing' }).getAttribute('aria-checked')).toBe('false')
    await page.keyboard.press('Escape')
    await dialog(page).waitFor({ state: 'detached' })
    await expect.poll(() => button.evaluate((el) => el === document.activeElement)).toBe(true)

    // Changing it there pushes another update, and the footer button keeps focus.
    await button.click()
    await dialog(page).getByRole('switch', { name: 'Marketing' }).click()
    await dialog(page).getByRole('button', { name: 'Save Preferences' }).click()
    await dialog(page).waitFor({ state: 'detached' })
    await expect.poll(() => button.evaluate((el) => el === document.activeElement)).toBe(true)
    expect(await consentTrail(page)).toEqual([
      ['consent', 'default', { ...allDenied, analytics_storage: 'granted' }],
      ['consent', 'update', allGranted],
      { event: 'cookie_consent_update', analytics: 'granted', marketing: 'granted' },
    ])
    expect(await banner(page).count()).toBe(0)
    await context.close()
  })
})

describe('asking again', () => {
  it('asks again when the policy version changed, ignoring the old choice', async () => {
    const { page, context } = await newPage(browser(), desktop)
    await saveConsentBeforeLoad(
      context,
      { analytics: true, marketing: true },
      { stored: { version: CONSENT_POLICY_VERSION - 1 }, bannerShown: String(CONSENT_POLICY_VERSION - 1) },
    )
    await withClock(page)
    await open(page, '/')
    expect((await readDataLayer(page))[0]).toEqual(['consent', 'default', allDenied])
    await bannerNow(page)
    await banner(page).getByRole('button', { name: 'Reject Non-Essential' }).click()
    // The new choice keeps the browser's anonymous id and the current version.
    expect(await readConsentKeys(page)).toMatchObject({
      consent: { version: CONSENT_POLICY_VERSION, consentId: '0b8f6a52-5a3c-4f7e-9d21-6c1e2f3a4b5c' },
      bannerShown: String(CONSENT_POLICY_VERSION),
    })
    await context.close()
  })

  it('asks again 12 months after the choice', async () => {
    const { page, context } = await newPage(browser(), desktop)
    const thirteenMonthsAgo = new Date()
    thirteenMonthsAgo.setUTCMonth(thirteenMonthsAgo.getUTCMonth() - 13)
    await saveConsentBeforeLoad(
      context,
      { analytics: true, marketing: true },
      { stored: { savedAt: thirteenMonthsAgo.toISOString() } },
    )
    await withClock(page)
    await open(page, '/')
    expect((await readDataLayer(page))[0]).toEqual(['consent', 'default', allDenied])
    await bannerNow(page)
    await context.close()
  })
})

describe('Global Privacy Control', () => {
  it('starts with marketing off, says why in the dialog, and keeps marketing off on Accept All', async () => {
    const { page, context } = await newPage(browser(), { ...desktop, reducedMotion: 'reduce' })
    await sendGlobalPrivacyControl(context)
    await withClock(page)
    await open(page, '/')
    await bannerNow(page)
    expect(await banner(page).textContent()).toContain('Global Privacy Control')
    await banner(page).getByRole('button', { name: 'Cookie Settings' }).click()
    await dialog(page).waitFor()
    await waitUntilSettled(page)
    const marketing = dialog(page).getByRole('switch', { name: 'Marketing' })
    expect(await marketing.getAttribute('aria-checked')).toBe('false')
    const note = dialog(page).getByText(/Marketing cookies are off because your browser sends a Global Privacy Control/)
    expect(await note.count()).toBe(1)
    expect(await marketing.getAttribute('aria-describedby')).toContain(await note.getAttribute('id'))
    await expectAccessible(page)
    await page.keyboard.press('Escape')
    await dialog(page).waitFor({ state: 'detached' })

    const logged = page.waitForRequest((req) => req.url() === `${baseURL()}/api/consent`)
    await banner(page).getByRole('button', { name: 'Accept All' }).click()
    expect((await logged).postDataJSON()).toMatchObject({ analytics: true, marketing: false, gpc: true })
    expect(await consentTrail(page)).toEqual([
      ['consent', 'default', allDenied],
      ['consent', 'update', { ...allDenied, analytics_storage: 'granted' }],
      { event: 'cookie_consent_update', analytics: 'granted', marketing: 'denied' },
    ])
    await context.close()
  })
})

describe('page views', () => {
  it('pushes one page view once idle on a page without the app (islands), and after the consent default', async () => {
    const { page, context, consoleErrors } = await newPage(browser(), desktop)
    await saveConsentBeforeLoad(context, { analytics: true, marketing: false })
    await open(page, '/privacy')
    const views = async () =>
      (await readDataLayer(page)).filter((entry) => (entry as { event?: string }).event === 'page_view')
    await expect.poll(async () => (await views()).length).toBe(1)
    expect(await views()).toEqual([
      {
        event: 'page_view',
        page_path: '/privacy',
        page_location: `${baseURL()}/privacy`,
        page_title: await page.title(),
      },
    ])
    const layer = await readDataLayer(page)
    expect(layer.findIndex((e) => (e as { event?: string }).event === 'page_view')).toBeGreaterThan(0)
    // And no second one: the page's idle callbacks have all run once the browser has been idle.
    await idle(page)
    expect((await views()).length).toBe(1)
    expect(consoleErrors).toEqual([])
    await context.close()
  })

  it('pushes one page view once idle, and one per client-side navigation', async () => {
    const { page, context, consoleErrors } = await newPage(browser(), desktop)
    await saveConsentBeforeLoad(context, { analytics: true, marketing: false })
    // The forgot-password page runs the whole app, so its links navigate without loading a new document.
    await open(page, '/auth/forgot-password')
    const views = async () =>
      (await readDataLayer(page)).filter((entry) => (entry as { event?: string }).event === 'page_view') as {
        page_path: string
        page_location: string
        page_title: string
      }[]
    await expect.poll(async () => (await views()).length).toBe(1)
    expect((await views())[0]).toEqual({
      event: 'page_view',
      page_path: '/auth/forgot-password',
      page_location: `${baseURL()}/auth/forgot-password`,
      page_title: await page.title(),
    })
    // The page view comes after the consent default.
    const layer = await readDataLayer(page)
    expect(layer.findIndex((e) => (e as { event?: string }).event === 'page_view')).toBeGreaterThan(0)

    // A client-side navigation (no document request) is one more page view.
    let documents = 0
    page.on('request', (req) => {
      if (req.resourceType() === 'document') documents++
    })
    await page.getByRole('navigation', { name: 'Legal' }).getByRole('link', { name: 'Privacy Policy' }).click()
    await page.waitForURL(`${baseURL()}/privacy`)
    await expect.poll(async () => (await views()).length).toBe(2)
    expect((await views())[1]?.page_path).toBe('/privacy')

    await page.goBack()
    await page.waitForURL(`${baseURL()}/auth/forgot-password`)
    await expect.poll(async () => (await views()).length).toBe(3)
    expect((await views())[2]?.page_path).toBe('/auth/forgot-password')
    expect(documents).toBe(0)

    // And no more than one each: nothing else arrives once the browser has been idle.
    await idle(page)
    expect((await views()).map((view) => view.page_path)).toEqual([
      '/auth/forgot-password',
      '/privacy',
      '/auth/forgot-password',
    ])
    expect(consoleErrors).toEqual([])
    await context.close()
  })
})

describe('without GTM_ID', () => {
  it('loads nothing from anywhere but this site, through a whole visit', async () => {
    const { page, context } = await newPage(browser(), { ...desktop, reducedMotion: 'reduce' })
    const requests: string[] = []
    context.on('request', (req) => {
      if (!req.url().startsWith('data:')) requests.push(req.url())
    })
    await open(page, '/')
    await banner(page).getByRole('button', { name: 'Cookie Settings' }).click()
    await dialog(page).getByRole('button', { name: 'Save Preferences' }).click()
    await dialog(page).waitFor({ state: 'detached' })
    await footerCookieSettings(page).click()
    await dialog(page).getByRole('switch', { name: 'Marketing' }).click()
    await dialog(page).getByRole('button', { name: 'Save Preferences' }).click()
    await open(page, '/no-such-page')
    // What the page does once loaded (its page view, when idle) has been done.
    await idle(page)

    expect(requests.length).toBeGreaterThan(5)
    const origin = new URL(baseURL()).origin
    expect(requests.filter((url) => new URL(url).origin !== origin)).toEqual([])
    expect(await page.locator('script[src*="googletagmanager"]').count()).toBe(0)
    expect(await page.evaluate(() => Array.isArray(window.dataLayer))).toBe(true)
    await context.close()
  })
})
