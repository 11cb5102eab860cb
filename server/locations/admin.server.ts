import { and, asc, eq, ilike, or, sql } from 'drizzle-orm'
import type { LocationForm } from '../../app/features/locations/schema.ts'
import { DomainError } from '../../app/lib/domain-error.ts'
import { isUuid } from '../../app/lib/uuid.ts'
import { type AuditActor, recordAudit } from '../audit/audit.server.ts'
import type { Db } from '../db/client.server.ts'
import { type Location, locations } from '../db/schema/index.server.ts'
import { invalidatePublicPages } from '../page-cache/invalidation.server.ts'
import { dropRedirectsTo, moveAddress, releaseAddress } from '../redirects/redirects.server.ts'
import { isReservedSlug } from './reserved-slugs.server.ts'

/**
 * Town pages as admins edit them on /admin/locations. Every change writes one audit row and tells
 * every process to drop its cached town pages, in the transaction that makes it; a changed slug
 * leaves a 301 from the old address (server/redirects).
 */

export const slugReservedMessage = (slug: string) =>
  `/${slug} is one of the site's own pages. Choose another address, e.g. it-support-${slug}.`
export const slugTakenMessage = 'Another town page already uses this address.'

const slugRefused = (why: string) => new DomainError('conflict', 'Choose another address.', { fields: { slug: [why] } })

export type LocationFilter = { search?: string; published?: 'yes' | 'no' }

export type AdminLocationRow = Pick<Location, 'id' | 'slug' | 'town' | 'county' | 'state' | 'isPublished' | 'updatedAt'>

/** Town pages for the admin list, by town; `search` matches town, county or slug. */
export async function listLocations(db: Db, filter: LocationFilter = {}): Promise<AdminLocationRow[]> {
  const conditions = []
  const search = filter.search?.trim()
  if (search) {
    const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    conditions.push(
      or(ilike(locations.town, pattern), ilike(locations.county, pattern), ilike(locations.slug, pattern)),
    )
  }
  if (filter.published) conditions.push(eq(locations.isPublished, filter.published === 'yes'))
  return db
    .select({
      id: locations.id,
      slug: locations.slug,
      town: locations.town,
      county: locations.county,
      state: locations.state,
      isPublished: locations.isPublished,
      updatedAt: locations.updatedAt,
    })
    .from(locations)
    .where(and(...conditions))
    .orderBy(asc(locations.town), asc(locations.slug))
}

export async function findLocationById(db: Db, id: string): Promise<Location | null> {
  if (!isUuid(id)) return null
  const [row] = await db.select().from(locations).where(eq(locations.id, id)).limit(1)
  return row ?? null
}

export async function findLocationBySlug(db: Db, slug: string): Promise<Location | null> {
  const [row] = await db.select().from(locations).where(eq(locations.slug, slug)).limit(1)
  return row ?? null
}

/** The slug rules the schema cannot check: not one of the site's pages, not another town's. */
export async function checkSlug(db: Db, slug: string, exceptId?: string): Promise<void> {
  if (isReservedSlug(slug)) throw slugRefused(slugReservedMessage(slug))
  const other = await findLocationBySlug(db, slug)
  if (other && other.id !== exceptId) throw slugRefused(slugTakenMessage)
}

const isUniqueViolation = (error: unknown): boolean => {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true
  }
  return false
}

/** A slug another town took between the check and the write (unique index) reads as the same field error. */
async function guardSlug<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (error) {
    if (isUniqueViolation(error)) throw slugRefused(slugTakenMessage)
    throw error
  }
}

const columnsOf = (form: LocationForm) => ({ ...form })

const sameValue = (a: unknown, b: unknown) =>
  a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : a === b

/** The audit action of an edit: a change of visibility is named as such. */
export const editAction = (before: boolean, after: boolean) =>
  before === after ? 'location.update' : after ? 'location.publish' : 'location.unpublish'

/** Inserts a town page inside `tx` (the editor, and each new row of an import). */
export async function insertLocation(
  tx: Db,
  actor: AuditActor,
  form: LocationForm,
  now: Date,
  via: 'editor' | 'import' = 'editor',
): Promise<Location> {
  const [row] = await tx
    .insert(locations)
    .values({ ...columnsOf(form), createdAt: now, updatedAt: now })
    .returning()
  if (!row) throw new Error('insert returned no row')
  // The address has a page now: an old redirect away from it would never be reached.
  await releaseAddress(tx, `/${row.slug}`)
  await recordAudit(tx, actor, {
    action: 'location.create',
    subjectId: row.id,
    details: { slug: row.slug, town: row.town, published: row.isPublished, via },
  })
  return row
}

