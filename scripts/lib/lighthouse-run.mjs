// Lighthouse 13 (mobile preset: Moto G Power emulation, simulated slow 4G and 4x CPU slowdown) in
// Debian's Chromium against an already running server. Shared by `npm run lighthouse` (the
// marketing pages) and `npm run bench` (one page of every public page type).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { chromiumArgs, chromiumPath } from './chromium.mjs'
import { root } from './server-process.mjs'

export const categories = ['performance', 'accessibility', 'best-practices', 'seo']

/** The targets of the marketing issue, which every public page type is held to. */
export const lighthouseTargets = {
  performance: 98,
  accessibility: 100,
  'best-practices': 100,
  seo: 100,
  cls: 0,
  homeJsGzipKB: 90,
  transferKB: 200,
}

/** Size of a built script as gzip: the .gz file the build wrote beside it (what a gzip-only client gets). */
function gzipBytes(url) {
  const pathname = new URL(url).pathname
  const file = path.join(root, 'build/client', `${pathname}.gz`)
  if (fs.existsSync(file)) return fs.statSync(file).size
  const plain = path.join(root, 'build/client', pathname)
  return fs.existsSync(plain) ? fs.statSync(plain).size : 0
}

/**
 * The page's renderer main thread in the run's trace: its tasks' thread (CPU) time and their wall time
 * from the page's navigation on. TBT is computed from wall time, which grows with whatever else wants
 * the cores (another engineer's build, Chromium's own compositor); the thread time is the page's own
 * work, so a wall/CPU ratio well above 1 says the run measured the machine, not the page
 * (docs/perf/lighthouse.md, "Reading a low score").
 */
export function mainThreadTime(trace, url) {
  const events = trace?.traceEvents ?? []
  const starts = events.filter(
    (e) =>
      e.name === 'navigationStart' &&
      e.args?.data?.isOutermostMainFrame &&
      /^https?:/.test(e.args.data.documentLoaderURL),
  )
  const start = starts.find((e) => e.args.data.documentLoaderURL === url) ?? starts[0]
  if (!start) return { cpuMs: Number.NaN, wallMs: Number.NaN }
  let cpu = 0
  let wall = 0
  for (const e of events) {
    if (e.ph !== 'X' || e.name !== 'RunTask' || e.pid !== start.pid || e.tid !== start.tid || e.ts < start.ts) continue
    cpu += e.tdur ?? 0
    wall += e.dur ?? 0
  }
  return { cpuMs: cpu / 1000, wallMs: wall / 1000 }
}

function summarize(lhr) {
  const audit = (id) => lhr.audits[id]?.numericValue ?? Number.NaN
  const requests = lhr.audits['network-requests']?.details?.items ?? []
  const scripts = requests.filter((r) => r.resourceType === 'Script')
  // Audits that weigh on a category score and did not get full marks.
  const failed = categories.flatMap((c) =>
    lhr.categories[c].auditRefs
      .filter((r) => r.weight > 0 && (lhr.audits[r.id]?.score ?? 1) < 1)
      .map((r) => `${c}: ${r.id}`),
  )
  return {
    scores: Object.fromEntries(categories.map((c) => [c, Math.round((lhr.categories[c].score ?? 0) * 100)])),
    fcp: audit('first-contentful-paint'),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    transfer: audit('total-byte-weight'),
    jsTransfer: scripts.reduce((n, r) => n + (r.transferSize ?? 0), 0),
    jsGzip: scripts.reduce((n, r) => n + gzipBytes(r.url), 0),
    jsCount: scripts.length,
    failed,
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

/** One Lighthouse run; a run whose trace Chromium failed to record (NO_NAVSTART, …) is tried again. */
async function measure(url, port, attempts = 3) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: categories })
    const error = result ? result.lhr.runtimeError : { message: 'Lighthouse returned nothing' }
    if (!error) return result
    if (attempt >= attempts) throw new Error(`${url}: ${error.message}`)
    console.log(`  retrying ${new URL(url).pathname}: ${error.code ?? error.message}`)
  }
}

/** A production server is warm: load each page and its assets once before measuring. */
async function warmUp(baseURL, pages) {
  for (const page of pages) {
    const html = await (await fetch(`${baseURL}${page.path}`)).text()
    // Stylesheets are named in href; scripts also inside the inline loader script (JSON strings).
    const assets = new Set([...html.matchAll(/["'](\/assets\/[^"'\\]+)["']/g)].map((m) => m[1]))
    await Promise.all([...assets].map(async (asset) => (await fetch(`${baseURL}${asset}`)).arrayBuffer()))
  }
}

/**
 * Measures each page `runs` times and keeps, per page, the run with the median performance score.
 * Returns [{ label, path, scores, fcp, lcp, tbt, cls, transfer, jsTransfer, jsGzip, failed, mainThread, load1, versions }]
 * (mainThread: the chosen run's main-thread CPU and wall time; load1: the 1-minute load average as it started).
 */
export async function lighthousePages(baseURL, pages, runs = 3) {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: ['--headless=new', ...chromiumArgs],
    logLevel: 'silent',
  })
  const results = []
  try {
    await warmUp(baseURL, pages)
    for (const page of pages) {
      const samples = []
      for (let i = 0; i < runs; i++) {
        const load1 = os.loadavg()[0]
        const result = await measure(`${baseURL}${page.path}`, chrome.port)
        const mainThread = mainThreadTime(result.artifacts?.Trace, `${baseURL}${page.path}`)
        samples.push({ summary: { ...summarize(result.lhr), mainThread, load1 }, lhr: result.lhr })
      }
      const perf = median(samples.map((s) => s.summary.scores.performance))
      const chosen = samples.find((s) => s.summary.scores.performance === perf) ?? samples[0]
      results.push({
        ...page,
        ...chosen.summary,
        versions: { lighthouse: chosen.lhr.lighthouseVersion, ua: chosen.lhr.environment.hostUserAgent },
      })
      process.stdout.write(`measured ${page.path}\n`)
    }
  } finally {
    await chrome.kill()
  }
  return results
}
