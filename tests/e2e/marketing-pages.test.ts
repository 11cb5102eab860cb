import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { publicPages } from '../../app/content/sitemap'
import { baseURL, newPage, testBrowser, visit } from './helpers/browser'
import { saveConsentBeforeLoad } from './helpers/consent'
import { marketingPages } from './helpers/marketing'

const browser = testBrowser()

const viewports = [
  { name: 'desktop', options: { viewport: { width: 1280, height: 800 } } },
  { name: 'mobile', options: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
] as const

describe('every public page', () => {
  it('is listed among the fixed pages of the sitemap (other features add theirs, e.g. /book)', () => {
    expect(publicPages.map((p) => p.path)).toEqual(expect.arrayContaining(marketingPages.map((p) => p.path)))
  })

  // One test per page and width (each with its own time limit), on one browser context per width.
  describe.each(viewports)('at $name width', ({ options }) => {
    let session: Awaited<ReturnType<typeof newPage>>
    let bannerAnswered = false
    beforeAll(async () => {
      session = await newPage(browser(), options)
    })
    afterAll(async () => {
      await session?.context.close()
    })

    it.each(marketingPages)(
      '$path answers 200 with its one h1, hydrates cleanly and passes axe',
      async ({ path, h1 }) => {
        const { page, context, consoleErrors } = session
        consoleErrors.length = 0
        const status = await visit(page, path)
        expect(status).toBe(200)
        expect(await page.locator('h1').allTextContents()).toEqual([h1])
        // Nothing wider than the screen (responsive down to phones).
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
        expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0)
        expect(consoleErrors).toEqual([])
        // The cookie banner is the same on every page: the first page of the width is checked with
        // it on screen (visit waits for it), the others at rest once a choice is saved, without
        // waiting a second for a banner that would be the one already checked.
        if (!bannerAnswered) {
          expect(await page.locator('[data-cookie-banner]').count(), 'the cookie banner').toBe(1)
          await saveConsentBeforeLoad(context, { analytics: false, marketing: false })
          bannerAnswered = true
        }
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
    await visit(page, '/privacy')
    await page.getByRole('contentinfo').getByRole('link', { name: 'Cloud Solutions' }).click()
    await page.waitForURL(`${baseURL()}/services/cloud-solutions`)
    await expect.poll(() => page.locator('h1').textContent()).toMatch(/^Cloud solutions/)
    expect(await page.title()).toBe('Cloud Solutions | Ramapo IT Services')
    expect(consoleErrors).toEqual([])
    await context.close()
  })
})
