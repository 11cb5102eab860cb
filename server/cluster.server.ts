import cluster, { type Worker } from 'node:cluster'
import type { Config } from './config.server.ts'
import type { Logger } from './log.server.ts'

/**
 * How many HTTP processes to run: WEB_CONCURRENCY on a real PostgreSQL, which every process shares
 * (the product keeps no state of its own); always one on the embedded database, which serves one
 * process only, and in development (Vite's middleware).
 */
export function workerCount(config: Pick<Config, 'webConcurrency' | 'databaseUrl'>, development: boolean): number {
  if (development || !config.databaseUrl) return 1
  return config.webConcurrency
}

/** A worker that dies this often within a minute is not restarted again: the primary stops. */
const MAX_RESTARTS_PER_MINUTE = 5
/** How long the workers get to finish in-flight requests and drain the mail worker on shutdown. */
const STOP_TIMEOUT_MS = 45_000

/**
 * The primary process of the multi-process mode: it serves nothing itself. It starts `count`
 * workers, each the whole server (startServer) listening on the same port through node:cluster,
 * restarts a worker that dies, and on SIGTERM/SIGINT passes the signal on and exits once every
 * worker has stopped (0 when all stopped cleanly). A worker that fails before any has listened
 * (a database that cannot be reached, a failed migration) stops the primary with its exit code.
 */
export function runPrimary(options: { count: number; log: Logger }): Promise<never> {
  const { count, log } = options
  const listening = new Set<number>()
  let served = false
  const restarts: number[] = []
  let stopping = false
  let exitCode = 0

  return new Promise<never>(() => {
    const finish = () => {
      if (Object.keys(cluster.workers ?? {}).length > 0) return
      log.info({ exitCode }, 'all workers stopped')
      process.exit(exitCode)
    }
    const stopAll = (signal: NodeJS.Signals) => {
      if (stopping) return
      stopping = true
      log.info({ signal, workers: Object.keys(cluster.workers ?? {}).length }, 'stopping the workers')
      // Always SIGTERM: after Ctrl-C the workers got the terminal's SIGINT already, and each of the
      // two signals is handled once.
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM')
      const force = setTimeout(() => {
        log.error('workers did not stop in time: killing them')
        exitCode = 1
        for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGKILL')
      }, STOP_TIMEOUT_MS)
      force.unref()
      finish()
    }

    cluster.on('listening', (worker: Worker) => {
      listening.add(worker.id)
      served = true
      if (listening.size === count) log.info({ workers: count }, 'all workers listening')
    })
    cluster.on('exit', (worker: Worker, code: number | null, signal: string | null) => {
      const clean = code === 0
      if (stopping) {
        if (!clean) exitCode = 1
        finish()
        return
      }
      log.error({ worker: worker.id, pid: worker.process.pid, code, signal }, 'worker exited unexpectedly')
      if (!served) {
        // None has served yet: another one would fail the same way.
        exitCode = code || 1
        stopAll('SIGTERM')
        return
      }
      const now = Date.now()
      restarts.push(now)
      while ((restarts[0] ?? now) < now - 60_000) restarts.shift()
      if (restarts.length > MAX_RESTARTS_PER_MINUTE) {
        log.fatal({ restarts: restarts.length }, 'workers keep dying: stopping')
        exitCode = 1
        stopAll('SIGTERM')
        return
      }
      cluster.fork()
    })
    process.once('SIGTERM', () => stopAll('SIGTERM'))
    process.once('SIGINT', () => stopAll('SIGINT'))

    log.info({ workers: count, pid: process.pid }, `starting ${count} worker processes`)
    for (let i = 0; i < count; i++) cluster.fork()
  })
}
