import { describe, expect, it } from 'vitest'
import { baseURL, newPage, testBrowser, visit } from './helpers/browser'

const browser = testBrowser()

describe('a visitor lands on a town page', () => {
  it('reads the published page for their town, with its county, four services and local hours', async () => {
    const { page, context, consoleErrors } = await newPage(browser())
    expect(await visit(page, '/it-support-suffern-ny')).toBe(200)
    expect(await page.locator('h1').textContent()).toBe('IT Support in Suffern, NY')
    await expect(page.getByText('Rockland County, New York').first().isVisible()).resolves.toBe(true)
    const services = page.locator('#town-services-title ~ ul > li, section[aria-labelledby="town-services-title"] li')
    expect(await services.locator('h3').allTextContents()).toEqual([
      'Managed IT Services',
      'Cybersecurity',
      'Network & Infrastructure',
      'Cloud Solutions',
    ])
    await expect(page.getByText('Monday to Friday, 8:00 AM – 6:00 PM').isVisible()).resolves.toBe(true)
    await expect(page.getByText(/within about 50 miles of our Suffern office/).isVisible()).resolves.toBe(true)
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${baseURL()}/it-support-suffern-ny`)
    const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents()
    // One BreadcrumbList (the visible breadcrumbs' own), not a second one beside the business.
    expect(jsonLd.flatMap((text) => JSON.parse(text)).filter((d) => d['@type'] === 'BreadcrumbList')).toHaveLength(1)
    // The radius of a town page is 50 miles in every sentence, the why-us block included.
    const text = (await page.locator('main').textContent()) ?? ''
    expect(text.match(/within about \d+ miles/g)).toEqual(['within about 50 miles', 'within about 50 miles'])
    expect(text).not.toContain('60 miles')
    expect(consoleErrors).toEqual([])
    await context.close()
  })

  it('names its keywords when the row has them, and no keywords tag otherwise', async () => {
    const { page, context } = await newPage(browser())
    await visit(page, '/it-support-paramus-nj')
    expect(await page.locator('meta[name="keywords"]').getAttribute('content')).toBe(
      'IT support Paramus NJ, managed IT Bergen County, dental office IT Paramus',
    )
    await visit(page, '/it-support-nyack-ny')
    expect(await page.locator('meta[name="keywords"]').count()).toBe(0)
    await context.close()
  })

  it('fills empty fields with fallbacks built from the town', async () => {
    const { page, context } = await newPage(browser())
    // The Nyack demo row has no hero description: the fallback names the town and our office.
    await visit(page, '/it-support-nyack-ny')
    await expect(page.getByText(/keeps offices and homes in Nyack running/).isVisible()).resolves.toBe(true)
    await context.close()
  })

  it('sends unpublished and unknown towns to /404', async () => {
    for (const path of ['/it-support-ramsey-nj', '/no-such-town', '/Not_A_Slug']) {
      const res = await fetch(`${baseURL()}${path}`, { redirect: 'manual' })
      expect(res.status, path).toBe(302)
      expect(res.headers.get('location'), path).toBe('/404')
    }
  })

  it('lists published towns, and only those, in the sitemap', async () => {
    const xml = await (await fetch(`${baseURL()}/sitemap.xml`)).text()
    expect(xml).toContain(`<loc>${baseURL()}/it-support-suffern-ny</loc>`)
    expect(xml).toContain(`<loc>${baseURL()}/it-support-mahwah-nj</loc>`)
    expect(xml).not.toContain('it-support-ramsey-nj')
  })
})
