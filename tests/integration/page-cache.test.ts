import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { locationFormSchema } from '../../app/features/locations/schema.ts'
import { createPost, deletePost, updatePost } from '../../server/blog/admin.server.ts'
import { nextScheduledPublication } from '../../server/blog/blog.server.ts'
import { type Database, openDatabase, sql } from '../../server/db/client.server.ts'
import { blogPosts, locations } from '../../server/db/schema/index.server.ts'
import { seedDemoContent } from '../../server/db/seed.server.ts'
import { createLocation, deleteLocation, setPublished, updateLocation } from '../../server/locations/admin.server.ts'
import { applyImport } from '../../server/locations/import.server.ts'
import { maxPageAgeMs, pageExpiry } from '../../server/page-cache/expiry.server.ts'
import {
  type InvalidationListener,
  invalidatePublicPages,
  LISTENER_APPLICATION_NAME,
  listenForInvalidations,
} from '../../server/page-cache/invalidation.server.ts'
import { nonceTemplate } from '../../server/page-cache/nonce-template.server.ts'
import { type CachedPage, PageCache, type PageScope } from '../../server/page-cache/page-cache.server.ts'
import {
  backend,
  onPostgres,
  openTestDatabase,
  silentLogger,
  type TestDatabase,
  testDatabaseUrl,
} from './helpers/database.ts'
import { waitFor } from './helpers/wait.ts'

// The page cache's invalidation on a real database: PostgreSQL notifications sent in the
// transaction of a content change reach every listening cache at commit, and nothing else does.
// On PostgreSQL a second connection pool with its own listener stands for a second process.

const NONCE = 'AAAAAAAAAAAAAAAAAAAAAA=='
const admin = { userId: 'admin-user-id', email: 'admin@example.com' }

const page = (scope: PageScope): CachedPage => ({
  scope,
  status: 200,
  headers: [],
  body: nonceTemplate(Buffer.from(`<p nonce="${NONCE}">${scope}</p>`), NONCE),
  expiresAt: Number.MAX_SAFE_INTEGER,
})

type Process = { cache: PageCache; listener: InvalidationListener; database: Database }

let database: TestDatabase
let other: Database | undefined
const processes: Process[] = []

async function startProcess(db: Database, reconnectDelayMs = 50): Promise<Process> {
  const cache = new PageCache({ maxBytes: 1024 * 1024 })
  const listener = await listenForInvalidations({ database: db, cache, log: silentLogger(), reconnectDelayMs })
  const process = { cache, listener, database: db }
  processes.push(process)
  return process
}

/** Fills a process's cache with one page of each scope. */
function warm(p: Process) {
  for (const [key, scope] of [
    ['/blog', 'blog'],
    ['/it-support-suffern-ny', 'locations'],
    ['/', 'fixed'],
  ] as const) {
    expect(p.cache.store(key, p.cache.ticket(), page(scope))).toBe(true)
  }
}

const cachedKeys = (p: Process) => ['/blog', '/it-support-suffern-ny', '/'].filter((k) => p.cache.get(k))

beforeAll(async () => {
  database = await openTestDatabase()
  await seedDemoContent(database.db)
  if (testDatabaseUrl && database.connectionString) {
    other = await openDatabase({ databaseUrl: database.connectionString, dataDir: 'memory', log: silentLogger() })
  }
})
afterAll(async () => {
  for (const p of processes.splice(0)) await p.listener.stop()
  await other?.close()
  await database?.cleanup()
})

