// Shared pieces of the benchmarks: start nginx, measure with autocannon, sum up figures. The built
// server starts through startBuiltServer() of scripts/lib/server-process.mjs.
// Everything runs on loopback and stops by itself.
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import { freePort } from '../lib/server-process.mjs'

export type LoadResult = { rps: number; p50: number; p99: number; non2xx: number; errors: number }

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

/** Clock ticks per second of /proc/<pid>/stat's CPU times (USER_HZ: 100 on Linux). */
const CLOCK_TICKS = 100

/**
 * CPU time (user + system, ms) used so far by a process and every process below it, read from
 * /proc (Linux); undefined elsewhere or without a pid. A server's tree is the server and its
 * WEB_CONCURRENCY workers; a PostgreSQL cluster's is the postmaster and its backends.
 */
export function treeCpuMs(rootPid: number | undefined): number | undefined {
  if (!rootPid || !fs.existsSync('/proc/self/stat')) return undefined
  const parents = new Map<number, number>()
  const cpu = new Map<number, number>()
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8')
      // Fields after the command name (which may contain spaces): state ppid … utime(14) stime(15).
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      parents.set(Number(entry), Number(fields[1]))
      cpu.set(Number(entry), Number(fields[11]) + Number(fields[12]))
    } catch {
      // the process ended meanwhile
    }
  }
  let ticks = 0
  for (const [pid, used] of cpu) {
    for (let p = pid; p > 1; p = parents.get(p) ?? 0) {
      if (p === rootPid) {
        ticks += used
        break
      }
    }
  }
  return (ticks * 1000) / CLOCK_TICKS
}

/** The postmaster of scripts/with-postgres.mjs's throwaway cluster (from postmaster.pid), when there is one. */
export function postmasterPid(): number | undefined {
  const dataDir = process.env.TEST_PG_CTL_DATADIR
  if (!dataDir) return undefined
  try {
    return Number(fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0])
  } catch {
    return undefined
  }
}

/** The 1-minute load average, to two decimals. */
export function loadAverage1m(): number {
  return Math.round((os.loadavg()[0] ?? 0) * 100) / 100
}

/**
 * Waits (at most maxSeconds) for the 1-minute load average to fall under `below`, so that one
 * measurement's leftovers (a server's shutdown, a database's checkpoint) do not weigh on the next;
 * resolves with the load average it starts at.
 */
export async function waitForQuietMachine(maxSeconds: number, below = 1.5): Promise<number> {
  const deadline = Date.now() + maxSeconds * 1000
  while (loadAverage1m() >= below && Date.now() < deadline) await new Promise((r) => setTimeout(r, 2000))
  return loadAverage1m()
}
