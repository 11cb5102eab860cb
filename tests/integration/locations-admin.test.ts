import { eq, sql } from 'drizzle-orm'
import pino from 'pino'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { locationFormSchema } from '../../app/features/locations/schema.ts'
import { DomainError } from '../../app/lib/domain-error.ts'
import routes from '../../app/routes.ts'
import { blogPostFormSchema, createPost, updatePost } from '../../server/blog/admin.server.ts'
import { auditLog, blogPosts, locations, redirects } from '../../server/db/schema/index.server.ts'
import { seedDemoContent } from '../../server/db/seed.server.ts'
import {
  createLocation,
  deleteLocation,
  listLocations,
  setPublished,
  slugReservedMessage,
  slugTakenMessage,
  updateLocation,
} from '../../server/locations/admin.server.ts'
import { applyImport, dryRunImport, sampleCsv } from '../../server/locations/import.server.ts'
import { findPublishedLocation, publishedLocationPaths } from '../../server/locations/locations.server.ts'
import { reservedSlugs } from '../../server/locations/reserved-slugs.server.ts'
import { addRedirect, findRedirect, missingPage, removeRedirect } from '../../server/redirects/redirects.server.ts'
import { backend, openTestDatabase, type TestDatabase } from './helpers/database.ts'

let database: TestDatabase
const actor = { userId: 'user-admin-1', email: 'owner@example.com' }
const log = pino({ level: 'silent' })

const form = (fields: Record<string, string> = {}) =>
  locationFormSchema.parse({
    slug: 'it-support-pearl-river-ny',
    isPublished: 'on',
    town: 'Pearl River',
    county: 'Rockland County',
    state: 'NY',
    postalCode: '10965',
    ...fields,
  })

const auditActions = async () =>
  (await database.db.select().from(auditLog).orderBy(auditLog.at)).map((row) => row.action)

const redirectRows = async () =>
  (await database.db.select().from(redirects).orderBy(redirects.fromPath)).map((r) => `${r.fromPath} → ${r.toPath}`)

/** Where a visitor at `path` without a page is sent: "301 /new" or "302 /404". */
async function missAnswer(path: string) {
  const response = await missingPage(database.db, path, log)
  return `${response.status} ${response.headers.get('location')}`
}

beforeAll(async () => {
  database = await openTestDatabase()
})
afterAll(async () => {
  await database?.cleanup()
})
beforeEach(async () => {
  await database.db.delete(locations)
  await database.db.delete(redirects)
  await database.db.delete(blogPosts)
  await database.db.execute(sql`truncate audit_log`)
})

describe(`the locations editor on ${backend}`, () => {
  it('creates, edits, publishes, unpublishes and deletes a town page, each with its audit row', async () => {
    const created = await createLocation(database.db, actor, form({ isPublished: '' }))
    expect(await findPublishedLocation(database.db, created.slug)).toBeNull()
    const published = await setPublished(database.db, actor, created.id, true)
    expect(published?.isPublished).toBe(true)
    expect((await findPublishedLocation(database.db, created.slug))?.town).toBe('Pearl River')
    const edited = await updateLocation(
      database.db,
      actor,
      created.id,
      published?.updatedAt as Date,
      form({ heroTitle: 'Pearl River IT' }),
    )
    expect(edited.heroTitle).toBe('Pearl River IT')
    await setPublished(database.db, actor, created.id, false)
    expect(await findPublishedLocation(database.db, created.slug)).toBeNull()
    expect((await deleteLocation(database.db, actor, created.id))?.slug).toBe(created.slug)
    expect(await deleteLocation(database.db, actor, created.id)).toBeNull()
    expect(await auditActions()).toEqual([
      'location.create',
      'location.publish',
      'location.update',
      'location.unpublish',
      'location.delete',
    ])
    const [update] = await database.db.select().from(auditLog).where(eq(auditLog.action, 'location.update'))
    expect(update?.details).toMatchObject({ changed: ['heroTitle'], slug: created.slug })
  })

  it('refuses a save over a newer one, keeping the newer', async () => {
    const created = await createLocation(database.db, actor, form())
    await updateLocation(database.db, actor, created.id, created.updatedAt, form({ heroTitle: 'First' }))
    await expect(
      updateLocation(database.db, actor, created.id, created.updatedAt, form({ heroTitle: 'Second' })),
    ).rejects.toMatchObject({ kind: 'conflict' })
    expect((await findPublishedLocation(database.db, created.slug))?.heroTitle).toBe('First')
  })

  it('lists by town with search and the published filter', async () => {
    await createLocation(database.db, actor, form())
    await createLocation(
      database.db,
      actor,
      form({ slug: 'it-support-ramsey-nj', town: 'Ramsey', county: 'Bergen County', state: 'NJ', isPublished: '' }),
    )
    expect((await listLocations(database.db)).map((r) => r.town)).toEqual(['Pearl River', 'Ramsey'])
    expect((await listLocations(database.db, { search: 'bergen' })).map((r) => r.town)).toEqual(['Ramsey'])
    expect((await listLocations(database.db, { search: 'pearl' })).map((r) => r.town)).toEqual(['Pearl River'])
    expect((await listLocations(database.db, { search: '%' })).map((r) => r.town)).toEqual([])
    expect((await listLocations(database.db, { published: 'no' })).map((r) => r.town)).toEqual(['Ramsey'])
    expect((await listLocations(database.db, { published: 'yes' })).map((r) => r.town)).toEqual(['Pearl River'])
  })
})

