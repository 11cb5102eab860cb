// Shared pieces of the benchmarks: start the built server, start nginx, measure with autocannon.
// Everything runs on loopback and stops by itself.
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'

export type LoadResult = { rps: number; p50: number; p99: number; non2xx: number; errors: number }
export type RunningServer = {
  url: string
  port: number
  pid: number
  dataDir: string
  bootMs: number
  output: () => string
  /** Sends SIGTERM (unless the process already exited) and resolves with the exit code. */
  stop: () => Promise<number | null>
}

export const root = path.resolve(import.meta.dirname, '../..')

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

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  const at = (i: number) => sorted[i] ?? 0
  return sorted.length % 2 ? at(mid) : (at(mid - 1) + at(mid)) / 2
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0
}

export function rssMiB(pid: number): number | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0)
    return Math.round((kb / 1024) * 10) / 10
  } catch {
    return null
  }
}

/** Starts `node server.js` from the build on a free port; resolves once /healthz answers 200. */
export async function startServer(
  options: { dataDir?: string; env?: Record<string, string> } = {},
): Promise<RunningServer> {
  const { dataDir, env = {} } = options
  if (!fs.existsSync(path.join(root, 'build/server/index.js'))) {
    throw new Error('No build: run "npm run build" first.')
  }
  const dir = dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'ramapo-bench-'))
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  let output = ''
  const started = performance.now()
  const child = spawn(process.execPath, ['server.js'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dir,
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout.on('data', (d) => {
    output += d
  })
  child.stderr.on('data', (d) => {
    output += d
  })
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  const deadline = Date.now() + 90_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited during boot:\n${output}`)
    if (Date.now() > deadline) throw new Error(`server not healthy after 90 s:\n${output}`)
    try {
      if ((await fetch(`${url}/healthz`)).ok) break
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50))
  }
  const bootMs = Math.round(performance.now() - started)
  return {
    url,
    port,
    pid: child.pid ?? 0,
    dataDir: dir,
    bootMs,
    output: () => output,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000)
      const code = await exited
      clearTimeout(timer)
      return code
    },
  }
}

/** nginx from Debian, installed on demand when running as root; null when it cannot be had. */
export function ensureNginx(): string | null {
  const bin = '/usr/sbin/nginx'
  if (fs.existsSync(bin)) return bin
  if (process.getuid?.() !== 0) return null
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'ignore', env })
  spawnSync('apt-get', ['install', '-y', '-qq', 'nginx-light'], { stdio: 'ignore', env })
  return fs.existsSync(bin) ? bin : null
}

/** Serves `files` ({ urlPath: Buffer, contentType }) from a temp folder with nginx on a free port. */
export type StaticFile = { body: Buffer; contentType: string }

export async function startNginx(
  bin: string,
  files: Record<string, StaticFile>,
): Promise<{ url: string; stop: () => Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ramapo-nginx-'))
  // Started as root, nginx's worker runs as an unprivileged user: the folder mkdtemp made (0700) must
  // be readable by it, or every request is a 404 of 153 bytes (the reference measured before
  // 2026-11-23 was that, at 66,000-83,000 req/s).
  fs.chmodSync(dir, 0o755)
  const www = path.join(dir, 'www')
  const locations: string[] = []
  for (const [urlPath, { body, contentType }] of Object.entries(files)) {
    const name = urlPath === '/' ? 'index.html' : urlPath.replace(/^\//, '')
    const file = path.join(www, name)
    fs.mkdirSync(path.dirname(file), { recursive: true })
    fs.writeFileSync(file, body)
    locations.push(`location = ${urlPath} { default_type "${contentType}"; try_files /${name} =404; }`)
  }
  const port = await freePort()
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    `worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000;
  types {}
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  server {
    listen 127.0.0.1:${port};
    root ${www};
    ${locations.join('\n    ')}
  }
}
`,
  )
  const child = spawn(bin, ['-c', path.join(dir, 'nginx.conf'), '-p', dir], { stdio: 'ignore' })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 10_000
  for (;;) {
    try {
      await fetch(`${url}/`)
      break
    } catch {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error('nginx did not start')
      await new Promise((r) => setTimeout(r, 50))
    }
  }
  const stop = async () => {
    child.kill('SIGQUIT')
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000)
    await exited
    clearTimeout(timer)
    fs.rmSync(dir, { recursive: true, force: true })
  }
  // The reference must send the same bytes as ours, or the comparison means nothing.
  for (const [urlPath, { body }] of Object.entries(files)) {
    const response = await fetch(`${url}${urlPath}`, { headers: { 'accept-encoding': 'identity' } })
    const sent = Buffer.from(await response.arrayBuffer())
    if (response.status !== 200 || !sent.equals(body)) {
      await stop()
      throw new Error(`nginx does not serve ${urlPath} as ours does (status ${response.status}, ${sent.length} bytes)`)
    }
  }
  return { url, stop }
}

/** autocannon with fixed settings; returns requests/s and latency percentiles. */
export async function load(
  url: string,
  options: { connections?: number; duration?: number } = {},
): Promise<LoadResult> {
  const { connections = 20, duration = 8 } = options
  const result = await autocannon({ url, connections, duration })
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  }
}
