import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type BuiltServer, startBuiltServer } from '../setup/built-server'
import { newPage, testBrowser } from './helpers/browser'
import { readDataLayer } from './helpers/consent'

const gtmId = 'GTM-E2E1234'
let server: BuiltServer | undefined
let origin: string

// The suite's shared server runs without GTM_ID; this file starts a second one with it.
beforeAll(async () => {
  server = await startBuiltServer('gtm', { GTM_ID: gtmId, SEED_DEMO: 'false' })
  origin = server.baseURL
})
afterAll(async () => {
  await server?.stop()
})
const browser = testBrowser()

describe('with GTM_ID', () => {
  it('loads the Tag Manager container after the consent default, with the CSP nonce', async () => {
    const { page, context, consoleErrors } = await newPage(browser(), { baseURL: origin })
    // The outside world stays outside: Google's script is replaced by one that reports what it saw.
    const fetched: string[] = []
    await context.route('https://www.googletagmanager.com/**', (route) => {
      fetched.push(route.request().url())
      return route.fulfill({
        contentType: 'application/javascript',
        body: 'window.containerSaw = window.dataLayer.map(function (e) { return Array.prototype.slice.call(e).length ? Array.prototype.slice.call(e) : e })',
      })
    })
    const response = await page.goto('/', { waitUntil: 'load' })
    await page.waitForSelector('html[data-hydrated="true"]')
    await page.waitForFunction(() => 'containerSaw' in window)

    const csp = (await response?.allHeaders())?.['content-security-policy'] ?? ''
    expect(csp).toMatch(/script-src 'self' 'nonce-[^']+' https:\/\/www\.googletagmanager\.com/)
    expect(csp).toMatch(/connect-src 'self' https:\/\/www\.googletagmanager\.com/)
    expect(csp).toMatch(/img-src 'self' data: https:\/\/www\.googletagmanager\.com/)
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1]

    expect(fetched).toEqual([`https://www.googletagmanager.com/gtm.js?id=${gtmId}`])
    const script = page.locator('script[src^="https://www.googletagmanager.com/"]')
    expect(await script.count()).toBe(1)
    expect(await script.evaluate((el) => (el as HTMLScriptElement).nonce)).toBe(nonce)
    expect(await script.evaluate((el) => (el as HTMLScriptElement).async)).toBe(true)

    // When the container ran, the consent default was already first, followed by its start event.
    const saw = (await page.evaluate(() => (window as unknown as { containerSaw: unknown[] }).containerSaw)) ?? []
    expect(saw[0]).toEqual([
      'consent',
      'default',
      { analytics_storage: 'denied', ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied' },
    ])
    expect(saw[1]).toMatchObject({ event: 'gtm.js' })
    expect((await readDataLayer(page))[0]).toEqual(saw[0])
    expect(consoleErrors).toEqual([])
    await context.close()
  })
})
