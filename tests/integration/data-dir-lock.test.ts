import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DomainError } from '../../app/lib/domain-error.ts'
import { type Database, openDatabase, selectRows, sql } from '../../server/db/client.server.ts'
import { silentLogger } from './helpers/database.ts'

// The lock guards the embedded database's folder; it is independent of the backend the rest of
// the suite runs on, so it runs with PGlite on a temp folder in both runs.
describe('data-dir lock (PGlite on a folder)', () => {
  let dataDir: string
  const open: Database[] = []
  const children: ReturnType<typeof spawn>[] = []

  const openHere = async () => {
    const database = await openDatabase({ dataDir, log: silentLogger() })
    open.push(database)
    return database
  }
  const lockFile = () => path.join(dataDir, 'db.lock')

  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lock-test-'))
  })
  afterEach(async () => {
    for (const database of open.splice(0)) await database.close()
    fs.rmSync(dataDir, { recursive: true, force: true })
  })
  afterAll(() => {
    for (const child of children) child.kill('SIGKILL')
  })

  it('refuses a second open of the same folder in the same process, naming the folder', async () => {
    const first = await openHere()
    await first.migrate()
    await first.db.execute(sql`insert into locations (slug, town) values ('first', 'First')`)

    const error = await openDatabase({ dataDir, log: silentLogger() }).then(
      (second) => {
        open.push(second)
        return undefined
      },
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(DomainError)
    expect((error as DomainError).kind).toBe('conflict')
    expect((error as Error).message).toContain(dataDir)
    expect((error as Error).message).not.toContain('\n')

    // The refused open touched nothing: the first instance still owns the lock and works.
    expect(fs.readFileSync(lockFile(), 'utf8')).toBe(String(process.pid))
    const rows = await selectRows<{ slug: string }>(first.db, sql`select slug from locations`)
    expect(rows.map((r) => r.slug)).toEqual(['first'])
  })

  it('refuses a folder locked by another live process', async () => {
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' })
    children.push(child)
    expect(child.pid).toBeGreaterThan(0)
    fs.writeFileSync(lockFile(), String(child.pid))

    const error = await openDatabase({ dataDir, log: silentLogger() }).then(
      (db) => {
        open.push(db)
        return undefined
      },
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(DomainError)
    expect((error as DomainError).kind).toBe('conflict')
    expect((error as Error).message).toContain(dataDir)
    expect((error as Error).message).toContain(String(child.pid))
    // Nothing was created: PGlite never opened the folder.
    expect(fs.existsSync(path.join(dataDir, 'db'))).toBe(false)
    expect(fs.readFileSync(lockFile(), 'utf8')).toBe(String(child.pid))
    child.kill('SIGKILL')
  })

  it('takes over a stale lock whose process is dead', async () => {
    const dead = spawnSync(process.execPath, ['-e', '0']).pid
    expect(dead).toBeGreaterThan(0)
    fs.writeFileSync(lockFile(), String(dead))

    const database = await openHere()
    await database.ping()
    expect(fs.readFileSync(lockFile(), 'utf8')).toBe(String(process.pid))
  })

  it('takes over a lock left with this pid by an earlier process (pid reuse after a restart)', async () => {
    fs.writeFileSync(lockFile(), String(process.pid))
    const database = await openHere()
    await database.ping()
    expect(fs.readFileSync(lockFile(), 'utf8')).toBe(String(process.pid))
  })

  it('releases the lock on close, so the folder can be opened again with its data', async () => {
    const first = await openHere()
    await first.migrate()
    await first.db.execute(sql`insert into locations (slug, town) values ('persisted', 'Persisted')`)
    await first.close()
    open.splice(open.indexOf(first), 1)
    expect(fs.existsSync(lockFile())).toBe(false)

    const again = await openHere()
    const rows = await selectRows<{ slug: string }>(again.db, sql`select slug from locations`)
    expect(rows.map((r) => r.slug)).toEqual(['persisted'])
    expect(fs.readFileSync(lockFile(), 'utf8')).toBe(String(process.pid))
  })
})