describe(`slug rules on ${backend}`, () => {
  it('takes lowercase letters, digits and single hyphens only', () => {
    for (const slug of [
      'Pearl-River',
      'pearl_river',
      'pearl--river',
      '-pearl',
      'pearl-',
      'pearl river',
      'perl/river',
      'ümlaut',
    ]) {
      expect(locationFormSchema.safeParse({ slug, town: 'X', state: 'NY' }).success, slug).toBe(false)
    }
    expect(locationFormSchema.safeParse({ slug: 'it-support-10965', town: 'X', state: 'NY' }).success).toBe(true)
  })

  it('reserves every first segment of the route table and the host’s own addresses', async () => {
    for (const slug of [
      'billing',
      'admin',
      'employee',
      'dashboard',
      'account',
      'auth',
      'blog',
      'book',
      'contact',
      'login',
      'portal',
      'setup-account',
      'privacy',
      'terms',
      'promotional-offer',
      'homeowner-intake',
      'services',
      'industries',
      'sitemap.xml',
      'robots.txt',
      '404',
      'api',
      'assets',
      'healthz',
    ]) {
      expect(reservedSlugs.has(slug), slug).toBe(true)
    }
    expect(reservedSlugs.has('it-support-suffern-ny')).toBe(false)
    // Read from the route table itself: every first segment of every address in it, nested ones too.
    const firstSegments = (entries: ReadonlyArray<{ path?: string; children?: unknown[] }>): string[] =>
      entries.flatMap((entry) => [
        ...(entry.path ? [entry.path.split('/')[0] as string] : []),
        ...firstSegments((entry.children ?? []) as ReadonlyArray<{ path?: string }>),
      ])
    const fromTable = firstSegments(routes).filter((segment) => segment !== '*' && !segment.startsWith(':'))
    expect(fromTable.length).toBeGreaterThan(20)
    for (const segment of fromTable) expect(reservedSlugs.has(segment), segment).toBe(true)
    expect([...reservedSlugs].sort()).toEqual([...new Set([...fromTable, 'api', 'assets', 'healthz'])].sort())
    await expect(createLocation(database.db, actor, form({ slug: 'admin' }))).rejects.toMatchObject({
      kind: 'conflict',
      fields: { slug: [slugReservedMessage('admin')] },
    })
    await expect(createLocation(database.db, actor, form({ slug: 'blog' }))).rejects.toBeInstanceOf(DomainError)
  })

  it('refuses a slug another town has, and the database refuses a malformed one', async () => {
    await createLocation(database.db, actor, form())
    await expect(createLocation(database.db, actor, form({ town: 'Other' }))).rejects.toMatchObject({
      kind: 'conflict',
      fields: { slug: [slugTakenMessage] },
    })
    await expect(database.db.insert(locations).values({ slug: 'Bad Slug', town: 'Bad', state: 'NY' })).rejects.toThrow()
    await expect(database.db.insert(locations).values({ slug: 'ok-slug', town: 'Bad', state: 'PA' })).rejects.toThrow()
    expect(await auditActions()).toEqual(['location.create'])
  })
})

