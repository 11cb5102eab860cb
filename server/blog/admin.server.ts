import { and, desc, eq, sql } from 'drizzle-orm'
import { z } from 'zod'
import { business } from '../../app/content/business.ts'
import { blogFieldLimits } from '../../app/features/blog/limits.ts'
import type { AuditAction } from '../../app/features/staff/audit-actions.ts'
import { fromBusinessLocalInput } from '../../app/lib/business-time.ts'
import { calendarDateMessage, isCalendarDate } from '../../app/lib/calendar-date.ts'
import { DomainError } from '../../app/lib/domain-error.ts'
import { optionalText, text } from '../../app/lib/forms/text.ts'
import { isUuid } from '../../app/lib/uuid.ts'
import { type AuditActor, recordAudit } from '../audit/audit.server.ts'
import type { Db } from '../db/client.server.ts'
import { type BlogPost, blogPosts } from '../db/schema/index.server.ts'
import { locationSlugPattern } from '../locations/locations.server.ts'
import { invalidatePublicPages } from '../page-cache/invalidation.server.ts'
import { dropRedirectsTo, moveAddress, releaseAddress } from '../redirects/redirects.server.ts'

/**
 * The blog as staff edit it on /admin/blog: every post whatever its status, created, changed and
 * deleted with one audit row each (server/audit), in the same transaction as the change, which
 * also tells every process to drop its cached blog pages (server/page-cache).
 */

export type BlogPostStatus = 'draft' | 'scheduled' | 'published'

/** What a post is now: a draft, waiting for its time, or public. */
export function statusOf(post: Pick<BlogPost, 'isPublished' | 'publishedAt'>, now = new Date()): BlogPostStatus {
  if (!post.isPublished || !post.publishedAt) return 'draft'
  return post.publishedAt > now ? 'scheduled' : 'published'
}

/** A field of the editor, with the editor's words: "Enter the title.", "Keep the title to 160 characters or fewer." */
const editorText = (label: string, max: number, options: { multiline?: boolean; trim?: boolean } = {}) => ({
  label: `The ${label}`,
  max,
  ...options,
  messages: { tooLong: `Keep the ${label} to ${max.toLocaleString('en-US')} characters or fewer.` },
})

const requiredText = (label: string, max: number, multiline = false) =>
  text({ ...editorText(label, max, { multiline }), required: `Enter the ${label}.` })

const optionalEditorText = (label: string, max: number, multiline = false) =>
  optionalText(editorText(label, max, { multiline })).transform((v) => v ?? null)

/** The editor's form as the server reads it. Every message names the field and what to do. */
export const blogPostFormSchema = z
  .object({
    title: requiredText('title', blogFieldLimits.title),
    slug: requiredText('address', blogFieldLimits.slug).pipe(
      z
        .string()
        .regex(
          locationSlugPattern,
          'Use lowercase letters and digits joined by single hyphens, e.g. backups-for-offices.',
        ),
    ),
    excerpt: requiredText('excerpt', blogFieldLimits.excerpt, true),
    // Markdown keeps its leading spaces (an indented code block), so the body is not trimmed.
    body: text({
      ...editorText('post', blogFieldLimits.body, { multiline: true, trim: false }),
      required: 'Write the post.',
    }),
    authorName: text({
      ...editorText('author name', blogFieldLimits.authorName),
      name: true,
      required: 'Enter the author name.',
    }),
    status: z.enum(['draft', 'publish', 'schedule'], { error: 'Choose Draft, Publish now or Schedule.' }),
    publishAt: optionalText({ label: 'The publication time', max: 20 }),
    metaTitle: optionalEditorText('search title', blogFieldLimits.metaTitle),
    metaDescription: optionalEditorText('search description', blogFieldLimits.metaDescription, true),
  })
  .transform((form, ctx) => {
    let scheduledFor: Date | null = null
    if (form.status === 'schedule') {
      scheduledFor = form.publishAt ? fromBusinessLocalInput(form.publishAt) : null
      if (!scheduledFor) {
        ctx.addIssue({
          code: 'custom',
          path: ['publishAt'],
          message: form.publishAt
            ? 'That time does not exist in New York (the clocks skip it). Choose another.'
            : 'Choose the date and time to publish.',
        })
        return z.NEVER
      }
      // Year 9999 in New York is year 10000 in UTC, which no database column takes.
      if (!isCalendarDate((form.publishAt ?? '').slice(0, 10))) {
        ctx.addIssue({ code: 'custom', path: ['publishAt'], message: calendarDateMessage })
        return z.NEVER
      }
    }
    const { publishAt: _publishAt, ...fields } = form
    return { ...fields, scheduledFor }
  })

