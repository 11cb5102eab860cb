import { parse } from 'csv-parse/sync'
import { stringify } from 'csv-stringify/sync'
import { eq, inArray } from 'drizzle-orm'
import {
  csvColumnField,
  type LocationForm,
  locationCsvColumns,
  locationFormSchema,
  slugPattern,
} from '../../app/features/locations/schema.ts'
import { fieldErrors } from '../../app/lib/forms/result.ts'
import { type AuditActor, recordAudits } from '../audit/audit.server.ts'
import type { Db } from '../db/client.server.ts'
import { type Location, locations } from '../db/schema/index.server.ts'
import { invalidatePublicPages } from '../page-cache/invalidation.server.ts'
import { releaseAddresses } from '../redirects/redirects.server.ts'
import { editAction, slugReservedMessage } from './admin.server.ts'
import { importRowLimit } from './import-limits.server.ts'
import { isReservedSlug } from './reserved-slugs.server.ts'

/**
 * Town pages from a CSV file (/admin/locations/import): a dry run reports what each row would do
 * (create, update, unchanged, or reject with the reasons), and applying writes every accepted row
 * in one transaction, with an audit row per change, so a file is imported whole or not at all.
 * Rows are matched to existing towns by slug. A column left out of the file leaves that field of
 * an existing town as it is; a column present but empty clears it.
 */

export { IMPORT_BODY_LIMIT_BYTES, importRowLimit } from './import-limits.server.ts'

export type ImportColumn = (typeof locationCsvColumns)[number]

export type ImportRow = {
  /** Row of the file as a spreadsheet numbers it (the header is row 1). */
  line: number
  slug: string
  town: string
  action: 'create' | 'update' | 'unchanged' | 'reject'
  /** Why a row is refused, or which fields an update changes. */
  notes: string[]
}

export type ImportReport = {
  ok: boolean
  /** A problem with the file as a whole (no header, unknown columns, not CSV): nothing is imported. */
  fileError?: string
  rows: ImportRow[]
  counts: Record<ImportRow['action'], number>
  applied: boolean
}

export type ImportProgress = { phase: 'check' | 'apply'; done: number; total: number }

const fieldLabels: Record<keyof LocationForm, string> = {
  slug: 'slug',
  isPublished: 'is_published',
  town: 'town',
  county: 'county',
  state: 'state',
  businessName: 'business_name',
  phone: 'phone',
  streetAddress: 'street_address',
  postalCode: 'postal_code',
  metaTitle: 'meta_title',
  metaDescription: 'meta_description',
  metaKeywords: 'meta_keywords',
  heroTitle: 'hero_title',
  heroDescription: 'hero_description',
  serviceAreaDescription: 'service_area_description',
}

/** An existing town as the CSV would write it, for the columns a file leaves out. */
function csvValuesOf(row: Location): Record<ImportColumn, string> {
  return Object.fromEntries(
    locationCsvColumns.map((column) => {
      const value = row[csvColumnField[column]]
      return [column, typeof value === 'boolean' ? (value ? 'yes' : 'no') : (value ?? '')]
    }),
  ) as Record<ImportColumn, string>
}

const emptyCounts = (): ImportReport['counts'] => ({ create: 0, update: 0, unchanged: 0, reject: 0 })

const fileRefused = (fileError: string): ImportReport => ({
  ok: false,
  fileError,
  rows: [],
  counts: emptyCounts(),
  applied: false,
})

type Parsed = { header: string[]; records: Array<{ line: number; cells: string[] }> }

function parseCsv(csv: string): Parsed | string {
  let rows: string[][]
  try {
    rows = parse(csv.replace(/^\uFEFF/, ''), {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: false,
    }) as string[][]
  } catch (error) {
    return `The file is not valid CSV: ${(error as Error).message.split('\n')[0]}`
  }
  const [header, ...body] = rows
  if (!header) return 'The file is empty. Start from the sample file.'
  const names = header.map((name) => name.trim().toLowerCase())
  const unknown = names.filter((name) => !(locationCsvColumns as readonly string[]).includes(name))
  if (unknown.length > 0) {
    return `Unknown column${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}. The columns are: ${locationCsvColumns.join(', ')}.`
  }
  const twice = names.filter((name, i) => names.indexOf(name) !== i)
  if (twice.length > 0) return `Column ${twice[0]} appears twice.`
  if (!names.includes('slug') || !names.includes('town')) return 'The file needs at least the columns slug and town.'
  if (body.length === 0) return 'The file has a header but no towns.'
  if (body.length > importRowLimit) {
    return `The file has ${body.length.toLocaleString('en-US')} rows; import at most ${importRowLimit.toLocaleString('en-US')} at a time.`
  }
  // Numbered as a spreadsheet shows the rows (the header is row 1).
  return { header: names, records: body.map((cells, i) => ({ line: i + 2, cells })) }
}

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve))

