// Makes tests/fixtures/upgrade/: an embedded database as the previous release leaves it, for the
// upgrade test (tests/integration/upgrade.test.ts, docs/backups.md#upgrades).
//
//   npm exec -- node scripts/make-upgrade-fixture.ts [commit]   (Node 24; default ca9fc00, the release before backups)
//
// The release's own tree is taken with `git archive` (read-only; no checkout, no worktree) into a
// temp folder (this repository's node_modules linked in), and a seed program runs there as a test
// file of that tree under its own Vitest configuration, with that release's code: its migrations, the demo content, the standard contract templates, the demo client
// with its billing documents, contracts (stored PDFs) and organisations, one e-mail waiting in the
// outbox. PGlite's data folder is then written as a gzipped tarball (dumpDataDir), with a JSON file
// of the rows per table and the release it came from.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const commit = process.argv[2] ?? 'ca9fc00'
const out = path.join(root, 'tests/fixtures/upgrade')
const tree = fs.mkdtempSync(path.join(os.tmpdir(), 'previous-release-'))

const seedProgram = `
import fs from 'node:fs'
import { it } from 'vitest'
import pino from 'pino'
import { startAccounts } from '../../server/accounts/accounts.server.ts'
import { seedDemoBilling } from '../../server/billing/demo.server.ts'
import { loadConfig } from '../../server/config.server.ts'
import { seedDemoContracts } from '../../server/contracts/demo.server.ts'
import { ensureStandardTemplates } from '../../server/contracts/standard-templates.server.ts'
import { openDatabase, selectRows, sql } from '../../server/db/client.server.ts'
import { seedDemoContent } from '../../server/db/seed.server.ts'
import { startOutbox } from '../../server/mail/outbox.server.ts'
import { createMailTransport } from '../../server/mail/transport.server.ts'
import { seedDemoOrganisations } from '../../server/organisations/demo.server.ts'

it('makes the upgrade fixture', async () => {
  const { FIXTURE_DATA_DIR: dataDir = '', FIXTURE_TARBALL: tarball = '', FIXTURE_COUNTS: countsFile = '' } = process.env
  const log = pino({ level: 'warn' })
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, PUBLIC_URL: 'http://portal.test', LOG_LEVEL: 'warn' })
  const database = await openDatabase({ dataDir, log })
  await database.migrate()
  const transport = createMailTransport({ dataDir, from: 'test@portal.test', log })
  const outbox = await startOutbox({ database, transport, log, work: false })
  const accounts = await startAccounts({ config, database, outbox, log, secret: 'fixture-secret-'.repeat(3) })
  await ensureStandardTemplates(database.db)
  await seedDemoContent(database.db)
  const now = new Date('2026-11-20T15:00:00Z')
  const client = await accounts.seedDemoClient('fixture-demo-password-1')
  await seedDemoBilling(database.db, client.onboardingId, now)
  await seedDemoContracts(database.db, client.onboardingId, now)
  await seedDemoOrganisations({ accounts, db: database.db }, client.onboardingId, {
    billing: 'fixture-billing-password-1',
    member: 'fixture-member-password-1',
    household: 'fixture-household-password-1',
  })
  await outbox.enqueue({ to: ['waiting@example.com'], subject: 'Queued before the upgrade', text: 'Still to send.' })
  const tables = await selectRows<{ name: string }>(
    database.db,
    sql\`select tablename as name from pg_tables where schemaname = 'public' order by 1\`,
  )
  const counts: Record<string, number> = {}
  for (const { name } of tables) {
    const [row] = await selectRows<{ n: number }>(database.db, sql.raw(\`select count(*)::int as n from public."\${name}"\`))
    counts[name] = row?.n ?? 0
  }
  await accounts.stop()
  await outbox.stop()
  const file = await database.pglite?.dumpDataDir('gzip')
  await database.close()
  if (!file) throw new Error('not the embedded database')
  fs.writeFileSync(tarball, Buffer.from(await file.arrayBuffer()))
  fs.writeFileSync(countsFile, JSON.stringify(counts, null, 2) + '\\n')
}, 600_000)
`

try {
  execFileSync('sh', ['-c', `git -C "${root}" archive ${commit} | tar -x -C "${tree}"`], { stdio: 'inherit' })
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(tree, 'node_modules'))
  // A test file of that tree, run by its own Vitest: its module aliases (~/) resolve as in its suite.
  fs.writeFileSync(path.join(tree, 'tests/integration/make-upgrade-fixture.test.ts'), seedProgram)
  fs.mkdirSync(out, { recursive: true })
  const full = execFileSync('git', ['-C', root, 'rev-parse', commit], { encoding: 'utf8' }).trim()
  const tarball = path.join(out, 'previous-release-pglite.tar.gz')
  const counts = path.join(out, 'previous-release-rows.json')
  const vitest = path.join(root, 'node_modules/vitest/vitest.mjs')
  execFileSync(
    process.execPath,
    [vitest, 'run', '--project', 'integration', 'tests/integration/make-upgrade-fixture.test.ts'],
    {
      cwd: tree,
      stdio: 'inherit',
      env: {
        ...process.env,
        TEST_DATABASE_URL: '',
        FIXTURE_DATA_DIR: path.join(tree, 'data'),
        FIXTURE_TARBALL: tarball,
        FIXTURE_COUNTS: counts,
      },
    },
  )
  const migrations = fs
    .readdirSync(path.join(tree, 'server/db/migrations'))
    .filter((f) => f.endsWith('.sql'))
    .sort()
  fs.writeFileSync(
    path.join(out, 'previous-release.json'),
    `${JSON.stringify({ commit: full, lastMigration: migrations.at(-1)?.replace(/\.sql$/, ''), migrations: migrations.length }, null, 2)}\n`,
  )
  console.log(`✔ ${path.relative(root, tarball)} (${fs.statSync(tarball).size} bytes) from ${full}`)
} finally {
  fs.rmSync(tree, { recursive: true, force: true })
}
