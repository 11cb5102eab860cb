import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { Readable, type Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import zlib from 'node:zlib'
import { z } from 'zod'
import { DomainError } from '../../app/lib/domain-error.ts'

/**
 * The backup file (docs/backups.md, ADR 029): one tar archive, `manifest.json` first, then the
 * database dump (`database/…`) and the files of DATA_DIR (`files/…`), compressed with gzip (format
 * version 2, `.tar.gz`); with BACKUP_PASSPHRASE the compressed tar is encrypted with age (passphrase,
 * scrypt) and the name ends in `.tar.gz.age`. The manifest lists every part with its size and
 * SHA-256: a file is restored only when every part is there and matches. Version 1 files (plain tar,
 * `.tar` / `.tar.age`, written until the compression came) are still read: gzip's magic bytes tell
 * the two apart, after decryption.
 */
export const BACKUP_FORMAT = 'ramapo-backup'
export const BACKUP_FORMAT_VERSION = 2

/** How the tar inside a backup file is compressed: `none` for format 1, `gzip` from format 2 on. */
export const BACKUP_COMPRESSIONS = ['none', 'gzip'] as const
export type BackupCompression = (typeof BACKUP_COMPRESSIONS)[number]
const GZIP_MAGIC = Buffer.from([0x1f, 0x8b])

const levelSchema = z.object({
  tag: z.string().min(1),
  when: z.number().int().positive(),
  count: z.number().int().min(1),
})

export const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.number().int().positive(),
  appVersion: z.string().min(1),
  migration: levelSchema,
  database: z.enum(['pglite', 'postgres']),
  createdAt: z.iso.datetime(),
  tables: z.array(z.object({ name: z.string().min(1), rows: z.number().int().min(0) })),
  pgBossJobs: z.number().int().min(0),
  /** Absent in format 1 files, which are plain tar. */
  compression: z.enum(BACKUP_COMPRESSIONS).optional(),
  parts: z.array(
    z.object({
      path: z
        .string()
        .regex(/^(database|files)\/[^\0]+$/)
        .refine((p) => !p.split('/').includes('..')),
      bytes: z.number().int().min(0),
      sha256: z.string().regex(/^[0-9a-f]{64}$/),
    }),
  ),
})

export type Manifest = z.infer<typeof manifestSchema>

const AGE_HEADER = 'age-encryption.org/v1\n'

export function sha256File(file: string): string {
  const hash = createHash('sha256')
  const fd = fs.openSync(file, 'r')
  const buffer = Buffer.allocUnsafe(1024 * 1024)
  try {
    for (;;) {
      const read = fs.readSync(fd, buffer, 0, buffer.length, null)
      if (read === 0) break
      hash.update(buffer.subarray(0, read))
    }
  } finally {
    fs.closeSync(fd)
  }
  return hash.digest('hex')
}

/** Every file under `dir`, as paths relative to it with forward slashes, sorted. */
export function listFiles(dir: string, under = ''): string[] {
  const found: string[] = []
  const here = path.join(dir, under)
  if (!fs.existsSync(here)) return found
  for (const entry of fs.readdirSync(here, { withFileTypes: true })) {
    const relative = under ? `${under}/${entry.name}` : entry.name
    if (entry.isDirectory()) found.push(...listFiles(dir, relative))
    else if (entry.isFile()) found.push(relative)
  }
  return found.sort()
}

/** The parts of a staging folder (everything under database/ and files/) with their checksums. */
export function describeParts(staging: string): Manifest['parts'] {
  return [...listFiles(staging, 'database'), ...listFiles(staging, 'files')].map((relative) => {
    const file = path.join(staging, relative)
    return { path: relative, bytes: fs.statSync(file).size, sha256: sha256File(file) }
  })
}

/**
 * tar and age with its cryptography (~350 KB of code): loaded when a backup is written or read, not
 * at every boot (docs/perf/boot.md).
 */
const loadTar = () => import('tar')
const loadAge = () => import('age-encryption')

/**
 * Packs a staging folder (manifest.json, database/, files/) into `file`: tar, gzip (Node's zlib),
 * then age when a passphrase is given. Written beside and renamed: a backup cut off half-way never
 * has the final name.
 */
