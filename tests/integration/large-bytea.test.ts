import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { backend, openTestDatabase } from './helpers/database.ts'

const fixture = path.resolve(import.meta.dirname, '../fixtures/bytea-roundtrip.ts')
const size = 10 * 1024 * 1024

describe(`large bytea values on ${backend}`, () => {
  // A ticket may carry a 10 MB file. PGlite's own bytea handlers made one JavaScript value per byte
  // and took the server (256 MB heap) down with a 5 MB attachment; node-postgres is checked the same way.
  it('stores and reads back 10 MB within the server heap limit', async () => {
    const database = backend === 'postgres' ? await openTestDatabase({ migrate: false }) : undefined
    try {
      const run = spawnSync(process.execPath, ['--max-old-space-size=256', fixture, String(size)], {
        encoding: 'utf8',
        timeout: 120_000,
        env: { ...process.env, BYTEA_DATABASE_URL: database?.connectionString ?? '' },
      })
      expect(run.stderr).not.toMatch(/heap out of memory/)
      expect(run.status).toBe(0)
      expect(run.stdout.trim()).toBe(`ok ${size}`)
    } finally {
      await database?.cleanup()
    }
  })
})
