import { eq, sql } from 'drizzle-orm'
import { RouterContextProvider } from 'react-router'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type AppContext, appContext } from '../../app/context.server.ts'
import { accountsContext } from '../../app/features/accounts/context.server.ts'
import { areaGuard, sessionMiddleware } from '../../app/features/accounts/guards.server.ts'
import { guardRouteModule } from '../../app/lib/database-outage.server.ts'
import { DomainError } from '../../app/lib/domain-error.ts'
import * as listRoute from '../../app/routes/admin/blog.tsx'
import * as editorRoute from '../../app/routes/admin/blog-post.tsx'
import {
  type BlogPostForm,
  blogPostFormSchema,
  createPost,
  deletePost,
  findPostById,
  listAllPosts,
  updatePost,
} from '../../server/blog/admin.server.ts'
import { findPublishedPost, listPublishedPosts } from '../../server/blog/blog.server.ts'
import { auditLog, blogPosts } from '../../server/db/schema/index.server.ts'
import { type Harness, PUBLIC_URL, signInStaff, startHarness } from './helpers/accounts.ts'
import { backend, openTestDatabase, type TestDatabase } from './helpers/database.ts'
import { capturingLogger } from './helpers/log.ts'

let database: TestDatabase
const actor = { userId: 'user-admin-1', email: 'owner@example.com' }

/** The form as the editor submits it, read through the server's schema. */
function form(fields: Record<string, string> = {}): BlogPostForm {
  return blogPostFormSchema.parse({
    title: 'Backups for small offices',
    slug: 'backups-for-small-offices',
    excerpt: 'Why a backup you never restored is a hope, not a plan.',
    body: '## Test the restore\n\nOnce a quarter.',
    authorName: 'Ramapo IT Services',
    status: 'draft',
    publishAt: '',
    metaTitle: '',
    metaDescription: '',
    ...fields,
  })
}

const auditRows = () => database.db.select().from(auditLog).orderBy(auditLog.at)

async function thrownBy(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => undefined,
    (error: unknown) => error,
  )
}

beforeAll(async () => {
  database = await openTestDatabase()
})
afterAll(async () => {
  await database?.cleanup()
})
beforeEach(async () => {
  await database.db.delete(blogPosts)
  await database.db.execute(sql`truncate audit_log`)
})

