// Types of server-process.mjs for the TypeScript tests and benchmarks that import it.
import type { ChildProcess } from 'node:child_process'

export const root: string
export function freePort(host?: string): Promise<number>
export function canConnect(port: number, host?: string): Promise<boolean>

/** A child process with everything it printed so far and its exit code once it ends. */
export type Run = { child: ChildProcess; output: () => string; exited: Promise<number | null> }
export function spawnProcess(command?: string[], options?: { env?: Record<string, string>; cwd?: string }): Run

export type BuiltServer = Run & {
  /** http://127.0.0.1:<port> */
  url: string
  port: number
  pid: number
  dataDir: string
  /** From spawning the process to the first 200 of /healthz. */
  bootMs: number
  /** SIGTERM (unless it already ended), SIGKILL after stopTimeoutMs; resolves with the exit code. */
  stop: () => Promise<number | null>
}
export function startBuiltServer(options?: {
  env?: Record<string, string>
  dataDir?: string
  label?: string
  bootTimeoutMs?: number
  stopTimeoutMs?: number
}): Promise<BuiltServer>