type Planned = ImportRow & { form?: LocationForm; current?: Location }

async function plan(db: Db, parsed: Parsed, onProgress?: (p: ImportProgress) => void): Promise<Planned[]> {
  const slugColumn = parsed.header.indexOf('slug')
  const slugs = [...new Set(parsed.records.map((r) => (r.cells[slugColumn] ?? '').trim()).filter(Boolean))]
  const existing = new Map<string, Location>()
  for (let i = 0; i < slugs.length; i += 500) {
    const rows = await db
      .select()
      .from(locations)
      .where(inArray(locations.slug, slugs.slice(i, i + 500)))
    for (const row of rows) existing.set(row.slug, row)
  }
  const seen = new Map<string, number>()
  const planned: Planned[] = []
  const total = parsed.records.length
  for (const [index, record] of parsed.records.entries()) {
    if (index % 200 === 0) {
      onProgress?.({ phase: 'check', done: index, total })
      await yieldToEventLoop()
    }
    const cells = Object.fromEntries(parsed.header.map((name, i) => [name, record.cells[i] ?? ''])) as Partial<
      Record<ImportColumn, string>
    >
    const slug = (cells.slug ?? '').trim()
    const current = existing.get(slug)
    const base = { line: record.line, slug, town: (cells.town ?? '').trim() || current?.town || '' }
    const reject = (notes: string[]): Planned => ({ ...base, action: 'reject', notes })
    if (record.cells.length !== parsed.header.length) {
      planned.push(reject([`The row has ${record.cells.length} cells; the header has ${parsed.header.length}.`]))
      continue
    }
    const values = { ...(current ? csvValuesOf(current) : {}), ...cells }
    const input = Object.fromEntries(
      Object.entries(values).map(([column, value]) => [csvColumnField[column as ImportColumn], value]),
    )
    const checked = locationFormSchema.safeParse(input)
    const notes: string[] = []
    if (!checked.success) {
      for (const [field, messages] of Object.entries(fieldErrors(checked.error))) {
        notes.push(`${fieldLabels[field as keyof LocationForm] ?? field}: ${messages.join(' ')}`)
      }
    }
    if (slugPattern.test(slug) && isReservedSlug(slug)) notes.push(`slug: ${slugReservedMessage(slug)}`)
    const earlier = seen.get(slug)
    if (slug && earlier !== undefined) notes.push(`slug: ${slug} is already on line ${earlier} of this file.`)
    if (slug && earlier === undefined) seen.set(slug, record.line)
    if (notes.length > 0 || !checked.success) {
      planned.push(reject(notes))
      continue
    }
    const form = checked.data
    if (!current) {
      planned.push({ ...base, action: 'create', notes: [], form })
      continue
    }
    const changed = (Object.keys(form) as Array<keyof LocationForm>).filter((key) => form[key] !== current[key])
    planned.push({
      ...base,
      action: changed.length === 0 ? 'unchanged' : 'update',
      notes: changed.map((key) => fieldLabels[key]),
      form,
      current,
    })
  }
  onProgress?.({ phase: 'check', done: total, total })
  return planned
}

function reportOf(planned: Planned[], applied: boolean): ImportReport {
  const counts = emptyCounts()
  for (const row of planned) counts[row.action] += 1
  return {
    ok: true,
    rows: planned.map(({ form: _form, current: _current, ...row }) => row),
    counts,
    applied,
  }
}

/**
 * Rows written per statement. Between two batches the import lets the event loop run, so the
 * process keeps answering other requests (and sends the progress) during a long import.
 */
const writeBatchSize = 200

/**
 * Writes the accepted rows inside `tx`: new towns in multi-row inserts, each batch's old redirects
 * from those addresses and its audit rows in one statement each; an update is one statement per
 * town (each has its own values) with its batch's audit rows together. The same rows, audit entries
 * and redirects as the editor's insertLocation and writeLocation (an import never moves an address:
 * rows are matched by slug).
 */
