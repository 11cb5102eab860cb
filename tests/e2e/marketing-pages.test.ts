import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { publicPages } from '../../app/content/sitemap'
import { baseURL, expectAccessible, newPage, open, testBrowser } from './helpers/browser'
import { saveConsentBeforeLoad } from './helpers/consent'
import { marketingPages } from './helpers/marketing'

const browser = testBrowser()

const desktop = { width: 1280, height: 800 }
const phone = { width: 390, height: 844 }

/** Whether the page scrolls sideways at the current width (responsive down to phones). */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)

describe('every public page', () => {
  it('is listed among the fixed pages of the sitemap (other features add theirs, e.g. /book)', () => {
    expect(publicPages.map((p) => p.path)).toEqual(expect.arrayContaining(marketingPages.map((p) => p.path)))
  })

  // One test per page (each with its own time limit), on one browser context. Each page is loaded
  // once and checked at desktop width, then at 390 px by narrowing the same document: the server's
  // HTML does not depend on the width and no script of these pages reads it (the layout is CSS
  // alone, under the meta viewport checked here), so a second load at 390 px would fetch and
  // hydrate the same markup again; what differs, the layout, is checked (overflow, axe) at both widths.
  // expectAccessible is expectAccessible's check, with axe-core sent once per page.
  describe('at desktop and phone widths', () => {
    let session: Awaited<ReturnType<typeof newPage>>
    let bannerAnswered = false
    beforeAll(async () => {
      session = await newPage(browser(), { viewport: desktop })
    })
    afterAll(async () => {
      await session?.context.close()
    })

    it.each(marketingPages)(
      '$path answers 200 with its one h1, hydrates cleanly, fits 390 px and passes axe at both widths',
      async ({ path, h1 }) => {
        const { page, context, consoleErrors } = session
        consoleErrors.length = 0
        await page.setViewportSize(desktop)
        expect(await open(page, path)).toBe(200)
        await expectAccessible(page)
        expect(await page.locator('h1').allTextContents()).toEqual([h1])
        expect(await page.locator('meta[name="viewport"]').getAttribute('content')).toBe(
          'width=device-width, initial-scale=1',
        )
        expect(await overflow(page), `${path} scrolls sideways at desktop width`).toBeLessThanOrEqual(0)
        // The cookie banner is the same on every page: the first page is checked with it on screen
        // at both widths (visit waits for it), the others at rest once a choice is saved, without
        // waiting a second for a banner that would be the one already checked.
        const withBanner = !bannerAnswered
        if (withBanner) expect(await page.locator('[data-cookie-banner]').count(), 'the cookie banner').toBe(1)

        await page.setViewportSize(phone)
        expect(await overflow(page), `${path} scrolls sideways at 390 px`).toBeLessThanOrEqual(0)
        await expectAccessible(page)
        if (withBanner) {
          expect(await page.locator('[data-cookie-banner]').count(), 'the cookie banner at 390 px').toBe(1)
          await saveConsentBeforeLoad(context, { analytics: false, marketing: false })
          bannerAnswered = true
        }
        expect(consoleErrors).toEqual([])
      },
    )
  })
})

describe('redirects and missing pages', () => {
  it('sends /homeowner-intake permanently to /promotional-offer, keeping campaign parameters', async () => {
    const res = await fetch(`${baseURL()}/homeowner-intake?utm_source=flyer`, { redirect: 'manual' })
    expect(res.status).toBe(301)
    expect(res.headers.get('location')).toBe('/promotional-offer?utm_source=flyer')

    const { page, context } = await newPage(browser())
    await page.goto('/homeowner-intake')
    expect(new URL(page.url()).pathname).toBe('/promotional-offer')
    await context.close()
  })

  it('answers 404 for a service or industry that does not exist', async () => {
    for (const path of ['/services/web-design', '/industries/restaurants']) {
      const res = await fetch(`${baseURL()}${path}`)
      expect(res.status, path).toBe(404)
      expect(await res.text()).toContain('Page not found')
    }
  })

  it('opens a service page from the footer', async () => {
    const { page, context, consoleErrors } = await newPage(browser(), { viewport: { width: 1280, height: 800 } })
    // /privacy and its footer are checked for accessibility above.
    await open(page, '/privacy')
    await page.getByRole('contentinfo').getByRole('link', { name: 'Cloud Solutions' }).click()
    await page.waitForURL(`${baseURL()}/services/cloud-solutions`)
    await expect.poll(() => page.locator('h1').textContent()).toMatch(/^Cloud solutions/)
    expect(await page.title()).toBe('Cloud Solutions | Ramapo IT Services')
    expect(consoleErrors).toEqual([])
    await context.close()
  })
})
