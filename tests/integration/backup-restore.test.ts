// The restore drill (docs/backups.md): every kind of record seeded (demo content, the demo client
// with billing documents, contracts with their stored PDFs, organisations, mail waiting in the
// outbox, files in DATA_DIR), a backup taken while requests keep writing, restored into an empty
// target, and every table compared row for row and every stored PDF byte for byte. A truncated,
// altered or newer-release backup is refused in one line and the target is left as it was. On
// PGlite and on PostgreSQL (npm run test:pg); on PostgreSQL also the move from the embedded
// database to PostgreSQL.
import { createHash, randomUUID } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import * as tar from 'tar'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CONSENT_POLICY_VERSION } from '../../app/features/consent/policy.ts'
import { createBackup } from '../../server/backups/backup.server.ts'
import { restoreBackup } from '../../server/backups/restore.server.ts'
import { seedDemoBilling } from '../../server/billing/demo.server.ts'
import { seedDemoContracts } from '../../server/contracts/demo.server.ts'
import { ensureStandardTemplates } from '../../server/contracts/standard-templates.server.ts'
import { type Database, openDatabase, selectRows, sql } from '../../server/db/client.server.ts'
import { seedDemoContent } from '../../server/db/seed.server.ts'
import { seedDemoOrganisations } from '../../server/organisations/demo.server.ts'
import { type Harness, startHarness } from './helpers/accounts.ts'
import { apiOnlyApp } from './helpers/app.ts'
import { backend, databaseUrlFor, onPostgres, silentLogger, testDatabaseUrl } from './helpers/database.ts'

const log = silentLogger()
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-drill-'))
const sourceDataDir = path.join(work, 'source-data')
const backupDir = path.join(work, 'backups')
let harness: Harness
const createdDatabases: string[] = []

/** An empty database on the suite's PostgreSQL server, dropped after the file. */
async function emptyPostgres(): Promise<string> {
  if (!testDatabaseUrl) throw new Error('PostgreSQL only')
  const name = `restore_${Date.now().toString(36)}_${randomUUID().slice(0, 8)}`
  const admin = new pg.Client({ connectionString: testDatabaseUrl })
  await admin.connect()
  await admin.query(`create database "${name}"`)
  await admin.end()
  createdDatabases.push(name)
  return databaseUrlFor(testDatabaseUrl, name)
}

/** Every table of public, each as its rows' JSON sorted, plus the mail outbox's jobs. */
async function contents(database: Database): Promise<Record<string, string[]>> {
  const tables = await selectRows<{ name: string }>(
    database.db,
    sql`select tablename as name from pg_tables where schemaname = 'public' order by 1`,
  )
  const all: Record<string, string[]> = {}
  for (const { name } of tables) {
    const rows = await selectRows<{ j: string }>(
      database.db,
      sql.raw(`select row_to_json(t)::text as j from public."${name}" t order by 1`),
    )
    all[name] = rows.map((r) => r.j)
  }
  const [boss] = await selectRows<{ found: boolean }>(
    database.db,
    sql`select to_regclass('pgboss.job') is not null as found`,
  )
  if (!boss?.found) return all
  const jobs = await selectRows<{ j: string }>(
    database.db,
    sql`select json_build_object('id', id, 'name', name, 'data', data, 'state', state)::text as j from pgboss.job where name = 'mail' order by id`,
  )
  all['pgboss.job(mail)'] = jobs.map((r) => r.j)
  return all
}

async function pdfDigests(database: Database): Promise<Record<string, string>> {
  const rows = await selectRows<{ id: string; pdf: Buffer | Uint8Array }>(
    database.db,
    sql`select id, pdf from contract_files order by id`,
  )
  return Object.fromEntries(rows.map((r) => [r.id, createHash('sha256').update(r.pdf).digest('hex')]))
}

/** The target the suite restores into: a fresh data folder, and on PostgreSQL a fresh database. */
async function freshTarget(label: string) {
  const dataDir = path.join(work, label)
  return { dataDir, databaseUrl: backend === 'postgres' ? await emptyPostgres() : undefined }
}

async function openTarget(target: { dataDir: string; databaseUrl: string | undefined }): Promise<Database> {
  return openDatabase({ dataDir: target.dataDir, databaseUrl: target.databaseUrl, log })
}

let backupFile: string
let before: Record<string, string[]>
let pdfsBefore: Record<string, string>
let acknowledgedBefore: number

