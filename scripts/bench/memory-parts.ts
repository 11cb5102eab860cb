import fs from 'node:fs'
import { idleQuietMs } from '../../server/idle-collection.server.ts'

/** Resident memory split into anonymous (heaps, WebAssembly, allocator) and file-backed (code), and the thread count. */
export type MemoryParts = { rssMiB: number; anonymousMiB: number; fileMiB: number; threads: number }

export function memoryParts(pid: number): MemoryParts {
  const kb = (text: string, key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? 0)
  const mib = (value: number) => Math.round((value / 1024) * 10) / 10
  try {
    const rollup = fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8')
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
    const rss = kb(rollup, 'Rss')
    const anonymous = kb(rollup, 'Anonymous')
    return {
      rssMiB: mib(rss),
      anonymousMiB: mib(anonymous),
      fileMiB: mib(rss - anonymous),
      threads: Number(/^Threads:\s+(\d+)/m.exec(status)?.[1] ?? 0),
    }
  } catch {
    return { rssMiB: 0, anonymousMiB: 0, fileMiB: 0, threads: 0 }
  }
}

/**
 * Waits for the server to be idle after work: for the PDF thread to exit after its idle time
 * (server/billing/pdf/renderer.server.ts), until the process has fewer threads than
 * `threadsDuringWork`, at most `limitMs`; then for the server's collection once quiet
 * (server/idle-collection.server.ts: two of its ticks after the exit), and a second more. Returns
 * the seconds waited and the memory then.
 */
export async function afterPdfThreadExit(
  pid: number,
  threadsDuringWork: number,
  limitMs = 60_000,
): Promise<{ waitedS: number; memory: MemoryParts }> {
  const start = Date.now()
  while (Date.now() - start < limitMs && memoryParts(pid).threads >= threadsDuringWork) {
    await new Promise((r) => setTimeout(r, 500))
  }
  await new Promise((r) => setTimeout(r, 2 * idleQuietMs + 1000))
  return { waitedS: Math.round((Date.now() - start) / 1000), memory: memoryParts(pid) }
}
