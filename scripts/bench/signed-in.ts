// Signed-in pages under load: the built server with `--clients` approved client accounts seeded (200),
// each signed in once over HTTP (its own session, its own address), on PGlite or on the PostgreSQL of
// TEST_DATABASE_URL (`npm run bench` runs both; this file runs one), seeded as billing.ts is
// (seeded-server.ts):
//
//   node scripts/bench/signed-in.ts --out result.json [--clients 200] [--duration 5] [--rounds 3]
//   node scripts/with-postgres.mjs node scripts/bench/signed-in.ts --out result.json
//   node scripts/bench/signed-in.ts --cpu-prof-dir /tmp/prof   (the server writes a V8 CPU profile there)
//   node scripts/bench/signed-in.ts --paths /dashboard         (only these signed-in pages, comma-separated)
//   node scripts/bench/signed-in.ts --connections 1            (one request at a time: CPU per request
//                                                               without the contention of 20 at once)
//
// Every page is first asked once with every session (each must answer 200: a redirect to /auth would
// measure the sign-in page), then loaded with `wrk -t1 -c20` whose requests take the sessions in turn
// (not one cookie reused), as browsers ask (Accept-Encoding: gzip, deflate, br). The anonymous home page
// is measured the same way, without a cookie, in the same rounds. Reports requests/s and p50/p99 per
// page (medians of the rounds) and the server's RSS after.
//
// The framework's floor is measured in the same rounds, as a reference beside our pages: a tiny React
// Router app (framework-floor.ts) behind the same host path (Hono, the same compression), in a
// process of its own with the server's V8 settings. Its CPU per request is what any React Router page
// costs on this machine; `floorShare` says what part of a page's CPU that is. A second floor puts the
// same tiny pages in our route table (framework-floor.ts --routes-of the build's manifest), asked for
// /dashboard: what React Router costs a page of an app with our routes before any of our code runs.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { hashPassword } from 'better-auth/crypto'
import type { Database } from '../../server/db/client.server.ts'
import { account, user } from '../../server/db/schema/index.server.ts'
import { serverV8Flags } from '../../server-v8-flags.js'
import { freePort } from '../lib/server-process.mjs'
import { type Summary, summarize } from './http.ts'
import { rssMiB, treeCpuMs } from './lib.ts'
import { seedAccounts, withSeededServer } from './seeded-server.ts'
import { signedInPaths } from './signed-in-paths.ts'
import { browserAcceptEncoding, ensureWrk, type LoadResult, rawGet, wrk } from './wrk.ts'

/**
 * `cpuMsPerRequest`: the server's CPU time (user + system) over the requests of the measured runs.
 * `reference`: 'floor' for the tiny React Router app (the framework's floor), 'floor-routes' for the
 * same in our route table; absent for our pages.
 */
export type SignedInPage = {
  path: string
  signedIn: boolean
  reference?: 'floor' | 'floor-routes'
  cpuMsPerRequest: number | null
} & Summary
export type SignedInResult = {
  backend: 'pglite' | 'postgres'
  clients: number
  sessions: number
  rounds: number
  duration: number
  connections: number
  /** Our pages (the floor is not among them). */
  pages: SignedInPage[]
  /**
   * The framework's floor: the tiny React Router app of framework-floor.ts, measured in the same rounds
   * with the same load and generator, as a reference beside `pages`.
   */
  floor: SignedInPage | null
  /** The same tiny pages in our route table (121 routes), asked for /dashboard, in the same rounds. */
  floorWithRoutes: SignedInPage | null
  rssAfterMiB: number | null
}

