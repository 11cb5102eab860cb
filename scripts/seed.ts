// `npm run db:seed`: migrates the configured database and inserts the demo content (town pages and
// blog posts) without starting the server, with the same functions the server's boot uses
// (server/main.server.ts). Rows that already exist are kept, so it can run any number of times.
//
// The database is the one the server would use: DATABASE_URL when set, otherwise the embedded one in
// $DATA_DIR/db (default ./.data). The embedded database serves one process at a time: while a server
// runs on the same DATA_DIR this stops with the lock's message. It ignores SEED_DEMO (asking for the
// seed is the point); the admin account of ADMIN_EMAIL/ADMIN_PASSWORD is made by the server at boot.
//
// Node 24 runs this file as it is (type stripping), like scripts/bench/run.ts.
import { isDomainError } from '../app/lib/domain-error.ts'
import { demoBlogPosts } from '../server/blog/demo-posts.server.ts'
import { type Config, loadConfig } from '../server/config.server.ts'
import { type Database, openDatabase } from '../server/db/client.server.ts'
import { demoLocations, seedDemoContent } from '../server/db/seed.server.ts'
import { createLogger } from '../server/log.server.ts'
import { assertNode24 } from '../server/node-guard.server.ts'

assertNode24('db:seed')

function fail(message: string): never {
  console.error(`✖ ${message}`)
  process.exit(1)
}

let config: Config
try {
  config = loadConfig()
} catch (error) {
  if (isDomainError(error)) fail(error.message)
  throw error
}

const where = config.databaseUrl
  ? `PostgreSQL at ${new URL(config.databaseUrl).host}`
  : `the embedded database in ${config.dataDir}/db`
console.log(`Seeding ${where}`)

// Only warnings and errors of the database layer (a lost connection) are worth a line here.
const log = createLogger('warn')
let database: Database
try {
  database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, log })
} catch (error) {
  fail(`could not open the database: ${(error as Error).message}`)
}

let exitCode = 0
try {
  await database.migrate()
  console.log('✔ migrations applied')
  const { inserted } = await seedDemoContent(database.db)
  const demo = `${demoLocations.length} town pages and ${demoBlogPosts.length} blog posts`
  console.log(
    inserted === 0
      ? `✔ demo content already there (${demo}): nothing inserted`
      : `✔ demo content: ${inserted} new row(s) inserted (of ${demo}; existing ones kept)`,
  )
} catch (error) {
  console.error(`✖ seeding failed: ${(error as Error).stack ?? error}`)
  exitCode = 1
} finally {
  await database.close()
}
process.exit(exitCode)