describe(`the blog editor's server side on ${backend}`, () => {
  it('creates a draft that is listed for staff but not public, with one audit row', async () => {
    const created = await createPost(database.db, actor, form())
    expect(created).toMatchObject({ slug: 'backups-for-small-offices', isPublished: false, publishedAt: null })
    expect(await findPublishedPost(database.db, created.slug)).toBeNull()
    const listed = await listAllPosts(database.db)
    expect(listed.map((p) => [p.slug, p.status])).toEqual([['backups-for-small-offices', 'draft']])
    const audit = await auditRows()
    expect(audit).toHaveLength(1)
    expect(audit[0]).toMatchObject({
      actorUserId: actor.userId,
      actorEmail: actor.email,
      action: 'blog.create',
      subjectId: created.id,
      details: { slug: created.slug, title: created.title, status: 'draft' },
    })
  })

  it('publishes a draft, keeps its date on later edits, and records each step', async () => {
    const created = await createPost(database.db, actor, form())
    const t1 = new Date(Date.now() + 1_000)
    const published = await updatePost(
      database.db,
      actor,
      created.id,
      created.updatedAt,
      form({ status: 'publish' }),
      t1,
    )
    expect(published).toMatchObject({ isPublished: true })
    expect(published.publishedAt?.getTime()).toBe(t1.getTime())
    expect(published.updatedAt.getTime()).toBe(t1.getTime())
    expect((await findPublishedPost(database.db, created.slug, t1))?.title).toBe('Backups for small offices')

    const t2 = new Date(t1.getTime() + 60_000)
    const edited = await updatePost(
      database.db,
      actor,
      created.id,
      published.updatedAt,
      form({ status: 'publish', title: 'Backups that restore', slug: 'backups-that-restore' }),
      t2,
    )
    // Still published since t1; the old address is gone, the new one answers.
    expect(edited.publishedAt?.getTime()).toBe(t1.getTime())
    expect(await findPublishedPost(database.db, 'backups-for-small-offices', t2)).toBeNull()
    expect((await findPublishedPost(database.db, 'backups-that-restore', t2))?.title).toBe('Backups that restore')

    const audit = await auditRows()
    expect(audit.map((row) => row.action)).toEqual(['blog.create', 'blog.publish', 'blog.update'])
    expect(audit[2]?.details).toMatchObject({
      slug: 'backups-that-restore',
      previousSlug: 'backups-for-small-offices',
      changed: ['title', 'slug'],
    })

    const unpublished = await updatePost(
      database.db,
      actor,
      created.id,
      edited.updatedAt,
      form({ slug: 'backups-that-restore' }),
      t2,
    )
    expect(unpublished).toMatchObject({ isPublished: false, publishedAt: null })
    expect((await auditRows()).at(-1)?.action).toBe('blog.unpublish')
  })

  it('schedules a post: public only once its time has come', async () => {
    const created = await createPost(
      database.db,
      actor,
      form({ status: 'schedule', publishAt: '2030-06-01T09:00' }),
      new Date('2030-05-01T12:00:00Z'),
    )
    // 9:00 in New York in June is 13:00 UTC.
    expect(created.publishedAt?.toISOString()).toBe('2030-06-01T13:00:00.000Z')
    expect((await listAllPosts(database.db, new Date('2030-05-02T00:00:00Z')))[0]?.status).toBe('scheduled')
    expect(await findPublishedPost(database.db, created.slug, new Date('2030-06-01T12:59:59Z'))).toBeNull()
    expect((await listPublishedPosts(database.db, 1, new Date('2030-06-01T12:59:59Z')))?.total).toBe(0)
    expect(await findPublishedPost(database.db, created.slug, new Date('2030-06-01T13:00:00Z'))).not.toBeNull()
    expect((await listAllPosts(database.db, new Date('2030-06-02T00:00:00Z')))[0]?.status).toBe('published')
  })

  it('refuses a schedule in the past, writing nothing', async () => {
    const error = await thrownBy(
      createPost(database.db, actor, form({ status: 'schedule', publishAt: '2020-01-01T09:00' })),
    )
    expect(error).toBeInstanceOf(DomainError)
    expect(error).toMatchObject({
      kind: 'invalid',
      fields: { publishAt: ['Choose a time in the future, or publish now.'] },
    })
    expect(await listAllPosts(database.db)).toEqual([])
    expect(await auditRows()).toEqual([])
  })

  it('refuses a slug another post uses, on create and on edit, without an audit row', async () => {
    await createPost(database.db, actor, form())
    const other = await createPost(database.db, actor, form({ slug: 'another-post', title: 'Another post' }))
    for (const attempt of [
      createPost(database.db, actor, form()),
      updatePost(database.db, actor, other.id, other.updatedAt, form()),
    ]) {
      const error = await thrownBy(attempt)
      expect(error).toBeInstanceOf(DomainError)
      expect(error).toMatchObject({ kind: 'conflict', fields: { slug: ['Another post already uses this address.'] } })
    }
    expect((await auditRows()).map((row) => row.action)).toEqual(['blog.create', 'blog.create'])
    expect((await findPostById(database.db, other.id))?.slug).toBe('another-post')
  })

  it('refuses to save over a newer change and keeps that change', async () => {
    const created = await createPost(database.db, actor, form())
    const loaded = created.updatedAt
    // Someone else saves first.
    const theirs = await updatePost(
      database.db,
      actor,
      created.id,
      loaded,
      form({ title: 'Their title' }),
      new Date(Date.now() + 5_000),
    )
    const error = await thrownBy(updatePost(database.db, actor, created.id, loaded, form({ title: 'My title' })))
    expect(error).toBeInstanceOf(DomainError)
    expect((error as DomainError).kind).toBe('conflict')
    expect((error as DomainError).changedAt?.getTime()).toBe(theirs.updatedAt.getTime())
    expect((await findPostById(database.db, created.id))?.title).toBe('Their title')
    expect((await auditRows()).map((row) => row.action)).toEqual(['blog.create', 'blog.update'])
  })

  it('compares the loaded time to the millisecond, even for a post written with SQL (microseconds)', async () => {
    await database.db.execute(
      sql`insert into blog_posts (slug, title, excerpt, body, author_name, updated_at)
          values ('from-sql', 'From SQL', 'x', 'y', 'z', '2026-03-01 10:00:00.123456+00')`,
    )
    const [row] = await database.db.select().from(blogPosts).where(eq(blogPosts.slug, 'from-sql'))
    if (!row) throw new Error('no row')
    // The form carries what the page showed: an ISO string, milliseconds only.
    const loaded = new Date(row.updatedAt.toISOString())
    const saved = await updatePost(database.db, actor, row.id, loaded, form({ slug: 'from-sql', title: 'Edited' }))
    expect(saved.title).toBe('Edited')
  })

  it('deletes a post with an audit row; an unknown or malformed id deletes nothing', async () => {
    const created = await createPost(database.db, actor, form({ status: 'publish' }))
    expect((await deletePost(database.db, actor, created.id))?.id).toBe(created.id)
    expect(await findPostById(database.db, created.id)).toBeNull()
    expect(await findPublishedPost(database.db, created.slug)).toBeNull()
    expect(await deletePost(database.db, actor, created.id)).toBeNull()
    expect(await deletePost(database.db, actor, 'not-an-id')).toBeNull()
    expect(await findPostById(database.db, 'not-an-id')).toBeNull()
    const audit = await auditRows()
    expect(audit.map((row) => row.action)).toEqual(['blog.create', 'blog.delete'])
    expect(audit[1]?.details).toEqual({ slug: created.slug, title: created.title })
    const missing = await thrownBy(updatePost(database.db, actor, created.id, created.updatedAt, form()))
    expect((missing as DomainError).kind).toBe('not_found')
  })

  it('writes the audit row in the same transaction: when it fails, the change is undone', async () => {
    const created = await createPost(database.db, actor, form())
    // A real database failure on the audit insert (as a full disk or a lost connection would give).
    await database.db.execute(sql`create function refuse_audit() returns trigger language plpgsql as $$
      begin raise exception 'audit log unavailable'; end $$`)
    await database.db.execute(
      sql`create trigger refuse_audit before insert on audit_log for each row execute function refuse_audit()`,
    )
    try {
      await expect(createPost(database.db, actor, form({ slug: 'never-stored' }))).rejects.toThrow()
      await expect(
        updatePost(database.db, actor, created.id, created.updatedAt, form({ title: 'Never saved' })),
      ).rejects.toThrow()
      await expect(deletePost(database.db, actor, created.id)).rejects.toThrow()
    } finally {
      await database.db.execute(sql`drop trigger refuse_audit on audit_log`)
      await database.db.execute(sql`drop function refuse_audit()`)
    }
    const rows = await listAllPosts(database.db)
    expect(rows.map((row) => [row.slug, row.title])).toEqual([
      ['backups-for-small-offices', 'Backups for small offices'],
    ])
    expect((await auditRows()).map((row) => row.action)).toEqual(['blog.create'])
  })
})

