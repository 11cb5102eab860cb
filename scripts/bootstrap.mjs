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

/**
 * Debian packages the suites drive for real: Chromium for the end-to-end tests and Dovecot's IMAP
 * server for the support mailbox's tests (started per test file like the throwaway PostgreSQL).
 */
function ensureTestPackages() {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
  const wanted = [
    { path: chromium, packages: ['chromium', 'fonts-liberation'], why: 'Chromium for the end-to-end tests' },
    { path: '/usr/sbin/dovecot', packages: ['dovecot-imapd'], why: 'an IMAP server for the support mailbox tests' },
  ].filter((entry) => !fs.existsSync(entry.path))
  if (wanted.length === 0) return
  const packages = wanted.flatMap((entry) => entry.packages)
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0
  if (!isRoot) {
    fail(
      `Missing for the tests: ${wanted.map((entry) => entry.why).join('; ')}. Install Debian's packages and run again:\n  sudo apt-get update && sudo apt-get install -y ${packages.join(' ')}`,
    )
  }
  step(`Installing ${wanted.map((entry) => entry.why).join(' and ')} (Debian's ${packages.join(', ')})`)
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  if (run('apt-get', ['update', '-qq'], { env }).status !== 0) fail('apt-get update failed')
  if (run('apt-get', ['install', '-y', '-qq', ...packages], { env }).status !== 0) {
    fail(`apt-get install ${packages.join(' ')} failed`)
  }
}

const firstLine = (text) =>
  String(text ?? '')
    .split('\n')[0]
    .slice(0, 300)

/** The failed tests of a vitest JSON report: file, full name and the first line of the error. */
/**
 * The line of the test file a failure was raised at (":123"), read from its stack, so a summary read
 * from a log's end says which step of a long test failed; empty when the stack does not name it.
 */
function failedAt(file, message) {
  const escaped = file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  const match = new RegExp(`${escaped}:(\\d+)`).exec(message ?? '')
  return match ? `:${match[1]}` : ''
}

function failedTests(report) {
  const out = []
  for (const file of report.testResults ?? []) {
    for (const test of file.assertionResults ?? []) {
      if (test.status !== 'failed') continue
      const where = failedAt(file.name, test.failureMessages?.[0])
      out.push(`${path.relative(root, file.name)}${where} > ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`)
    }
    if (file.status === 'failed' && !(file.assertionResults ?? []).length) {
      out.push(`${path.relative(root, file.name)}: ${firstLine(file.message)}`)
    }
  }
  return out
}

const counts = ({ passed, failed, skipped }) =>
  `${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`

/**
 * Runs one suite as a child process; resolves with its counts (vitest suites report them through a
 * JSON file). Its output is shown as it comes, each line marked with the suite's tag, because two
 * lanes of suites run side by side (see below).
 */
function suite({ label, script, tag, gate = false, args = [] }) {
  console.log(`\n▶ [${tag}] ${label}`)
  const started = Date.now()
  const reportFile = path.join(root, 'test-results', `${tag}.json`)
  fs.rmSync(reportFile, { force: true })
  const env = { ...process.env, VITEST_JSON_REPORT: reportFile, FORCE_COLOR: '0' }
  return new Promise((resolve) => {
    const npmArgs = ['run', '--silent', script, ...(args.length ? ['--', ...args] : [])]
    const child = spawn('npm', npmArgs, { stdio: ['ignore', 'pipe', 'pipe'], env })
    const relay = (stream, out) => {
      let rest = ''
      stream.setEncoding('utf8')
      stream.on('data', (chunk) => {
        const lines = (rest + chunk).split('\n')
        rest = lines.pop() ?? ''
        for (const line of lines) out.write(`[${tag}] ${line}\n`)
      })
      stream.on('end', () => {
        if (rest) out.write(`[${tag}] ${rest}\n`)
      })
    }
    relay(child.stdout, process.stdout)
    relay(child.stderr, process.stderr)
    let spawnError
    child.once('error', (error) => {
      spawnError = error
    })
    child.once('close', (code) => {
      const status = spawnError ? 127 : (code ?? 1)
      const seconds = ((Date.now() - started) / 1000).toFixed(1)
      let passed = 0
      let failed = 0
      let skipped = 0
      let failures = []
      let report
      try {
        report = fs.existsSync(reportFile) ? JSON.parse(fs.readFileSync(reportFile, 'utf8')) : undefined
      } catch (error) {
        console.error(`[${tag}] its report ${reportFile} could not be read: ${error.message}`)
      }
      if (report) {
        passed = report.numPassedTests ?? 0
        failed = (report.numFailedTests ?? 0) + (status !== 0 && !report.numFailedTests ? 1 : 0)
        // Tests a suite does not run here (describe.runIf: the PostgreSQL-only blocks on PGlite and back).
        skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0)
        failures = failedTests(report)
      } else if (status === 0) {
        // A gate (typecheck, lint, build) counts as one check; a suite that wrote no report was skipped.
        passed = gate ? 1 : 0
      } else {
        failed = 1
        failures = [`${script} exited with ${status}${spawnError ? ` (${spawnError.message})` : ''}`]
      }
      const result = { label, passed, failed, skipped, seconds, failures }
      console.log(`${failed === 0 ? '✔' : '✖'} [${tag}] ${label}: ${counts(result)} (${seconds}s)`)
      resolve(result)
    })
  })
}

