// Intake benchmark (not a test): bookings per second and latency of POST /api/process-form.
//
//   npm run build && npm run bench:intake [-- --runs 3 --duration 20 --connections 50 --backend both --workers 1,2 --addresses 1000]
//
// For each backend (the embedded PGlite, then a throwaway real PostgreSQL started through
// scripts/with-postgres.mjs, once per worker count in --workers: WEB_CONCURRENCY):
//
// - Throughput runs (--runs of them): the built server starts on a free loopback port with a fresh
//   DATA_DIR (and, on PostgreSQL, a fresh database), as `npm start` runs it, behind a trusted proxy
//   (TRUST_PROXY): every request names its client in X-Forwarded-For, one of --addresses addresses
//   in turn, as real traffic comes from many clients. The rate limit counts every one of them; it is
//   raised so that no address reaches it (it would refuse bookings the run wants to measure).
//   autocannon warms the server up, then sends unique valid bookings over --connections
//   connections: as many as the warm-up rate would send in --duration seconds, each one answered
//   before the run ends (a run that stopped on a clock would hang up on requests in flight, which
//   the server may still have stored). Afterwards the stored rows are matched to the acknowledged
//   (2xx) answers, and the CPU the server and the database used is divided by the bookings.
// - One limit run: a fresh server with the product's limit (10 requests per 600 s), and bookings
//   from a single address, all at once over the same connections: exactly the limit is stored,
//   every other request is answered 429, and the sender's counter holds every request.
//
// Results (medians over the runs) go to docs/perf/intake.md and docs/perf/intake.json.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import autocannon from 'autocannon'
import pg from 'pg'
import { type BuiltServer, root, startBuiltServer } from '../lib/server-process.mjs'
import { bookingFactory, clientAddress } from './intake-bookings.ts'
import { loadAverage1m, median, postmasterPid, treeCpuMs, waitForQuietMachine } from './lib.ts'
import type { OpenLoadOptions, OpenLoadResult } from './open-load.ts'

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    duration: { type: 'string', default: '20' },
    connections: { type: 'string', default: '50' },
    backend: { type: 'string', default: 'both' },
    // WEB_CONCURRENCY values to measure on PostgreSQL (PGlite always runs one process).
    workers: { type: 'string', default: '1,2' },
    // Client addresses the throughput runs send from (X-Forwarded-For), in turn.
    addresses: { type: 'string', default: '1000' },
    // Internal: the PostgreSQL phase runs in a child process under scripts/with-postgres.mjs.
    phase: { type: 'string' },
    result: { type: 'string' },
    // Where intake.md and intake.json go (default docs/perf).
    'out-dir': { type: 'string' },
    // Before each run, wait up to this many seconds for the 1-minute load average to fall under
    // 1.5: the previous run's server, database and their background work (checkpoints, autovacuum)
    // would otherwise compete with the next one.
    settle: { type: 'string', default: '45' },
    // Seconds of the warm-up before each throughput run (the smoke run: 1).
    warmup: { type: 'string', default: '3' },
  },
})
const runs = Number(args.runs)
const duration = Number(args.duration)
const connections = Number(args.connections)
const addresses = Number(args.addresses)
const settleSeconds = Number(args.settle)
const workerCounts = args.workers.split(',').map((w) => Number(w.trim()))
if (workerCounts.some((w) => !Number.isInteger(w) || w < 1 || w > 64)) {
  console.error(`--workers takes worker counts from 1 to 64, separated by commas: ${args.workers}`)
  process.exit(1)
}
if (!Number.isInteger(addresses) || addresses < 1 || addresses > 131_072) {
  console.error(`--addresses takes a number from 1 to 131072: ${args.addresses}`)
  process.exit(1)
}
/** High enough that no address of a throughput run reaches it; every request is still counted. */
const RAISED_RATE_LIMIT = '100000000'
/** The product's defaults (README): the limit run shows that they hold. */
const PRODUCT_LIMIT = { max: 10, windowSeconds: 600 }
const TARGET = { bookingsPerSecond: 300, p99Ms: 100 }

if (Number(process.versions.node.split('.')[0]) < 24) {
  console.error(
    `Node ${process.versions.node}: run the benchmark through npm (npm run bench:intake), which brings Node 24.`,
  )
  process.exit(1)
}
if (!fs.existsSync(path.join(root, 'build/server/index.js'))) {
  console.error('No build found: run "npm run build" first.')
  process.exit(1)
}

function log(message: string) {
  console.log(`[bench:intake] ${message}`)
}

type Backend = 'pglite' | 'postgres'
type LoadResult = Awaited<ReturnType<typeof autocannon>>

/** Where a run's rows are read after its server stopped: the PGlite folder, or the database's URL. */
type RunDatabase = { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string }

