import { blogPage } from '../../app/content/blog.ts'
import { business } from '../../app/content/business.ts'
import { readingTimeLabel } from '../../app/features/blog/reading-time.ts'
import type { Db } from '../db/client.server.ts'
import { feedPosts, lastChangeOf } from './blog.server.ts'

export type FeedKind = 'rss' | 'atom'

export const feedPaths: Record<FeedKind, string> = { rss: '/blog/rss.xml', atom: '/blog/atom.xml' }

export const feedContentTypes: Record<FeedKind, string> = {
  rss: 'application/rss+xml; charset=utf-8',
  atom: 'application/atom+xml; charset=utf-8',
}

/**
 * The feed library declares titles and descriptions HTML (Atom's `type="html"`, RSS by custom) and
 * writes them as CDATA, so readers render whatever markup they hold. Ours are plain text: escaping
 * them as HTML makes `<script>` read as the characters it is, and leaves no "]]>" to end the CDATA.
 */
export const plainTextAsHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;')

/**
 * The blog's feed (RSS 2.0 or Atom 1.0) of the newest public posts: title, link, date, author and
 * the excerpt with the reading time. The body stays on the site (readers click through to it).
 */
export async function blogFeed(db: Db, publicUrl: string, kind: FeedKind, now = new Date()): Promise<string> {
  // The feed library and its XML writer load with the first feed asked for, not at boot (docs/perf/boot.md).
  const { Feed } = await import('feed')
  const posts = await feedPosts(db, now)
  const updated = new Date(Math.max(0, ...posts.map((post) => lastChangeOf(post).getTime())))
  const feed = new Feed({
    id: `${publicUrl}/blog`,
    title: `${business.name} blog`,
    description: blogPage.metaDescription,
    link: `${publicUrl}/blog`,
    language: 'en-US',
    favicon: `${publicUrl}/favicon.svg`,
    copyright: `© ${now.getUTCFullYear()} ${business.legalName}`,
    updated,
    generator: business.name,
    feedLinks: { rss: `${publicUrl}${feedPaths.rss}`, atom: `${publicUrl}${feedPaths.atom}` },
    author: { name: business.name, email: business.email, link: `${publicUrl}/` },
  })
  for (const post of posts) {
    const url = `${publicUrl}/blog/${post.slug}`
    feed.addItem({
      id: url,
      guid: url,
      link: url,
      title: plainTextAsHtml(post.title),
      description: plainTextAsHtml(`${post.excerpt} (${readingTimeLabel(post.wordCount)})`),
      date: lastChangeOf(post),
      published: post.publishedAt,
      author: [{ name: post.authorName }],
    })
  }
  return kind === 'rss' ? feed.rss2() : feed.atom1()
}
