import { execFile } from 'node:child_process'
import path from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)

/**
 * Stops and starts the throwaway cluster scripts/with-postgres.mjs runs the suite against, through
 * pg_ctl (as user postgres when we are root, since root cannot run PostgreSQL).
 */
export type PostgresCluster = {
  dataDir: string
  stop(mode?: 'smart' | 'fast' | 'immediate'): Promise<void>
  start(): Promise<void>
  /** True while the postmaster runs. */
  isRunning(): Promise<boolean>
}

export function postgresCluster(): PostgresCluster {
  const dataDir = process.env.TEST_PG_CTL_DATADIR
  const binDir = process.env.TEST_PG_BIN
  if (!dataDir || !binDir) {
    throw new Error('TEST_PG_CTL_DATADIR and TEST_PG_BIN are unset: run through scripts/with-postgres.mjs')
  }
  // The log must go to a file: a server started without -l keeps pg_ctl's output pipe open.
  const logFile = process.env.TEST_PG_LOG || path.join(path.dirname(dataDir), 'postgres.log')
  const pgCtl = async (args: string[]) => {
    const file = path.join(binDir, 'pg_ctl')
    const isRoot = process.getuid?.() === 0
    return isRoot
      ? run('runuser', ['-u', 'postgres', '--', file, '-D', dataDir, ...args], { timeout: 60_000 })
      : run(file, ['-D', dataDir, ...args], { timeout: 60_000 })
  }
  return {
    dataDir,
    async stop(mode = 'fast') {
      await pgCtl(['-m', mode, '-w', '-t', '30', 'stop'])
    },
    async start() {
      await pgCtl(['-l', logFile, '-w', '-t', '30', 'start'])
    },
    async isRunning() {
      try {
        await pgCtl(['status'])
        return true
      } catch {
        return false
      }
    },
  }
}