type ThroughputRun = {
  bookingsPerSecond: number
  seconds: number
  sent: number
  p50Ms: number
  p90Ms: number
  p99Ms: number
  serverCpuMsPerBooking: number | null
  databaseCpuMsPerBooking: number | null
  acknowledged: number
  stored: number
  acknowledgedButMissing: number
  storedButUnanswered: number
  non2xx: number
  errors: number
  timeouts: number
  serverErrorLines: number
  serverErrorSample: string | undefined
  loadAverage1mAtStart: number
  loadAverage1m: number
}

type LimitRun = {
  sent: number
  limit: number
  windowSeconds: number
  acknowledged: number
  limited: number
  other: number
  stored: number
  counted: number
  p50Ms: number
  p99Ms: number
  holds: boolean
  loadAverage1mAtStart: number
}

type Phase = {
  backend: Backend
  name: string
  workers: number
  version: string | undefined
  runs: ThroughputRun[]
  limit: LimitRun
  /** PostgreSQL only: the embedded database has no target (and about a third of the rate's capacity). */
  atRate: RateRun | null
}

/** Bookings offered at a rate, each at its own time (rateRun). */
type RateRun = {
  offeredPerSecond: number
  bookingsPerSecond: number
  seconds: number
  p50Ms: number
  p90Ms: number
  p99Ms: number
  maxMs: number
  /** How late the generator sent bookings (its own timer's lag), p99. */
  generatorLateP99Ms: number
  acknowledged: number
  stored: number
  acknowledgedButMissing: number
  other: number
  loadAverage1mAtStart: number
}

/**
 * One load: for `seconds`, or, given `amount`, exactly that many requests, each one answered before
 * autocannon returns (every connection sends its share and waits for the last answer). Request n
 * comes from client address n modulo `senders`. Each connection sends its next request when the last
 * is answered (a closed model: the connections are always busy).
 */
async function load(
  url: string,
  options: { prefix: string; seconds?: number; amount?: number; senders: number },
): Promise<{ result: LoadResult; acknowledged: string[]; statuses: Map<number, number> }> {
  const next = bookingFactory(options.prefix)
  const acknowledged: string[] = []
  const statuses = new Map<number, number>()
  let sent = 0
  const result = await autocannon({
    url,
    connections,
    ...(options.amount ? { amount: options.amount } : { duration: options.seconds }),
    timeout: 30,
    requests: [
      {
        method: 'POST',
        path: '/api/process-form',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        setupRequest: (request) => ({
          ...request,
          headers: { ...request.headers, 'x-forwarded-for': clientAddress(sent++ % options.senders) },
          body: next(),
        }),
        onResponse: (status, body) => {
          statuses.set(status, (statuses.get(status) ?? 0) + 1)
          if (status >= 200 && status < 300) acknowledged.push(JSON.parse(body).data.booking.id)
        },
      },
    ],
  })
  return { result, acknowledged, statuses }
}

function serverFor(
  backend: Backend,
  dataDir: string,
  database: RunDatabase,
  workers: number,
  env: Record<string, string>,
) {
  return startBuiltServer({
    dataDir,
    env: {
      DATABASE_URL: database.kind === 'postgres' ? database.url : '',
      WEB_CONCURRENCY: String(backend === 'postgres' ? workers : 1),
      SEED_DEMO: 'false',
      SMTP_URL: '',
      TRUST_PROXY: 'true',
      ...env,
    },
  })
}

/** The ids of the bookings a load stored, found by the prefix of their e-mail addresses (bookingFactory). */
async function storedBookingIds(database: RunDatabase, prefix: string): Promise<Set<string>> {
  const found = await rows<{ id: string }>(database, 'select id::text as id from bookings where email like $1', [
    `${prefix}-%`,
  ])
  return new Set(found.map((r) => r.id))
}

/** Error lines (pino levels 50 and 60) the server wrote. */
function errorLines(server: BuiltServer): string[] {
  return server
    .output()
    .split('\n')
    .filter((line) => /"level":(50|60)/.test(line))
}

