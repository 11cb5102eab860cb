// `npm run lighthouse`: Lighthouse 13 (mobile preset: Moto G Power emulation, simulated slow 4G
// and 4x CPU slowdown) in Debian's Chromium against the built server, for one page of each kind.
// Prints a table and writes docs/perf/lighthouse.md. Needs `npm run build` first.
//   npm run lighthouse -- --runs 1    one run per page instead of the median of three
//   npm run lighthouse -- --path /auth    only this page (repeatable); prints, writes no file
import fs from 'node:fs'
import path from 'node:path'
import { requireChromium } from './lib/chromium.mjs'
import { lighthousePages, lighthouseTargets as targets } from './lib/lighthouse-run.mjs'
import { root, startBuiltServer } from './lib/server-process.mjs'

const marketingPages = [
  { label: 'Home', path: '/' },
  { label: 'Service', path: '/services/managed-it' },
  { label: 'Industry', path: '/industries/healthcare-offices' },
  { label: 'Offer', path: '/promotional-offer' },
  { label: 'Privacy', path: '/privacy' },
]
// `--path /auth` (repeatable): measure only these pages; the table is printed, docs/perf/lighthouse.md
// (the marketing pages' record) is left as it is.
const chosenPaths = process.argv.flatMap((arg, i) => (process.argv[i - 1] === '--path' ? [arg] : []))
const pages = chosenPaths.length ? chosenPaths.map((p) => ({ label: p, path: p })) : marketingPages
const runsArg = process.argv.indexOf('--runs')
const runs = Math.max(1, Number(runsArg > 0 ? process.argv[runsArg + 1] : 3) || 3)
const kb = (bytes) => (bytes / 1024).toFixed(1)

requireChromium()
const server = await startBuiltServer({ label: 'lighthouse' })
let results
try {
  results = await lighthousePages(server.url, pages, runs)
} finally {
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
  'Main thread CPU / wall',
  'Load',
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
  `${Math.round(r.mainThread.cpuMs)} / ${Math.round(r.mainThread.wallMs)} ms`,
  r.load1.toFixed(2),
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

Transfer is everything the page downloads (HTML, CSS, JS, icons) as sent (HTML gzip, the page cache's one form; CSS and JS Brotli). "JS (br)" is the
JavaScript as transferred (Brotli); "JS (gzip)" the same files as gzip, which the targets are stated in.
"Main thread CPU / wall" is the page's renderer main thread in the chosen run, from its navigation on: the
CPU time of its tasks (the page's own work) and their wall time (what TBT is computed from); "Load" the
1-minute load average as that run started. A wall time far above the CPU time means the cores were busy
with other work during the run (see "Reading a low score" below).

| ${header.join(' | ')} |
| ${header.map(() => '---').join(' | ')} |
${rows.map((row) => `| ${row.join(' | ')} |`).join('\n')}

## Targets

${checks.map(([label, ok]) => `- ${ok ? '✔' : '✖'} ${label}`).join('\n')}
${failing.length ? `\nAudits below full marks:\n\n${failing.map((r) => `- \`${r.path}\`: ${r.failed.join(', ')}`).join('\n')}\n` : ''}`
if (chosenPaths.length) process.exit(0)
fs.mkdirSync(path.join(root, 'docs/perf'), { recursive: true })
// The findings written by hand below the marker stay when the table above is rewritten.
const docPath = path.join(root, 'docs/perf/lighthouse.md')
const notesMarker = '<!-- notes: kept by npm run lighthouse -->'
const previous = fs.existsSync(docPath) ? fs.readFileSync(docPath, 'utf8') : ''
const notes = previous.includes(notesMarker) ? previous.slice(previous.indexOf(notesMarker)) : ''
fs.writeFileSync(docPath, notes ? `${md}\n${notes}` : md)
console.log('\nwrote docs/perf/lighthouse.md')