const { values: args } = parseArgs({
  options: {
    out: { type: 'string' },
    clients: { type: 'string', default: '200' },
    duration: { type: 'string', default: '5' },
    rounds: { type: 'string', default: '3' },
    'cpu-prof-dir': { type: 'string' },
    paths: { type: 'string' },
    connections: { type: 'string', default: '20' },
  },
})
const clientCount = Math.max(1, Number(args.clients) || 200)
const duration = Math.max(1, Number(args.duration) || 5)
const rounds = Math.max(1, Number(args.rounds) || 3)
const connections = Math.max(1, Number(args.connections) || 20)
const paths = args.paths ? args.paths.split(',').map((p) => p.trim()) : signedInPaths
const password = 'bench-client-password-71'

const wrkBin = ensureWrk()
if (!wrkBin) throw new Error('wrk is not installed and could not be installed')

/**
 * The tiny React Router app of framework-floor.ts, started with the server's V8 settings (server.js);
 * with `routesOf` (the build's client manifest) in our route table.
 */
async function startFloor(routesOf?: string): Promise<{ url: string; pid: number; stop: () => void }> {
  const port = await freePort()
  const file = path.join(import.meta.dirname, 'framework-floor.ts')
  const routeArgs = routesOf ? ['--routes-of', routesOf] : []
  const child = spawn(process.execPath, [...serverV8Flags, file, String(port), ...routeArgs], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production' },
  })
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the framework floor app did not start within 30 s')), 30_000)
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('listening')) {
        clearTimeout(timer)
        resolve()
      }
    })
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`the framework floor app exited (${code})`))
    })
  })
  return { url: `http://127.0.0.1:${port}`, pid: child.pid ?? 0, stop: () => child.kill('SIGTERM') }
}

/** The floor in our route table is asked for a client page: the same branches to match as ours. */
const floorRoutesPath = '/dashboard'

/** The build's client manifest (our route table): build/client/assets/manifest-<hash>.js. */
function clientManifest(): string {
  const dir = path.resolve(import.meta.dirname, '../../build/client/assets')
  const name = fs.readdirSync(dir).find((file) => /^manifest-[\w-]+\.js$/.test(file))
  if (!name) throw new Error(`no client manifest in ${dir}: run "npm run build" first`)
  return path.join(dir, name)
}