async function throughputRun(backend: Backend, runId: string, database: RunDatabase, workers: number, dataDir: string) {
  const server = await serverFor(backend, dataDir, database, workers, { INTAKE_RATE_LIMIT: RAISED_RATE_LIMIT })
  let measured: Awaited<ReturnType<typeof load>>
  let cpu: { server: number | null; database: number | null }
  try {
    // The warm-up runs at the measured concurrency, so its rate sizes the run to about --duration.
    const warmSeconds = Number(args.warmup)
    const warm = await load(server.url, { prefix: `warm-${runId}`, seconds: warmSeconds, senders: addresses })
    const amount = Math.max(
      connections * 10,
      Math.round((warm.result.requests.total / (warm.result.duration || warmSeconds)) * duration),
    )
    const databasePid = database.kind === 'postgres' ? postmasterPid() : undefined
    const before = { server: treeCpuMs(server.pid), database: treeCpuMs(databasePid) }
    measured = await load(server.url, { prefix: `run-${runId}`, amount, senders: addresses })
    const after = { server: treeCpuMs(server.pid), database: treeCpuMs(databasePid) }
    const perBooking = (from: number | undefined, to: number | undefined) =>
      from === undefined || to === undefined || measured.acknowledged.length === 0
        ? null
        : Math.round(((to - from) / measured.acknowledged.length) * 100) / 100
    cpu = { server: perBooking(before.server, after.server), database: perBooking(before.database, after.database) }
  } finally {
    await server.stop()
  }
  const errors = errorLines(server)
  if (errors.length > 0)
    log(`${backend}: the server logged ${errors.length} error(s):\n${errors.slice(0, 5).join('\n')}`)
  const storedIds = await storedBookingIds(database, `run-${runId}`)
  const { result, acknowledged } = measured
  const ackedAndStored = acknowledged.filter((id) => storedIds.has(id)).length
  return {
    bookingsPerSecond: acknowledged.length / result.duration,
    seconds: Math.round(result.duration * 10) / 10,
    sent: result.requests.sent ?? result.requests.total,
    p50Ms: result.latency.p50,
    p90Ms: result.latency.p90,
    p99Ms: result.latency.p99,
    serverCpuMsPerBooking: cpu.server,
    databaseCpuMsPerBooking: cpu.database,
    acknowledged: acknowledged.length,
    stored: storedIds.size,
    acknowledgedButMissing: acknowledged.length - ackedAndStored,
    storedButUnanswered: storedIds.size - ackedAndStored,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    serverErrorLines: errors.length,
    serverErrorSample: errors[0]?.slice(0, 300),
  }
}

/**
 * Bookings as senders make them: `TARGET.bookingsPerSecond` a second on average, each sent at its own
 * time (a Poisson process) over the same connections and addresses, on a fresh server, by the
 * open-model generator in a process of its own (scripts/bench/open-load.ts), the warm-up at that
 * rate first. The throughput runs keep every connection busy, so their latency is connections ÷
 * throughput (Little's law: 167 ms at 300 a second over 50) whatever the server does; this run
 * measures the wait of a booking at the target's rate, counted from the time it was due.
 */
async function rateRun(backend: Backend, runId: string, database: RunDatabase, workers: number, dataDir: string) {
  const server = await serverFor(backend, dataDir, database, workers, { INTAKE_RATE_LIMIT: RAISED_RATE_LIMIT })
  const rate = TARGET.bookingsPerSecond
  const resultFile = path.join(os.tmpdir(), `bench-open-load-${runId}.json`)
  const options: OpenLoadOptions = {
    url: server.url,
    rate,
    count: rate * duration,
    warmup: rate * Number(args.warmup),
    connections,
    senders: addresses,
    prefix: `rate-${runId}`,
    seed: 29,
    resultFile,
  }
  let measured: OpenLoadResult
  try {
    const code = await new Promise<number>((resolve) => {
      const child = spawn(process.execPath, [path.join(root, 'scripts/bench/open-load.ts'), JSON.stringify(options)], {
        stdio: 'inherit',
      })
      child.once('exit', (c) => resolve(c ?? 1))
    })
    if (code !== 0) throw new Error(`the open-model generator exited with ${code}`)
    measured = JSON.parse(fs.readFileSync(resultFile, 'utf8')) as OpenLoadResult
  } finally {
    fs.rmSync(resultFile, { force: true })
    await server.stop()
  }
  const storedIds = await storedBookingIds(database, options.prefix)
  const { acknowledged } = measured
  const non2xx = Object.entries(measured.statuses)
    .filter(([status]) => !status.startsWith('2'))
    .reduce((sum, [, n]) => sum + n, 0)
  return {
    offeredPerSecond: rate,
    bookingsPerSecond: measured.seconds > 0 ? acknowledged.length / measured.seconds : 0,
    seconds: measured.seconds,
    p50Ms: measured.latencyMs.p50,
    p90Ms: measured.latencyMs.p90,
    p99Ms: measured.latencyMs.p99,
    maxMs: measured.latencyMs.max,
    generatorLateP99Ms: measured.lateMs.p99,
    acknowledged: acknowledged.length,
    stored: storedIds.size,
    acknowledgedButMissing: acknowledged.filter((id) => !storedIds.has(id)).length,
    other: non2xx + measured.errors,
  }
}