/** Writes `form` over `current` inside `tx`; a new slug leaves a redirect from the old address. */
export async function writeLocation(
  tx: Db,
  actor: AuditActor,
  current: Location,
  form: LocationForm,
  now: Date,
  via: 'editor' | 'import' = 'editor',
  loadedUpdatedAt?: Date,
): Promise<Location> {
  const values = { ...columnsOf(form), updatedAt: now }
  const [row] = await tx
    .update(locations)
    .set(values)
    .where(
      loadedUpdatedAt
        ? and(
            eq(locations.id, current.id),
            sql`date_trunc('milliseconds', ${locations.updatedAt}) = ${loadedUpdatedAt.toISOString()}::timestamptz`,
          )
        : eq(locations.id, current.id),
    )
    .returning()
  if (!row) {
    throw new DomainError(
      'conflict',
      'Someone saved this town page after you opened it. Nothing was saved; your text is still in the form.',
    )
  }
  if (current.slug !== row.slug) await moveAddress(tx, `/${current.slug}`, `/${row.slug}`)
  const changed = (Object.keys(values) as Array<keyof typeof values>).filter(
    (key) => key !== 'updatedAt' && !sameValue(current[key], row[key]),
  )
  await recordAudit(tx, actor, {
    action: editAction(current.isPublished, row.isPublished),
    subjectId: row.id,
    details: {
      slug: row.slug,
      town: row.town,
      published: row.isPublished,
      changed,
      via,
      ...(current.slug !== row.slug ? { previousSlug: current.slug } : {}),
    },
  })
  return row
}

export async function createLocation(db: Db, actor: AuditActor, form: LocationForm, now = new Date()) {
  await checkSlug(db, form.slug)
  return guardSlug(() =>
    db.transaction(async (tx) => {
      const row = await insertLocation(tx, actor, form, now)
      await invalidatePublicPages(tx, 'locations')
      return row
    }),
  )
}

/** Saves an edit made on the version last changed at `loadedUpdatedAt` (no one's edit is overwritten unseen). */
export async function updateLocation(
  db: Db,
  actor: AuditActor,
  id: string,
  loadedUpdatedAt: Date,
  form: LocationForm,
  now = new Date(),
): Promise<Location> {
  const current = await findLocationById(db, id)
  if (!current) throw new DomainError('not_found', 'This town page no longer exists. It may have been deleted.')
  await checkSlug(db, form.slug, id)
  return guardSlug(() =>
    db.transaction(async (tx) => {
      const row = await writeLocation(tx, actor, current, form, now, 'editor', loadedUpdatedAt)
      await invalidatePublicPages(tx, 'locations')
      return row
    }),
  )
}

/** Publish or unpublish from the list, without the whole form. */
export async function setPublished(db: Db, actor: AuditActor, id: string, publish: boolean, now = new Date()) {
  const current = await findLocationById(db, id)
  if (!current) return null
  if (current.isPublished === publish) return current
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(locations)
      .set({ isPublished: publish, updatedAt: now })
      .where(eq(locations.id, id))
      .returning()
    if (!row) return null
    await recordAudit(tx, actor, {
      action: publish ? 'location.publish' : 'location.unpublish',
      subjectId: row.id,
      details: { slug: row.slug, town: row.town, published: publish, changed: ['isPublished'], via: 'editor' },
    })
    await invalidatePublicPages(tx, 'locations')
    return row
  })
}

/** Deletes a town page and the old addresses that led to it; null when there was none. */
export async function deleteLocation(db: Db, actor: AuditActor, id: string): Promise<Location | null> {
  if (!isUuid(id)) return null
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(locations).where(eq(locations.id, id)).returning()
    if (!row) return null
    await dropRedirectsTo(tx, [`/${row.slug}`])
    await recordAudit(tx, actor, {
      action: 'location.delete',
      subjectId: row.id,
      details: { slug: row.slug, town: row.town },
    })
    await invalidatePublicPages(tx, 'locations')
    return row
  })
}
