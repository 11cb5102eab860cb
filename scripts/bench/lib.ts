// Shared pieces of the benchmarks: sum up figures, read a process's memory and CPU. The built server
// starts through startBuiltServer() of scripts/lib/server-process.mjs; the load generator is wrk
// (./wrk.ts), the reference servers are in ./references.ts.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  const at = (i: number) => sorted[i] ?? 0
  return sorted.length % 2 ? at(mid) : (at(mid - 1) + at(mid)) / 2
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0
}

export function rssMiB(pid: number): number | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0)
    return Math.round((kb / 1024) * 10) / 10
  } catch {
    return null
  }
}

/** Clock ticks per second of /proc/<pid>/stat's CPU times (USER_HZ: 100 on Linux). */
const CLOCK_TICKS = 100

/**
 * CPU time (user + system, ms) used so far by a process and every process below it, read from
 * /proc (Linux); undefined elsewhere or without a pid. A server's tree is the server and its
 * WEB_CONCURRENCY workers; a PostgreSQL cluster's is the postmaster and its backends.
 */
export function treeCpuMs(rootPid: number | undefined): number | undefined {
  if (!rootPid || !fs.existsSync('/proc/self/stat')) return undefined
  const parents = new Map<number, number>()
  const cpu = new Map<number, number>()
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8')
      // Fields after the command name (which may contain spaces): state ppid … utime(14) stime(15).
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      parents.set(Number(entry), Number(fields[1]))
      cpu.set(Number(entry), Number(fields[11]) + Number(fields[12]))
    } catch {
      // the process ended meanwhile
    }
  }
  let ticks = 0
  for (const [pid, used] of cpu) {
    for (let p = pid; p > 1; p = parents.get(p) ?? 0) {
      if (p === rootPid) {
        ticks += used
        break
      }
    }
  }
  return (ticks * 1000) / CLOCK_TICKS
}

/** The postmaster of scripts/with-postgres.mjs's throwaway cluster (from postmaster.pid), when there is one. */
export function postmasterPid(): number | undefined {
  const dataDir = process.env.TEST_PG_CTL_DATADIR
  if (!dataDir) return undefined
  try {
    return Number(fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0])
  } catch {
    return undefined
  }
}

/** The 1-minute load average, to two decimals. */
export function loadAverage1m(): number {
  return Math.round((os.loadavg()[0] ?? 0) * 100) / 100
}

/**
 * Waits (at most maxSeconds) for the 1-minute load average to fall under `below`, so that one
 * measurement's leftovers (a server's shutdown, a database's checkpoint) do not weigh on the next;
 * resolves with the load average it starts at.
 */
export async function waitForQuietMachine(maxSeconds: number, below = 1.5): Promise<number> {
  const deadline = Date.now() + maxSeconds * 1000
  while (loadAverage1m() >= below && Date.now() < deadline) await new Promise((r) => setTimeout(r, 2000))
  return loadAverage1m()
}