/** Bookings from one address, all at once, against the product's limit: the limit must hold. */
async function limitRun(backend: Backend, runId: string, database: RunDatabase, workers: number, dataDir: string) {
  const server = await serverFor(backend, dataDir, database, workers, {
    INTAKE_RATE_LIMIT: String(PRODUCT_LIMIT.max),
    INTAKE_RATE_WINDOW_SECONDS: String(PRODUCT_LIMIT.windowSeconds),
  })
  const sent = connections * 20
  let measured: Awaited<ReturnType<typeof load>>
  try {
    measured = await load(server.url, { prefix: `limit-${runId}`, amount: sent, senders: 1 })
  } finally {
    await server.stop()
  }
  const stored = await rows<{ n: number }>(database, 'select count(*)::int as n from bookings where email like $1', [
    `limit-${runId}-%`,
  ])
  const counters = await rows<{ count: number }>(database, 'select count from intake_rate_limits')
  const { statuses, result } = measured
  const acknowledged = [...statuses].filter(([s]) => s >= 200 && s < 300).reduce((n, [, c]) => n + c, 0)
  const limited = statuses.get(429) ?? 0
  const counted = counters.reduce((n, c) => n + c.count, 0)
  const storedCount = stored[0]?.n ?? 0
  return {
    sent,
    limit: PRODUCT_LIMIT.max,
    windowSeconds: PRODUCT_LIMIT.windowSeconds,
    acknowledged,
    limited,
    other: sent - acknowledged - limited,
    stored: storedCount,
    counted,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    holds:
      acknowledged === PRODUCT_LIMIT.max &&
      storedCount === PRODUCT_LIMIT.max &&
      limited === sent - PRODUCT_LIMIT.max &&
      counters.length === 1 &&
      counted === sent,
  }
}

/** Rows of a query on a run's database, read after its server stopped. */
async function rows<T>(database: RunDatabase, text: string, values: unknown[] = []): Promise<T[]> {
  if (database.kind === 'pglite') {
    const { PGlite } = await import('@electric-sql/pglite')
    // The extensions its migrations created must be loaded, as the server does.
    const { pgliteExtensions } = await import('../../server/db/client.server.ts')
    const db = new PGlite(path.join(database.dataDir, 'db'), { extensions: pgliteExtensions })
    try {
      return (await db.query<T>(text, values)).rows
    } finally {
      await db.close()
    }
  }
  const client = new pg.Client({ connectionString: database.url })
  await client.connect()
  try {
    return (await client.query(text, values)).rows as T[]
  } finally {
    await client.end()
  }
}

/** Fresh databases on the throwaway PostgreSQL server, one per run. */
async function postgresDatabases(adminUrl: string) {
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  return {
    async create(name: string): Promise<RunDatabase> {
      const database = `bench_intake_${name}_${Date.now().toString(36)}`
      await admin.query(`create database "${database}"`)
      const url = new URL(adminUrl)
      url.pathname = `/${database}`
      return { kind: 'postgres', url: url.toString() }
    },
    async serverVersion(): Promise<string> {
      const { rows } = await admin.query<{ server_version: string }>('show server_version')
      return rows[0]?.server_version ?? 'unknown'
    },
    close: () => admin.end(),
  }
}

async function phase(backend: Backend, workers: number): Promise<Phase> {
  const databases = backend === 'postgres' ? await postgresDatabases(process.env.TEST_DATABASE_URL ?? '') : undefined
  const name = backend === 'postgres' ? `postgres, ${workers} worker${workers === 1 ? '' : 's'}` : backend
  const withRun = async <T>(label: string, measure: (database: RunDatabase, dataDir: string) => Promise<T>) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `bench-intake-${backend}-`))
    try {
      const database: RunDatabase = databases ? await databases.create(label) : { kind: 'pglite', dataDir }
      return await measure(database, dataDir)
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true })
    }
  }
  try {
    const results: ThroughputRun[] = []
    for (let i = 1; i <= runs; i++) {
      const loadAtStart = await waitForQuietMachine(settleSeconds)
      log(
        `${name}: run ${i}/${runs} (${connections} connections, ${addresses} addresses, ${duration} s, load average ${loadAtStart})…`,
      )
      const runId = `${backend}-${workers}-${i}-${Date.now().toString(36)}`
      const result = await withRun(`${workers}_${i}`, (database, dataDir) =>
        throughputRun(backend, runId, database, workers, dataDir),
      )
      log(
        `${name}: run ${i}: ${result.bookingsPerSecond.toFixed(0)} bookings/s, p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms, ` +
          `CPU per booking ${result.serverCpuMsPerBooking ?? '?'} ms server, ${result.databaseCpuMsPerBooking ?? '-'} ms database, ` +
          `acknowledged ${result.acknowledged}, stored ${result.stored}, load average ${loadAverage1m()}`,
      )
      results.push({ ...result, loadAverage1mAtStart: loadAtStart, loadAverage1m: loadAverage1m() })
    }
    const loadAtStart = await waitForQuietMachine(settleSeconds)
    log(`${name}: limit run (one address, limit ${PRODUCT_LIMIT.max} per ${PRODUCT_LIMIT.windowSeconds} s)…`)
    const limit = await withRun(`${workers}_limit`, (database, dataDir) =>
      limitRun(backend, `${backend}-${workers}-limit-${Date.now().toString(36)}`, database, workers, dataDir),
    )
    log(
      `${name}: limit run: ${limit.sent} sent, ${limit.acknowledged} stored-and-answered, ${limit.limited} answered 429, ` +
        `${limit.stored} stored, counter ${limit.counted}: ${limit.holds ? 'the limit holds' : 'THE LIMIT DID NOT HOLD'}`,
    )
    let atRate: RateRun | null = null
    if (backend === 'postgres') {
      const rateLoadAtStart = await waitForQuietMachine(settleSeconds)
      log(
        `${name}: rate run (${TARGET.bookingsPerSecond} bookings offered a second, Poisson arrivals, for ${duration} s)…`,
      )
      const run = await withRun(`${workers}_rate`, (database, dataDir) =>
        rateRun(backend, `${backend}-${workers}-rate-${Date.now().toString(36)}`, database, workers, dataDir),
      )
      log(
        `${name}: rate run: ${run.bookingsPerSecond.toFixed(0)} bookings/s answered of ${run.offeredPerSecond} offered, ` +
          `p50 ${run.p50Ms} ms, p99 ${run.p99Ms} ms, the generator late ${run.generatorLateP99Ms} ms (p99), acknowledged ${run.acknowledged}, stored ${run.stored}`,
      )
      atRate = { ...run, loadAverage1mAtStart: rateLoadAtStart }
    }
    return {
      backend,
      name,
      workers,
      version: databases ? await databases.serverVersion() : undefined,
      runs: results,
      limit: { ...limit, loadAverage1mAtStart: loadAtStart },
      atRate,
    }
  } finally {
    await databases?.close()
  }
}

