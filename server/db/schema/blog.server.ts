import { sql } from 'drizzle-orm'
import { boolean, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'

/**
 * Blog posts at /blog/{slug}. A post is public only when it is published and its published_at has
 * come (server/blog/blog.server.ts), so a post can be scheduled by giving it a future date.
 */
export const blogPosts = pgTable(
  'blog_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    /** The summary shown in the list, and the meta description unless meta_description is set. */
    excerpt: text('excerpt').notNull(),
    /** Markdown; rendered on the server without raw HTML. Headings start at level 2. */
    body: text('body').notNull(),
    authorName: text('author_name').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    isPublished: boolean('is_published').notNull().default(false),
    metaTitle: text('meta_title'),
    metaDescription: text('meta_description'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The list: published posts, newest first.
    index('blog_posts_published_at_idx').on(t.publishedAt.desc()).where(sql`${t.isPublished}`),
    // The same rule as town slugs, so every stored slug is a valid address.
    check('blog_posts_slug_check', sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
  ],
)

export type BlogPost = typeof blogPosts.$inferSelect
export type NewBlogPost = typeof blogPosts.$inferInsert
