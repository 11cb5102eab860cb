// `npm run restore -- FILE [--replace]`: restores a backup made by `npm run backup` into the
// configured database (DATABASE_URL, or the embedded one in $DATA_DIR/db) and DATA_DIR's files.
// The file is checked whole first (format, version, checksums; BACKUP_PASSPHRASE for an encrypted
// one) and a bad one is refused in one line, touching nothing. The target must be empty, unless
// --replace: then the embedded database and DATA_DIR's files are moved aside into
// DATA_DIR/replaced-<time>, and PostgreSQL's tables are replaced in one transaction. A backup of an
// older release restores at its own level; the server migrates it at its next start.
// docs/backups.md.
import { parseArgs } from 'node:util'
import { isDomainError } from '../app/lib/domain-error.ts'
import { codeMigrationLevel } from '../server/backups/dump.server.ts'
import { restoreBackup } from '../server/backups/restore.server.ts'
import { type Config, loadConfig } from '../server/config.server.ts'
import { createLogger } from '../server/log.server.ts'
import { assertNode24 } from '../server/node-guard.server.ts'

assertNode24('restore')

function fail(message: string): never {
  console.error(`✖ ${message}`)
  process.exit(1)
}

let args: ReturnType<typeof parse>
function parse() {
  return parseArgs({ allowPositionals: true, options: { replace: { type: 'boolean', default: false } } })
}
try {
  args = parse()
} catch (error) {
  fail(`${(error as Error).message}. Usage: npm run restore -- FILE [--replace]`)
}
const [file, ...extra] = args.positionals
if (!file || extra.length > 0) fail('Usage: npm run restore -- FILE [--replace]')

let config: Config
try {
  config = loadConfig()
} catch (error) {
  if (isDomainError(error)) fail(error.message)
  throw error
}

try {
  const result = await restoreBackup({
    file,
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    replace: args.values.replace,
    passphrase: config.backup.passphrase,
    log: createLogger('warn'),
  })
  const into =
    result.target === 'postgres' ? `PostgreSQL at ${new URL(config.databaseUrl ?? '').host}` : `${config.dataDir}/db`
  console.log(
    `✔ restored ${file} (made ${result.manifest.createdAt} from ${result.manifest.database}) into ${into}: ${result.rows} rows, ${result.jobs} queued jobs, ${result.files} files of DATA_DIR, in ${result.ms} ms`,
  )
  if (result.movedAside) console.log(`  what was there is in ${result.movedAside}: delete it once the site is checked`)
  const code = codeMigrationLevel()
  if (result.manifest.migration.when < code.when) {
    console.log(
      `  the backup is at migration ${result.manifest.migration.tag}: the server migrates it to ${code.tag} when it starts`,
    )
  }
} catch (error) {
  if (isDomainError(error)) fail(error.message)
  fail(`restore failed: ${(error as Error).message}`)
}
process.exit(0)