const medianOrNull = (values: Array<number | null>) =>
  values.some((v) => v === null) ? null : median(values as number[])

function summarize(p: Phase) {
  const r = p.runs
  const sum = (pick: (x: ThroughputRun) => number) => r.reduce((n, x) => n + pick(x), 0)
  return {
    ...p,
    median: {
      bookingsPerSecond: Math.round(median(r.map((x) => x.bookingsPerSecond))),
      p50Ms: median(r.map((x) => x.p50Ms)),
      p90Ms: median(r.map((x) => x.p90Ms)),
      p99Ms: median(r.map((x) => x.p99Ms)),
      serverCpuMsPerBooking: medianOrNull(r.map((x) => x.serverCpuMsPerBooking)),
      databaseCpuMsPerBooking: medianOrNull(r.map((x) => x.databaseCpuMsPerBooking)),
    },
    totals: {
      acknowledged: sum((x) => x.acknowledged),
      stored: sum((x) => x.stored),
      acknowledgedButMissing: sum((x) => x.acknowledgedButMissing),
      storedButUnanswered: sum((x) => x.storedButUnanswered),
      non2xx: sum((x) => x.non2xx),
      errors: sum((x) => x.errors),
      serverErrorLines: sum((x) => x.serverErrorLines),
    },
  }
}
type Summary = ReturnType<typeof summarize>

// The PostgreSQL phase, in the child process that scripts/with-postgres.mjs started.
if (args.phase === 'postgres') {
  if (!process.env.TEST_DATABASE_URL || !args.result) {
    console.error('the postgres phase runs through scripts/with-postgres.mjs, with --result')
    process.exit(1)
  }
  const results: Phase[] = []
  for (const workers of workerCounts) results.push(await phase('postgres', workers))
  fs.writeFileSync(args.result, JSON.stringify(results))
  process.exit(0)
}

const round2 = (l: number) => Math.round(l * 100) / 100
const machine = {
  cpus: os.cpus().length,
  cpuModel: os.cpus()[0]?.model ?? 'unknown',
  memoryGb: Math.round(os.totalmem() / 2 ** 30),
  node: process.versions.node,
  loadAverageAtStart: os.loadavg().map(round2),
  loadAverageAtEnd: [] as number[],
}
log(`machine: ${machine.cpus} cores (${machine.cpuModel}), load average ${machine.loadAverageAtStart.join(' ')}`)

