import fs from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rssMiB } from '../../scripts/bench/lib.ts'
import { type BuiltServer, startBuiltServer } from '../../scripts/lib/server-process.mjs'

// The memory settings of docs/perf/memory.md hold for the server as npm start runs it: server.js
// restarts itself in place with its V8 flags and allocator setting, and the process stays within its
// budget after boot.

const budgetAfterBootMiB = 300

let server: BuiltServer

beforeAll(async () => {
  server = await startBuiltServer()
})
afterAll(async () => {
  await server?.stop()
})

describe('the server process and its memory', () => {
  it('runs with its V8 memory flags in the process that was started (same pid)', () => {
    const argv = fs.readFileSync(`/proc/${server.pid}/cmdline`, 'utf8').split('\0')
    expect(argv).toContain('--liftoff-only')
    expect(argv).toContain('--max-semi-space-size=16')
    expect(argv).toContain('--max-old-space-size=256')
    expect(argv).toContain('--expose-gc')
    expect(argv.at(-2)).toMatch(/server\.js$/)
  })

  it('keeps glibc to two allocator arenas unless told otherwise', () => {
    const environment = fs.readFileSync(`/proc/${server.pid}/environ`, 'utf8').split('\0')
    expect(environment).toContain('MALLOC_ARENA_MAX=2')
  })

  it(`stays within ${budgetAfterBootMiB} MiB resident after boot on the embedded database`, async () => {
    await fetch(`${server.url}/`)
    expect(rssMiB(server.pid)).toBeLessThanOrEqual(budgetAfterBootMiB)
  })
})
