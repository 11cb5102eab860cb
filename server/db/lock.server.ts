import fs from 'node:fs'
import path from 'node:path'
import { DomainError } from '../../app/lib/domain-error.ts'

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * Lock files this process holds. The pid in the file cannot tell a second open in this process
 * (refused) from a lock left by an earlier process that had the same pid, as happens when a
 * container restarts and the server is pid 1 again (taken over).
 */
const heldHere = new Set<string>()

/**
 * PGlite takes no lock on its folder and two processes writing it corrupt it, so the one process
 * that owns $DATA_DIR/db holds $DATA_DIR/db.lock (its pid). A lock left by a dead process is taken over.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true })
  const file = path.resolve(dataDir, 'db.lock')
  if (heldHere.has(file)) {
    throw new DomainError(
      'conflict',
      `The embedded database in ${dataDir} is already open in this process (pid ${process.pid}). Close it before opening it again.`,
    )
  }
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx', mode: 0o644 })
      heldHere.add(file)
      let released = false
      return () => {
        if (released) return
        released = true
        heldHere.delete(file)
        try {
          if (fs.readFileSync(file, 'utf8') === String(process.pid)) fs.unlinkSync(file)
        } catch {
          // already gone: nothing to release
        }
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      let content: string
      try {
        content = fs.readFileSync(file, 'utf8')
      } catch (readError) {
        // Released between our write and our read: try again.
        if ((readError as NodeJS.ErrnoException).code === 'ENOENT') continue
        throw readError
      }
      const owner = Number(content.trim())
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isAlive(owner)) {
        throw new DomainError(
          'conflict',
          `The embedded database in ${dataDir} is already in use by process ${owner}. Stop that process, or give this one another DATA_DIR (or a DATABASE_URL).`,
        )
      }
      // Stale: its process is gone (or the file is empty or garbled). Take it over.
      fs.rmSync(file, { force: true })
    }
  }
  throw new DomainError('conflict', `Could not lock ${file}: another process keeps taking it.`)
}