const phases: Summary[] = []
if (args.backend === 'both' || args.backend === 'pglite') phases.push(summarize(await phase('pglite', 1)))
if (args.backend === 'both' || args.backend === 'postgres') {
  const resultFile = path.join(os.tmpdir(), `bench-intake-postgres-${process.pid}.json`)
  const forward = ['--runs', '--duration', '--connections', '--workers', '--addresses', '--settle']
  const values = [runs, duration, connections, workerCounts.join(','), addresses, settleSeconds].map(String)
  const code = await new Promise<number>((resolve) => {
    const child = spawn(
      process.execPath,
      [
        path.join(root, 'scripts/with-postgres.mjs'),
        process.execPath,
        import.meta.filename,
        '--phase',
        'postgres',
        '--result',
        resultFile,
        ...forward.flatMap((option, i) => [option, values[i] ?? '']),
      ],
      { cwd: root, stdio: 'inherit' },
    )
    child.once('exit', (c) => resolve(c ?? 1))
  })
  if (code !== 0 || !fs.existsSync(resultFile)) {
    log('the PostgreSQL phase failed or was skipped (see above)')
  } else {
    for (const result of JSON.parse(fs.readFileSync(resultFile, 'utf8')) as Phase[]) phases.push(summarize(result))
    fs.rmSync(resultFile, { force: true })
  }
}
machine.loadAverageAtEnd = os.loadavg().map(round2)

const report = {
  date: new Date().toISOString(),
  settings: {
    runs,
    durationSeconds: duration,
    connections,
    addresses,
    settleSeconds,
    warmupSeconds: Number(args.warmup),
    intakeRateLimit: RAISED_RATE_LIMIT,
    limitRun: { ...PRODUCT_LIMIT, requests: connections * 20, addresses: 1 },
  },
  target: TARGET,
  machine,
  phases,
}
type Report = typeof report

const outDir = args['out-dir'] ? path.resolve(args['out-dir']) : path.join(root, 'docs/perf')
fs.mkdirSync(outDir, { recursive: true })
fs.writeFileSync(path.join(outDir, 'intake.json'), `${JSON.stringify(jsonReport(report), null, 2)}\n`)
fs.writeFileSync(path.join(outDir, 'intake.md'), markdown(report))
console.log(
  `\n${markdownTable(report)}\n\n${rateTable(report)}\n\n${limitTable(report)}\nWritten to ${path.join(outDir, 'intake.md')} and intake.json`,
)
// Every phase's limit must hold; a run that lost an acknowledged booking fails the benchmark too.
const broken = phases.filter(
  (p) => !p.limit.holds || p.totals.acknowledgedButMissing > 0 || (p.atRate?.acknowledgedButMissing ?? 0) > 0,
)
if (broken.length > 0) {
  log(`guarantee broken in: ${broken.map((p) => p.name).join(', ')}`)
  process.exit(1)
}

/**
 * The target is for PostgreSQL as the product ships: one process. With WEB_CONCURRENCY workers (an
 * opt-in for hosts with cores to spare) only the throughput part is checked; null for PGlite.
 * Met when 50 busy connections get at least the target's rate answered and bookings offered at that
 * rate are answered with a p99 under the target's (docs/perf/intake-profile.md, "what the target asks").
 */
function meetsTarget(p: Summary, target: typeof TARGET): boolean | null {
  if (p.backend !== 'postgres') return null
  if (p.workers > 1) return p.median.bookingsPerSecond >= target.bookingsPerSecond
  // The rate: what 50 busy connections get answered. The p99: of bookings offered at that rate (rateRun);
  // the busy connections' own p99 is connections ÷ throughput by construction, and is reported beside it.
  return p.median.bookingsPerSecond >= target.bookingsPerSecond && p.atRate !== null && p.atRate.p99Ms < target.p99Ms
}

/**
 * docs/perf/intake.json, for reports that combine several benchmarks: per backend (and worker
 * count) the medians and totals under fixed names, the limit run, the machine and its load, and
 * every run.
 */
function jsonReport(r: Report) {
  return {
    benchmark: 'intake',
    date: r.date,
    settings: r.settings,
    target: { ...r.target, backend: 'postgres' },
    machine: r.machine,
    backends: r.phases.map((p) => ({
      name: p.name,
      backend: p.backend,
      version: p.version ?? null,
      workers: p.workers,
      bookingsPerSec: p.median.bookingsPerSecond,
      p50Ms: p.median.p50Ms,
      p99Ms: p.median.p99Ms,
      p90Ms: p.median.p90Ms,
      serverCpuMsPerBooking: p.median.serverCpuMsPerBooking,
      databaseCpuMsPerBooking: p.median.databaseCpuMsPerBooking,
      acknowledged: p.totals.acknowledged,
      stored: p.totals.stored,
      acknowledgedNotStored: p.totals.acknowledgedButMissing,
      storedButUnanswered: p.totals.storedButUnanswered,
      errors: p.totals.non2xx + p.totals.errors,
      serverErrorLines: p.totals.serverErrorLines,
      meetsTarget: meetsTarget(p, r.target),
      limitRun: p.limit,
      atRate: p.atRate,
      runs: p.runs.map((x) => ({
        bookingsPerSec: Math.round(x.bookingsPerSecond),
        p50Ms: x.p50Ms,
        seconds: x.seconds,
        p90Ms: x.p90Ms,
        p99Ms: x.p99Ms,
        serverCpuMsPerBooking: x.serverCpuMsPerBooking,
        databaseCpuMsPerBooking: x.databaseCpuMsPerBooking,
        acknowledged: x.acknowledged,
        stored: x.stored,
        acknowledgedNotStored: x.acknowledgedButMissing,
        storedButUnanswered: x.storedButUnanswered,
        errors: x.non2xx + x.errors,
        loadAverage1mAtStart: x.loadAverage1mAtStart,
        loadAverage1m: x.loadAverage1m,
        ...(x.serverErrorSample ? { serverErrorSample: x.serverErrorSample } : {}),
      })),
    })),
  }
}

