import { z } from 'zod'
import { optionalText, text } from '../../lib/forms/text'

/**
 * A town page as staff write it: the editor's form and each row of a CSV import are checked by
 * this one schema. What it cannot know (a slug taken by another town or by one of the site's own
 * pages) is checked by server/locations/admin.server.ts.
 */

/** The longest each field may be: the editor's inputs and the server's check share them. */
export const locationFieldLimits = {
  slug: 100,
  businessName: 120,
  town: 80,
  county: 80,
  phone: 30,
  streetAddress: 160,
  postalCode: 10,
  metaTitle: 160,
  metaDescription: 300,
  metaKeywords: 300,
  heroTitle: 160,
  heroDescription: 600,
  serviceAreaDescription: 1000,
} as const

/** Slugs as they appear in addresses: lowercase letters and digits joined by single hyphens. */
export const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

export const slugRuleMessage = 'Use lowercase letters, digits and single hyphens only, e.g. it-support-nyack-ny.'

export const locationStates = ['NY', 'NJ'] as const

type Limit = keyof typeof locationFieldLimits

const field = (label: string, limit: Limit, multiline = false) => ({
  label: `The ${label}`,
  max: locationFieldLimits[limit],
  multiline,
  messages: {
    tooLong: `Keep the ${label} to ${locationFieldLimits[limit].toLocaleString('en-US')} characters or fewer.`,
  },
})

const optional = (label: string, limit: Limit, multiline = false) =>
  optionalText(field(label, limit, multiline)).transform((v) => v ?? null)

/** "yes", "true", "1", "on" (a checkbox) read as published; blank, "no", "false", "0" as not. */
const published = z
  .preprocess(
    (value) => (typeof value === 'string' ? value.trim().toLowerCase() : value === undefined ? '' : value),
    z.enum(['', 'on', 'yes', 'true', '1', 'no', 'false', '0'], {
      error: 'Published must be yes or no.',
    }),
  )
  .transform((value) => ['on', 'yes', 'true', '1'].includes(value))

export const locationFormSchema = z.object({
  slug: text({ ...field('address', 'slug'), required: 'Enter the address (slug).' }).pipe(
    z.string().regex(slugPattern, slugRuleMessage),
  ),
  isPublished: published,
  town: text({ ...field('town', 'town'), required: 'Enter the town.' }),
  county: optional('county', 'county'),
  state: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim().toUpperCase() : value),
    z.enum(locationStates, { error: 'Choose NY or NJ.' }),
  ),
  businessName: optional('business name', 'businessName'),
  phone: optional('phone', 'phone').pipe(
    z
      .string()
      .regex(/^[0-9()+.\- ]{7,30}$/, 'Enter a phone number with digits, e.g. (845) 555-0142.')
      .nullable(),
  ),
  streetAddress: optional('street address', 'streetAddress'),
  postalCode: optional('ZIP code', 'postalCode').pipe(
    z
      .string()
      .regex(/^[0-9]{5}(-[0-9]{4})?$/, 'Enter a 5-digit ZIP code, e.g. 10901.')
      .nullable(),
  ),
  metaTitle: optional('search title', 'metaTitle'),
  metaDescription: optional('search description', 'metaDescription', true),
  metaKeywords: optional('keywords', 'metaKeywords'),
  heroTitle: optional('headline', 'heroTitle'),
  heroDescription: optional('introduction', 'heroDescription', true),
  serviceAreaDescription: optional('service area text', 'serviceAreaDescription', true),
})

export type LocationForm = z.output<typeof locationFormSchema>

/** The record's columns in the order of the CSV file (and the sample to download). */
export const locationCsvColumns = [
  'slug',
  'is_published',
  'town',
  'county',
  'state',
  'business_name',
  'phone',
  'street_address',
  'postal_code',
  'meta_title',
  'meta_description',
  'meta_keywords',
  'hero_title',
  'hero_description',
  'service_area_description',
] as const

/** CSV column → form field. */
export const csvColumnField: Record<(typeof locationCsvColumns)[number], keyof LocationForm> = {
  slug: 'slug',
  is_published: 'isPublished',
  town: 'town',
  county: 'county',
  state: 'state',
  business_name: 'businessName',
  phone: 'phone',
  street_address: 'streetAddress',
  postal_code: 'postalCode',
  meta_title: 'metaTitle',
  meta_description: 'metaDescription',
  meta_keywords: 'metaKeywords',
  hero_title: 'heroTitle',
  hero_description: 'heroDescription',
  service_area_description: 'serviceAreaDescription',
}
