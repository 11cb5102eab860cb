import { eq, inArray } from 'drizzle-orm'
import { RouterContextProvider } from 'react-router'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AppContext, appContext } from '../../app/context.server.ts'
import { collectSitemapEntries } from '../../app/lib/sitemap.server.ts'
import * as blogRoute from '../../app/routes/blog.tsx'
import * as postRoute from '../../app/routes/blog-post.tsx'
import {
  blogPageSize,
  findPublishedPost,
  listPublishedPosts,
  parseBlogPage,
  publishedPostPaths,
} from '../../server/blog/blog.server.ts'
import { demoBlogPosts } from '../../server/blog/demo-posts.server.ts'
import { blogPosts, type NewBlogPost } from '../../server/db/schema/index.server.ts'
import { seedDemoContent } from '../../server/db/seed.server.ts'
import { backend, openTestDatabase, silentLogger, type TestDatabase } from './helpers/database.ts'
import { capturingLogger } from './helpers/log.ts'

let database: TestDatabase
const now = new Date()
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000)
const seededSlugs = demoBlogPosts.map((post) => post.slug)

const post = (slug: string, fields: Partial<NewBlogPost> = {}): NewBlogPost => ({
  slug,
  title: `Post ${slug}`,
  excerpt: `About ${slug}.`,
  body: `## ${slug}\n\nText.`,
  authorName: 'Test Author',
  isPublished: true,
  publishedAt: daysAgo(1),
  ...fields,
})

beforeAll(async () => {
  database = await openTestDatabase()
  await seedDemoContent(database.db)
})
afterAll(async () => {
  await database?.cleanup()
})

