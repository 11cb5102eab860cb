// `npm run build`, last step: what the server's start would otherwise do itself (docs/perf/boot.md).
// 1. The embedded database as a fresh install starts it (PostgreSQL's initdb, every migration, and
//    the mail queue's own schema, pg-boss's) in build/database-template, copied by the server into
//    an empty $DATA_DIR/db instead of running initdb there (server/db/client.server.ts). Made again
//    only when PGlite, pg-boss or the migrations changed.
// 2. Node's compile cache of the server bundle (build/.compile-cache, enabled by server.js), so that
//    the first start after a build does not parse and compile it all either.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { fromPglite, PgBoss } from 'pg-boss'
import pino from 'pino'
import {
  type DatabaseTemplateManifest,
  databaseTemplateDir,
  migrationFiles,
  openDatabase,
  pgliteVersion,
} from '../server/db/client.server.ts'
import { serverV8Flags } from '../server-v8-flags.js'

const target = databaseTemplateDir()
const pgBossVersion = (
  JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.resolve('pg-boss')), 'utf8')) as { version: string }
).version
const manifest: DatabaseTemplateManifest = {
  pglite: pgliteVersion(),
  pgBoss: pgBossVersion,
  migrations: migrationFiles(),
}
const manifestFile = path.join(target, 'manifest.json')

if (fs.existsSync(manifestFile) && fs.readFileSync(manifestFile, 'utf8') === JSON.stringify(manifest)) {
  console.log('database template: up to date')
} else {
  const started = performance.now()
  const work = `${target}.building`
  fs.rmSync(work, { recursive: true, force: true })
  fs.rmSync(target, { recursive: true, force: true })
  const database = await openDatabase({ dataDir: work, log: pino({ level: 'silent' }) })
  await database.migrate()
  if (!database.pglite) throw new Error('the template is an embedded database')
  // pg-boss creates its schema on its first start (~0.2 s of a new install's boot); it checks and
  // upgrades it at every start, so a template made by another version would only be slower.
  const boss = new PgBoss({ db: fromPglite(database.pglite), backend: 'pglite', schedule: false, supervise: false })
  await boss.start()
  await boss.stop({ graceful: false, close: false })
  await database.close()
  fs.rmSync(path.join(work, 'db.lock'), { force: true })
  fs.writeFileSync(path.join(work, 'manifest.json'), JSON.stringify(manifest))
  fs.renameSync(work, target)
  console.log(
    `database template: ${manifest.migrations.length} migrations in ${Math.round(performance.now() - started)} ms`,
  )
}

// The same V8 flags as server.js: Node uses a cache entry only in a process with the flags it was made with.
const warm = spawnSync(
  process.execPath,
  [
    ...serverV8Flags,
    '--input-type=module',
    '-e',
    `import { enableCompileCache, flushCompileCache } from 'node:module'
enableCompileCache(${JSON.stringify(fileURLToPath(new URL('../build/.compile-cache', import.meta.url)))})
await import(${JSON.stringify(new URL('../build/server/index.js', import.meta.url).href)})
flushCompileCache()`,
  ],
  { stdio: 'inherit' },
)
console.log(warm.status === 0 ? 'compile cache: written' : `compile cache: not written (exit ${warm.status})`)