export type BlogPostForm = z.output<typeof blogPostFormSchema>

/** The author a new post starts with. */
export const defaultAuthorName = business.name

export type AdminPostRow = Pick<BlogPost, 'id' | 'slug' | 'title' | 'isPublished' | 'publishedAt' | 'updatedAt'> & {
  status: BlogPostStatus
}

/** Every post, the most recently changed first. */
export async function listAllPosts(db: Db, now = new Date()): Promise<AdminPostRow[]> {
  const rows = await db
    .select({
      id: blogPosts.id,
      slug: blogPosts.slug,
      title: blogPosts.title,
      isPublished: blogPosts.isPublished,
      publishedAt: blogPosts.publishedAt,
      updatedAt: blogPosts.updatedAt,
    })
    .from(blogPosts)
    .orderBy(desc(blogPosts.updatedAt), desc(blogPosts.id))
  return rows.map((row) => ({ ...row, status: statusOf(row, now) }))
}

/** One post by its id, or null (unknown, or not an id at all). */
export async function findPostById(db: Db, id: string): Promise<BlogPost | null> {
  if (!isUuid(id)) return null
  const [row] = await db.select().from(blogPosts).where(eq(blogPosts.id, id)).limit(1)
  return row ?? null
}

/** The publication columns a form's status asks for; a post already public keeps its date. */
function publication(form: BlogPostForm, current: BlogPost | null, now: Date) {
  if (form.status === 'draft') return { isPublished: false, publishedAt: null }
  if (form.status === 'schedule') {
    const at = form.scheduledFor as Date
    if (at <= now) {
      throw new DomainError('invalid', 'Check the highlighted fields. Nothing was saved.', {
        fields: { publishAt: ['Choose a time in the future, or publish now.'] },
      })
    }
    return { isPublished: true, publishedAt: at }
  }
  const keep = current && statusOf(current, now) === 'published' ? current.publishedAt : null
  return { isPublished: true, publishedAt: keep ?? now }
}

function contentOf(form: BlogPostForm) {
  return {
    title: form.title,
    slug: form.slug,
    excerpt: form.excerpt,
    body: form.body,
    authorName: form.authorName,
    metaTitle: form.metaTitle,
    metaDescription: form.metaDescription,
  }
}

const isUniqueViolation = (error: unknown): boolean => {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true
  }
  return false
}

async function slugTaken(db: Db, slug: string, exceptId?: string): Promise<boolean> {
  const [row] = await db.select({ id: blogPosts.id }).from(blogPosts).where(eq(blogPosts.slug, slug)).limit(1)
  return row !== undefined && row.id !== exceptId
}

const slugTakenError = () =>
  new DomainError('conflict', 'Choose another address.', {
    fields: { slug: ['Another post already uses this address.'] },
  })

/** Runs a change; a slug that another post took meanwhile (unique index) reads as the same field error. */
async function guardSlug<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTakenError()
    throw error
  }
}