/** A suite that could not run because one it needs failed: one failure that says why. */
const notRun = (entry, because) => ({
  label: entry.label,
  passed: 0,
  failed: 1,
  skipped: 0,
  seconds: '0.0',
  failures: [`not run: ${because}`],
})

if (mode === 'start') {
  await ensureDependencies()
  ensureBuild()
  const port = process.env.PORT ?? '3000'
  step(`Starting the server: it migrates the database, seeds demo content, then serves http://localhost:${port}`)
} else if (mode === 'test') {
  await ensureDependencies()
  ensureTestPackages()
  fs.mkdirSync('test-results', { recursive: true })
  const check = spawnSync('npm', ['run', '--silent', 'node-version'], { encoding: 'utf8' })
  console.log(`Tests run on Node ${check.stdout.trim()} (from an npm script)`)
  // The suites run side by side, two at a time (TEST_LANES), each lane taking the next one it may
  // run from the list below when it is free, so neither lane idles while the other has work left.
  // The end-to-end files are split in two halves (each with its own server), which keeps the last
  // suite to finish short. (A third lane bought nothing measurable: on a fresh clone of a quiet machine
  // 22.6 minutes against 23.3 for two, every suite slower beside two others; docs/decisions/006-testing.md.)
  // Suites that run against the build wait for it. The summary keeps this order whatever finishes first.
  const e2eHalf = (n) => ({
    label: `End-to-end tests in Chromium (half ${n} of 2)`,
    script: 'test:e2e',
    tag: `e2e-${n}`,
    args: [`--shard=${n}/2`],
    afterBuild: true,
  })
  const suites = {
    typecheck: { label: 'Typecheck', script: 'typecheck', tag: 'types', gate: true },
    lint: { label: 'Lint and format', script: 'lint', tag: 'lint', gate: true },
    unit: { label: 'Unit tests', script: 'test:unit', tag: 'unit' },
    integration: {
      label: 'Integration tests on embedded PostgreSQL (PGlite)',
      script: 'test:integration',
      tag: 'pglite',
    },
    pg: { label: 'Integration tests on a real PostgreSQL server', script: 'test:pg', tag: 'pg' },
    build: { label: 'Build', script: 'build', tag: 'build', gate: true },
    e2e1: e2eHalf(1),
    e2e2: e2eHalf(2),
    security: {
      label: 'Security: headers, CORS, permissions, limits and probes against the built server',
      script: 'test:security',
      tag: 'security',
      afterBuild: true,
    },
    resilience: {
      label: 'Resilience: the built server against a real PostgreSQL under faults',
      script: 'test:resilience',
      tag: 'resilience',
      afterBuild: true,
    },
    bench: {
      label: 'Benchmark smoke (short loads, no figures kept)',
      script: 'bench:smoke',
      tag: 'bench',
      gate: true,
      afterBuild: true,
    },
  }
  // The order suites are started in (a free lane takes the first it may run). The build first (most
  // wait for it) and beside it a long suite that needs no build (PostgreSQL); then the long suites,
  // so that the short ones come last and fill whichever lane frees first: the last suite to finish
  // decides the total. Measured durations (docs/decisions/006-testing.md) put the two lanes within a
  // minute of each other this way; the former order (the integration suites between the halves of
  // the browser suite, the benchmark smoke last) left one lane idle for four minutes at the end.
  const queue = [
    'build',
    'lint',
    'pg',
    'security',
    'e2e1',
    'integration',
    'e2e2',
    'resilience',
    'bench',
    'unit',
    'typecheck',
  ]
  const lanes = Math.max(1, Number.parseInt(process.env.TEST_LANES ?? '2', 10) || 2)
  const outcome = {}
  let buildDone
  const built = new Promise((resolve) => {
    buildDone = resolve
  })
  let buildFinished = false
  const lane = async () => {
    for (;;) {
      const index = queue.findIndex((key) => !suites[key].afterBuild || buildFinished)
      if (index === -1) {
        if (queue.length === 0) return
        await built
        continue
      }
      const [key] = queue.splice(index, 1)
      const entry = suites[key]
      if (entry.afterBuild && outcome.build.failed) {
        outcome[key] = notRun(entry, 'the build failed')
        continue
      }
      outcome[key] = await suite(entry)
      if (key === 'build') {
        buildFinished = true
        buildDone()
      }
    }
  }
  await Promise.all(Array.from({ length: lanes }, lane))
  const results = Object.keys(suites).map((key) => outcome[key])
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
