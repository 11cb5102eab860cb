import type { Worker } from 'node:worker_threads'

/**
 * Gives back the memory a burst of work grew into, once the server is quiet (docs/perf/memory.md,
 * docs/decisions/034-collect-when-idle.md).
 *
 * Under load V8 grows its heap by pages it keeps after the work is done, and the pages of a thread
 * that has exited (the PDF thread) stay with the process until a collection that reduces memory
 * releases them: 35-50 MiB of resident memory an idle server holds for nothing. V8's own memory
 * reducer does not release them here. So when a full `quietMs` has passed without a request after
 * some work (a request, or a thread's exit), the server asks V8 once for the collection it runs
 * before giving up on memory (`gc()` with `flavor: 'last-resort'`, given by `--expose-gc` in
 * server.js). It runs only while nobody is asking anything; a request that arrives meanwhile waits
 * for it (tens of ms).
 */
export type IdleCollection = {
  /** Something happened: collect after the next quiet spell. */
  busy(): void
  stop(): void
}

/** A spell this long without work counts as quiet; the collection follows within two of them. */
export const idleQuietMs = 10_000

export type IdleCollectionOptions = {
  /** A spell this long without work counts as quiet (ms; idleQuietMs unless given). */
  quietMs?: number
  /** V8's collector; undefined when Node was started without `--expose-gc` (nothing is done). */
  gc?: NodeJS.GCFunction | undefined
  /** Told after each collection, with what it took. */
  onCollect?: (result: { ms: number; rssBeforeMiB: number; rssAfterMiB: number }) => void
}

export function collectWhenIdle(options: IdleCollectionOptions = {}): IdleCollection {
  const gc = 'gc' in options ? options.gc : globalThis.gc
  if (!gc) return { busy() {}, stop() {} }
  const quietMs = options.quietMs ?? idleQuietMs
  // Two ticks of quietMs: work seen during a tick makes the next quiet tick collect.
  let workSinceTick = false
  let collectAtNextQuietTick = false
  const timer = setInterval(() => {
    if (workSinceTick) {
      workSinceTick = false
      collectAtNextQuietTick = true
      return
    }
    if (!collectAtNextQuietTick) return
    collectAtNextQuietTick = false
    const rssBefore = process.memoryUsage.rss()
    const started = performance.now()
    gc({ type: 'major', execution: 'sync', flavor: 'last-resort' })
    options.onCollect?.({
      ms: Math.round(performance.now() - started),
      rssBeforeMiB: mib(rssBefore),
      rssAfterMiB: mib(process.memoryUsage.rss()),
    })
  }, quietMs)
  timer.unref()
  const onWorker = (worker: Worker) => worker.once('exit', () => (workSinceTick = true))
  process.on('worker', onWorker)
  return {
    busy() {
      workSinceTick = true
    },
    stop() {
      clearInterval(timer)
      process.off('worker', onWorker)
    },
  }
}

const mib = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10
