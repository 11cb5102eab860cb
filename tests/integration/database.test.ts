import fs from 'node:fs'
import net from 'node:net'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoBlogPosts } from '../../server/blog/demo-posts.server.ts'
import { isDatabaseUnavailable, openDatabase, selectRows, sql } from '../../server/db/client.server.ts'
import { locations } from '../../server/db/schema/index.server.ts'
import { demoLocations, seedDemoContent } from '../../server/db/seed.server.ts'
import { migrationsDir } from '../../server/paths.server.ts'
import { backend, openTestDatabase, silentLogger, type TestDatabase } from './helpers/database.ts'

const journal = JSON.parse(fs.readFileSync(`${migrationsDir()}/meta/_journal.json`, 'utf8')) as {
  entries: { tag: string }[]
}

async function tableExists(database: TestDatabase, name: string): Promise<boolean> {
  const [row] = await selectRows<{ found: string | null }>(database.db, sql`select to_regclass(${name})::text as found`)
  return row?.found != null
}

async function appliedMigrations(database: TestDatabase): Promise<number> {
  const [row] = await selectRows<{ n: number }>(
    database.db,
    sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
  )
  return row?.n ?? 0
}

describe(`database on ${backend}`, () => {
  let database: TestDatabase

  beforeAll(async () => {
    database = await openTestDatabase({ migrate: false })
  })
  afterAll(async () => {
    await database?.cleanup()
  })

  it('opens the expected backend', () => {
    expect(database.kind).toBe(backend)
  })

  it('applies the migrations on an empty database', async () => {
    expect(await tableExists(database, 'public.locations')).toBe(false)
    await database.migrate()
    expect(await tableExists(database, 'public.locations')).toBe(true)
    expect(await appliedMigrations(database)).toBe(journal.entries.length)
  })

  it('migrating again is a no-op that keeps the data', async () => {
    await database.db.insert(locations).values({ slug: 'kept-across-migrate', town: 'Kept' })
    await database.migrate()
    expect(await appliedMigrations(database)).toBe(journal.entries.length)
    const rows = await database.db.select().from(locations).where(eq(locations.slug, 'kept-across-migrate'))
    expect(rows).toHaveLength(1)
  })

  it('stores a location and returns it with its defaults', async () => {
    const [inserted] = await database.db
      .insert(locations)
      .values({ slug: 'it-support-test-town', town: 'Test Town', heroTitle: 'IT Support in Test Town' })
      .returning()
    expect(inserted?.id).toMatch(/^[0-9a-f-]{36}$/)
    const [row] = await database.db.select().from(locations).where(eq(locations.slug, 'it-support-test-town'))
    expect(row).toMatchObject({
      slug: 'it-support-test-town',
      town: 'Test Town',
      heroTitle: 'IT Support in Test Town',
      state: 'NY',
      isPublished: false,
      county: null,
    })
    expect(row?.createdAt).toBeInstanceOf(Date)
    await expect(
      database.db.insert(locations).values({ slug: 'it-support-test-town', town: 'Again' }),
    ).rejects.toThrow()
  })

  it('seeds the demo content once', async () => {
    const first = await seedDemoContent(database.db)
    expect(first.inserted).toBe(demoLocations.length + demoBlogPosts.length)
    const second = await seedDemoContent(database.db)
    expect(second.inserted).toBe(0)
    const slugs = demoLocations.map((l) => l.slug)
    const rows = await database.db.select({ slug: locations.slug }).from(locations)
    expect(rows.filter((r) => slugs.includes(r.slug))).toHaveLength(demoLocations.length)
  })

  it('does not classify an ordinary SQL error as "database unavailable"', async () => {
    const error = await database.db.execute(sql`select * from no_such_table`).then(
      () => undefined,
      (e: unknown) => e,
    )
    expect(error).toBeDefined()
    expect(isDatabaseUnavailable(error)).toBe(false)
  })
})

async function refusedPort(): Promise<number> {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as net.AddressInfo).port
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

describe('isDatabaseUnavailable', () => {
  for (const host of ['127.0.0.1', 'localhost']) {
    it(`classifies a refused connection to ${host} as unavailable`, async () => {
      const port = await refusedPort()
      const database = await openDatabase({
        databaseUrl: `postgres://postgres@${host}:${port}/postgres`,
        dataDir: 'memory',
        log: silentLogger(),
      })
      try {
        const error = await database.ping(5_000).then(
          () => undefined,
          (e: unknown) => e,
        )
        expect(error).toBeDefined()
        expect(isDatabaseUnavailable(error)).toBe(true)
        // Through drizzle too: what a loader or action would see.
        const viaDrizzle = await database.db.execute(sql`select 1`).then(
          () => undefined,
          (e: unknown) => e,
        )
        expect(isDatabaseUnavailable(viaDrizzle)).toBe(true)
      } finally {
        await database.close()
      }
    })
  }

  it('classifies a closed PGlite as unavailable', async () => {
    const database = await openDatabase({ dataDir: 'memory', log: silentLogger() })
    await database.close()
    const error = await database.ping().then(
      () => undefined,
      (e: unknown) => e,
    )
    expect(error).toBeDefined()
    expect(isDatabaseUnavailable(error)).toBe(true)
  })

  it('is false for values that are not connection errors', () => {
    expect(isDatabaseUnavailable(undefined)).toBe(false)
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false)
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false)
    expect(isDatabaseUnavailable(new Error('wrapped', { cause: { code: 'ECONNREFUSED' } }))).toBe(true)
  })
})
