import { and, asc, eq } from 'drizzle-orm'
import type { Db } from '../db/client.server.ts'
import { type Location, locations } from '../db/schema/index.server.ts'

/** Town slugs as they appear in addresses: lowercase words joined by hyphens. */
export const locationSlugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

/** The published location at /{slug}, or null (unknown, unpublished or not a valid slug). */
export async function findPublishedLocation(db: Db, slug: string): Promise<Location | null> {
  if (slug.length > 100 || !locationSlugPattern.test(slug)) return null
  const [row] = await db
    .select()
    .from(locations)
    .where(and(eq(locations.slug, slug), eq(locations.isPublished, true)))
    .limit(1)
  return row ?? null
}

/** Every published location's address and last change, for the sitemap. */
export async function publishedLocationPaths(db: Db): Promise<Array<{ path: string; updatedAt: Date }>> {
  const rows = await db
    .select({ slug: locations.slug, updatedAt: locations.updatedAt })
    .from(locations)
    .where(eq(locations.isPublished, true))
    .orderBy(asc(locations.slug))
  return rows.map((row) => ({ path: `/${row.slug}`, updatedAt: row.updatedAt }))
}
