// Section 2 of `npm run bench`: HTTP throughput and latency of the anonymous pages and a hashed asset,
// with two references answering the same bytes in the same run: a bare `node:http` server with them in
// memory (Node's own ceiling here) and nginx with gzip_static (the generator's ceiling: were wrk the
// bottleneck, nginx would show it first). Each target is measured as browsers ask
// (Accept-Encoding: gzip, deflate, br) and once without Accept-Encoding; rounds alternate the three
// servers so that a busy moment of the shared machine weighs on all of them.
import { fileURLToPath } from 'node:url'
import { startBuiltServer } from '../lib/server-process.mjs'
import { loadAverage1m, median, treeCpuMs } from './lib.ts'
import { ensureNginx, type Reference, type StaticFile, startBareNode, startNginx } from './references.ts'
import { browserAcceptEncoding, ensureWrk, type LoadResult, rawGet, wrk } from './wrk.ts'

/**
 * `cpuUsPerRequest`: the server's CPU time (user + system, its process tree, read from /proc around
 * each load) per answered request, microseconds; absent when the server's pid is not known.
 */
export type Summary = { rps: number; p50: number; p99: number; errors: number; cpuUsPerRequest?: number }
export type ThroughputRow = {
  target: string
  /** The Accept-Encoding sent ('' for none) and the Content-Encoding ours answered with. */
  acceptEncoding: string
  contentEncoding: string
  bytes: number
  ours: Summary
  bareNode: Summary | null
  nginx: Summary | null
  /** ours / bare Node and ours / nginx, requests per second. */
  vsBareNode: number | null
  vsNginx: number | null
}

export type HttpSettings = {
  rounds: number
  duration: number
  connections: number
  /**
   * The smoke run (--quick): each target once, as browsers ask and without Accept-Encoding in turn
   * (both paths still run, on different targets); the full run measures every target both ways.
   */
  oneWayPerTarget?: boolean
}

type Measured = LoadResult & { cpuMs?: number | undefined }

export function summarize(runs: Measured[]): Summary {
  const cpu = runs.flatMap((r) => (r.cpuMs !== undefined && r.requests > 0 ? [(r.cpuMs * 1000) / r.requests] : []))
  return {
    rps: median(runs.map((r) => r.rps)),
    p50: median(runs.map((r) => r.p50)),
    p99: median(runs.map((r) => r.p99)),
    errors: runs.reduce((n, r) => n + r.errors + r.non2xx, 0),
    ...(cpu.length ? { cpuUsPerRequest: Math.round(median(cpu) * 10) / 10 } : {}),
  }
}

const ratio = (a: number, b: number | undefined) => (b ? Math.round((a / b) * 1000) / 1000 : null)

/** The targets: a hashed stylesheet (a script when the page links none), the home page, a town page. */
async function targetsOf(base: string, notes: string[]) {
  const home = (await rawGet(`${base}/`, { 'accept-encoding': 'identity' })).body.toString()
  // The scripts are named in the inline loader script (docs/frontend-performance.md), not in href.
  const css = /["'](\/assets\/[^"'\\]+\.css)["']/.exec(home)?.[1]
  const js = /["'](\/assets\/[^"'\\]+\.js)["']/.exec(home)?.[1]
  const asset = css ?? js
  if (!asset) throw new Error('no hashed asset found in the home page')
  const targets = [
    {
      name: css ? 'hashed CSS' : 'hashed script',
      path: asset,
      contentType: css ? 'text/css' : 'application/javascript',
    },
    { name: 'home page', path: '/', contentType: 'text/html' },
  ]
  const location = '/it-support-suffern-ny'
  const status = (await rawGet(`${base}${location}`)).status
  if (status === 200) targets.push({ name: 'town page', path: location, contentType: 'text/html' })
  else notes.push(`town page ${location} answered ${status}; not measured`)
  return targets
}

