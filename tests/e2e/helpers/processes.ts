import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach } from 'vitest'
import { type Run, spawnProcess as spawnFromRoot } from '../../../scripts/lib/server-process.mjs'

export type { Run }

/** Runs `command` (default: the built server) in production mode on 127.0.0.1, collecting its output. */
export function spawnProcess(env: Record<string, string>, command: string[] = [process.execPath, 'server.js']): Run {
  return spawnFromRoot(command, { env: { NODE_ENV: 'production', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env } })
}

/**
 * Processes and temporary folders that end with each test of the calling file: `track(run)` kills
 * a process still running (SIGKILL), `tempDir()` is removed afterwards.
 */
export function cleanupAfterEach(prefix: string) {
  const dirs: string[] = []
  const runs: Run[] = []
  afterEach(() => {
    for (const run of runs.splice(0)) if (run.child.exitCode === null) run.child.kill('SIGKILL')
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
  })
  return {
    track<T extends Run>(run: T): T {
      runs.push(run)
      return run
    },
    tempDir(): string {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix))
      dirs.push(dir)
      return dir
    },
  }
}
