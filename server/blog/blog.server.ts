import { and, asc, count, desc, eq, getTableColumns, gt, lte, min, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '../db/client.server.ts'
import { type BlogPost, blogPosts } from '../db/schema/index.server.ts'
import { locationSlugPattern } from '../locations/locations.server.ts'

/** Posts per page of /blog. */
export const blogPageSize = 10

/**
 * The `page` query of /blog: absent means 1; otherwise a plain positive whole number ("2", not
 * "02", "2.0", "1e1" or "-1"). Six digits is far beyond any real list and keeps the offset small.
 */
const pageParam = z
  .string()
  .regex(/^[1-9][0-9]{0,5}$/)
  .transform(Number)

/** The page number asked for, or null when the value is not a page number (→ 404). */
export function parseBlogPage(value: string | null): number | null {
  if (value === null) return 1
  const parsed = pageParam.safeParse(value)
  return parsed.success ? parsed.data : null
}

/**
 * A post's words, counted by the database (whitespace-separated, Markdown marks included), so the
 * list gets each post's reading time without reading every body.
 */
const wordCount = sql<number>`(select count(*) from regexp_matches(${blogPosts.body}, '\\S+', 'g'))::int`

/** Public when published and its date has come (a future date schedules the post). */
const isPublic = (now: Date) => and(eq(blogPosts.isPublished, true), lte(blogPosts.publishedAt, now))

export type BlogPostSummary = Pick<BlogPost, 'slug' | 'title' | 'excerpt' | 'authorName' | 'updatedAt'> & {
  publishedAt: Date
  wordCount: number
}

export type BlogPage = {
  posts: BlogPostSummary[]
  page: number
  pageCount: number
  total: number
}

/**
 * One page of public posts, newest first (ties by slug, so pages never overlap). Page 1 always
 * exists, empty when nothing is published; a page past the last is null (→ 404).
 */
export async function listPublishedPosts(db: Db, page: number, now = new Date()): Promise<BlogPage | null> {
  const [totals] = await db.select({ total: count() }).from(blogPosts).where(isPublic(now))
  const total = totals?.total ?? 0
  const pageCount = Math.max(1, Math.ceil(total / blogPageSize))
  if (!Number.isInteger(page) || page < 1 || page > pageCount) return null
  const rows = await db
    .select({
      slug: blogPosts.slug,
      title: blogPosts.title,
      excerpt: blogPosts.excerpt,
      authorName: blogPosts.authorName,
      publishedAt: blogPosts.publishedAt,
      updatedAt: blogPosts.updatedAt,
      wordCount,
    })
    .from(blogPosts)
    .where(isPublic(now))
    .orderBy(desc(blogPosts.publishedAt), asc(blogPosts.slug))
    .limit(blogPageSize)
    .offset((page - 1) * blogPageSize)
  // isPublic() excludes a null published_at; the filter tells the type system so.
  const posts = rows.flatMap((row) => (row.publishedAt ? [{ ...row, publishedAt: row.publishedAt }] : []))
  return { posts, page, pageCount, total }
}

export type PublishedBlogPost = BlogPost & { publishedAt: Date; wordCount: number }

/** The public post at /blog/{slug}, or null (unknown, unpublished, scheduled or not a valid slug). */
export async function findPublishedPost(db: Db, slug: string, now = new Date()): Promise<PublishedBlogPost | null> {
  if (slug.length > 100 || !locationSlugPattern.test(slug)) return null
  const [row] = await db
    .select({ ...getTableColumns(blogPosts), wordCount })
    .from(blogPosts)
    .where(and(eq(blogPosts.slug, slug), isPublic(now)))
    .limit(1)
  return row?.publishedAt ? { ...row, publishedAt: row.publishedAt } : null
}

/** A post's last change: its last edit, or its publication when it was scheduled ahead and went out later. */
export function lastChangeOf(post: { publishedAt: Date | null; updatedAt: Date }): Date {
  return new Date(Math.max(post.updatedAt.getTime(), post.publishedAt?.getTime() ?? 0))
}

/** Posts in the blog's feeds (/blog/rss.xml, /blog/atom.xml). */
export const feedSize = 20

/** The newest public posts for the feeds, newest first. */
export async function feedPosts(db: Db, now = new Date()): Promise<PublishedBlogPost[]> {
  const rows = await db
    .select({ ...getTableColumns(blogPosts), wordCount })
    .from(blogPosts)
    .where(isPublic(now))
    .orderBy(desc(blogPosts.publishedAt), asc(blogPosts.slug))
    .limit(feedSize)
  return rows.flatMap((row) => (row.publishedAt ? [{ ...row, publishedAt: row.publishedAt }] : []))
}

/** Every public post's address and last change, for the sitemap. */
export async function publishedPostPaths(db: Db, now = new Date()): Promise<Array<{ path: string; updatedAt: Date }>> {
  const rows = await db
    .select({ slug: blogPosts.slug, publishedAt: blogPosts.publishedAt, updatedAt: blogPosts.updatedAt })
    .from(blogPosts)
    .where(isPublic(now))
    .orderBy(desc(blogPosts.publishedAt), asc(blogPosts.slug))
  return rows.map((row) => ({ path: `/blog/${row.slug}`, updatedAt: lastChangeOf(row) }))
}

/**
 * When the next scheduled post goes public (null when none is waiting): the moment the blog's
 * pages change without anyone saving anything, so a cached blog page must not outlive it.
 */
export async function nextScheduledPublication(db: Db, now = new Date()): Promise<Date | null> {
  const [row] = await db
    .select({ at: min(blogPosts.publishedAt) })
    .from(blogPosts)
    .where(and(eq(blogPosts.isPublished, true), gt(blogPosts.publishedAt, now)))
  return row?.at ?? null
}
