import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string
    dataDir: string
    /** The admin the server seeds from ADMIN_EMAIL/ADMIN_PASSWORD. */
    admin: { email: string; password: string }
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => resolve(port))
    })
  })
}

async function waitForHealthy(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`)
    try {
      const res = await fetch(`${url}/healthz`)
      if (res.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`server did not become healthy in 60 s:\n${output()}`)
}

/**
 * Starts the built server once for the whole e2e suite, on a free port with a temporary DATA_DIR,
 * exactly as `npm start` would run it (production mode, embedded database).
 */
export default async function setup(project: TestProject) {
  const root = process.cwd()
  if (!fs.existsSync(path.join(root, 'build/server/index.js'))) {
    throw new Error('No build found: run "npm run build" first (npm test does it for you).')
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ramapo-e2e-'))
  const port = await freePort()
  const baseURL = `http://127.0.0.1:${port}`
  const admin = { email: 'admin@ramapo-e2e.test', password: 'e2e-admin-passphrase-7' }
  let log = ''
  const child = spawn(process.execPath, ['server.js'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: baseURL,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      SMTP_URL: '',
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      // Tests pick their client IP with X-Forwarded-For, so each journey has its own rate-limit counters.
      TRUST_PROXY: 'true',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout?.on('data', (d) => {
    log += String(d)
  })
  child.stderr?.on('data', (d) => {
    log += String(d)
  })
  await waitForHealthy(baseURL, child, () => log)
  project.provide('baseURL', baseURL)
  project.provide('dataDir', dataDir)
  project.provide('admin', admin)

  return async () => {
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
    child.kill('SIGTERM')
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000)
    await exited
    clearTimeout(timer)
    fs.rmSync(dataDir, { recursive: true, force: true })
    if (/"level":(50|60)/.test(log)) {
      throw new Error(`the server logged errors during the e2e run:\n${log}`)
    }
  }
}