beforeAll(async () => {
  harness = await startHarness()
  const db = harness.database.db
  await ensureStandardTemplates(db)
  await seedDemoContent(db)
  const client = await harness.accounts.seedDemoClient('drill-demo-password-1')
  await seedDemoBilling(db, client.onboardingId)
  await seedDemoContracts(db, client.onboardingId)
  await seedDemoOrganisations({ accounts: harness.accounts, db }, client.onboardingId, {
    billing: 'drill-billing-password-1',
    member: 'drill-member-password-1',
    household: 'drill-household-password-1',
  })
  await harness.outbox.enqueue({
    to: ['waiting@example.com'],
    subject: 'Waiting in the outbox',
    text: 'Still to send.',
  })
  fs.mkdirSync(path.join(sourceDataDir, 'mail'), { recursive: true })
  fs.writeFileSync(path.join(sourceDataDir, 'secrets.json'), '{"authSecret":"drill-secret","consentIpSalt":"salt"}\n')
  fs.writeFileSync(path.join(sourceDataDir, 'mail', 'sent.eml'), 'Subject: kept\r\n\r\nbody\r\n')
}, 300_000)

afterAll(async () => {
  await harness?.cleanup()
  if (testDatabaseUrl && createdDatabases.length > 0) {
    const admin = new pg.Client({ connectionString: testDatabaseUrl })
    await admin.connect()
    for (const name of createdDatabases) await admin.query(`drop database if exists "${name}" with (force)`)
    await admin.end()
  }
  fs.rmSync(work, { recursive: true, force: true })
})