const result = await withSeededServer(
  {
    name: 'signedin',
    ip: '10.254.3.1',
    env: {
      SEED_DEMO: 'false',
      ...(args['cpu-prof-dir'] ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${args['cpu-prof-dir']}` } : {}),
    },
    seed,
  },
  async ({ backend, server, signIn, seeded: emails }): Promise<SignedInResult> => {
    // Each sign-in from its own address: the sign-in limit is per address, as for real clients.
    const cookies: string[] = []
    for (const [i, email] of emails.entries()) {
      cookies.push(await signIn({ email, password }, `10.253.${Math.floor(i / 250)}.${(i % 250) + 1}`))
    }
    const headers = { 'accept-encoding': browserAcceptEncoding }
    for (const path of paths) {
      for (const cookie of cookies) {
        const answer = await rawGet(`${server.url}${path}`, { ...headers, cookie })
        if (answer.status !== 200) throw new Error(`${path} answered ${answer.status} to a signed-in client`)
      }
    }
    const floor = await startFloor()
    const floorWithRoutes = await startFloor(clientManifest()).catch((error: unknown) => {
      floor.stop()
      throw error
    })
    try {
      for (const [app, page] of [
        [floor, '/'],
        [floorWithRoutes, floorRoutesPath],
      ] as const) {
        const answer = await rawGet(`${app.url}${page}`, headers)
        if (answer.status !== 200) throw new Error(`the framework floor app answered ${answer.status} for ${page}`)
      }
      // With --paths (profiling one page) the anonymous home page is left out.
      type Target = { path: string; signedIn: boolean; reference?: 'floor' | 'floor-routes' }
      const targets: Target[] = [
        ...(args.paths ? [] : [{ path: '/', signedIn: false }]),
        { path: '/', signedIn: false, reference: 'floor' },
        { path: floorRoutesPath, signedIn: false, reference: 'floor-routes' },
        ...paths.map((path) => ({ path, signedIn: true })),
      ]
      const keyOf = (t: Target) => `${t.reference ?? ''}${t.signedIn}${t.path}`
      const runs = new Map<string, LoadResult[]>()
      const cpu = new Map<string, number>()
      for (let round = 0; round < rounds; round++) {
        for (const t of targets) {
          const key = keyOf(t)
          const app = t.reference === 'floor' ? floor : t.reference === 'floor-routes' ? floorWithRoutes : server
          const [url, pid] = [app.url, app.pid]
          const cpuBefore = treeCpuMs(pid)
          const run = await wrk(wrkBin, `${url}${t.path}`, {
            connections,
            duration,
            headers,
            ...(t.signedIn ? { cookies } : {}),
          })
          const cpuAfter = treeCpuMs(pid)
          if (cpuBefore !== undefined && cpuAfter !== undefined)
            cpu.set(key, (cpu.get(key) ?? 0) + cpuAfter - cpuBefore)
          runs.set(key, [...(runs.get(key) ?? []), run])
        }
      }
      const pages = targets.map((t) => {
        const measured = runs.get(keyOf(t)) ?? []
        const requests = measured.reduce((n, r) => n + r.requests, 0)
        const used = cpu.get(keyOf(t))
        const cpuMsPerRequest = used !== undefined && requests > 0 ? Math.round((used / requests) * 100) / 100 : null
        return { ...t, cpuMsPerRequest, ...summarize(measured) }
      })
      const floorCpu = pages.find((p) => p.reference === 'floor')?.cpuMsPerRequest ?? null
      const routesFloorCpu = pages.find((p) => p.reference === 'floor-routes')?.cpuMsPerRequest ?? null
      const percentOf = (part: number, whole: number) => Math.round((part / whole) * 100)
      for (const p of pages) {
        const who =
          p.reference === 'floor'
            ? 'framework floor, tiny React Router app'
            : p.reference === 'floor-routes'
              ? 'framework floor in our route table'
              : p.signedIn
                ? 'signed in'
                : 'anonymous'
        const share =
          floorCpu && routesFloorCpu && p.cpuMsPerRequest && !p.reference && p.signedIn
            ? `, floor ${percentOf(floorCpu, p.cpuMsPerRequest)} % of it, in our routes ${percentOf(routesFloorCpu, p.cpuMsPerRequest)} %`
            : ''
        process.stdout.write(
          `signed-in ${backend} ${p.path} (${who}): ${p.rps} req/s, p50 ${p.p50} ms, p99 ${p.p99} ms, server CPU ${p.cpuMsPerRequest} ms/request${share}, ${p.errors} errors\n`,
        )
      }
      return {
        backend,
        clients: clientCount,
        sessions: cookies.length,
        rounds,
        duration,
        connections,
        pages: pages.filter((p) => !p.reference),
        floor: pages.find((p) => p.reference === 'floor') ?? null,
        floorWithRoutes: pages.find((p) => p.reference === 'floor-routes') ?? null,
        rssAfterMiB: rssMiB(server.pid),
      }
    } finally {
      floor.stop()
      floorWithRoutes.stop()
    }
  },
)
if (args.out) fs.writeFileSync(args.out, JSON.stringify(result, null, 2))

/** `clientCount` approved clients with a password each (one hash: the bench measures pages, not scrypt). */
async function seed(database: Database): Promise<string[]> {
  const seeded = await seedAccounts(database, clientCount, { prefix: 'signed-in-client', name: 'Client' })
  const hash = await hashPassword(password)
  const users = await database.db
    .insert(user)
    .values(seeded.map((a, i) => ({ name: `Client ${i}`, email: a.email, emailVerified: true })))
    .returning({ id: user.id })
  await database.db
    .insert(account)
    .values(users.map((u) => ({ accountId: u.id, providerId: 'credential', userId: u.id, password: hash })))
  return seeded.map((a) => a.email)
}
