// Backup and restore with the billing benchmark's data set (issue 28): `--documents` billing documents
// (10,000 in the full run) with their lines and a hundred clients, on PGlite or on the PostgreSQL of
// TEST_DATABASE_URL (`npm run bench` runs both; this file runs one):
//
//   node scripts/bench/backup.ts --out result.json [--documents 10000]
//   node scripts/with-postgres.mjs node scripts/bench/backup.ts --out result.json
//
// 1. Migrates an empty database and seeds the documents straight into it.
// 2. Backs it up as `npm run backup` does (server/backups: JSON lines, tar, gzip): time, file size,
//    and this process's peak RSS while it runs (sampled every 20 ms; on PGlite the database runs in
//    this process, on PostgreSQL in the server's own processes, not counted).
// 3. Restores the file into an empty target as `npm run restore` does: time, rows, peak RSS.
// 4. A reference in the same run: on PGlite `tar czf` of the database folder (stopped) and `tar xzf`
//    of it; on PostgreSQL `pg_dump -Fc` and `pg_restore` into an empty database.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import pg from 'pg'
import { documentTotals } from '../../app/features/billing/money.ts'
import type { StoredStatus } from '../../app/features/billing/states.ts'
import { createBackup } from '../../server/backups/backup.server.ts'
import { restoreBackup } from '../../server/backups/restore.server.ts'
import { type Database, openDatabase } from '../../server/db/client.server.ts'
import { billingDocumentLines, billingDocuments } from '../../server/db/schema/index.server.ts'
import { createLogger } from '../../server/log.server.ts'
import { benchAdmin, benchIssuer, seedAccounts, seedStart } from './seeded-server.ts'

export type BackupBenchResult = {
  backend: 'pglite' | 'postgres'
  documents: number
  /** Rows in the backup, every table. */
  rows: number
  backup: { ms: number; bytes: number; partsBytes: number; peakRssMiB: number }
  restore: { ms: number; rows: number; peakRssMiB: number }
  reference: { label: string; backupMs: number; bytes: number; restoreMs: number } | { error: string }
}

const { values: args } = parseArgs({
  options: { out: { type: 'string' }, documents: { type: 'string', default: '10000' } },
})
const documentCount = Math.max(100, Number(args.documents) || 10_000)
const clusterUrl = process.env.TEST_DATABASE_URL
const backend = clusterUrl ? 'postgres' : 'pglite'
const log = createLogger('warn')
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'ramapo-bench-backup-'))
const mib = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10

/** Runs `task`, sampling this process's RSS every 20 ms: its time and the highest RSS seen. */
async function measured<T>(task: () => Promise<T>): Promise<{ value: T; ms: number; peakRssMiB: number }> {
  let peak = process.memoryUsage.rss()
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss())
  }, 20)
  const started = performance.now()
  try {
    const value = await task()
    peak = Math.max(peak, process.memoryUsage.rss())
    return { value, ms: Math.round(performance.now() - started), peakRssMiB: mib(peak) }
  } finally {
    clearInterval(sampler)
  }
}

/** A new empty database on the cluster of TEST_DATABASE_URL. */
async function emptyPostgres(name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: clusterUrl })
  await admin.connect()
  try {
    await admin.query(`drop database if exists "${name}" with (force)`)
    await admin.query(`create database "${name}"`)
  } finally {
    await admin.end()
  }
  const url = new URL(clusterUrl ?? '')
  url.pathname = `/${name}`
  return url.toString()
}