/** "0.71 / 0.55": the server's CPU per booking and the database's (in the server's process on PGlite). */
function cpuCell(x: { serverCpuMsPerBooking: number | null; databaseCpuMsPerBooking: number | null }) {
  const ms = (v: number | null) => (v === null ? '?' : v.toFixed(2))
  return `${ms(x.serverCpuMsPerBooking)} / ${x.databaseCpuMsPerBooking === null ? 'in-process' : ms(x.databaseCpuMsPerBooking)}`
}

function markdownTable(r: Report) {
  const rows = r.phases.map((p) => {
    const met = meetsTarget(p, r.target)
    const meets = met === null ? 'n/a' : met ? 'yes' : 'no'
    return `| ${p.name}${p.version ? ` (${p.version.split(' ')[0]})` : ''} | ${p.median.bookingsPerSecond} | ${p.median.p50Ms} | ${p.median.p99Ms} | ${cpuCell(p.median)} | ${p.totals.acknowledged} | ${p.totals.stored} | ${p.totals.acknowledgedButMissing} | ${p.totals.storedButUnanswered} | ${p.totals.non2xx + p.totals.errors} | ${meets} |`
  })
  return [
    '| backend | bookings/s (median) | p50 ms (median) | p99 ms (median) | CPU ms per booking: server / database (median) | acknowledged (2xx) | stored rows | acknowledged but not stored | stored but unanswered | non-2xx + errors | meets target |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
    ...rows,
  ].join('\n')
}

function rateTable(r: Report) {
  if (r.phases.every((p) => p.atRate === null)) return '(PostgreSQL was not measured in this run.)'
  return [
    '| backend | offered bookings/s (Poisson) | answered bookings/s | p50 ms | p90 ms | p99 ms | max ms | the generator late, p99 ms | acknowledged | stored | acknowledged but not stored | non-2xx + errors | load (1 min) at the start |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...r.phases.flatMap((p) => {
      const x = p.atRate
      if (!x) return []
      return `| ${p.name} | ${x.offeredPerSecond} | ${x.bookingsPerSecond.toFixed(0)} | ${x.p50Ms} | ${x.p90Ms} | ${x.p99Ms} | ${x.maxMs} | ${x.generatorLateP99Ms} | ${x.acknowledged} | ${x.stored} | ${x.acknowledgedButMissing} | ${x.other} | ${x.loadAverage1mAtStart} |`
    }),
  ].join('\n')
}

function limitTable(r: Report) {
  return [
    '| backend | requests from one address | answered 2xx | answered 429 | other answers | stored | counted | p50 / p99 ms | the limit holds |',
    '|---|---|---|---|---|---|---|---|---|',
    ...r.phases.map(
      (p) =>
        `| ${p.name} | ${p.limit.sent} | ${p.limit.acknowledged} | ${p.limit.limited} | ${p.limit.other} | ${p.limit.stored} | ${p.limit.counted} | ${p.limit.p50Ms} / ${p.limit.p99Ms} | ${p.limit.holds ? 'yes' : 'NO'} |`,
    ),
  ].join('\n')
}

