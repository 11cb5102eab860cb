import { sql } from 'drizzle-orm'
import { boolean, check, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'

/** Town landing pages, served at /{slug} when published; written by admins at /admin/locations. */
export const locations = pgTable(
  'locations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull().unique(),
    isPublished: boolean('is_published').notNull().default(false),
    businessName: text('business_name'),
    town: text('town').notNull(),
    county: text('county'),
    state: text('state').notNull().default('NY'),
    phone: text('phone'),
    streetAddress: text('street_address'),
    postalCode: text('postal_code'),
    metaTitle: text('meta_title'),
    metaDescription: text('meta_description'),
    metaKeywords: text('meta_keywords'),
    heroTitle: text('hero_title'),
    heroDescription: text('hero_description'),
    serviceAreaDescription: text('service_area_description'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Every stored slug is a valid address (the blog's rule); the editor and the import say why first.
    check('locations_slug_check', sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    check('locations_state_check', sql`${t.state} in ('NY', 'NJ')`),
  ],
)

export type Location = typeof locations.$inferSelect
export type NewLocation = typeof locations.$inferInsert
