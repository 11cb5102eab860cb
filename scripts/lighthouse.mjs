// `npm run lighthouse`: Lighthouse 13 (mobile preset: Moto G Power emulation, simulated slow 4G
// and 4x CPU slowdown) in Debian's Chromium against the built server, for one page of each kind.
// Prints a table and writes docs/perf/lighthouse.md. Needs `npm run build` first.
//   npm run lighthouse -- --runs 1    one run per page instead of the median of three
import fs from 'node:fs'
import path from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { chromiumArgs, chromiumPath, root, startBuiltServer } from './lib/serve-build.mjs'

const pages = [
  { label: 'Home', path: '/' },
  { label: 'Service', path: '/services/managed-it' },
  { label: 'Industry', path: '/industries/healthcare-offices' },
  { label: 'Offer', path: '/promotional-offer' },
  { label: 'Privacy', path: '/privacy' },
]
const targets = {
  performance: 98,
  accessibility: 100,
  'best-practices': 100,
  seo: 100,
  cls: 0,
  homeJsGzipKB: 90,
  transferKB: 200,
}
const runsArg = process.argv.indexOf('--runs')
const runs = Math.max(1, Number(runsArg > 0 ? process.argv[runsArg + 1] : 3) || 3)
const categories = ['performance', 'accessibility', 'best-practices', 'seo']

/** Size of a built script as gzip: the .gz file the build wrote beside it (what a gzip-only client gets). */
function gzipBytes(url) {
  const pathname = new URL(url).pathname
  const file = path.join(root, 'build/client', `${pathname}.gz`)
  if (fs.existsSync(file)) return fs.statSync(file).size
  const plain = path.join(root, 'build/client', pathname)
  return fs.existsSync(plain) ? fs.statSync(plain).size : 0
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
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    fcp: audit('first-contentful-paint'),
    transfer: audit('total-byte-weight'),
    jsTransfer: scripts.reduce((n, r) => n + (r.transferSize ?? 0), 0),
    jsGzip: scripts.reduce((n, r) => n + gzipBytes(r.url), 0),
    jsCount: scripts.length,
    failed,
  }
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
const kb = (bytes) => (bytes / 1024).toFixed(1)

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
async function warmUp(baseURL) {
  for (const page of pages) {
    const html = await (await fetch(`${baseURL}${page.path}`)).text()
    const assets = new Set([...html.matchAll(/(?:href|src)="(\/assets\/[^"]+)"/g)].map((m) => m[1]))
    await Promise.all([...assets].map(async (asset) => (await fetch(`${baseURL}${asset}`)).arrayBuffer()))
  }
}

const server = await startBuiltServer()
let chrome
const results = []
try {
  chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: ['--headless=new', ...chromiumArgs],
    logLevel: 'silent',
  })
  await warmUp(server.baseURL)
  for (const page of pages) {
    const samples = []
    for (let i = 0; i < runs; i++) {
      const result = await measure(`${server.baseURL}${page.path}`, chrome.port)
      samples.push({ summary: summarize(result.lhr), lhr: result.lhr })
    }
    // The run with the median performance score stands for the page.
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
  if (chrome) await chrome.kill()
  await server.stop()
}

const header = [
  'Page',
  'Path',
  'Perf',
  'A11y',
  'Best pr.',
  'SEO',
  'LCP',
  'TBT',
  'CLS',
  'Transfer',
  'JS (br)',
  'JS (gzip)',
]
const rows = results.map((r) => [
  r.label,
  r.path,
  String(r.scores.performance),
  String(r.scores.accessibility),
  String(r.scores['best-practices']),
  String(r.scores.seo),
  `${Math.round(r.lcp)} ms`,
  `${Math.round(r.tbt)} ms`,
  r.cls.toFixed(3),
  `${kb(r.transfer)} KB`,
  `${kb(r.jsTransfer)} KB`,
  `${kb(r.jsGzip)} KB`,
])
const widthsOf = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)))
const line = (cells) => cells.map((c, i) => c.padEnd(widthsOf[i])).join('  ')
console.log(`\n${line(header)}\n${widthsOf.map((w) => '-'.repeat(w)).join('  ')}\n${rows.map(line).join('\n')}`)

const home = results.find((r) => r.path === '/')
const checks = [
  ['Performance ≥ 98 on every page', results.every((r) => r.scores.performance >= targets.performance)],
  ['Accessibility = 100 on every page', results.every((r) => r.scores.accessibility === targets.accessibility)],
  [
    'Best practices = 100 on every page',
    results.every((r) => r.scores['best-practices'] === targets['best-practices']),
  ],
  ['SEO = 100 on every page', results.every((r) => r.scores.seo === targets.seo)],
  ['CLS = 0 on every page', results.every((r) => r.cls === targets.cls)],
  [
    `Home page JavaScript ≤ ${targets.homeJsGzipKB} KB gzip (${home ? kb(home.jsGzip) : '?'} KB)`,
    (home?.jsGzip ?? Infinity) <= targets.homeJsGzipKB * 1024,
  ],
  [
    `Total transfer ≤ ${targets.transferKB} KB on every page`,
    results.every((r) => r.transfer <= targets.transferKB * 1024),
  ],
]
console.log(`\n${checks.map(([label, ok]) => `${ok ? '✔' : '✖'} ${label}`).join('\n')}`)
const failing = results.filter((r) => r.failed.length > 0)
for (const r of failing) console.log(`  ${r.path}: ${r.failed.join(', ')}`)

const env = results[0]?.versions
const md = `# Lighthouse: marketing pages

Written by \`npm run lighthouse\` (scripts/lighthouse.mjs) on ${new Date().toISOString().slice(0, 10)}: Lighthouse ${env?.lighthouse ?? '?'}, mobile
preset (emulated Moto G Power, simulated slow 4G, 4× CPU slowdown), Debian Chromium (\`${env?.ua ?? '?'}\`), against
the production build started by the script on 127.0.0.1 with a temporary DATA_DIR. ${runs > 1 ? `Median of ${runs} runs per page.` : 'One run per page.'}

Transfer is everything the page downloads (HTML, CSS, JS, icons) as sent, Brotli-compressed. "JS (br)" is the
JavaScript as transferred (Brotli); "JS (gzip)" the same files as gzip, which the targets are stated in.

| ${header.join(' | ')} |
| ${header.map(() => '---').join(' | ')} |
${rows.map((row) => `| ${row.join(' | ')} |`).join('\n')}

## Targets

${checks.map(([label, ok]) => `- ${ok ? '✔' : '✖'} ${label}`).join('\n')}
${failing.length ? `\nAudits below full marks:\n\n${failing.map((r) => `- \`${r.path}\`: ${r.failed.join(', ')}`).join('\n')}\n` : ''}`
fs.mkdirSync(path.join(root, 'docs/perf'), { recursive: true })
fs.writeFileSync(path.join(root, 'docs/perf/lighthouse.md'), md)
console.log('\nwrote docs/perf/lighthouse.md')
