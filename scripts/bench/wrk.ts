// The HTTP load generator of the benchmarks: Debian's `wrk`, in its own process, one thread. It reads
// answers without decoding them (a gzip body costs it no more than a plain one), so it can send
// Accept-Encoding as browsers do; on this machine it measures nginx at ~110,000 requests/s, far above
// anything our server answers, so its own ceiling is not what a figure shows.
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'

export type LoadResult = { requests: number; rps: number; p50: number; p99: number; non2xx: number; errors: number }

/** What a browser sends (Chromium, Firefox); the figures "as browsers ask" are measured with it. */
export const browserAcceptEncoding = 'gzip, deflate, br'

/** wrk from Debian, installed on demand when running as root; null when it cannot be had. */
export function ensureWrk(): string | null {
  const bin = '/usr/bin/wrk'
  if (fs.existsSync(bin)) return bin
  if (process.getuid?.() !== 0) return null
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'ignore', env })
  spawnSync('apt-get', ['install', '-y', '-qq', 'wrk'], { stdio: 'ignore', env })
  return fs.existsSync(bin) ? bin : null
}

/** The summary wrk's Lua `done` hook prints as one JSON line (latencies in microseconds). */
const reportHook = `
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('WRK_RESULT {"requests":%d,"durationUs":%d,"p50Us":%d,"p99Us":%d,"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99),
    e.connect, e.read, e.write, e.status, e.timeout))
end
`

/** Each request carries the next of `cookies` in turn (distinct sessions, not one cookie reused). */
function rotatingCookies(cookies: string[]): string {
  const list = cookies.map((c) => JSON.stringify(c)).join(',\n  ')
  return `
local cookies = {
  ${list}
}
local n = 0
request = function()
  n = n + 1
  local headers = {}
  for k, v in pairs(wrk.headers) do headers[k] = v end
  headers["Cookie"] = cookies[(n % #cookies) + 1]
  return wrk.format(nil, nil, headers)
end
`
}

export type WrkOptions = {
  connections?: number
  /** Seconds. */
  duration?: number
  headers?: Record<string, string>
  /** Sent in turn, one per request. */
  cookies?: string[]
}

/** Loads `url` with wrk (one thread) for `duration` seconds; requests/s and latency percentiles (ms). */
export async function wrk(bin: string, url: string, options: WrkOptions = {}): Promise<LoadResult> {
  const { connections = 20, duration = 8, headers = {}, cookies } = options
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ramapo-wrk-'))
  const script = path.join(dir, 'script.lua')
  fs.writeFileSync(script, `${cookies?.length ? rotatingCookies(cookies) : ''}${reportHook}`)
  const argv = ['-t1', `-c${connections}`, `-d${duration}s`, '--timeout', '10s', '-s', script]
  for (const [name, value] of Object.entries(headers)) argv.push('-H', `${name}: ${value}`)
  argv.push(url)
  try {
    const output = await new Promise<string>((resolve, reject) => {
      const child = spawn(bin, argv, { stdio: ['ignore', 'pipe', 'pipe'] })
      let out = ''
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString()
      })
      child.stderr.on('data', (chunk: Buffer) => {
        out += chunk.toString()
      })
      child.once('error', reject)
      child.once('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`wrk exited ${code}: ${out}`))))
    })
    const line = output.split('\n').find((l) => l.startsWith('WRK_RESULT '))
    if (!line) throw new Error(`wrk printed no result: ${output}`)
    const r = JSON.parse(line.slice('WRK_RESULT '.length)) as Record<string, number>
    const at = (name: string) => r[name] ?? 0
    return {
      requests: at('requests'),
      rps: Math.round(at('requests') / (at('durationUs') / 1e6)),
      p50: Math.round(at('p50Us') / 10) / 100,
      p99: Math.round(at('p99Us') / 10) / 100,
      // wrk counts answers of 400 and above as status errors.
      non2xx: at('status'),
      errors: at('connect') + at('read') + at('write') + at('timeout'),
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

export type RawAnswer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer }

/** One GET whose body is kept as sent (not decoded), unlike fetch's. */
export function rawGet(url: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
        )
        response.on('error', reject)
      })
      .on('error', reject)
  })
}
