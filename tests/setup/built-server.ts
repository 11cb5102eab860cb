import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

/** The admin every test server seeds from ADMIN_EMAIL/ADMIN_PASSWORD. */
export const testAdmin = { email: 'admin@ramapo-e2e.test', password: 'e2e-admin-passphrase-7' }

export type BuiltServer = {
  /** Where the server listens (always plain http on loopback). */
  baseURL: string
  /** Its PUBLIC_URL: the listening address unless the caller set another one. */
  publicURL: string
  dataDir: string
  /** Stops the server, removes its data folder, and fails if the server logged errors. */
  stop(): Promise<void>
}

export async function freePort(): Promise<number> {
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
 * Starts the built server on a free port with a temporary DATA_DIR, exactly as `npm start` would
 * run it (production mode, embedded database, mail written to $DATA_DIR/mail). `env` adds to or
 * overrides the defaults (e.g. PUBLIC_URL, ALLOWED_ORIGINS).
 */
export async function startBuiltServer(label: string, env: Record<string, string> = {}): Promise<BuiltServer> {
  const root = process.cwd()
  if (!fs.existsSync(path.join(root, 'build/server/index.js'))) {
    throw new Error('No build found: run "npm run build" first (npm test does it for you).')
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `ramapo-${label}-`))
  const port = await freePort()
  const baseURL = `http://127.0.0.1:${port}`
  const publicURL = env.PUBLIC_URL ?? baseURL
  let log = ''
  const child = spawn(process.execPath, ['server.js'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: publicURL,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      SMTP_URL: '',
      ADMIN_EMAIL: testAdmin.email,
      ADMIN_PASSWORD: testAdmin.password,
      // Tests pick their client IP with X-Forwarded-For, so each journey has its own rate-limit counters.
      TRUST_PROXY: 'true',
      ...env,
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

  return {
    baseURL,
    publicURL,
    dataDir,
    async stop() {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000)
      await exited
      clearTimeout(timer)
      fs.rmSync(dataDir, { recursive: true, force: true })
      if (/"level":(50|60)/.test(log)) {
        throw new Error(`the ${label} server logged errors during the run:\n${log}`)
      }
    },
  }
}