describe(`redirects on ${backend}`, () => {
  it('leaves a 301 from a town’s old address, collapses chains, and takes an address back', async () => {
    const town = await createLocation(database.db, actor, form({ slug: 'pearl-river-a' }))
    const b = await updateLocation(database.db, actor, town.id, town.updatedAt, form({ slug: 'pearl-river-b' }))
    expect(await missAnswer('/pearl-river-a')).toBe('301 /pearl-river-b')
    const c = await updateLocation(database.db, actor, town.id, b.updatedAt, form({ slug: 'pearl-river-c' }))
    // One hop from every old address.
    expect(await redirectRows()).toEqual(['/pearl-river-a → /pearl-river-c', '/pearl-river-b → /pearl-river-c'])
    // Back to the first address: it is a page again, no loop.
    await updateLocation(database.db, actor, town.id, c.updatedAt, form({ slug: 'pearl-river-a' }))
    expect(await redirectRows()).toEqual(['/pearl-river-b → /pearl-river-a', '/pearl-river-c → /pearl-river-a'])
    expect(await missAnswer('/pearl-river-c')).toBe('301 /pearl-river-a')
    expect(await missAnswer('/no-such-town')).toBe('302 /404')
    expect(await missAnswer('/Not_A_Slug')).toBe('302 /404')
    // The first move is audited with both addresses (rows in no particular order: several edits here).
    const updates = await database.db.select().from(auditLog).where(eq(auditLog.action, 'location.update'))
    expect(updates.map((row) => row.details)).toContainEqual(
      expect.objectContaining({ previousSlug: 'pearl-river-a', slug: 'pearl-river-b' }),
    )
  })

  it('a new town at an old address takes it over; deleting a town drops the redirects to it', async () => {
    const town = await createLocation(database.db, actor, form({ slug: 'old-name' }))
    await updateLocation(database.db, actor, town.id, town.updatedAt, form({ slug: 'new-name' }))
    expect(await findRedirect(database.db, '/old-name')).toBe('/new-name')
    await createLocation(database.db, actor, form({ slug: 'old-name', town: 'Someone else' }))
    expect(await findRedirect(database.db, '/old-name')).toBeNull()
    await addRedirect(database.db, '/older-name', '/new-name')
    await deleteLocation(database.db, actor, town.id)
    expect(await redirectRows()).toEqual([])
  })

  it('refuses loops and chains, in the service and in the database', async () => {
    await addRedirect(database.db, '/a', '/b')
    await addRedirect(database.db, '/c', '/a') // a chain c → a → b, stored as c → b
    expect(await redirectRows()).toEqual(['/a → /b', '/c → /b'])
    await expect(addRedirect(database.db, '/b', '/a')).rejects.toBeInstanceOf(DomainError)
    await expect(addRedirect(database.db, '/b', '/c')).rejects.toBeInstanceOf(DomainError)
    await expect(database.db.insert(redirects).values({ fromPath: '/d', toPath: '/a' })).rejects.toThrow()
    await expect(database.db.insert(redirects).values({ fromPath: '/b', toPath: '/e' })).rejects.toThrow()
    await expect(database.db.insert(redirects).values({ fromPath: '/e', toPath: '/e' })).rejects.toThrow()
    await expect(database.db.execute(sql`update redirects set to_path = '/c' where from_path = '/a'`)).rejects.toThrow()
    expect(await redirectRows()).toEqual(['/a → /b', '/c → /b'])
  })

  it('moves a blog post’s old address too, and an admin can remove a redirect', async () => {
    const post = await createPost(
      database.db,
      actor,
      blogPostFormSchema.parse({
        title: 'Backups',
        slug: 'backups',
        excerpt: 'Why.',
        body: '## Now',
        authorName: 'Ramapo IT Services',
        status: 'publish',
        publishAt: '',
      }),
    )
    await updatePost(
      database.db,
      actor,
      post.id,
      post.updatedAt,
      blogPostFormSchema.parse({
        title: 'Backups',
        slug: 'backups-that-restore',
        excerpt: 'Why.',
        body: '## Now',
        authorName: 'Ramapo IT Services',
        status: 'publish',
        publishAt: '',
      }),
    )
    expect(await missAnswer('/blog/backups')).toBe('301 /blog/backups-that-restore')
    const [row] = await database.db.select().from(redirects)
    expect((await removeRedirect(database.db, actor, row?.id as string))?.fromPath).toBe('/blog/backups')
    expect(await removeRedirect(database.db, actor, row?.id as string)).toBeNull()
    expect(await removeRedirect(database.db, actor, 'not-an-id')).toBeNull()
    expect(await missAnswer('/blog/backups')).toBe('302 /404')
    expect((await auditActions()).at(-1)).toBe('redirect.delete')
  })
})