describe(`the restore drill on ${backend}`, () => {
  it('backs up while requests keep writing, and restores every row, PDF and file', async () => {
    const database = harness.database
    expect(Object.keys(await pdfDigests(database)).length).toBeGreaterThan(0)
    // Requests writing all along: cookie choices, each one row of consent_records.
    const app = apiOnlyApp(database, { env: { TRUST_PROXY: 'true' } })
    const answers: number[] = []
    let loading = true
    const post = () =>
      app.request('/api/consent', {
        method: 'POST',
        body: JSON.stringify({
          consentId: randomUUID(),
          necessary: true,
          analytics: true,
          marketing: false,
          policyVersion: CONSENT_POLICY_VERSION,
          action: 'save_preferences',
          gpc: false,
        }),
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '203.0.113.9' },
      })
    const load = Promise.all(
      [1, 2, 3].map(async () => {
        while (loading) {
          answers.push((await post()).status)
          // In-process requests on PGlite settle without touching the event loop: let timers and
          // file streams (the backup's) have their turn, as real connections would.
          await new Promise((resolve) => setImmediate(resolve))
        }
      }),
    )
    // Some acknowledged before the backup starts: those must be in it.
    while (answers.length < 6) await new Promise((resolve) => setImmediate(resolve))
    acknowledgedBefore = answers.filter((s) => s < 300).length
    const result = await createBackup({ database, dataDir: sourceDataDir, backupDir })
    loading = false
    await load
    backupFile = result.file
    expect(answers.every((status) => status < 300)).toBe(true)
    expect(path.basename(result.file)).toMatch(/^ramapo-backup-\d{8}T\d{6}Z\.tar\.gz$/)
    // Compressed with gzip (format 2): the magic bytes, and smaller than the parts it holds.
    expect([...fs.readFileSync(result.file).subarray(0, 2)]).toEqual([0x1f, 0x8b])
    expect(result.manifest).toMatchObject({ formatVersion: 2, compression: 'gzip' })
    expect(result.bytes).toBeLessThan(result.manifest.parts.reduce((sum, p) => sum + p.bytes, 0))
    expect(result.manifest.database).toBe(backend)
    expect(result.manifest.parts.map((p) => p.path)).toContain('files/secrets.json')

    before = await contents(database)
    pdfsBefore = await pdfDigests(database)
    const target = await freshTarget('drill')
    const restored = await restoreBackup({ file: backupFile, ...target, log })
    expect(restored.files).toBe(2)
    expect(fs.readFileSync(path.join(target.dataDir, 'mail', 'sent.eml'), 'utf8')).toContain('kept')
    expect(fs.statSync(path.join(target.dataDir, 'secrets.json')).mode & 0o777).toBe(0o600)

    const copy = await openTarget(target)
    try {
      const after = await contents(copy)
      expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort())
      for (const table of Object.keys(before)) {
        if (table === 'consent_records') continue
        expect(after[table], table).toEqual(before[table])
      }
      // The table the requests wrote: what the snapshot saw, each row as it is in the source.
      const restoredConsents = after.consent_records ?? []
      expect(restoredConsents.length).toBeGreaterThanOrEqual(acknowledgedBefore)
      const sourceConsents = new Set(before.consent_records)
      for (const row of restoredConsents) expect(sourceConsents.has(row)).toBe(true)
      expect(await pdfDigests(copy)).toEqual(pdfsBefore)
      expect(after['pgboss.job(mail)']?.some((j) => j.includes('Waiting in the outbox'))).toBe(true)
      // The restored database takes new rows: its sequences were carried over.
      await copy.migrate()
    } finally {
      await copy.close()
    }
  }, 600_000)

  it('refuses a truncated, an altered and a newer-release backup in one line, touching nothing', async () => {
    const target = await freshTarget('refused')
    const truncated = path.join(work, 'truncated.tar.gz')
    const bytes = fs.readFileSync(backupFile)
    fs.writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length / 2)))
    await expect(restoreBackup({ file: truncated, ...target, log })).rejects.toThrow(
      /^truncated\.tar\.gz is not a usable backup: .*(truncated|missing)/,
    )

    // Altered: one character of the contracts' files changed, the archive otherwise intact.
    const unpacked = path.join(work, 'unpacked')
    fs.mkdirSync(unpacked)
    await tar.extract({ file: backupFile, cwd: unpacked })
    const part = path.join(unpacked, 'database/tables/contract_files.jsonl')
    const text = fs.readFileSync(part, 'utf8')
    fs.writeFileSync(
      part,
      text.replace(/"sha256":"[0-9a-f]/, (m) => `${m.slice(0, -1)}${m.endsWith('0') ? '1' : '0'}`),
    )
    const entries = ['manifest.json', ...listed(unpacked)]
    const altered = path.join(work, 'altered.tar.gz')
    await tar.create({ file: altered, cwd: unpacked, gzip: true, portable: true, noDirRecurse: true }, entries)
    await expect(restoreBackup({ file: altered, ...target, log })).rejects.toThrow(
      'altered.tar.gz is not a usable backup: database/tables/contract_files.jsonl does not match its checksum (the file was altered)',
    )
    // A byte of the compressed stream changed: gzip's own check refuses it.
    const flipped = path.join(work, 'flipped.tar.gz')
    const flippedBytes = Buffer.from(bytes)
    const at = Math.floor(flippedBytes.length / 2)
    flippedBytes[at] = (flippedBytes[at] ?? 0) ^ 0xff
    fs.writeFileSync(flipped, flippedBytes)
    await expect(restoreBackup({ file: flipped, ...target, log })).rejects.toThrow(
      /^flipped\.tar\.gz is not a usable backup: .*(truncated or altered|checksum|missing)/,
    )
    // Unpacked, but the plain tar's manifest says gzip: the file was repacked by hand.
    const repacked = path.join(work, 'repacked.tar')
    await tar.create({ file: repacked, cwd: unpacked, portable: true, noDirRecurse: true }, entries)
    await expect(restoreBackup({ file: repacked, ...target, log })).rejects.toThrow(
      'repacked.tar is not a usable backup: its manifest says gzip compression, the file is not compressed (the file was altered)',
    )

    // Newer: a migration level this code does not know.
    fs.writeFileSync(part, text)
    const manifest = JSON.parse(fs.readFileSync(path.join(unpacked, 'manifest.json'), 'utf8'))
    manifest.migration = { tag: '9999_future', when: 4_102_444_800_000, count: 999 }
    fs.writeFileSync(path.join(unpacked, 'manifest.json'), JSON.stringify(manifest))
    const newer = path.join(work, 'newer.tar.gz')
    await tar.create({ file: newer, cwd: unpacked, gzip: true, portable: true, noDirRecurse: true }, entries)
    await expect(restoreBackup({ file: newer, ...target, log })).rejects.toThrow(
      /^The backup was made by a newer release \(database at migration 9999_future/,
    )

    expect(fs.existsSync(target.dataDir) ? fs.readdirSync(target.dataDir) : []).toEqual([])
    if (target.databaseUrl) {
      const check = new pg.Client({ connectionString: target.databaseUrl })
      await check.connect()
      const { rows } = await check.query("select count(*)::int as n from pg_tables where schemaname = 'public'")
      await check.end()
      expect(rows[0].n).toBe(0)
    }
  }, 300_000)

  it('restores an uncompressed backup of format 1, as written before compression', async () => {
    // A format 1 file is the same tar, not compressed, its manifest without `compression`.
    const unpacked = path.join(work, 'unpacked-v1')
    fs.mkdirSync(unpacked)
    await tar.extract({ file: backupFile, cwd: unpacked })
    const manifest = JSON.parse(fs.readFileSync(path.join(unpacked, 'manifest.json'), 'utf8'))
    manifest.formatVersion = 1
    delete manifest.compression
    fs.writeFileSync(path.join(unpacked, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`)
    const old = path.join(work, 'ramapo-backup-20261101T073000Z.tar')
    await tar.create({ file: old, cwd: unpacked, portable: true, noDirRecurse: true }, [
      'manifest.json',
      ...listed(unpacked),
    ])
    expect(
      fs
        .readFileSync(old)
        .subarray(0, 2)
        .equals(Buffer.from([0x1f, 0x8b])),
    ).toBe(false)
    const target = await freshTarget('format-1')
    const restored = await restoreBackup({ file: old, ...target, log })
    expect(restored.manifest.formatVersion).toBe(1)
    const copy = await openTarget(target)
    try {
      const after = await contents(copy)
      for (const table of Object.keys(before)) {
        if (table === 'consent_records') continue
        expect(after[table], table).toEqual(before[table])
      }
      expect(await pdfDigests(copy)).toEqual(pdfsBefore)
    } finally {
      await copy.close()
    }
  }, 600_000)

  it('encrypts with a passphrase, refuses the wrong one, and replaces a non-empty target only when told', async () => {
    const passphrase = 'correct horse battery staple'
    const encrypted = await createBackup({ database: harness.database, dataDir: sourceDataDir, backupDir, passphrase })
    expect(encrypted.file).toMatch(/\.tar\.gz\.age$/)
    expect(fs.readFileSync(encrypted.file).subarray(0, 21).toString()).toBe('age-encryption.org/v1')
    const target = await freshTarget('drill-encrypted')
    await restoreBackup({ file: backupFile, ...target, log })

    await expect(restoreBackup({ file: encrypted.file, ...target, log })).rejects.toThrow(
      /is not a usable backup: it is encrypted: set BACKUP_PASSPHRASE/,
    )
    await expect(
      restoreBackup({ file: encrypted.file, ...target, passphrase: 'wrong passphrase!', log }),
    ).rejects.toThrow(/is not a usable backup: it cannot be decrypted/)
    // The target is refused after the file is read, whatever the file: asked with the plain backup,
    // which spares one decryption (age's scrypt, the slow part of this test).
    await expect(restoreBackup({ file: backupFile, ...target, log })).rejects.toThrow(/is not empty .*pass --replace/)
    const replaced = await restoreBackup({ file: encrypted.file, ...target, passphrase, replace: true, log })
    const copy = await openTarget(target)
    try {
      expect(await pdfDigests(copy)).toEqual(pdfsBefore)
      const after = await contents(copy)
      expect(after.contracts).toEqual(before.contracts)
    } finally {
      await copy.close()
    }
    if (!target.databaseUrl) {
      expect(replaced.movedAside).toBeDefined()
      expect(fs.readdirSync(replaced.movedAside ?? '')).toContain('db')
    }
  }, 600_000)

  onPostgres.it(
    'moves an embedded install to PostgreSQL',
    async () => {
      const embedded = await openDatabase({ dataDir: 'memory', log })
      try {
        await embedded.migrate()
        await ensureStandardTemplates(embedded.db)
        await seedDemoContent(embedded.db)
        const moved = await createBackup({ database: embedded, dataDir: sourceDataDir, backupDir })
        expect(moved.manifest.database).toBe('pglite')
        const target = { dataDir: path.join(work, 'moved'), databaseUrl: await emptyPostgres() }
        await restoreBackup({ file: moved.file, ...target, log })
        const copy = await openTarget(target)
        try {
          const source = await contents(embedded)
          const after = await contents(copy)
          for (const table of Object.keys(source)) {
            if (table === 'pgboss.job(mail)') continue
            expect(after[table], table).toEqual(source[table])
          }
        } finally {
          await copy.close()
        }
      } finally {
        await embedded.close()
      }
    },
    600_000,
  )
})

function listed(dir: string, under = ''): string[] {
  const out: string[] = []
  for (const entry of fs.readdirSync(path.join(dir, under), { withFileTypes: true })) {
    const relative = under ? `${under}/${entry.name}` : entry.name
    if (entry.isDirectory()) out.push(...listed(dir, relative))
    else if (relative !== 'manifest.json') out.push(relative)
  }
  return out.sort()
}
