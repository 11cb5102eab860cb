import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'

type Run = { child: ChildProcess; output: () => string; exited: Promise<number | null> }

function startServer(env: Record<string, string>): Run {
  let output = ''
  const child = spawn(process.execPath, ['server.js'], {
    cwd: process.cwd(),
    env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', LOG_LEVEL: 'info', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout?.on('data', (d) => {
    output += String(d)
  })
  child.stderr?.on('data', (d) => {
    output += String(d)
  })
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  return { child, output: () => output, exited }
}

async function waitFor(predicate: () => boolean | Promise<boolean>, ms = 30_000) {
  const deadline = Date.now() + ms
  while (Date.now() < deadline) {
    if (await predicate()) return
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error('condition not met in time')
}

const dirs: string[] = []
const runs: Run[] = []
afterEach(() => {
  for (const run of runs.splice(0)) if (run.child.exitCode === null) run.child.kill('SIGKILL')
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ramapo-proc-'))
  dirs.push(dir)
  return dir
}

describe('the server process', () => {
  it('stops at boot with one clear line naming an invalid variable', async () => {
    const run = startServer({ PORT: 'not-a-port', DATA_DIR: tempDir() })
    runs.push(run)
    expect(await run.exited).toBe(1)
    const lines = run.output().trim().split('\n')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(/^Invalid configuration: PORT="not-a-port"/)
  })

  it('never echoes a bad password in the boot error', async () => {
    const run = startServer({ ADMIN_EMAIL: 'owner@example.com', ADMIN_PASSWORD: 'short', DATA_DIR: tempDir() })
    runs.push(run)
    expect(await run.exited).toBe(1)
    expect(run.output()).toContain('ADMIN_PASSWORD')
    expect(run.output()).not.toContain('short"')
  })

  it('refuses a second process on the same embedded database, then shuts down cleanly on SIGTERM', async () => {
    const dataDir = tempDir()
    const first = startServer({ PORT: '0', DATA_DIR: dataDir })
    runs.push(first)
    await waitFor(() => first.output().includes('listening on'))
    expect(fs.existsSync(path.join(dataDir, 'db.lock'))).toBe(true)

    const second = startServer({ PORT: '0', DATA_DIR: dataDir })
    runs.push(second)
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