const header = 'slug,is_published,town,county,state,hero_title'

describe(`CSV import on ${backend}`, () => {
  it('reports each row in a dry run without writing, then applies the good rows in one transaction', async () => {
    await createLocation(database.db, actor, form({ slug: 'it-support-nyack-ny', town: 'Nyack', heroTitle: 'Old' }))
    await database.db.execute(sql`truncate audit_log`)
    const csv = [
      header,
      'it-support-monroe-ny,yes,Monroe,Orange County,NY,IT in Monroe',
      'it-support-nyack-ny,yes,Nyack,Rockland County,NY,New Nyack title',
      'Bad Slug,yes,Nowhere,,NY,',
      'admin,yes,Admin Town,,NY,',
      'it-support-trenton-pa,yes,Trenton,,PA,',
      'it-support-monroe-ny,no,Monroe again,,NY,',
      'it-support-missing-town-ny,yes,,,NY,',
    ].join('\n')
    const progress: string[] = []
    const dry = await dryRunImport(database.db, csv, (p) => progress.push(`${p.phase} ${p.done}/${p.total}`))
    expect(progress.at(-1)).toBe('check 7/7')
    expect(dry.rows.map((r) => [r.line, r.action])).toEqual([
      [2, 'create'],
      [3, 'update'],
      [4, 'reject'],
      [5, 'reject'],
      [6, 'reject'],
      [7, 'reject'],
      [8, 'reject'],
    ])
    expect(dry.rows[1]?.notes).toEqual(['hero_title'])
    expect(dry.rows[2]?.notes.join(' ')).toContain('lowercase letters')
    expect(dry.rows[3]?.notes.join(' ')).toContain('one of the site')
    expect(dry.rows[4]?.notes.join(' ')).toContain('Choose NY or NJ')
    expect(dry.rows[5]?.notes.join(' ')).toContain('already on line 2')
    expect(dry.rows[6]?.notes.join(' ')).toContain('Enter the town')
    expect(dry.counts).toEqual({ create: 1, update: 1, unchanged: 0, reject: 5 })
    expect(await findPublishedLocation(database.db, 'it-support-monroe-ny')).toBeNull()
    expect(await auditActions()).toEqual([])

    const applied = await applyImport(database.db, actor, csv)
    expect(applied.applied).toBe(true)
    expect(applied.counts).toEqual(dry.counts)
    expect((await findPublishedLocation(database.db, 'it-support-monroe-ny'))?.heroTitle).toBe('IT in Monroe')
    const nyack = await findPublishedLocation(database.db, 'it-support-nyack-ny')
    // Columns left out of the file keep their values.
    expect(nyack?.heroTitle).toBe('New Nyack title')
    expect(nyack?.postalCode).toBe('10965')
    expect((await auditActions()).sort()).toEqual(['location.create', 'location.update'])
    // The same file again: nothing left to change.
    expect((await dryRunImport(database.db, csv)).counts).toMatchObject({ create: 0, update: 0, unchanged: 2 })
  })

  it('writes a large file in batches, with the same rows, audit entries and redirects as one by one', async () => {
    const nyack = await createLocation(database.db, actor, form({ slug: 'it-support-nyack-ny', town: 'Nyack' }))
    await updateLocation(
      database.db,
      actor,
      nyack.id,
      nyack.updatedAt,
      form({ slug: 'it-support-nyack-rockland-ny', town: 'Nyack' }),
    )
    await createLocation(database.db, actor, form({ slug: 'it-support-town-1-ny', town: 'Town 1', isPublished: '' }))
    await database.db.execute(sql`truncate audit_log`)
    // More rows than one batch of writes; a new town at an old address takes it over.
    const rows = Array.from(
      { length: 450 },
      (_, i) => `it-support-town-${i}-ny,yes,Town ${i},Rockland County,NY,IT in Town ${i}`,
    )
    const csv = [header, ...rows, 'it-support-nyack-ny,yes,Nyack,Rockland County,NY,Nyack again'].join('\n')
    const progress: string[] = []
    const applied = await applyImport(database.db, actor, csv, (p) => progress.push(`${p.phase} ${p.done}/${p.total}`))
    expect(applied.counts).toEqual({ create: 450, update: 1, unchanged: 0, reject: 0 })
    expect(progress.filter((p) => p.startsWith('apply'))).toEqual([
      'apply 200/451',
      'apply 400/451',
      'apply 450/451',
      'apply 451/451',
      'apply 451/451',
    ])
    expect(await database.db.$count(locations)).toBe(452)
    expect((await findPublishedLocation(database.db, 'it-support-town-449-ny'))?.heroTitle).toBe('IT in Town 449')
    expect((await findPublishedLocation(database.db, 'it-support-nyack-ny'))?.heroTitle).toBe('Nyack again')
    expect(await redirectRows()).toEqual([])
    const audit = await database.db.select().from(auditLog)
    expect(audit.filter((row) => row.action === 'location.create')).toHaveLength(450)
    const published = audit.filter((row) => row.action === 'location.publish')
    expect(published.map((row) => row.details)).toEqual([
      {
        slug: 'it-support-town-1-ny',
        town: 'Town 1',
        published: true,
        changed: ['isPublished', 'heroTitle'],
        via: 'import',
      },
    ])
    expect(audit.find((row) => row.action === 'location.create')?.details).toMatchObject({
      via: 'import',
      published: true,
    })
  })

  it('writes nothing when any write fails', async () => {
    await database.db.execute(
      sql`create or replace function refuse_town() returns trigger language plpgsql as $$ begin if new.town = 'Refused' then raise exception 'no'; end if; return new; end $$`,
    )
    await database.db.execute(
      sql`create trigger refuse_town before insert on locations for each row execute function refuse_town()`,
    )
    try {
      const csv = [header, 'it-support-a-ny,yes,Good,,NY,', 'it-support-b-ny,yes,Refused,,NY,'].join('\n')
      await expect(applyImport(database.db, actor, csv)).rejects.toThrow()
      expect(await database.db.select().from(locations)).toEqual([])
      expect(await auditActions()).toEqual([])
    } finally {
      await database.db.execute(sql`drop trigger refuse_town on locations`)
    }
  })

  it('refuses a file that is not the town columns, and reads its own sample', async () => {
    expect((await dryRunImport(database.db, '')).fileError).toContain('empty')
    expect((await dryRunImport(database.db, 'slug,town,colour\nx,y,z')).fileError).toContain('Unknown column: colour')
    expect((await dryRunImport(database.db, 'slug,town\n')).fileError).toContain('no towns')
    expect((await dryRunImport(database.db, 'town\nNyack')).fileError).toContain('slug and town')
    expect((await dryRunImport(database.db, 'slug,town\n"unterminated,x')).fileError).toContain('not valid CSV')
    const sample = await dryRunImport(database.db, sampleCsv())
    expect(sample.rows.map((r) => r.action)).toEqual(['create', 'create'])
  })
})

describe(`the demo towns on ${backend}`, () => {
  it('seeds at least 8 published towns across the five counties, with distinct copy, and 1 unpublished', async () => {
    await seedDemoContent(database.db)
    const rows = await database.db.select().from(locations)
    const published = rows.filter((r) => r.isPublished)
    expect(published.length).toBeGreaterThanOrEqual(8)
    expect(rows.filter((r) => !r.isPublished).length).toBe(1)
    expect(new Set(published.map((r) => `${r.county}, ${r.state}`))).toEqual(
      new Set([
        'Rockland County, NY',
        'Orange County, NY',
        'Westchester County, NY',
        'Bergen County, NJ',
        'Passaic County, NJ',
      ]),
    )
    const intros = published.map((r) => r.heroDescription).filter(Boolean)
    expect(new Set(intros).size).toBe(intros.length)
    expect((await publishedLocationPaths(database.db)).length).toBe(published.length)
  })
})
