// `npm run build`, last step: the embedded database as a fresh install starts it (PostgreSQL's
// initdb, then every migration) in build/database-template, copied by the server into an empty
// $DATA_DIR/db instead of running initdb there (server/db/client.server.ts, docs/perf/boot.md).
// Made again only when PGlite or the migrations changed.
import fs from 'node:fs'
import path from 'node:path'
import pino from 'pino'
import {
  type DatabaseTemplateManifest,
  databaseTemplateDir,
  migrationFiles,
  openDatabase,
  pgliteVersion,
} from '../server/db/client.server.ts'

const target = databaseTemplateDir()
const manifest: DatabaseTemplateManifest = { pglite: pgliteVersion(), migrations: migrationFiles() }
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
  await database.close()
  fs.rmSync(path.join(work, 'db.lock'), { force: true })
  fs.writeFileSync(path.join(work, 'manifest.json'), JSON.stringify(manifest))
  fs.renameSync(work, target)
  console.log(
    `database template: ${manifest.migrations.length} migrations in ${Math.round(performance.now() - started)} ms`,
  )
}