describe('the editor form as the server reads it', () => {
  const base = {
    title: 'A title',
    slug: 'a-title',
    excerpt: 'An excerpt.',
    body: 'Text.',
    authorName: 'Ramapo IT Services',
    status: 'draft',
  }
  const errorsOf = (fields: Record<string, unknown>) => {
    const parsed = blogPostFormSchema.safeParse({ ...base, ...fields })
    return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message]))
  }

  it('names the field and what to do for every refusal', () => {
    expect(errorsOf({ title: '  ' })).toEqual({ title: 'Enter the title.' })
    expect(errorsOf({ title: 'x'.repeat(161) })).toEqual({ title: 'Keep the title to 160 characters or fewer.' })
    expect(errorsOf({ slug: 'Not A Slug' }).slug).toMatch(/^Use lowercase letters and digits/)
    expect(errorsOf({ slug: 'a--b' }).slug).toMatch(/^Use lowercase letters/)
    expect(errorsOf({ slug: 'a'.repeat(101) })).toEqual({ slug: 'Keep the address to 100 characters or fewer.' })
    expect(errorsOf({ excerpt: 'x'.repeat(301) })).toEqual({ excerpt: 'Keep the excerpt to 300 characters or fewer.' })
    expect(errorsOf({ body: '\n \n' })).toEqual({ body: 'Write the post.' })
    expect(errorsOf({ body: 'x'.repeat(50_001) })).toEqual({ body: 'Keep the post to 50,000 characters or fewer.' })
    expect(errorsOf({ body: 'x'.repeat(50_000) })).toEqual({})
    expect(errorsOf({ status: 'live' })).toEqual({ status: 'Choose Draft, Publish now or Schedule.' })
    expect(errorsOf({ status: 'schedule', publishAt: '' })).toEqual({
      publishAt: 'Choose the date and time to publish.',
    })
    expect(errorsOf({ status: 'schedule', publishAt: '2030-03-10T02:30' }).publishAt).toMatch(/does not exist/)
    expect(errorsOf({ metaTitle: 'x'.repeat(161) })).toEqual({
      metaTitle: 'Keep the search title to 160 characters or fewer.',
    })
    expect(errorsOf({ title: undefined, body: undefined })).toEqual({
      title: 'Enter the title.',
      body: 'Write the post.',
    })
  })

  it('stores empty search fields as nothing, so the title and excerpt stand in', () => {
    const parsed = blogPostFormSchema.parse({ ...base, metaTitle: '  ', metaDescription: '' })
    expect(parsed).toMatchObject({ metaTitle: null, metaDescription: null, scheduledFor: null })
  })
})

