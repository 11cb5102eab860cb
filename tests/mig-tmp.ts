import { PGlite } from '@electric-sql/pglite'
import { pgliteStartParams, pgliteExtensions } from '/work/main/server/db/client.server.ts'
const fresh = new PGlite({ startParams: pgliteStartParams, extensions: pgliteExtensions })
await fresh.waitReady
const q = "select now()::text as now, current_setting('TimeZone') as tz, clock_timestamp()::text as c"
console.log('fresh', (await fresh.query(q)).rows)
const dump = await fresh.dumpDataDir('none')
const loaded = new PGlite({ loadDataDir: dump, startParams: pgliteStartParams, extensions: pgliteExtensions })
await loaded.waitReady
console.log('loaded', (await loaded.query(q)).rows)
console.log(new Date().toISOString())
