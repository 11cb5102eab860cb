import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import * as tar from 'tar'
import { afterAll, describe, expect, it } from 'vitest'
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  describeParts,
  type Manifest,
  packBackup,
  unpackBackup,
} from './archive.server.ts'

// The file format alone (no database): format 2 is gzip-compressed, format 1 (plain tar, written until
// the compression came) is still read, with or without age; a damaged file is refused in one line.

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-archive-'))
afterAll(() => fs.rmSync(work, { recursive: true, force: true }))

const passphrase = 'correct horse battery staple'
// Repetitive like the JSON lines of a dump, so that compression shows.
const rows = Array.from({ length: 2000 }, (_, i) => `{"id":${i},"name":"Client ${i}","status":"approved"}`).join('\n')

function staging(label: string): string {
  const dir = path.join(work, label)
  fs.mkdirSync(path.join(dir, 'database', 'tables'), { recursive: true })
  fs.mkdirSync(path.join(dir, 'files', 'mail'), { recursive: true })
  fs.writeFileSync(path.join(dir, 'database', 'tables', 'clients.jsonl'), `${rows}\n`)
  fs.writeFileSync(path.join(dir, 'files', 'secrets.json'), '{"authSecret":"s"}\n')
  fs.writeFileSync(path.join(dir, 'files', 'mail', 'sent.eml'), 'Subject: kept\r\n\r\nbody\r\n')
  return dir
}

function manifestOf(dir: string, format: 1 | 2): Manifest {
  return {
    format: BACKUP_FORMAT,
    formatVersion: format,
    appVersion: '1.0.0',
    migration: { tag: '0001_start', when: 1_700_000_000_000, count: 1 },
    database: 'pglite',
    createdAt: new Date('2026-11-27T07:30:00Z').toISOString(),
    tables: [{ name: 'clients', rows: 2000 }],
    pgBossJobs: 0,
    ...(format === 2 ? { compression: 'gzip' as const } : {}),
    parts: describeParts(dir),
  }
}

async function written(label: string, format: 1 | 2, secret?: string) {
  const dir = staging(label)
  const manifest = manifestOf(dir, format)
  const file = path.join(work, `${label}.backup`)
  await packBackup(dir, manifest, file, secret)
  return { file, manifest, partsBytes: manifest.parts.reduce((sum, p) => sum + p.bytes, 0) }
}

async function read(file: string, secret?: string) {
  const into = fs.mkdtempSync(path.join(work, 'out-'))
  const manifest = await unpackBackup(file, into, secret)
  return { manifest, into }
}

describe('the backup file', () => {
  it('is gzip-compressed from format 2 on, and reads back whole', async () => {
    expect(BACKUP_FORMAT_VERSION).toBe(2)
    const { file, partsBytes } = await written('v2', 2)
    const bytes = fs.readFileSync(file)
    expect([...bytes.subarray(0, 2)]).toEqual([0x1f, 0x8b])
    expect(bytes.length).toBeLessThan(partsBytes / 5)
    const { manifest, into } = await read(file)
    expect(manifest).toMatchObject({ formatVersion: 2, compression: 'gzip' })
    expect(fs.readFileSync(path.join(into, 'database', 'tables', 'clients.jsonl'), 'utf8')).toBe(`${rows}\n`)
    expect(fs.readFileSync(path.join(into, 'files', 'mail', 'sent.eml'), 'utf8')).toContain('kept')
  })

  it('still reads format 1, the plain tar written before compression, with or without age', async () => {
    const plain = await written('v1', 1)
    expect(
      fs
        .readFileSync(plain.file)
        .subarray(0, 2)
        .equals(Buffer.from([0x1f, 0x8b])),
    ).toBe(false)
    expect(fs.statSync(plain.file).size).toBeGreaterThan(plain.partsBytes)
    const { manifest, into } = await read(plain.file)
    expect(manifest.formatVersion).toBe(1)
    expect(manifest.compression).toBeUndefined()
    expect(fs.readFileSync(path.join(into, 'database', 'tables', 'clients.jsonl'), 'utf8')).toBe(`${rows}\n`)

    // Encrypted (age's scrypt makes this the slow part; format 2 with age is in the restore drill).
    const encrypted = await written('v1-age', 1, passphrase)
    await expect(read(encrypted.file)).rejects.toThrow(/it is encrypted: set BACKUP_PASSPHRASE/)
    const opened = await read(encrypted.file, passphrase)
    expect(opened.manifest.formatVersion).toBe(1)
    expect(fs.readFileSync(path.join(opened.into, 'files', 'secrets.json'), 'utf8')).toContain('authSecret')
  }, 60_000)

  it('refuses a truncated, a flipped and a mislabelled file in one line', async () => {
    const { file } = await written('damaged', 2)
    const bytes = fs.readFileSync(file)
    const truncated = path.join(work, 'truncated.tar.gz')
    fs.writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length / 2)))
    await expect(read(truncated)).rejects.toThrow(/^truncated\.tar\.gz is not a usable backup: .*truncated/)

    const flipped = path.join(work, 'flipped.tar.gz')
    const changed = Buffer.from(bytes)
    const at = Math.floor(changed.length / 2)
    changed[at] = (changed[at] ?? 0) ^ 0xff
    fs.writeFileSync(flipped, changed)
    await expect(read(flipped)).rejects.toThrow(/^flipped\.tar\.gz is not a usable backup: /)

    // A plain tar whose manifest says gzip: repacked by hand.
    const dir = staging('mislabelled')
    const manifest = manifestOf(dir, 2)
    fs.writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(manifest))
    const mislabelled = path.join(work, 'mislabelled.tar')
    await tar.create({ file: mislabelled, cwd: dir, portable: true, noDirRecurse: true }, [
      'manifest.json',
      ...manifest.parts.map((p) => p.path),
    ])
    await expect(read(mislabelled)).rejects.toThrow(
      'mislabelled.tar is not a usable backup: its manifest says gzip compression, the file is not compressed (the file was altered)',
    )
  })
})
