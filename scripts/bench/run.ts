// `npm run bench`: the numbers that tell whether the product is fast, measured on this machine
// against the built server, with nginx serving the same bytes in the same run as the reference.
// Writes docs/perf/results.md and docs/perf/results.json. `--quick` is the smoke version that
// `npm test` runs (short loads, nothing written).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {
  ensureNginx,
  type LoadResult,
  load,
  median,
  root,
  rssMiB,
  type StaticFile,
  startNginx,
  startServer,
} from './lib.ts'

type Summary = { rps: number; p50: number; p99: number; errors: number }
type ThroughputRow = { target: string; bytes: number; ours: Summary; nginx: Summary | null; ratio: number | null }
type Results = {
  date: string
  machine: string
  quick: boolean
  sections: {
    boot?: { coldBootMs: number; warmBootMs: number; rssAfterBootMiB: number | null }
    throughput?: ThroughputRow[]
    memory?: { rssAfterLoadMiB: number | null }
    notes?: string[]
  }
}

const quick = process.argv.includes('--quick')
const rounds = quick ? 1 : 3
const duration = quick ? 1 : 8
const results: Results = { date: new Date().toISOString(), machine: machineLine(), quick, sections: {} }

function machineLine() {
  return `${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.versions.node}`
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ramapo-bench-'))
  try {
    // Boot: first on an empty folder (migrations + seed), then again on the existing folder.
    const first = await startServer({ dataDir })
    const coldBootMs = first.bootMs
    await first.stop()
    const server = await startServer({ dataDir })
    results.sections.boot = { coldBootMs, warmBootMs: server.bootMs, rssAfterBootMiB: rssMiB(server.pid) }

    // Same bytes for both servers: what ours sends, written to disk for nginx.
    const home = await (await fetch(`${server.url}/`)).text()
    const asset = /href="(\/assets\/[^"]+\.js)"/.exec(home)?.[1]
    if (!asset) throw new Error('no hashed asset found in the home page')
    const location = '/it-support-suffern-ny'
    const targets = [
      { name: 'hashed asset', path: asset, contentType: 'application/javascript' },
      { name: 'home page', path: '/', contentType: 'text/html' },
    ]
    const locationRes = await fetch(`${server.url}${location}`, { redirect: 'manual' })
    if (locationRes.status === 200) targets.push({ name: 'location page', path: location, contentType: 'text/html' })
    else results.sections.notes = [`location page ${location} answered ${locationRes.status}; not measured`]

    const files: Record<string, StaticFile> = {}
    for (const t of targets) {
      files[t.path] = {
        body: Buffer.from(await (await fetch(`${server.url}${t.path}`)).arrayBuffer()),
        contentType: t.contentType,
      }
    }

    const nginxBin = ensureNginx()
    const nginx = nginxBin ? await startNginx(nginxBin, files) : null
    const rows: ThroughputRow[] = []
    for (const t of targets) {
      const ours: LoadResult[] = []
      const ref: LoadResult[] = []
      for (let i = 0; i < rounds; i++) {
        ours.push(await load(`${server.url}${t.path}`, { duration }))
        if (nginx) ref.push(await load(`${nginx.url}${t.path}`, { duration }))
      }
      const oursSummary = summarize(ours)
      const nginxSummary = nginx ? summarize(ref) : null
      rows.push({
        target: t.name,
        bytes: files[t.path]?.body.length ?? 0,
        ours: oursSummary,
        nginx: nginxSummary,
        ratio: nginxSummary ? Math.round((oursSummary.rps / nginxSummary.rps) * 1000) / 1000 : null,
      })
    }
    await nginx?.stop()
    results.sections.throughput = rows
    results.sections.memory = { rssAfterLoadMiB: rssMiB(server.pid) }
    await server.stop()
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
  report()
}

function summarize(runs: LoadResult[]): Summary {
  return {
    rps: median(runs.map((r) => r.rps)),
    p50: median(runs.map((r) => r.p50)),
    p99: median(runs.map((r) => r.p99)),
    errors: runs.reduce((n, r) => n + r.errors + r.non2xx, 0),
  }
}

function report() {
  const s = results.sections
  const throughput = s.throughput ?? []
  const lines = [
    '# Performance results',
    '',
    `Measured ${results.date} on ${results.machine}. Medians of ${rounds} run(s) of ${duration} s each,`,
    'autocannon with 20 connections on loopback; nginx (Debian, 1 worker) serves the same bytes from disk',
    'in the same run as the reference. The machine is small and shared: read the ratios, not the absolutes.',
    '',
    '## Throughput and latency',
    '',
    '| target | bytes | ours req/s | ours p50 / p99 ms | nginx req/s | nginx p50 / p99 ms | ours / nginx |',
    '|---|---|---|---|---|---|---|',
    ...throughput.map(
      (r) =>
        `| ${r.target} | ${r.bytes} | ${r.ours.rps} | ${r.ours.p50} / ${r.ours.p99} | ${r.nginx?.rps ?? 'n/a'} | ${r.nginx ? `${r.nginx.p50} / ${r.nginx.p99}` : 'n/a'} | ${r.ratio ?? 'n/a'} |`,
    ),
    '',
    '## Boot and memory',
    '',
    '| figure | value |',
    '|---|---|',
    `| boot to healthy, empty data folder (migrations + seed) | ${s.boot?.coldBootMs} ms |`,
    `| boot to healthy, existing data folder | ${s.boot?.warmBootMs} ms |`,
    `| RSS after boot | ${s.boot?.rssAfterBootMiB} MiB |`,
    `| RSS after the load steps | ${s.memory?.rssAfterLoadMiB} MiB |`,
    ...(s.notes ?? []).map((n) => `\nNote: ${n}`),
    '',
  ]
  const text = lines.join('\n')
  console.log(text)
  const errors = throughput.reduce((n, r) => n + r.ours.errors, 0)
  if (errors > 0) {
    console.error(`${errors} failed or non-2xx responses from our server during the load`)
    process.exitCode = 1
  }
  if (quick) return
  const out = path.join(root, 'docs/perf')
  fs.mkdirSync(out, { recursive: true })
  fs.writeFileSync(path.join(out, 'results.md'), text)
  fs.writeFileSync(path.join(out, 'results.json'), `${JSON.stringify(results, null, 2)}\n`)
  console.log('written: docs/perf/results.md, docs/perf/results.json')
}

await main()