describe(`page cache invalidation on ${backend}`, () => {
  it('empties the changed scope at commit on every listening process, and nothing on a rollback', async () => {
    const all = [await startProcess(database), ...(other ? [await startProcess(other)] : [])]
    for (const p of all) {
      expect(p.cache.isEnabled()).toBe(true)
      warm(p)
    }

    await expect(
      database.db.transaction(async (tx) => {
        await invalidatePublicPages(tx, 'locations')
        throw new Error('rolled back')
      }),
    ).rejects.toThrow('rolled back')
    // A rollback sends nothing: give a notification the time it would take, then check.
    await database.db.execute(sql`select pg_sleep(0.2)`)
    for (const p of all) expect(cachedKeys(p)).toEqual(['/blog', '/it-support-suffern-ny', '/'])

    await database.db.transaction(async (tx) => {
      await tx.update(locations).set({ heroTitle: 'Changed' }).where(eq(locations.slug, 'it-support-suffern-ny'))
      await invalidatePublicPages(tx, 'locations')
      // Not before the commit: until then other processes still read the old row.
      for (const p of all) expect(cachedKeys(p)).toContain('/it-support-suffern-ny')
    })
    for (const p of all) {
      await waitFor('the notification', () => !cachedKeys(p).includes('/it-support-suffern-ny'), { timeoutMs: 5_000 })
      expect(cachedKeys(p)).toEqual(['/blog', '/'])
    }

    await invalidatePublicPages(database.db, 'all')
    for (const p of all) await waitFor('the notification', () => cachedKeys(p).length === 0, { timeoutMs: 5_000 })
    for (const p of processes.splice(0)) await p.listener.stop()
  })

  it('empties the blog pages on every process when a post is created, edited or deleted', async () => {
    const all = [await startProcess(database), ...(other ? [await startProcess(other)] : [])]
    const blogGone = async () => {
      for (const p of all) {
        await waitFor('the blog pages to go', () => !cachedKeys(p).includes('/blog'), { timeoutMs: 5_000 })
        expect(cachedKeys(p)).toEqual(['/it-support-suffern-ny', '/'])
      }
    }
    const form = {
      title: 'Cache test',
      slug: 'cache-test',
      excerpt: 'About the cache.',
      body: 'Text.',
      authorName: 'Test',
      status: 'publish' as const,
      metaTitle: null,
      metaDescription: null,
      scheduledFor: null,
    }
    for (const p of all) warm(p)
    const created = await createPost(database.db, admin, form)
    await blogGone()

    for (const p of all) warm(p)
    const edited = await updatePost(database.db, admin, created.id, created.updatedAt, { ...form, title: 'Edited' })
    await blogGone()

    for (const p of all) warm(p)
    await deletePost(database.db, admin, edited.id)
    await blogGone()
    for (const p of processes.splice(0)) await p.listener.stop()
  })

  it('empties the town pages on every process when a town page is created, edited, published, imported or deleted', async () => {
    const all = [await startProcess(database), ...(other ? [await startProcess(other)] : [])]
    const townsGone = async () => {
      for (const p of all) {
        await waitFor('the town pages to go', () => !cachedKeys(p).includes('/it-support-suffern-ny'), {
          timeoutMs: 5_000,
        })
        expect(cachedKeys(p)).toEqual(['/blog', '/'])
      }
    }
    const form = locationFormSchema.parse({ slug: 'cache-test-town', town: 'Cache Town', state: 'NY' })
    for (const p of all) warm(p)
    const created = await createLocation(database.db, admin, form)
    await townsGone()

    for (const p of all) warm(p)
    const edited = await updateLocation(database.db, admin, created.id, created.updatedAt, {
      ...form,
      heroTitle: 'Edited',
    })
    await townsGone()

    for (const p of all) warm(p)
    await setPublished(database.db, admin, edited.id, true)
    await townsGone()

    for (const p of all) warm(p)
    await applyImport(database.db, admin, 'slug,town,state\ncache-test-town,Cache Town,NJ')
    await townsGone()

    for (const p of all) warm(p)
    await deleteLocation(database.db, admin, edited.id)
    await townsGone()
    for (const p of processes.splice(0)) await p.listener.stop()
  })

  it('keeps a blog page no longer than until the next scheduled post goes public', async () => {
    const now = new Date()
    const at = new Date(now.getTime() + 10 * 60_000)
    await database.db.insert(blogPosts).values({
      slug: 'scheduled-for-the-cache-test',
      title: 'Later',
      excerpt: 'Later.',
      body: 'Later.',
      authorName: 'Test',
      isPublished: true,
      publishedAt: at,
    })
    expect((await nextScheduledPublication(database.db, now))?.getTime()).toBe(at.getTime())
    expect(await pageExpiry(database.db, 'blog', now)).toBe(at.getTime())
    // Other pages keep the general bound.
    expect(await pageExpiry(database.db, 'locations', now)).toBe(
      Math.min(now.getTime() + maxPageAgeMs, new Date(now.getFullYear() + 1, 0, 1).getTime()),
    )
    await database.db.delete(blogPosts).where(eq(blogPosts.slug, 'scheduled-for-the-cache-test'))
  })
})

onPostgres.describe('page cache when its listener connection is lost (PostgreSQL)', () => {
  it('stops serving and empties at once, and comes back empty once listening again', async () => {
    // Reconnecting after a second, so that the test sees the time without a listener.
    const p = await startProcess(database, 1_000)
    warm(p)
    const kill = () =>
      database.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity
            where application_name = ${LISTENER_APPLICATION_NAME} and datname = current_database()`,
      )
    await kill()
    await waitFor('the cache to be disabled', () => !p.cache.isEnabled(), { timeoutMs: 5_000 })
    expect(cachedKeys(p)).toEqual([])
    expect(p.cache.store('/', p.cache.ticket(), page('fixed'))).toBe(false)

    await waitFor('the listener to reconnect', () => p.cache.isEnabled(), { timeoutMs: 10_000 })
    expect(cachedKeys(p)).toEqual([])
    warm(p)
    // And it hears changes again.
    await invalidatePublicPages(database.db, 'blog')
    await waitFor('the notification', () => !cachedKeys(p).includes('/blog'), { timeoutMs: 5_000 })
    await p.listener.stop()
    processes.splice(0)
  })
})
