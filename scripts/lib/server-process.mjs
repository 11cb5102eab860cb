// The one way scripts and tests find a free port and start the built server (build/server) as a
// process of their own, the way `npm start` runs it.
//
// Plain Node ESM with built-ins only: scripts/with-postgres.mjs imports it and must run on the
// machine's Node 20 as well as on Node 24. TypeScript (tests, benchmarks) gets its types from
// server-process.d.mts beside it.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')

/** A TCP port nobody listens on right now, on loopback. */
export function freePort(host = '127.0.0.1') {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.unref()
    server.once('error', reject)
    server.listen(0, host, () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => resolve(port))
    })
  })
}

/** Whether something accepts TCP connections on the port. */
export function canConnect(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port })
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}

/**
 * Runs `command` (default: the built server, `node server.js`, on the Node running this file) from
 * the repository root with `env` added to this process's environment, collecting everything it
 * prints. `exited` resolves with its exit code (null when a signal ended it).
 */
export function spawnProcess(command = [process.execPath, 'server.js'], { env = {}, cwd = root } = {}) {
  const [file = process.execPath, ...args] = command
  let output = ''
  const child = spawn(file, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
  child.stdout.on('data', (d) => {
    output += String(d)
  })
  child.stderr.on('data', (d) => {
    output += String(d)
  })
  const exited = new Promise((resolve) => {
    child.once('error', (error) => {
      output += `\n${error.message}\n`
      resolve(127)
    })
    child.once('exit', (code) => resolve(code))
  })
  return { child, output: () => output, exited }
}

/**
 * Starts the built server on a free loopback port and resolves once GET /healthz answers 200.
 *
 * Defaults, each overridable through `env`: production mode, the embedded database (DATABASE_URL
 * empty, so a developer's own variable never reaches a test), mail as files (SMTP_URL empty),
 * LOG_LEVEL warn, PUBLIC_URL the listening address. Without `dataDir` a temporary DATA_DIR is made
 * and removed by stop(); a `dataDir` given by the caller stays the caller's.
 *
 * stop() sends SIGTERM (unless the process already ended), SIGKILL after `stopTimeoutMs`, and
 * resolves with the exit code.
 */
export async function startBuiltServer({
  env = {},
  dataDir,
  label = 'server',
  bootTimeoutMs = 90_000,
  stopTimeoutMs = 15_000,
} = {}) {
  if (!fs.existsSync(path.join(root, 'build/server/index.js'))) {
    throw new Error('No build found: run "npm run build" first.')
  }
  const ownDataDir = dataDir === undefined
  const dir = dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), `ramapo-${label}-`))
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const started = performance.now()
  const run = spawnProcess([process.execPath, 'server.js'], {
    env: {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dir,
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      SMTP_URL: '',
      ...env,
    },
  })
  const { child, output, exited } = run
  let ended = false
  void exited.then(() => {
    ended = true
  })

  let stopped
  const stop = () => {
    stopped ??= (async () => {
      if (!ended) child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), stopTimeoutMs)
      const code = await exited
      clearTimeout(timer)
      if (ownDataDir) fs.rmSync(dir, { recursive: true, force: true })
      return code
    })()
    return stopped
  }

  const deadline = Date.now() + bootTimeoutMs
  for (;;) {
    if (ended) {
      const code = await stop()
      throw new Error(`the ${label} server exited during boot (${code ?? child.signalCode}):\n${output()}`)
    }
    if (Date.now() > deadline) {
      await stop()
      throw new Error(`the ${label} server did not answer /healthz within ${bootTimeoutMs / 1000} s:\n${output()}`)
    }
    try {
      if ((await fetch(`${url}/healthz`)).ok) break
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return {
    url,
    port,
    pid: child.pid ?? 0,
    dataDir: dir,
    bootMs: Math.round(performance.now() - started),
    child,
    output,
    exited,
    stop,
  }
}
