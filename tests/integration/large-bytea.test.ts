import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { expect } from 'vitest'
import { onPglite } from './helpers/database.ts'

const fixture = path.resolve(import.meta.dirname, '../fixtures/bytea-roundtrip.ts')

onPglite.describe('large bytea values in the embedded database', () => {
  // A ticket may carry a 10 MB file; PGlite's own bytea handlers made one JavaScript value per byte
  // and took the server (256 MB heap) down with a 5 MB attachment.
  onPglite.it('stores and reads back 10 MB within the server heap limit', () => {
    const run = spawnSync(process.execPath, ['--max-old-space-size=256', fixture, String(10 * 1024 * 1024)], {
      encoding: 'utf8',
      timeout: 120_000,
    })
    expect(run.stderr).not.toMatch(/heap out of memory/)
    expect(run.status).toBe(0)
    expect(run.stdout.trim()).toBe(`ok ${10 * 1024 * 1024}`)
  })
})
