import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach } from 'vitest'

/** A child process of a test, with everything it printed so far and its exit code once it ends. */
export type Run = { child: ChildProcess; output: () => string; exited: Promise<number | null> }

/** Runs `command` (default: the built server) in production mode on 127.0.0.1, collecting its output. */
export function spawnProcess(env: Record<string, string>, command: string[] = [process.execPath, 'server.js']): Run {
  let output = ''
  const child = spawn(command[0] ?? process.execPath, command.slice(1), {
    cwd: process.cwd(),
    env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout?.on('data', (d) => {
    output += String(d)
  })
  child.stderr?.on('data', (d) => {
    output += String(d)
  })
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  return { child, output: () => output, exited }
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
