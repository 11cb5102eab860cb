import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { cleanupAfterEach, type Run, spawnProcess } from './helpers/processes'

const { track, tempDir } = cleanupAfterEach('ramapo-proc-')

/** The built server on the embedded database. */
function startServer(env: Record<string, string>): Run {
  return track(spawnProcess({ DATABASE_URL: '', ...env }))
}

async function waitFor(predicate: () => boolean | Promise<boolean>, ms = 30_000) {
  const deadline = Date.now() + ms
  while (Date.now() < deadline) {
    if (await predicate()) return
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error('condition not met in time')
}

describe('the server process', () => {
  it('stops at boot with one clear line naming an invalid variable', async () => {
    const run = startServer({ PORT: 'not-a-port', DATA_DIR: tempDir() })
    expect(await run.exited).toBe(1)
    const lines = run.output().trim().split('\n')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(/^Invalid configuration: PORT="not-a-port"/)
  })

  it('never echoes a bad password in the boot error', async () => {
    const run = startServer({ ADMIN_EMAIL: 'owner@example.com', ADMIN_PASSWORD: 'short', DATA_DIR: tempDir() })
    expect(await run.exited).toBe(1)
    expect(run.output()).toContain('ADMIN_PASSWORD')
    expect(run.output()).not.toContain('short"')
  })

  it('refuses a second process on the same embedded database, then shuts down cleanly on SIGTERM', async () => {
    const dataDir = tempDir()
    const first = startServer({ PORT: '0', DATA_DIR: dataDir })
    await waitFor(() => first.output().includes('listening on'))
    expect(fs.existsSync(path.join(dataDir, 'db.lock'))).toBe(true)

    const second = startServer({ PORT: '0', DATA_DIR: dataDir })
    expect(await second.exited).toBe(1)
    expect(second.output()).toContain(
      `The embedded database in ${dataDir} is already in use by process ${first.child.pid}`,
    )

    first.child.kill('SIGTERM')
    expect(await first.exited).toBe(0)
    expect(first.output()).toContain('"msg":"stopped"')
    expect(fs.existsSync(path.join(dataDir, 'db.lock'))).toBe(false)
    // secrets were generated once and kept beside the database, never logged
    const secrets = JSON.parse(fs.readFileSync(path.join(dataDir, 'secrets.json'), 'utf8'))
    expect(secrets.authSecret).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(first.output()).not.toContain(secrets.authSecret)
  })
})
