// Starts the built server (build/server) the way `npm start` runs it, on a free port with a
// throwaway DATA_DIR, for scripts that look at the real product (screenshots, Lighthouse).
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

export const root = path.resolve(import.meta.dirname, '..', '..')

/** Debian's Chromium, and the same flags as tests/e2e/helpers/browser.ts (root, no sandbox, no background network). */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

export function requireBuildAndChromium() {
  if (!fs.existsSync(path.join(root, 'build/server/index.js'))) {
    throw new Error('No build found: run "npm run build" first.')
  }
  if (!fs.existsSync(chromiumPath)) {
    throw new Error(`Chromium is missing (${chromiumPath}): apt-get install -y chromium`)
  }
}

async function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}

/** Starts the server and resolves once /healthz answers; `stop()` ends it and removes the data. */
export async function startBuiltServer() {
  requireBuildAndChromium()
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ramapo-script-'))
  const port = await freePort()
  const baseURL = `http://127.0.0.1:${port}`
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
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout.on('data', (d) => {
    log += String(d)
  })
  child.stderr.on('data', (d) => {
    log += String(d)
  })
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000)
      await exited
      clearTimeout(timer)
    }
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      await stop()
      throw new Error(`server exited with ${child.exitCode}:\n${log}`)
    }
    try {
      if ((await fetch(`${baseURL}/healthz`)).ok) return { baseURL, stop }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  await stop()
  throw new Error(`server did not become healthy in 60 s:\n${log}`)
}

/** The paths listed in the server's /sitemap.xml: every public page. */
export async function publicPaths(baseURL) {
  const xml = await (await fetch(`${baseURL}/sitemap.xml`)).text()
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname)
}
