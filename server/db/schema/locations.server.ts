import { boolean, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'

/** Published town landing pages, served at /{slug}. */
export const locations = pgTable('locations', {
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
})

export type Location = typeof locations.$inferSelect
export type NewLocation = typeof locations.$inferInsert
