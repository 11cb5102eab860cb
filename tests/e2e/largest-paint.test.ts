import { describe, expect, it } from 'vitest'
import { newPage, open, testBrowser } from './helpers/browser'

const browser = testBrowser()

/** A phone as Lighthouse's mobile preset emulates it (Moto G Power). */
const phone = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true }

type Candidate = { at: number; size: number; inBanner: boolean; text: string }

/**
 * The cookie banner (1 s after load) fades in: its first frame is transparent, which the browser does
 * not count as a contentful paint. On /auth, whose own texts are smaller than the banner's
 * paragraph on a phone, the largest paint stays the page's own content, painted with the page
 * (docs/frontend-performance.md).
 */
describe('the largest contentful paint', () => {
  it("of /auth on a phone is the page's own content, not the cookie banner that appears 1 s after load", async () => {
    const { page, context, consoleErrors } = await newPage(browser(), phone)
    await context.addInitScript(() => {
      const record = window as unknown as { candidates: Candidate[] }
      record.candidates = []
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { size: number; element: Element | null })[]) {
          record.candidates.push({
            at: entry.startTime,
            size: entry.size,
            inBanner: Boolean(entry.element?.closest('[data-cookie-banner]')),
            text: entry.element?.textContent?.slice(0, 60) ?? '',
          })
        }
      }).observe({ type: 'largest-contentful-paint', buffered: true })
    })
    expect(await open(page, '/auth')).toBe(200)
    const banner = page.locator('[data-cookie-banner]')
    await banner.waitFor({ timeout: 5_000 })
    // Fully shown, and a few frames later still: the browser has reported every paint of it by then.
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'))
    await page.waitForTimeout(300)
    expect(await banner.evaluate((el) => getComputedStyle(el).opacity)).toBe('1')
    // The banner's paragraph is larger than anything of the page's own on a phone: were it counted, it would be the largest.
    const paragraph = await banner.locator('p').first().boundingBox()
    expect((paragraph?.width ?? 0) * (paragraph?.height ?? 0)).toBeGreaterThan(30_000)

    const candidates = await page.evaluate(() => (window as unknown as { candidates: Candidate[] }).candidates)
    expect(candidates.length).toBeGreaterThan(0)
    expect(candidates.filter((c) => c.inBanner)).toEqual([])
    expect(consoleErrors).toEqual([])
  })
})