describe(`the blog on ${backend}`, () => {
  it('lists the seeded posts newest first on page 1', async () => {
    const page = await listPublishedPosts(database.db, 1, now)
    expect(page).toMatchObject({ page: 1, pageCount: 1, total: seededSlugs.length })
    const dates = page?.posts.map((p) => p.publishedAt.getTime()) ?? []
    expect(dates).toEqual([...dates].sort((a, b) => b - a))
    expect(page?.posts.map((p) => p.slug)).toEqual([
      'home-wifi-that-reaches-every-room',
      'what-hipaa-asks-of-a-small-medical-offices-computers',
      'tax-season-it-checklist-for-cpa-firms',
    ])
  })

  it('seeds the posts once, keeping a post the owner edited', async () => {
    const slug = 'tax-season-it-checklist-for-cpa-firms'
    await database.db.update(blogPosts).set({ title: 'Edited title' }).where(eq(blogPosts.slug, slug))
    expect((await seedDemoContent(database.db)).inserted).toBe(0)
    const rows = await database.db.select().from(blogPosts).where(inArray(blogPosts.slug, seededSlugs))
    expect(rows).toHaveLength(seededSlugs.length)
    expect(rows.find((row) => row.slug === slug)?.title).toBe('Edited title')
  })

  it('shows only posts that are published and whose date has come', async () => {
    await database.db
      .insert(blogPosts)
      .values([
        post('a-draft', { isPublished: false }),
        post('a-scheduled-post', { publishedAt: new Date(now.getTime() + 3_600_000) }),
        post('published-without-a-date', { publishedAt: null }),
      ])
    for (const slug of ['a-draft', 'a-scheduled-post', 'published-without-a-date']) {
      expect(await findPublishedPost(database.db, slug, now), slug).toBeNull()
    }
    const listed = (await listPublishedPosts(database.db, 1, now))?.posts.map((p) => p.slug)
    expect(listed).toEqual(expect.not.arrayContaining(['a-draft', 'a-scheduled-post', 'published-without-a-date']))
    expect(listed).toHaveLength(seededSlugs.length)
    // The scheduled post appears on its own once its time has come.
    const later = new Date(now.getTime() + 2 * 3_600_000)
    expect((await findPublishedPost(database.db, 'a-scheduled-post', later))?.title).toBe('Post a-scheduled-post')
    expect((await listPublishedPosts(database.db, 1, later))?.posts[0]?.slug).toBe('a-scheduled-post')
    await database.db
      .delete(blogPosts)
      .where(inArray(blogPosts.slug, ['a-draft', 'a-scheduled-post', 'published-without-a-date']))
  })

  it('finds a public post by its slug, and not an unknown or malformed one', async () => {
    const found = await findPublishedPost(database.db, 'home-wifi-that-reaches-every-room', now)
    expect(found?.title).toBe('Home Wi-Fi that reaches every room')
    expect(found?.body).toMatch(/^## /m)
    expect(await findPublishedPost(database.db, 'no-such-post', now)).toBeNull()
    expect(await findPublishedPost(database.db, "x' or 1=1 --", now)).toBeNull()
    expect(await findPublishedPost(database.db, 'Home-WiFi', now)).toBeNull()
    expect(await findPublishedPost(database.db, 'a'.repeat(101), now)).toBeNull()
  })

  it('refuses a slug that could not be an address', async () => {
    await expect(database.db.insert(blogPosts).values(post('Not A Slug'))).rejects.toThrow()
    await expect(database.db.insert(blogPosts).values(post('home-wifi-that-reaches-every-room'))).rejects.toThrow()
  })

  it('pages the list ten at a time, with nothing lost or repeated between pages', async () => {
    // 12 more posts, two of them at the same moment: 15 in all, so two pages.
    const extra = Array.from({ length: 12 }, (_, i) =>
      post(`paged-post-${String(i).padStart(2, '0')}`, { publishedAt: daysAgo(i < 2 ? 100 : 100 + i) }),
    )
    await database.db.insert(blogPosts).values(extra)
    const first = await listPublishedPosts(database.db, 1, now)
    const second = await listPublishedPosts(database.db, 2, now)
    expect(first).toMatchObject({ page: 1, pageCount: 2, total: 15 })
    expect(first?.posts).toHaveLength(blogPageSize)
    expect(second).toMatchObject({ page: 2, pageCount: 2, total: 15 })
    expect(second?.posts).toHaveLength(5)
    const all = [...(first?.posts ?? []), ...(second?.posts ?? [])].map((p) => p.slug)
    expect(new Set(all).size).toBe(15)
    expect(all.slice(0, 3)).toEqual(seededSlugs)
    // The two posts of the same moment come in slug order.
    expect(all.slice(3, 5)).toEqual(['paged-post-00', 'paged-post-01'])
    // Past the last page, or not a page at all: no page (the route answers 404).
    expect(await listPublishedPosts(database.db, 3, now)).toBeNull()
    expect(await listPublishedPosts(database.db, 0, now)).toBeNull()
    expect(await listPublishedPosts(database.db, -1, now)).toBeNull()
    expect(await listPublishedPosts(database.db, 1.5, now)).toBeNull()
    await database.db.delete(blogPosts).where(
      inArray(
        blogPosts.slug,
        extra.map((p) => p.slug),
      ),
    )
  })

  it('reads the page number strictly from the address', () => {
    expect(parseBlogPage(null)).toBe(1)
    expect(parseBlogPage('1')).toBe(1)
    expect(parseBlogPage('2')).toBe(2)
    expect(parseBlogPage('999999')).toBe(999999)
    for (const bad of ['', '0', '-1', '1.5', '02', '1e1', 'abc', ' 2', '2 ', '0x2', '9999999', '١']) {
      expect(parseBlogPage(bad), JSON.stringify(bad)).toBeNull()
    }
  })

  it('has page 1, empty, when nothing is published', async () => {
    expect(await listPublishedPosts(database.db, 1, new Date('2000-01-01T00:00:00Z'))).toEqual({
      posts: [],
      page: 1,
      pageCount: 1,
      total: 0,
    })
    expect(await listPublishedPosts(database.db, 2, new Date('2000-01-01T00:00:00Z'))).toBeNull()
  })

  it('gives the sitemap every public post with its last change, and no draft', async () => {
    // Written ten days ago, published two days ago: its last change is its publication.
    const publishedAt = daysAgo(2)
    await database.db
      .insert(blogPosts)
      .values([
        post('sitemap-draft', { isPublished: false }),
        post('written-before-it-went-out', { publishedAt, updatedAt: daysAgo(10) }),
      ])
    const paths = await publishedPostPaths(database.db, now)
    const expected = ['written-before-it-went-out', ...seededSlugs].map((slug) => `/blog/${slug}`)
    expect(paths.map((p) => p.path)).toEqual(expected)
    expect(paths[0]?.updatedAt.getTime()).toBe(publishedAt.getTime())

    const context = { database, log: silentLogger() } as unknown as AppContext
    const entries = await collectSitemapEntries(context)
    const blogEntries = entries.filter((entry) => entry.path.startsWith('/blog'))
    expect(blogEntries.map((entry) => entry.path)).toEqual(['/blog', ...expected])
    expect(blogEntries[1]?.lastmod).toBe(publishedAt.toISOString().slice(0, 10))
  })
})

describe(`the blog's pages when the database fails, on ${backend}`, () => {
  it('log the failure and send the visitor to /404, never a 500', async () => {
    // A real database, closed: every query fails as it does when the server is down.
    const closed = await openTestDatabase()
    await closed.cleanup()
    const { log, lines } = capturingLogger()
    const context = new RouterContextProvider()
    context.set(appContext, { database: closed, log } as unknown as AppContext)
    const request = (path: string) => new Request(`http://localhost${path}`)
    const calls = [
      () => blogRoute.loader({ request: request('/blog'), params: {}, context } as never),
      () =>
        postRoute.loader({
          request: request('/blog/home-wifi-that-reaches-every-room'),
          params: { slug: 'home-wifi-that-reaches-every-room' },
          context,
        } as never),
    ]
    for (const call of calls) {
      const thrown = await call().then(
        () => undefined,
        (error: unknown) => error,
      )
      expect(thrown).toBeInstanceOf(Response)
      expect((thrown as Response).status).toBe(302)
      expect((thrown as Response).headers.get('location')).toBe('/404')
    }
    expect(lines.filter((line) => line.level === 40).map((line) => line.msg)).toEqual([
      'blog list failed; sending the visitor to /404',
      'blog post failed; sending the visitor to /404',
    ])
  })
})
