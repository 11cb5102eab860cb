// Part of `npm run bench` (run.ts starts it through scripts/with-postgres.mjs): the server on a real
// PostgreSQL (DATABASE_URL), one process, measured like the embedded one: boot to healthy on an empty
// database and again on the migrated one, resident memory after boot, the highest sample while the
// home page is loaded, and after. Writes its figures as JSON to --out.
import fs from 'node:fs'
import { parseArgs } from 'node:util'
import pg from 'pg'
import { startBuiltServer } from '../lib/server-process.mjs'
import { median, rssMiB } from './lib.ts'
import { ensureWrk, wrk } from './wrk.ts'

const { values: args } = parseArgs({
  options: {
    out: { type: 'string' },
    duration: { type: 'string', default: '8' },
    boots: { type: 'string', default: '3' },
  },
})
const clusterUrl = process.env.TEST_DATABASE_URL
if (!clusterUrl || !args.out) throw new Error('run through scripts/with-postgres.mjs with --out')

const admin = new pg.Client({ connectionString: clusterUrl })
await admin.connect()
await admin.query('drop database if exists bench_process with (force)')
await admin.query('create database bench_process')
await admin.end()
const url = new URL(clusterUrl)
url.pathname = '/bench_process'
const env = { DATABASE_URL: url.toString() }

const first = await startBuiltServer({ env })
const coldBootMs = first.bootMs
await first.stop()
const warm: number[] = []
for (let i = 1; i < Number(args.boots); i++) {
  const again = await startBuiltServer({ env })
  warm.push(again.bootMs)
  await again.stop()
}
const server = await startBuiltServer({ env })
warm.push(server.bootMs)
const rssAfterBootMiB = rssMiB(server.pid)
await fetch(`${server.url}/`)
const samples: number[] = []
const sampler = setInterval(() => {
  const rss = rssMiB(server.pid)
  if (rss !== null) samples.push(rss)
}, 250)
const wrkBin = ensureWrk()
if (!wrkBin) throw new Error('wrk is not installed and could not be installed')
const home = await wrk(wrkBin, `${server.url}/`, { duration: Number(args.duration) })
clearInterval(sampler)
const result = {
  coldBootMs,
  warmBootMs: median(warm),
  rssAfterBootMiB,
  rssUnderLoadMiB: samples.length ? Math.max(...samples) : null,
  rssAfterLoadMiB: rssMiB(server.pid),
  homePage: home,
}
await server.stop()
fs.writeFileSync(args.out, JSON.stringify(result))
console.log(`postgres process: ${JSON.stringify(result)}`)
