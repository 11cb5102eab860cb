import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { blogPostFormSchema, createPost } from '../../server/blog/admin.server.ts'
import { findPublishedPost, listPublishedPosts } from '../../server/blog/blog.server.ts'
import { blogFeed } from '../../server/blog/feed.server.ts'
import { blogPosts } from '../../server/db/schema/index.server.ts'
import { backend, openTestDatabase, type TestDatabase } from './helpers/database.ts'

let database: TestDatabase
const actor = { userId: 'user-admin-1', email: 'owner@example.com' }
const base = 'https://ramapo.example'

const post = (slug: string, status: 'draft' | 'publish' | 'schedule', body: string, publishAt = '') =>
  createPost(
    database.db,
    actor,
    blogPostFormSchema.parse({
      title: `Title of ${slug}`,
      slug,
      excerpt: slug === 'public-one' ? `About ${slug} & <friends>.` : `Not ]]> public ]]> ${slug}.`,
      body,
      authorName: 'Ramapo IT Services',
      status,
      publishAt,
    }),
  )

beforeAll(async () => {
  database = await openTestDatabase()
  await database.db.delete(blogPosts)
  await post('public-one', 'publish', `## Words\n\n${'word '.repeat(999)}word`)
  await post('hidden-draft', 'draft', 'Draft body')
  await post('later-post', 'schedule', 'Scheduled body', '2099-01-01T09:00')
})
afterAll(async () => {
  await database?.cleanup()
})

describe(`the blog feeds on ${backend}`, () => {
  it('lists only public posts, in RSS 2.0 and Atom, with the excerpt escaped', async () => {
    const rss = await blogFeed(database.db, base, 'rss')
    expect(rss).toMatch(/^<\?xml version="1.0" encoding="utf-8"\?>\s*<rss version="2.0"/)
    expect(rss).toContain(`<link>${base}/blog/public-one</link>`)
    // Plain text in CDATA, escaped as the HTML the feed declares it to be: no markup, no early end.
    expect(rss).toContain('<![CDATA[About public-one &amp; &lt;friends&gt;. (5 min read)]]>')
    expect(rss).not.toContain('hidden-draft')
    expect(rss).not.toContain('later-post')
    const atom = await blogFeed(database.db, base, 'atom')
    expect(atom).toContain('<feed xmlns="http://www.w3.org/2005/Atom">')
    expect(atom).toContain(`href="${base}/blog/public-one"`)
    expect(atom).not.toContain('hidden-draft')
    expect(atom).not.toContain('later-post')
    // A scheduled post is in the feeds from its time on (09:00 in New York is 14:00 UTC).
    for (const kind of ['rss', 'atom'] as const) {
      expect(await blogFeed(database.db, base, kind, new Date('2099-01-01T13:59:59Z')), kind).not.toContain(
        'later-post',
      )
      expect(await blogFeed(database.db, base, kind, new Date('2099-01-01T14:00:00Z')), kind).toContain(
        `${base}/blog/later-post`,
      )
    }
  })

  it('keeps "]]>" in a text from ending its CDATA section', async () => {
    await post('brackets', 'publish', 'Body')
    const rss = await blogFeed(database.db, base, 'rss')
    expect(rss).toContain('<![CDATA[Not ]]&gt; public ]]&gt; brackets. (1 min read)]]>')
    await database.db.delete(blogPosts).where(eq(blogPosts.slug, 'brackets'))
  })

  it('counts a post’s words in the database for its reading time, the same on the list and the post', async () => {
    // "##", "Words" and 1,000 × "word"
    expect((await findPublishedPost(database.db, 'public-one'))?.wordCount).toBe(1002)
    expect((await listPublishedPosts(database.db, 1))?.posts[0]?.wordCount).toBe(1002)
    expect(await blogFeed(database.db, base, 'rss')).toContain('(5 min read)')
  })
})