function markdown(r: Report) {
  const perRun = r.phases
    .flatMap((p) =>
      p.runs.map(
        (x, i) =>
          `| ${p.name} | ${i + 1} | ${x.seconds} | ${x.bookingsPerSecond.toFixed(0)} | ${x.p50Ms} | ${x.p90Ms} | ${x.p99Ms} | ${cpuCell(x)} | ${x.acknowledged} | ${x.stored} | ${x.storedButUnanswered} | ${x.loadAverage1mAtStart} → ${x.loadAverage1m} |`,
      ),
    )
    .join('\n')
  const s = r.settings
  return `# Intake benchmark: POST /api/process-form

Generated by \`npm run bench:intake\` (scripts/bench/intake.ts) on ${r.date.slice(0, 10)}; what the
figures mean and where a booking's time goes: [intake-profile.md](intake-profile.md).

Numbers are medians of ${s.runs} runs per backend. Each run is autocannon with ${s.connections}
connections sending unique, valid consultation requests to the built server (production mode, a
fresh DATA_DIR and database per run) behind a trusted proxy (\`TRUST_PROXY=true\`): each request
names its client in \`X-Forwarded-For\`, ${s.addresses} client addresses in turn, as real traffic comes
from many clients. The rate limit counts every request; it is raised (INTAKE_RATE_LIMIT=${s.intakeRateLimit})
so that no address reaches it. After a 3 s warm-up a run sends as many requests as the warm-up's
rate would send in ${s.durationSeconds} s, every one of them answered before the run ends (the
per-run table gives each run's length). Before each run the benchmark waits (up to ${s.settleSeconds} s)
for the 1-minute load average to fall under 1.5; the per-run table gives the load at the start and
after each run. On PostgreSQL the server runs once as one process and once with
\`WEB_CONCURRENCY\` workers (README); PGlite always runs one process. The same figures, for other
reports, are in \`intake.json\`.

Target on real PostgreSQL: at least ${r.target.bookingsPerSecond} bookings/s with p99 under ${r.target.p99Ms} ms, for the
product as it ships (one process). Read as: the ${s.connections} busy connections get at least ${r.target.bookingsPerSecond} a second answered
(the table below), and bookings offered at ${r.target.bookingsPerSecond} a second wait under ${r.target.p99Ms} ms at the p99 (the rate run,
further down). The busy connections' own p99 cannot be the measure: each sends its next booking when
the last is answered, so the mean wait is ${s.connections} ÷ throughput (Little's law), ${Math.round((s.connections / r.target.bookingsPerSecond) * 1000)} ms at ${r.target.bookingsPerSecond} a second,
whatever the server does; it is reported beside. \`WEB_CONCURRENCY\` workers are an opt-in for hosts with cores to
spare: here they share the cores with PostgreSQL and the load generator; their row is checked for
throughput only ("meets target") and its p99 reported.

${markdownTable(r)}

Load average (1 min) at the start ${r.machine.loadAverageAtStart[0]}, at the end ${r.machine.loadAverageAtEnd[0]}, on ${r.machine.cpus} cores:
anything above about 2 means other work was competing with the benchmark for the cores (per run below).

"Acknowledged" counts 2xx answers; every acknowledged booking id was looked up in the database
afterwards. Acknowledged and stored must be equal: "acknowledged but not stored" (a booking
confirmed but lost) and "stored but unanswered" (a booking stored whose answer never came) must
both be 0. Errors the server logged during the runs: ${r.phases.map((p) => `${p.name}: ${p.totals.serverErrorLines}`).join('; ')}.

## At the target's rate

On PostgreSQL (the embedded database has no target), a fresh server, then ${r.target.bookingsPerSecond} unique valid bookings offered a
second on average for ${s.durationSeconds} s (after ${s.warmupSeconds} s of warm-up at that rate) over at most ${s.connections} connections from ${s.addresses} addresses,
as senders make them: each booking at its own time, the gaps between them those of a Poisson process
(independent senders; a seeded schedule, the same in every run), not when the previous one was
answered. A booking due while every connection waits for an answer waits for a free one, and its
latency runs from the time it was due to its answer (no wait goes uncounted). The generator
(scripts/bench/open-load.ts) runs in a process of its own; "the generator late" is how far behind
its schedule it sent bookings, so a reader sees it kept to it.

${rateTable(r)}

## The limit, from one address

A fresh server per backend with the product's limit (${s.limitRun.max} requests per ${s.limitRun.windowSeconds} s and sender),
and ${s.limitRun.requests} unique valid bookings from one address over the same ${s.connections} connections at once.
Exactly ${s.limitRun.max} may be stored and answered 2xx, every other request is answered 429, and the
sender's counter must hold every request (with \`WEB_CONCURRENCY\` workers, across processes).

${limitTable(r)}

## Machine

- ${r.machine.cpus} cores (${r.machine.cpuModel}), ${r.machine.memoryGb} GB, Node ${r.machine.node}
- Load average (1, 5, 15 min) at start ${r.machine.loadAverageAtStart.join(', ')}, at end ${r.machine.loadAverageAtEnd.join(', ')}
- The load generators (autocannon; the rate run's own), the server and the database share the same ${r.machine.cpus} cores; other work on the
  machine during the run shows in the load average and lowers every number.
- The throwaway PostgreSQL cluster is the test cluster of scripts/with-postgres.mjs: fsync,
  synchronous_commit and full_page_writes off. A production server with durable commits pays a
  disk flush per booking on top.
- The server logs at \`warn\` during the runs (the product's default is \`info\`: two JSON lines
  per booking on stdout).

## Per run

| backend | run | seconds | bookings/s | p50 ms | p90 ms | p99 ms | CPU ms per booking: server / database | acknowledged | stored | stored but unanswered | load average (1 min) at the start → after the run |
|---|---|---|---|---|---|---|---|---|---|---|---|
${perRun}
`
}
