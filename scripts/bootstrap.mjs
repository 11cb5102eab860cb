// `npm start` and `npm test` begin here. This file runs first on whatever Node the machine has
// (Node 20 on a fresh machine), so it uses Node built-ins only. It installs what is missing, then
// hands every real step to an npm script, where node_modules/.bin/node (Node 24) takes over.
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const root = path.resolve(import.meta.dirname ?? path.dirname(new URL(import.meta.url).pathname), '..')
process.chdir(root)
const mode = process.argv[2]

const step = (text) => console.log(`\n▶ ${text}`)
const run = (cmd, args, options = {}) => spawnSync(cmd, args, { stdio: 'inherit', env: process.env, ...options })
const mtime = (file) => {
  try {
    return fs.statSync(file).mtimeMs
  } catch {
    return 0
  }
}

function newestIn(dir) {
  let newest = 0
  if (!fs.existsSync(dir)) return 0
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) newest = Math.max(newest, newestIn(full))
    else newest = Math.max(newest, mtime(full))
  }
  return newest
}

/**
 * Warnings npm prints on every fresh install here that say nothing to act on: EBADENGINE for each
 * package that wants a newer Node than the machine's Node 20 that npm runs on (the packages run on
 * the Node 24 the install brings), and the machine's own npmrc setting `nodedir`, which this npm
 * no longer knows.
 */
const ebadengine = /^npm warn EBADENGINE\b/
const nodedirWarning = /^npm warn Unknown user config "nodedir"/

/**
 * `npm install`, showing its output as it comes without the warnings above. Resolves with npm's
 * exit code; when npm fails, its whole output is shown again, hidden lines included.
 */
function installQuietly(args) {
  return new Promise((resolve) => {
    const transcript = []
    let hiddenPackages = 0
    const show = (line, out) => {
      transcript.push(line)
      if (ebadengine.test(line)) {
        if (/Unsupported engine/.test(line)) hiddenPackages++
      } else if (!nodedirWarning.test(line)) {
        out.write(`${line}\n`)
      }
    }
    const relay = (stream, out) => {
      let rest = ''
      stream.setEncoding('utf8')
      stream.on('data', (chunk) => {
        const lines = (rest + chunk).split('\n')
        rest = lines.pop() ?? ''
        for (const line of lines) show(line, out)
      })
      stream.on('end', () => {
        if (rest) show(rest, out)
      })
    }
    const child = spawn('npm', args, { stdio: ['inherit', 'pipe', 'pipe'], env: process.env })
    relay(child.stdout, process.stdout)
    relay(child.stderr, process.stderr)
    let spawnError
    child.once('error', (error) => {
      spawnError = error
    })
    // 'close' comes after both output streams have ended, so every line has been shown.
    child.once('close', (code, signal) => {
      if (spawnError) {
        console.error(`could not run npm: ${spawnError.message}`)
        resolve(127)
        return
      }
      const status = code ?? 128 + (os.constants.signals[signal] ?? 1)
      if (status !== 0) {
        console.error(`\nnpm ${args.join(' ')} exited with ${status}. Its complete output:\n`)
        console.error(transcript.join('\n'))
      } else if (hiddenPackages > 0) {
        console.log(
          `(${hiddenPackages} EBADENGINE warnings hidden: packages that want a newer Node than the ${process.versions.node} npm runs on; they run on the Node 24 this install brings)`,
        )
      }
      resolve(status)
    })
  })
}

async function ensureDependencies() {
  const marker = 'node_modules/.package-lock.json'
  const bridge = 'node_modules/.bin/node'
  const stale = !fs.existsSync(marker) || !fs.existsSync(bridge) || mtime('package-lock.json') > mtime(marker)
  if (!stale) {
    step('Dependencies are installed')
    return
  }
  step('Installing dependencies (npm install; this also brings Node 24 into node_modules/.bin)')
  // `npm ci` rejects this lockfile here (the registry lacks some other-platform binaries);
  // `npm install` honours the lockfile.
  const status = await installQuietly(['install', '--no-audit', '--no-fund'])
  if (status !== 0) fail('npm install failed', status)
  const version = spawnSync(bridge, ['--version'], { encoding: 'utf8' }).stdout?.trim()
  if (!version?.startsWith('v24.')) fail(`node_modules/.bin/node is ${version ?? 'missing'}, expected Node 24`)
  console.log(`Node ${version} is ready in node_modules/.bin`)
}

function ensureBuild() {
  const output = 'build/server/index.js'
  const sources = Math.max(
    newestIn('app'),
    newestIn('server'),
    newestIn('public'),
    mtime('vite.config.ts'),
    mtime('react-router.config.ts'),
    mtime('package-lock.json'),
  )
  if (fs.existsSync(output) && mtime(output) >= sources) {
    step('Build is up to date')
    return
  }
  step('Building the app (npm run build)')
  if (run('npm', ['run', 'build']).status !== 0) fail('build failed')
}