describe(`the editor's pages when the blog's database fails, on ${backend}`, () => {
  let harness: Harness
  /** The blog's database, closed: every query fails. One for the block (opening one is the slow part). */
  let closed: TestDatabase
  const admin = { email: 'owner@ramapo.test', password: 'owner-secret-phrase-1' }

  beforeAll(async () => {
    harness = await startHarness({ env: { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password } })
    await harness.accounts.seedAdmin()
    closed = await openTestDatabase()
    await closed.cleanup()
  })
  afterAll(async () => {
    await harness?.cleanup()
  })

  /** A signed-in admin's request, through the root's session middleware and the admin area's guard, with the blog on a closed database. */
  async function adminRequest(path: string) {
    const client = await signInStaff(harness, admin.email, admin.password)
    const request = new Request(`${PUBLIC_URL}${path}`, { headers: { cookie: client.cookieHeader() } })
    const { log, lines } = capturingLogger()
    const context = new RouterContextProvider()
    context.set(accountsContext, harness.accounts)
    context.set(appContext, { database: closed, log } as unknown as AppContext)
    const middlewareArgs = { request, context, params: {} } as never
    await sessionMiddleware(
      middlewareArgs,
      async () => (await areaGuard(middlewareArgs, async () => new Response(null))) ?? new Response(null),
    )
    return { args: { request, context, params: {} } as never, lines }
  }

  // The pages as the host serves them: every loader and action under the outage rule.
  const list = guardRouteModule(listRoute)
  const editor = guardRouteModule(editorRoute)

  it('answers the list with a 503 in its words, not a 500, and logs it once', async () => {
    const { args, lines } = await adminRequest('/admin/blog')
    const thrown = (await (list.loader as (args: never) => Promise<unknown>)(args).then(
      () => undefined,
      (error: unknown) => error,
    )) as { data: { error: string }; init: { status: number } }
    expect(thrown.init.status).toBe(503)
    expect(thrown.data.error).toMatch(/The posts could not be loaded: the database did not answer/)
    expect(lines.filter((line) => line.level === 40).map((line) => line.msg)).toEqual(['database unavailable'])
  })

  it('answers the editor with a 503 message, not a 500', async () => {
    const { args } = await adminRequest('/admin/blog/00000000-0000-4000-8000-000000000000')
    ;(args as { params: Record<string, string> }).params.id = '00000000-0000-4000-8000-000000000000'
    const thrown = (await (editor.loader as (args: never) => Promise<unknown>)(args).then(
      () => undefined,
      (error: unknown) => error,
    )) as { data: { error: string }; init: { status: number } }
    expect(thrown.init.status).toBe(503)
    expect(thrown.data.error).toMatch(/database did not answer/)
  })

  it('refuses a save and a delete with a 503 that keeps the typed text, not a 500', async () => {
    const id = '00000000-0000-4000-8000-000000000000'
    const form = new URLSearchParams({
      intent: 'save',
      title: 'Kept through an outage',
      slug: 'kept-through-an-outage',
      excerpt: 'The excerpt.',
      body: '## Typed\n\nEvery word of this.',
      authorName: 'Ramapo IT Services',
      status: 'draft',
      updatedAt: new Date().toISOString(),
    })
    for (const [intent, params] of [
      ['save', {}],
      ['save', { id }],
      ['delete', { id }],
    ] as const) {
      const { args, lines } = await adminRequest('/admin/blog/new')
      const { request } = args as { request: Request }
      form.set('intent', intent)
      const post = new Request(request.url, {
        method: 'POST',
        headers: {
          cookie: request.headers.get('cookie') ?? '',
          origin: new URL(PUBLIC_URL).origin,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: form.toString(),
      })
      Object.assign(args as object, { request: post, params })
      const answer = (await (editor.action as (args: never) => Promise<unknown>)(args)) as unknown as {
        data: { ok: boolean; message: string; values?: Record<string, string> }
        init: { status: number }
      }
      expect(answer.init.status, `${intent} ${JSON.stringify(params)}`).toBe(503)
      expect(answer.data.ok).toBe(false)
      expect(answer.data.message).toMatch(/database did not answer, so nothing was (saved|deleted)/)
      if (intent === 'save') expect(answer.data.values?.body).toBe('## Typed\n\nEvery word of this.')
      expect(lines.filter((line) => line.level === 40)).toHaveLength(1)
    }
  })
})
