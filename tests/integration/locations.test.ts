import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedDemoContent } from '../../server/db/seed.server.ts'
import { findPublishedLocation, publishedLocationPaths } from '../../server/locations/locations.server.ts'
import { backend, openTestDatabase, type TestDatabase } from './helpers/database.ts'

let database: TestDatabase

beforeAll(async () => {
  database = await openTestDatabase()
  await seedDemoContent(database.db)
})
afterAll(async () => {
  await database?.cleanup()
})

describe(`town pages on ${backend}`, () => {
  it('finds a published town by its slug, and not an unpublished or malformed one', async () => {
    expect((await findPublishedLocation(database.db, 'it-support-suffern-ny'))?.town).toBe('Suffern')
    expect(await findPublishedLocation(database.db, 'it-support-ramsey-nj')).toBeNull()
    expect(await findPublishedLocation(database.db, 'nowhere')).toBeNull()
    expect(await findPublishedLocation(database.db, "x' or 1=1 --")).toBeNull()
    expect(await findPublishedLocation(database.db, 'a'.repeat(101))).toBeNull()
  })

  it('lists the published towns for the sitemap', async () => {
    const paths = (await publishedLocationPaths(database.db)).map((p) => p.path)
    expect(paths).toEqual([...paths].sort())
    expect(paths).toEqual(
      expect.arrayContaining(['/it-support-mahwah-nj', '/it-support-nyack-ny', '/it-support-suffern-ny']),
    )
    expect(paths).not.toContain('/it-support-ramsey-nj')
  })
})
