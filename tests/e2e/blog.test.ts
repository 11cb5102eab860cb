import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { blogPage } from '../../app/content/blog'
import { demoBlogPosts } from '../../server/blog/demo-posts.server.ts'
import { openDatabase } from '../../server/db/client.server.ts'
import { blogPosts } from '../../server/db/schema/index.server.ts'
import { silentLogger } from '../integration/helpers/database.ts'
import { type BuiltServer, startBuiltServer } from '../setup/built-server'
import { baseURL, newPage, open, scriptsOf, testBrowser, visit } from './helpers/browser'

const browser = testBrowser()

// Two servers of this file's own, one whose data folder has 12 older posts besides the seeded 3,
// one with no posts. They boot while the tests on the suite's server run (a boot mostly waits on
// its own process), and the last two tests use them.
const pagedDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ramapo-blog-pages-'))
async function startOwnServers(): Promise<{ paged: BuiltServer; empty: BuiltServer }> {
  const [paged, empty] = await Promise.allSettled([
    (async () => {
      // A data folder prepared before the server starts.
      const database = await openDatabase({ dataDir: pagedDataDir, log: silentLogger() })
      await database.migrate()
      await database.db.insert(blogPosts).values(
        Array.from({ length: 12 }, (_, i) => ({
          slug: `archive-post-${String(i + 1).padStart(2, '0')}`,
          title: `Archive post ${i + 1}`,
          excerpt: `An older post, number ${i + 1}.`,
          body: `## Archive\n\nPost ${i + 1}.`,
          authorName: 'Ramapo IT Services',
          isPublished: true,
          publishedAt: new Date(Date.UTC(2025, 0, 31 - i)),
        })),
      )
      await database.close()
      return startBuiltServer('blog-pages', {}, { dataDir: pagedDataDir })
    })(),
    startBuiltServer('blog-empty', { SEED_DEMO: 'false' }),
  ])
  if (paged.status === 'fulfilled' && empty.status === 'fulfilled') return { paged: paged.value, empty: empty.value }
  await Promise.allSettled([paged, empty].map((r) => (r.status === 'fulfilled' ? r.value.stop() : undefined)))
  throw paged.status === 'rejected' ? paged.reason : (empty as PromiseRejectedResult).reason
}
let ownServers: ReturnType<typeof startOwnServers>
beforeAll(() => {
  ownServers = startOwnServers()
  // Awaited by the tests that use them (and afterAll); a failed boot fails those tests.
  ownServers.catch(() => {})
})
afterAll(async () => {
  try {
    const { paged, empty } = await ownServers
    await Promise.all([paged.stop(), empty.stop()])
  } finally {
    fs.rmSync(pagedDataDir, { recursive: true, force: true })
  }
})

const desktop = { viewport: { width: 1280, height: 800 } }
const mobile = { viewport: { width: 390, height: 844 }, isMobile: true }
const seededTitles = demoBlogPosts.map((post) => post.title)

async function jsonLdOf(page: Page): Promise<Array<Record<string, unknown>>> {
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents()
  return texts.flatMap((text) => JSON.parse(text))
}

const cardTitles = (page: Page) => page.locator('main article h2').allTextContents()