export async function createPost(db: Db, actor: AuditActor, form: BlogPostForm, now = new Date()): Promise<BlogPost> {
  if (await slugTaken(db, form.slug)) throw slugTakenError()
  const values = { ...contentOf(form), ...publication(form, null, now), createdAt: now, updatedAt: now }
  return guardSlug(() =>
    db.transaction(async (tx) => {
      const [row] = await tx.insert(blogPosts).values(values).returning()
      if (!row) throw new Error('insert returned no row')
      await releaseAddress(tx, `/blog/${row.slug}`)
      await recordAudit(tx, actor, {
        action: 'blog.create',
        subjectId: row.id,
        details: { slug: row.slug, title: row.title, status: statusOf(row, now) },
      })
      await invalidatePublicPages(tx, 'blog')
      return row
    }),
  )
}

const sameValue = (a: unknown, b: unknown) =>
  a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : a === b

/** The audit action of an edit: a change of visibility is named as such. */
function editAction(before: BlogPostStatus, after: BlogPostStatus): AuditAction {
  if (before === 'draft' && after !== 'draft') return 'blog.publish'
  if (before !== 'draft' && after === 'draft') return 'blog.unpublish'
  return 'blog.update'
}

/**
 * Saves an edit made on the version last changed at `loadedUpdatedAt`. When someone saved the post
 * after that, nothing is written and a 'conflict' error says when: no one's edit is overwritten
 * unseen. Timestamps compare to the millisecond, the precision the form carries.
 */
export async function updatePost(
  db: Db,
  actor: AuditActor,
  id: string,
  loadedUpdatedAt: Date,
  form: BlogPostForm,
  now = new Date(),
): Promise<BlogPost> {
  const current = await findPostById(db, id)
  if (!current) throw new DomainError('not_found', 'This post no longer exists. It may have been deleted.')
  if (await slugTaken(db, form.slug, id)) throw slugTakenError()
  const values = { ...contentOf(form), ...publication(form, current, now), updatedAt: now }
  return guardSlug(() =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .update(blogPosts)
        .set(values)
        .where(
          and(
            eq(blogPosts.id, id),
            sql`date_trunc('milliseconds', ${blogPosts.updatedAt}) = ${loadedUpdatedAt.toISOString()}::timestamptz`,
          ),
        )
        .returning()
      if (!row) {
        const [latest] = await tx
          .select({ updatedAt: blogPosts.updatedAt })
          .from(blogPosts)
          .where(eq(blogPosts.id, id))
          .limit(1)
        if (!latest) throw new DomainError('not_found', 'This post no longer exists. It may have been deleted.')
        throw new DomainError(
          'conflict',
          'Someone saved this post after you opened it. Nothing was saved; your text is still in the form.',
          { changedAt: latest.updatedAt },
        )
      }
      // The old address keeps working: a 301 to the new one (chains collapsed).
      if (current.slug !== row.slug) await moveAddress(tx, `/blog/${current.slug}`, `/blog/${row.slug}`)
      const before = statusOf(current, now)
      const after = statusOf(row, now)
      const changed = (Object.keys(values) as Array<keyof typeof values>).filter(
        (key) => key !== 'updatedAt' && !sameValue(current[key], row[key]),
      )
      await recordAudit(tx, actor, {
        action: editAction(before, after),
        subjectId: row.id,
        details: {
          slug: row.slug,
          title: row.title,
          status: after,
          changed,
          ...(current.slug !== row.slug ? { previousSlug: current.slug } : {}),
        },
      })
      await invalidatePublicPages(tx, 'blog')
      return row
    }),
  )
}

/** Deletes a post; null when there was none. */
export async function deletePost(db: Db, actor: AuditActor, id: string): Promise<BlogPost | null> {
  if (!isUuid(id)) return null
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(blogPosts).where(eq(blogPosts.id, id)).returning()
    if (!row) return null
    await dropRedirectsTo(tx, [`/blog/${row.slug}`])
    await recordAudit(tx, actor, {
      action: 'blog.delete',
      subjectId: row.id,
      details: { slug: row.slug, title: row.title },
    })
    await invalidatePublicPages(tx, 'blog')
    return row
  })
}