function fail(message, code = 1) {
  console.error(`\n✖ ${message}`)
  process.exit(code)
}

function ensureChromium() {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
  if (fs.existsSync(chromium)) return
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0
  if (!isRoot) {
    fail(
      `Chromium is missing (${chromium}). Install Debian's package and run again:\n  sudo apt-get update && sudo apt-get install -y chromium`,
    )
  }
  step("Installing Chromium for the end-to-end tests (Debian's chromium package)")
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  if (run('apt-get', ['update', '-qq'], { env }).status !== 0) fail('apt-get update failed')
  if (run('apt-get', ['install', '-y', '-qq', 'chromium', 'fonts-liberation'], { env }).status !== 0) {
    fail('apt-get install chromium failed')
  }
}

const firstLine = (text) =>
  String(text ?? '')
    .split('\n')[0]
    .slice(0, 300)

/** The failed tests of a vitest JSON report: file, full name and the first line of the error. */
function failedTests(report) {
  const out = []
  for (const file of report.testResults ?? []) {
    for (const test of file.assertionResults ?? []) {
      if (test.status !== 'failed') continue
      out.push(`${path.relative(root, file.name)} > ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`)
    }
    if (file.status === 'failed' && !(file.assertionResults ?? []).length) {
      out.push(`${path.relative(root, file.name)}: ${firstLine(file.message)}`)
    }
  }
  return out
}

const counts = ({ passed, failed, skipped }) =>
  `${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`

/** Runs one suite; vitest suites report their counts through a JSON file. */
function suite(label, script, results, { gate = false } = {}) {
  step(label)
  const started = Date.now()
  const reportFile = path.join(root, 'test-results', `${script.replace(/[^a-z0-9]+/gi, '-')}.json`)
  fs.rmSync(reportFile, { force: true })
  const env = { ...process.env, VITEST_JSON_REPORT: reportFile }
  const result = run('npm', ['run', '--silent', script], { env })
  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  let passed = 0
  let failed = 0
  let skipped = 0
  let failures = []
  if (fs.existsSync(reportFile)) {
    const report = JSON.parse(fs.readFileSync(reportFile, 'utf8'))
    passed = report.numPassedTests ?? 0
    failed = (report.numFailedTests ?? 0) + (result.status !== 0 && !report.numFailedTests ? 1 : 0)
    // Tests a suite does not run here (describe.runIf: the PostgreSQL-only blocks on PGlite and back).
    skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0)
    failures = failedTests(report)
  } else if (result.status === 0) {
    // A gate (typecheck, lint, build) counts as one check; a suite that wrote no report was skipped.
    passed = gate ? 1 : 0
  } else {
    failed = 1
  }
  results.push({ label, passed, failed, skipped, seconds, failures })
  console.log(`${failed === 0 ? '✔' : '✖'} ${label}: ${counts({ passed, failed, skipped })} (${seconds}s)`)
}

if (mode === 'start') {
  await ensureDependencies()
  ensureBuild()
  const port = process.env.PORT ?? '3000'
  step(`Starting the server: it migrates the database, seeds demo content, then serves http://localhost:${port}`)
} else if (mode === 'test') {
  await ensureDependencies()
  ensureChromium()
  fs.mkdirSync('test-results', { recursive: true })
  const check = spawnSync('npm', ['run', '--silent', 'node-version'], { encoding: 'utf8' })
  console.log(`Tests run on Node ${check.stdout.trim()} (from an npm script)`)
  const results = []
  suite('Typecheck', 'typecheck', results, { gate: true })
  suite('Lint and format', 'lint', results, { gate: true })
  suite('Unit tests', 'test:unit', results)
  suite('Integration tests on embedded PostgreSQL (PGlite)', 'test:integration', results)
  suite('Integration tests on a real PostgreSQL server', 'test:pg', results)
  suite('Build', 'build', results, { gate: true })
  suite('End-to-end tests in Chromium', 'test:e2e', results)
  suite('Security: headers, CORS, permissions, limits and probes against the built server', 'test:security', results)
  suite('Resilience: the built server against a real PostgreSQL under faults', 'test:resilience', results)
  suite('Benchmark smoke (short loads, no figures kept)', 'bench:smoke', results, { gate: true })
  const passed = results.reduce((n, r) => n + r.passed, 0)
  const failed = results.reduce((n, r) => n + r.failed, 0)
  console.log('\nSummary')
  for (const r of results) {
    console.log(`  ${r.failed ? '✖' : '✔'} ${r.label}: ${counts(r)}`)
    // The failed tests are repeated here, so a log read from its end still names them.
    for (const f of r.failures) console.log(`      ✖ ${f}`)
  }
  const line = `${passed} passed, ${failed} failed`
  fs.writeFileSync('test-results/summary.txt', `${line}\n`)
  console.log(line)
  process.exit(failed === 0 ? 0 : 1)
} else {
  fail('usage: node scripts/bootstrap.mjs start|test')
}