describe('a visitor reads the blog', () => {
  for (const [width, options] of [
    ['desktop', desktop],
    ['mobile', mobile],
  ] as const) {
    it(`lists the published posts, newest first, without the app's scripts (${width})`, async () => {
      const { page, context, consoleErrors } = await newPage(browser(), options)
      const scripts = scriptsOf(page)
      // Its accessibility at both widths is checked with every marketing page (marketing-pages).
      expect(await open(page, '/blog')).toBe(200)
      expect(await page.locator('h1').allTextContents()).toEqual([blogPage.title])
      expect(await cardTitles(page)).toEqual(seededTitles)
      const dates = await page
        .locator('main article time')
        .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('datetime') ?? ''))
      expect(dates).toHaveLength(seededTitles.length)
      for (const date of dates) expect(Number.isNaN(Date.parse(date)), date).toBe(false)
      expect(dates).toEqual([...dates].sort().reverse())
      // "Read the full post" names its post for screen readers.
      await expect(
        page.getByRole('link', { name: `Read the full post: ${seededTitles[0]}` }).getAttribute('href'),
      ).resolves.toBe(`/blog/${demoBlogPosts[0]?.slug}`)
      // One page only: no pagination.
      expect(await page.getByRole('navigation', { name: 'Blog pages' }).count()).toBe(0)
      expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${baseURL()}/blog`)
      const blog = (await jsonLdOf(page)).find((d) => d['@type'] === 'Blog')
      expect(blog?.blogPost).toHaveLength(seededTitles.length)
      expect(blog?.publisher).toEqual({ '@id': `${baseURL()}/#business` })
      expect(scripts()).not.toContain('router')
      expect(scripts()).not.toContain('react')
      expect(consoleErrors).toEqual([])
      await context.close()
    })

    it(`reads a post with its headings, author, date, breadcrumbs and structured data (${width})`, async () => {
      const post = demoBlogPosts.find((p) => p.slug === 'tax-season-it-checklist-for-cpa-firms')
      const { page, context, consoleErrors } = await newPage(browser(), options)
      const scripts = scriptsOf(page)
      expect(await visit(page, `/blog/${post?.slug}`)).toBe(200)
      expect(await page.locator('h1').allTextContents()).toEqual([post?.title])
      const headings = await page.locator('[data-slot="post-body"] h2').allTextContents()
      expect(headings).toContain('1. Prove the backups restore')
      expect(headings).toContain('What this costs')
      // The prices in the post are the pricing cards' prices.
      await expect(page.getByText('Full Help Desk plan ($100/user/mo)').first().isVisible()).resolves.toBe(true)
      expect(await page.locator('time').first().getAttribute('datetime')).toBe(post?.publishedAt?.toISOString())
      await expect(page.getByText('By Ramapo IT Services').first().isVisible()).resolves.toBe(true)
      const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' })
      expect((await crumbs.locator('li').allTextContents()).map((t) => t.trim())).toEqual(['Home', 'Blog', post?.title])
      // A link to another site opens in place, without handing over the page.
      const irs = page.locator('[data-slot="post-body"] a[href^="https://www.irs.gov/"]')
      expect(await irs.getAttribute('rel')).toBe('noopener')
      expect(await irs.getAttribute('target')).toBeNull()
      expect(await page.locator('main a[href="/book"]').count()).toBeGreaterThan(0)

      expect(await page.locator('meta[property="og:type"]').getAttribute('content')).toBe('article')
      expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${baseURL()}/blog/${post?.slug}`)
      expect(await page.locator('meta[name="description"]').getAttribute('content')).toBe(post?.metaDescription)
      const data = await jsonLdOf(page)
      const posting = data.find((d) => d['@type'] === 'BlogPosting')
      expect(posting).toMatchObject({
        headline: post?.title,
        datePublished: post?.publishedAt?.toISOString(),
        author: { name: 'Ramapo IT Services' },
        publisher: { '@id': `${baseURL()}/#business` },
        mainEntityOfPage: { '@type': 'WebPage', '@id': `${baseURL()}/blog/${post?.slug}` },
      })
      expect(Date.parse(String(posting?.dateModified))).toBeGreaterThanOrEqual(post?.publishedAt?.getTime() ?? 0)
      const breadcrumbList = data.find((d) => d['@type'] === 'BreadcrumbList')
      expect(((breadcrumbList?.itemListElement ?? []) as Array<{ name: string }>).map((i) => i.name)).toEqual([
        'Home',
        'Blog',
        post?.title,
      ])
      expect(scripts()).not.toContain('router')
      expect(consoleErrors).toEqual([])
      await context.close()
    })
  }

  it('sends unknown posts and pages that do not exist to the 404 page', async () => {
    for (const address of [
      '/blog/no-such-post',
      '/blog/Not_A_Slug',
      '/blog?page=2',
      '/blog?page=0',
      '/blog?page=abc',
      '/blog?page=-1',
      '/blog?page=1.5',
      `/blog?page=${'9'.repeat(30)}`,
    ]) {
      const res = await fetch(`${baseURL()}${address}`, { redirect: 'manual' })
      expect(res.status, address).toBe(302)
      expect(res.headers.get('location'), address).toBe('/404')
    }
    const { page, context } = await newPage(browser(), desktop)
    const response = await page.goto('/blog/no-such-post', { waitUntil: 'load' })
    expect(response?.status()).toBe(404)
    expect(await page.locator('h1').textContent()).toBe('Page not found')
    await context.close()
  })

  it('reaches the blog from the header’s Blog link', async () => {
    const { page, context, consoleErrors } = await newPage(browser(), desktop)
    await page.goto('/', { waitUntil: 'load' })
    const link = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blog' })
    const [response] = await Promise.all([page.waitForResponse(`${baseURL()}/blog`), link.click()])
    expect(response.status()).toBe(200)
    await page.waitForURL(`${baseURL()}/blog`)
    expect(await page.locator('h1').textContent()).toBe(blogPage.title)
    expect(consoleErrors).toEqual([])
    await context.close()
  })

  it('lists the blog and its published posts in the sitemap', async () => {
    const xml = await (await fetch(`${baseURL()}/sitemap.xml`)).text()
    expect(xml).toContain(`<loc>${baseURL()}/blog</loc>`)
    for (const post of demoBlogPosts) {
      expect(xml).toMatch(
        new RegExp(`<loc>${baseURL()}/blog/${post.slug}</loc><lastmod>\\d{4}-\\d{2}-\\d{2}</lastmod>`),
      )
    }
  })
})