/** `serverPid`: ours, for its CPU time per request (absent: no CPU figure for ours). */
export async function throughput(
  base: string,
  settings: HttpSettings,
  notes: string[],
  serverPid?: number,
): Promise<ThroughputRow[]> {
  const wrkBin = ensureWrk()
  if (!wrkBin) throw new Error('wrk is not installed and could not be installed (run the bench as root once)')
  const targets = await targetsOf(base, notes)
  // Same bytes for every server: what ours sends, plain and to a browser's Accept-Encoding.
  const files: Record<string, StaticFile> = {}
  for (const t of targets) {
    const plain = await rawGet(`${base}${t.path}`, { 'accept-encoding': 'identity' })
    const browser = await rawGet(`${base}${t.path}`, { 'accept-encoding': browserAcceptEncoding })
    const encoding = String(browser.headers['content-encoding'] ?? '')
    files[t.path] = {
      body: plain.body,
      contentType: t.contentType,
      ...(encoding ? { encoded: { encoding, body: browser.body } } : {}),
    }
  }
  const references: Reference[] = []
  try {
    references.push(await startBareNode(files))
    const nginxBin = ensureNginx()
    if (nginxBin) references.push(await startNginx(nginxBin, files))
    else notes.push('nginx is not installed and could not be installed: no generator ceiling')
    const rows: ThroughputRow[] = []
    for (const [index, t] of targets.entries()) {
      const ways = [browserAcceptEncoding, '']
      for (const acceptEncoding of settings.oneWayPerTarget ? [ways[index % 2] ?? ''] : ways) {
        const headers: Record<string, string> = acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}
        const runs = new Map<string, Measured[]>()
        const servers = [{ name: 'ours', url: base, pid: serverPid }, ...references]
        // One untimed second per server first: the first target measured after boot otherwise counts
        // its JIT warming up (the hashed CSS moved by a third from run to run).
        for (const { url } of servers) {
          await wrk(wrkBin, `${url}${t.path}`, { connections: settings.connections, duration: 1, headers })
        }
        for (let i = 0; i < settings.rounds; i++) {
          for (const { name, url, pid } of servers) {
            const cpuBefore = treeCpuMs(pid)
            const result = await wrk(wrkBin, `${url}${t.path}`, {
              connections: settings.connections,
              duration: settings.duration,
              headers,
            })
            const cpuAfter = treeCpuMs(pid)
            const cpuMs = cpuBefore !== undefined && cpuAfter !== undefined ? cpuAfter - cpuBefore : undefined
            runs.set(name, [...(runs.get(name) ?? []), { ...result, cpuMs }])
          }
        }
        const of = (name: string) => {
          const r = runs.get(name)
          return r ? summarize(r) : null
        }
        const ours = of('ours') as Summary
        const bareNode = of('bare Node')
        const nginx = of('nginx')
        const file = files[t.path]
        const sent = acceptEncoding && file?.encoded ? file.encoded : undefined
        rows.push({
          target: t.name,
          acceptEncoding,
          contentEncoding: sent?.encoding ?? '',
          bytes: (sent ? sent.body : file?.body)?.length ?? 0,
          ours,
          bareNode,
          nginx,
          vsBareNode: ratio(ours.rps, bareNode?.rps),
          vsNginx: ratio(ours.rps, nginx?.rps),
        })
        const cpu = (s: Summary | null) =>
          s?.cpuUsPerRequest !== undefined ? ` (${s.cpuUsPerRequest} µs CPU/req)` : ''
        process.stdout.write(
          `http ${t.name} (${acceptEncoding || 'no Accept-Encoding'}): ours ${ours.rps}${cpu(ours)}, bare Node ${bareNode?.rps}${cpu(bareNode)}, nginx ${nginx?.rps ?? 'n/a'}${cpu(nginx)} req/s\n`,
        )
      }
    }
    return rows
  } finally {
    for (const r of references) await r.stop()
  }
}

/**
 * The step alone, on the built server (`npm run build` first), for profiling and before/after runs:
 *   node scripts/bench/http.ts [--rounds 3] [--duration 5] [--connections 20] [--runs 1] [--cpu-prof <dir>]
 * `--runs n` repeats the whole step n times back to back on the same server; `--cpu-prof <dir>` starts
 * ours under `node --cpu-prof` and writes its profile there when it stops. Prints each run's rows
 * and, for several runs, the medians of the ratios.
 */
async function main() {
  const args = process.argv.slice(2)
  const option = (name: string, fallback: string) => {
    const at = args.indexOf(`--${name}`)
    return at === -1 ? fallback : (args[at + 1] ?? fallback)
  }
  const settings: HttpSettings = {
    rounds: Number(option('rounds', '3')),
    duration: Number(option('duration', '5')),
    connections: Number(option('connections', '20')),
  }
  const profileDir = option('cpu-prof', '')
  const server = await startBuiltServer({
    env: profileDir ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${profileDir}` } : {},
  })
  const all: ThroughputRow[][] = []
  try {
    // What the server starts after listening (the demo client's data and PDFs, docs/perf/boot.md)
    // would weigh on the first figures: wait until it uses under 5% of a core (at most a minute).
    for (let waited = 0, before = treeCpuMs(server.pid) ?? 0; waited < 60; waited++) {
      await new Promise((resolve) => setTimeout(resolve, 1000))
      const now = treeCpuMs(server.pid) ?? 0
      if (now - before < 50) break
      before = now
    }
    for (let run = 1; run <= Number(option('runs', '1')); run++) {
      const notes: string[] = []
      const load = loadAverage1m()
      const rows = await throughput(server.url, settings, notes, server.pid)
      all.push(rows)
      process.stdout.write(`run ${run}: load ${load} at the start, ${loadAverage1m()} at the end\n`)
      for (const note of notes) process.stdout.write(`note: ${note}\n`)
    }
  } finally {
    await server.stop()
  }
  const first = all[0] ?? []
  for (const [i, row] of first.entries()) {
    const of = (pick: (r: ThroughputRow) => number | null | undefined) =>
      median(all.map((rows) => pick(rows[i] as ThroughputRow) ?? Number.NaN))
    process.stdout.write(
      `median of ${all.length}: ${row.target} (${row.acceptEncoding || 'no Accept-Encoding'}): ours ${of((r) => r.ours.rps)} req/s, ×${of((r) => r.vsBareNode)} of bare Node, ×${of((r) => r.vsNginx)} of nginx; CPU µs/req ours ${of((r) => r.ours.cpuUsPerRequest)}, bare Node ${of((r) => r.bareNode?.cpuUsPerRequest)}\n`,
    )
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main()