function timed(command: string, argv: string[]): number {
  const started = performance.now()
  const run = spawnSync(command, argv, { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' })
  if (run.status !== 0) throw new Error(`${command} failed (${run.status}): ${(run.stderr ?? '').trim().slice(0, 300)}`)
  return Math.round(performance.now() - started)
}

/** The billing benchmark's documents: four kinds, two lines each, spread over a hundred clients. */
async function seed(database: Database) {
  const clients = await seedAccounts(database, 100, { prefix: 'backup-client', name: 'Client' })
  const issuer = benchIssuer
  const counters = { estimate: 0, invoice: 0, receipt: 0 }
  const series = { estimate: 'EST', invoice: 'INV', receipt: 'RCT' } as const
  for (let at = 0; at < documentCount; at += 500) {
    const batch = Array.from({ length: Math.min(500, documentCount - at) }, (_, j) => {
      const i = at + j
      const kind = (['invoice', 'invoice', 'estimate', 'receipt'] as const)[i % 4] ?? 'invoice'
      counters[kind] += 1
      const lines = [
        { quantityMilli: 8000, unitPriceCents: 10_000, taxable: false },
        { quantityMilli: 1000, unitPriceCents: 64_999 + (i % 100), taxable: true },
      ]
      const totals = documentTotals(lines, 8375)
      const status: StoredStatus = kind === 'invoice' ? 'sent' : kind === 'estimate' ? 'sent' : 'issued'
      const day = (offset: number) => new Date(seedStart + ((i % 300) + offset) * 86_400_000).toISOString().slice(0, 10)
      return {
        document: {
          kind,
          status,
          clientId: clients[i % clients.length]?.id ?? '',
          number: `${series[kind]}-2026-${String(counters[kind]).padStart(5, '0')}`,
          issuedOn: day(0),
          dueOn: kind === 'invoice' ? day(30) : null,
          expiresOn: kind === 'estimate' ? day(30) : null,
          taxRateMilliPercent: 8375,
          subtotalCents: totals.subtotalCents,
          taxableCents: totals.taxableCents,
          taxCents: totals.taxCents,
          totalCents: totals.totalCents,
          amountPaidCents: kind === 'receipt' ? totals.totalCents : 0,
          issuer,
          billTo: { name: `Client ${i % 100}`, companyName: null, email: 'client@example.com', phone: null },
          sentAt: new Date(seedStart + (i % 300) * 86_400_000),
          sentByEmail: benchAdmin.email,
          createdByEmail: benchAdmin.email,
        },
        lines: lines.map((line, position) => ({
          ...line,
          position,
          description: `Line ${position + 1}`,
          amountCents: totals.lineAmounts[position] ?? 0,
        })),
      }
    })
    const inserted = await database.db
      .insert(billingDocuments)
      .values(batch.map((row) => row.document))
      .returning({ id: billingDocuments.id })
    await database.db
      .insert(billingDocumentLines)
      .values(batch.flatMap((row, j) => row.lines.map((line) => ({ ...line, documentId: inserted[j]?.id ?? '' }))))
  }
}

async function main(): Promise<BackupBenchResult> {
  const sourceDir = path.join(work, 'source')
  const targetDir = path.join(work, 'target')
  const backupDir = path.join(work, 'backups')
  const sourceUrl = clusterUrl ? await emptyPostgres('bench_backup_source') : undefined
  const targetUrl = clusterUrl ? await emptyPostgres('bench_backup_target') : undefined
  fs.mkdirSync(sourceDir)
  const database = await openDatabase({ dataDir: sourceDir, databaseUrl: sourceUrl, log })
  let backup: Awaited<ReturnType<typeof createBackup>>
  let backupRun: { ms: number; peakRssMiB: number }
  try {
    await database.migrate()
    await seed(database)
    const run = await measured(() => createBackup({ database, dataDir: sourceDir, backupDir }))
    backup = run.value
    backupRun = run
  } finally {
    await database.close()
  }
  const restoreRun = await measured(() =>
    restoreBackup({ file: backup.file, dataDir: targetDir, databaseUrl: targetUrl, log }),
  )

  let reference: BackupBenchResult['reference']
  try {
    const referenceFile = path.join(work, backend === 'pglite' ? 'reference.tar.gz' : 'reference.dump')
    if (backend === 'pglite') {
      const backupMs = timed('tar', ['czf', referenceFile, '-C', sourceDir, 'db'])
      const unpacked = path.join(work, 'reference-unpacked')
      fs.mkdirSync(unpacked)
      const restoreMs = timed('tar', ['xzf', referenceFile, '-C', unpacked])
      reference = {
        label: '`tar czf` / `tar xzf` of the stopped PGlite folder',
        backupMs,
        bytes: fs.statSync(referenceFile).size,
        restoreMs,
      }
    } else {
      const bin = process.env.TEST_PG_BIN ? `${process.env.TEST_PG_BIN}/` : ''
      const backupMs = timed(`${bin}pg_dump`, ['-Fc', '-f', referenceFile, sourceUrl ?? ''])
      const into = await emptyPostgres('bench_backup_reference')
      const restoreMs = timed(`${bin}pg_restore`, ['--no-owner', '-d', into, referenceFile])
      reference = { label: '`pg_dump -Fc` / `pg_restore`', backupMs, bytes: fs.statSync(referenceFile).size, restoreMs }
    }
  } catch (error) {
    reference = { error: (error as Error).message }
  }
  const rows = backup.manifest.tables.reduce((sum, t) => sum + t.rows, 0)
  return {
    backend,
    documents: documentCount,
    rows,
    backup: {
      ms: backupRun.ms,
      bytes: backup.bytes,
      partsBytes: backup.manifest.parts.reduce((sum, p) => sum + p.bytes, 0),
      peakRssMiB: backupRun.peakRssMiB,
    },
    restore: { ms: restoreRun.ms, rows: restoreRun.value.rows, peakRssMiB: restoreRun.peakRssMiB },
    reference,
  }
}

try {
  const result = await main()
  console.log(
    `backup of ${result.documents} documents on ${result.backend}: ${result.backup.ms} ms, ${mib(result.backup.bytes)} MiB (parts ${mib(result.backup.partsBytes)} MiB), peak RSS ${result.backup.peakRssMiB} MiB; restore ${result.restore.ms} ms (${result.restore.rows} rows), peak RSS ${result.restore.peakRssMiB} MiB`,
  )
  if (args.out) fs.writeFileSync(args.out, JSON.stringify(result, null, 2))
} finally {
  fs.rmSync(work, { recursive: true, force: true })
}
process.exit(0)