describe('the blog with more posts than one page, and with none', () => {
  it('pages ten posts at a time with newer and older links', async () => {
    const { paged: server } = await ownServers
    const { page, context, consoleErrors } = await newPage(browser(), { ...desktop, baseURL: server.baseURL })
    expect(await visit(page, '/blog')).toBe(200)
    expect(await cardTitles(page)).toHaveLength(10)
    const pages = page.getByRole('navigation', { name: 'Blog pages' })
    await expect(pages.getByText('Page 1 of 2').isVisible()).resolves.toBe(true)
    expect(await pages.locator('a[rel="prev"]').count()).toBe(0)
    const older = pages.getByRole('link', { name: 'Older posts' })
    expect(await older.getAttribute('rel')).toBe('next')
    expect(await older.getAttribute('href')).toBe('/blog?page=2')

    // The second page of the same list: its accessibility was checked on the first.
    expect(await open(page, '/blog?page=2')).toBe(200)
    expect(await cardTitles(page)).toEqual([
      'Archive post 8',
      'Archive post 9',
      'Archive post 10',
      'Archive post 11',
      'Archive post 12',
    ])
    const newer = page.getByRole('navigation', { name: 'Blog pages' }).getByRole('link', { name: 'Newer posts' })
    expect(await newer.getAttribute('rel')).toBe('prev')
    expect(await newer.getAttribute('href')).toBe('/blog')
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${server.publicURL}/blog?page=2`)
    expect(await page.title()).toContain('page 2 of 2')
    const third = await fetch(`${server.baseURL}/blog?page=3`, { redirect: 'manual' })
    expect(third.headers.get('location')).toBe('/404')
    expect(consoleErrors).toEqual([])
    await context.close()
  })

  it('says there are no posts yet, and where to go instead, when nothing is published', async () => {
    const { empty: server } = await ownServers
    const { page, context, consoleErrors } = await newPage(browser(), { ...mobile, baseURL: server.baseURL })
    expect(await visit(page, '/blog')).toBe(200)
    expect(await page.getByRole('heading', { name: blogPage.empty.title }).isVisible()).toBe(true)
    expect(await cardTitles(page)).toEqual([])
    const main = page.locator('main')
    expect(await main.getByRole('link', { name: 'Cybersecurity' }).getAttribute('href')).toBe('/services/cybersecurity')
    expect(await main.locator('a[href="/book"]').count()).toBeGreaterThan(0)
    expect(consoleErrors).toEqual([])
    await context.close()
  })
})