async function writePlanned(
  tx: Db,
  actor: AuditActor,
  writes: Planned[],
  now: Date,
  onProgress?: (p: ImportProgress) => void,
): Promise<void> {
  const total = writes.length
  let done = 0
  const step = async (count: number) => {
    done += count
    onProgress?.({ phase: 'apply', done, total })
    await yieldToEventLoop()
  }
  const creates = writes.flatMap((row) => (row.form && !row.current ? [row.form] : []))
  for (let i = 0; i < creates.length; i += writeBatchSize) {
    const batch = creates.slice(i, i + writeBatchSize)
    const rows = await tx
      .insert(locations)
      .values(batch.map((form) => ({ ...form, createdAt: now, updatedAt: now })))
      .returning()
    // The addresses have pages now: an old redirect away from one would never be reached.
    await releaseAddresses(
      tx,
      rows.map((row) => `/${row.slug}`),
    )
    await recordAudits(
      tx,
      actor,
      rows.map((row) => ({
        action: 'location.create',
        subjectId: row.id,
        details: { slug: row.slug, town: row.town, published: row.isPublished, via: 'import' },
      })),
    )
    await step(batch.length)
  }
  const updates = writes.flatMap((row) => (row.form && row.current ? [{ form: row.form, current: row.current }] : []))
  for (let i = 0; i < updates.length; i += writeBatchSize) {
    const batch = updates.slice(i, i + writeBatchSize)
    for (const { form, current } of batch) {
      await tx
        .update(locations)
        .set({ ...form, updatedAt: now })
        .where(eq(locations.id, current.id))
    }
    await recordAudits(
      tx,
      actor,
      batch.map(({ form, current }) => ({
        action: editAction(current.isPublished, form.isPublished),
        subjectId: current.id,
        details: {
          slug: form.slug,
          town: form.town,
          published: form.isPublished,
          changed: (Object.keys(form) as Array<keyof LocationForm>).filter((key) => form[key] !== current[key]),
          via: 'import',
        },
      })),
    )
    await step(batch.length)
  }
}

/** What importing `csv` would do, row by row; writes nothing. */
export async function dryRunImport(
  db: Db,
  csv: string,
  onProgress?: (p: ImportProgress) => void,
): Promise<ImportReport> {
  const parsed = parseCsv(csv)
  if (typeof parsed === 'string') return fileRefused(parsed)
  return reportOf(await plan(db, parsed, onProgress), false)
}

/**
 * Checks `csv` again (the database may have changed since the dry run) and writes every created
 * and updated town in one transaction; rejected rows are left out and reported. A failure writes
 * nothing.
 */
export async function applyImport(
  db: Db,
  actor: AuditActor,
  csv: string,
  onProgress?: (p: ImportProgress) => void,
  now = new Date(),
): Promise<ImportReport> {
  const parsed = parseCsv(csv)
  if (typeof parsed === 'string') return fileRefused(parsed)
  const planned = await plan(db, parsed, onProgress)
  const writes = planned.filter((row) => row.action === 'create' || row.action === 'update')
  if (writes.length > 0) {
    await db.transaction(async (tx) => {
      await writePlanned(tx, actor, writes, now, onProgress)
      await invalidatePublicPages(tx, 'locations')
    })
  }
  onProgress?.({ phase: 'apply', done: writes.length, total: writes.length })
  return reportOf(planned, true)
}

/** The sample file offered for download: the columns, one complete row and one with fallbacks. */
export function sampleCsv(): string {
  const rows = [
    locationCsvColumns as readonly string[],
    [
      'it-support-pearl-river-ny',
      'no',
      'Pearl River',
      'Rockland County',
      'NY',
      '',
      '(845) 555-0142',
      '',
      '10965',
      'IT Support & Managed IT Services in Pearl River, NY',
      'Managed IT and cybersecurity for Pearl River offices and homes. Book a free consultation.',
      'IT support Pearl River NY, managed IT Rockland County',
      'IT Support in Pearl River, NY',
      'Offices and homes in Pearl River: help desk, security, Wi-Fi and cloud.',
      'We serve Pearl River, Orangeburg and Blauvelt, on site or remotely.',
    ],
    ['it-support-hillsdale-nj', 'no', 'Hillsdale', 'Bergen County', 'NJ', '', '', '', '', '', '', '', '', '', ''],
  ]
  return stringify(rows, { record_delimiter: 'windows' })
}

export type ImportRequest = { mode: 'check' | 'apply'; csv: string }

/**
 * The import form as sent: `mode` (check or apply) and the file (`file`), or the CSV text itself
 * (`csv`: the apply step sends back the text it checked). A string is the reason it cannot be used.
 */
export async function readImportForm(form: FormData): Promise<ImportRequest | string> {
  const mode = form.get('mode')
  if (mode !== 'check' && mode !== 'apply') return 'Unknown request. Reload the page and try again.'
  const file = form.get('file')
  if (file instanceof File && file.size > 0) {
    if (!/\.csv$/i.test(file.name) && !/csv|text\/plain/.test(file.type)) return 'Choose a .csv file.'
    return { mode, csv: await file.text() }
  }
  const csv = form.get('csv')
  if (typeof csv === 'string' && csv.trim() !== '') return { mode, csv }
  return 'Choose a CSV file to import.'
}
