// The backups a running server takes (docs/backups.md): `npm run backup` asking the server that
// holds the embedded database over DATA_DIR/backup.sock, the run recorded for sync status, a failed
// run recorded and e-mailed to the admins, and the status's staleness warning.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKUP_QUEUE, runRecordedBackup, startBackupJobs } from '../../server/backups/jobs.server.ts'
import { listenForBackupRequests, requestBackup } from '../../server/backups/socket.server.ts'
import { readBackupStatus } from '../../server/backups/status.server.ts'
import { selectRows, sql } from '../../server/db/client.server.ts'
import { clientOnboarding } from '../../server/db/schema/index.server.ts'
import type { Outbox } from '../../server/mail/outbox.server.ts'
import { queuedMails, queueOnlyOutbox } from './helpers/billing.ts'
import { backend, openTestDatabase, silentLogger, type TestDatabase } from './helpers/database.ts'
import { waitFor } from './helpers/wait.ts'

const log = silentLogger()
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-jobs-'))
const dataDir = path.join(work, 'data')
let database: TestDatabase
let outbox: Outbox

beforeAll(async () => {
  database = await openTestDatabase()
  outbox = await queueOnlyOutbox(database)
  fs.mkdirSync(dataDir, { recursive: true })
  fs.writeFileSync(path.join(dataDir, 'secrets.json'), '{}\n')
  await database.db.insert(clientOnboarding).values([
    { email: 'owner@example.com', role: 'admin', status: 'approved' },
    { email: 'gone@example.com', role: 'admin', status: 'approved', disabledAt: new Date() },
    { email: 'client@example.com', role: 'client', status: 'approved' },
  ])
}, 120_000)
afterAll(async () => {
  await outbox?.stop()
  await database?.cleanup()
  fs.rmSync(work, { recursive: true, force: true })
})

describe(`backups taken by the server on ${backend}`, () => {
  it('warns before the first backup', async () => {
    const status = await readBackupStatus(database, path.join(work, 'backups'))
    expect(status.lastGood).toBeNull()
    expect(status.stale).toBe(true)
    expect(status.disk?.totalBytes).toBeGreaterThan(0)
  })

  it('writes a backup asked for on the socket, and records it', async () => {
    const socket = await listenForBackupRequests({
      dataDir,
      log,
      run: (request) =>
        runRecordedBackup({
          database,
          settings: { dataDir, dir: request.backupDir, passphrase: undefined },
          outbox,
          trigger: 'manual',
          log,
        }),
    })
    try {
      expect(fs.statSync(path.join(dataDir, 'backup.sock')).mode & 0o777).toBe(0o600)
      const backupDir = path.join(work, 'backups')
      const answer = await requestBackup(dataDir, { backupDir })
      if (!answer.ok) throw new Error(answer.error)
      expect(path.dirname(answer.file)).toBe(backupDir)
      expect(fs.statSync(answer.file).size).toBe(answer.bytes)
      const status = await readBackupStatus(database, backupDir)
      expect(status.lastGood).toMatchObject({
        file: path.basename(answer.file),
        bytes: answer.bytes,
        trigger: 'manual',
      })
      expect(status.stale).toBe(false)
      // 27 hours later, with no backup since: stale.
      const later = await readBackupStatus(database, backupDir, new Date(Date.now() + 27 * 3_600_000))
      expect(later.stale).toBe(true)
      const refused = await requestBackup(dataDir, { backupDir: '' })
      expect(refused).toEqual({ ok: false, error: 'malformed backup request' })
    } finally {
      await socket.close()
    }
    expect(fs.existsSync(path.join(dataDir, 'backup.sock'))).toBe(false)
  })

  it('records a failed backup and e-mails the enabled admins', async () => {
    // BACKUP_DIR is a file: the folder cannot be made.
    const notAFolder = path.join(work, 'not-a-folder')
    fs.writeFileSync(notAFolder, '')
    await expect(
      runRecordedBackup({
        database,
        settings: { dataDir, dir: notAFolder, passphrase: undefined },
        outbox,
        trigger: 'nightly',
        log,
      }),
    ).rejects.toThrow()
    const status = await readBackupStatus(database, path.join(work, 'backups'))
    expect(status.lastFailure?.trigger).toBe('nightly')
    expect(status.lastFailure?.error).toMatch(/EEXIST|ENOTDIR/)
    const mails = await queuedMails(database)
    expect(mails).toHaveLength(1)
    expect(mails[0]?.to).toEqual(['owner@example.com'])
    expect(mails[0]?.subject).toBe('The backup of the website failed')
    expect(mails[0]?.text).toContain(status.lastFailure?.error ?? 'no error')
  })

  it('runs a queued backup once, with two servers working the queue', async () => {
    const dirs = [path.join(work, 'server-a'), path.join(work, 'server-b')]
    const servers = await Promise.all(
      dirs.map((dir) =>
        startBackupJobs({
          database,
          settings: { dataDir, dir, passphrase: undefined, schedule: { hour: 2, minute: 30 } },
          outbox,
          log,
          pollingIntervalSeconds: 0.5,
        }),
      ),
    )
    try {
      const [schedule] = await selectRows<{ cron: string }>(
        database.db,
        sql`select cron from pgboss.schedule where name = ${BACKUP_QUEUE}`,
      )
      expect(schedule?.cron).toBe('30 2 * * *')
      await servers[0]?.runNow()
      await waitFor(
        'the queued backup to finish',
        async () => {
          const rows = await selectRows<{ n: number }>(
            database.db,
            sql`select count(*)::int as n from pgboss.job where name = ${BACKUP_QUEUE} and state = 'completed'`,
          )
          return (rows[0]?.n ?? 0) === 1
        },
        { timeoutMs: 120_000 },
      )
      const files = dirs.flatMap((dir) => (fs.existsSync(dir) ? fs.readdirSync(dir) : []))
      expect(files).toHaveLength(1)
      const runs = await selectRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from backup_runs where trigger = 'nightly' and outcome = 'written'`,
      )
      expect(runs[0]?.n).toBe(1)
    } finally {
      await Promise.all(servers.map((server) => server.stop()))
    }
  }, 180_000)
})