export async function packBackup(staging: string, manifest: Manifest, file: string, passphrase?: string) {
  fs.writeFileSync(path.join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`)
  const partial = `${file}.partial`
  const entries = ['manifest.json', ...manifest.parts.map((p) => p.path)]
  const tar = await loadTar()
  try {
    const tarred = tar.create({ cwd: staging, portable: true, noDirRecurse: true }, entries) as unknown as Readable
    // tar's stream is a Minipass, not a stream.Readable: wrapped through its async iterator.
    let packed: Readable = Readable.from(tarred)
    if (manifest.compression === 'gzip') {
      const gzip = zlib.createGzip({ level: 6 })
      pipeline(packed, gzip).catch((error: Error) => gzip.destroy(error))
      packed = gzip
    }
    if (passphrase) {
      const { Encrypter } = await loadAge()
      const encrypter = new Encrypter()
      encrypter.setPassphrase(passphrase)
      const encrypted = await encrypter.encrypt(Readable.toWeb(packed) as ReadableStream<Uint8Array>)
      await pipeline(
        Readable.fromWeb(encrypted as import('node:stream/web').ReadableStream),
        fs.createWriteStream(partial, { mode: 0o600 }),
      )
    } else {
      await pipeline(packed, fs.createWriteStream(partial, { mode: 0o600 }))
    }
    fs.renameSync(partial, file)
  } catch (error) {
    fs.rmSync(partial, { force: true })
    throw error
  }
}

const unreadable = (file: string, reason: string) =>
  new DomainError('invalid', `${path.basename(file)} is not a usable backup: ${reason}`)

/**
 * Unpacks and checks a backup file into `into` (an empty folder): decrypted when it is an age file,
 * then the manifest (format, version) and every part (present, size, SHA-256), no file besides
 * them. Throws a DomainError whose message is one line saying what is wrong; nothing outside `into`
 * is touched.
 */
export async function unpackBackup(file: string, into: string, passphrase?: string): Promise<Manifest> {
  if (!fs.existsSync(file) || !fs.statSync(file).isFile()) throw unreadable(file, 'no such file')
  const head = Buffer.alloc(AGE_HEADER.length)
  const fd = fs.openSync(file, 'r')
  const headBytes = fs.readSync(fd, head, 0, head.length, 0)
  fs.closeSync(fd)
  const encrypted = headBytes === head.length && head.toString('latin1') === AGE_HEADER
  let source: Readable = fs.createReadStream(file)
  if (encrypted) {
    if (!passphrase) throw unreadable(file, 'it is encrypted: set BACKUP_PASSPHRASE to the passphrase it was made with')
    const { Decrypter } = await loadAge()
    const decrypter = new Decrypter()
    decrypter.addPassphrase(passphrase)
    try {
      const plain = await decrypter.decrypt(Readable.toWeb(source) as ReadableStream<Uint8Array>)
      source = Readable.fromWeb(plain as import('node:stream/web').ReadableStream)
    } catch (error) {
      throw unreadable(file, `it cannot be decrypted (${oneLine(error)}): wrong passphrase or a damaged file`)
    }
  }
  fs.mkdirSync(into, { recursive: true })
  const tar = await loadTar()
  let compression = 'none' as BackupCompression
  try {
    await pipeline(
      source,
      async function* gunzipWhenCompressed(chunks: AsyncIterable<Buffer>) {
        const iterator = chunks[Symbol.asyncIterator]()
        let head = Buffer.alloc(0)
        while (head.length < GZIP_MAGIC.length) {
          const next = await iterator.next()
          if (next.done) break
          head = Buffer.concat([head, Buffer.from(next.value)])
        }
        const rest = (async function* () {
          yield head
          for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value
        })()
        if (!head.subarray(0, GZIP_MAGIC.length).equals(GZIP_MAGIC)) {
          yield* rest
          return
        }
        compression = 'gzip'
        const gunzip = zlib.createGunzip()
        pipeline(Readable.from(rest), gunzip).catch((error: Error) => gunzip.destroy(error))
        yield* gunzip
      },
      tar.extract({
        cwd: into,
        strict: true,
        // Plain files and folders only, never outside `into`, no owners or modes from the archive.
        filter: (_path, entry) => 'type' in entry && (entry.type === 'File' || entry.type === 'Directory'),
        preserveOwner: false,
      }) as unknown as Writable,
    )
  } catch (error) {
    throw unreadable(
      file,
      encrypted
        ? `it cannot be decrypted or unpacked (${oneLine(error)}): wrong passphrase, or the file is truncated or altered`
        : `it is not a complete tar archive (${oneLine(error)}): the file is truncated or altered`,
    )
  }
  const manifestFile = path.join(into, 'manifest.json')
  if (!fs.existsSync(manifestFile))
    throw unreadable(file, 'it has no manifest.json (not a backup of this site, or truncated)')
  let raw: unknown
  try {
    raw = JSON.parse(fs.readFileSync(manifestFile, 'utf8'))
  } catch {
    throw unreadable(file, 'its manifest.json is not valid JSON')
  }
  const format = (raw as { format?: unknown; formatVersion?: unknown }) ?? {}
  if (format.format !== BACKUP_FORMAT) throw unreadable(file, `its manifest is not of a ${BACKUP_FORMAT} file`)
  if (typeof format.formatVersion === 'number' && format.formatVersion > BACKUP_FORMAT_VERSION) {
    throw unreadable(
      file,
      `it is of format version ${format.formatVersion}, newer than this release reads (${BACKUP_FORMAT_VERSION}): restore it with the release that made it`,
    )
  }
  const parsed = manifestSchema.safeParse(raw)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw unreadable(file, `its manifest is malformed (${issue?.path.join('.')}: ${issue?.message})`)
  }
  const manifest = parsed.data
  if ((manifest.compression ?? 'none') !== compression)
    throw unreadable(
      file,
      `its manifest says ${manifest.compression ?? 'none'} compression, the file is ${compression === 'gzip' ? 'gzip-compressed' : 'not compressed'} (the file was altered)`,
    )
  const listed = new Set(manifest.parts.map((p) => p.path))
  for (const part of manifest.parts) {
    const partFile = path.join(into, part.path)
    if (!fs.existsSync(partFile)) throw unreadable(file, `${part.path} is missing (the file is truncated)`)
    const size = fs.statSync(partFile).size
    if (size !== part.bytes)
      throw unreadable(file, `${part.path} has ${size} bytes, the manifest says ${part.bytes} (truncated or altered)`)
    if (sha256File(partFile) !== part.sha256)
      throw unreadable(file, `${part.path} does not match its checksum (the file was altered)`)
  }
  for (const extra of [...listFiles(into, 'database'), ...listFiles(into, 'files')]) {
    if (!listed.has(extra)) throw unreadable(file, `${extra} is not in the manifest (the file was altered)`)
  }
  return manifest
}

function oneLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error)
  return message.replace(/\s+/g, ' ').trim().slice(0, 160)
}
