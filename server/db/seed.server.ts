import { demoBlogPosts } from '../blog/demo-posts.server.ts'
import type { Db } from './client.server.ts'
import { blogPosts, locations, type NewLocation } from './schema/index.server.ts'

/** Demo content so a fresh install has something to show. Idempotent: existing rows are kept. */
export const demoLocations: NewLocation[] = [
  {
    slug: 'it-support-suffern-ny',
    isPublished: true,
    town: 'Suffern',
    county: 'Rockland County',
    state: 'NY',
    postalCode: '10901',
    heroTitle: 'IT Support in Suffern, NY',
    heroDescription: 'Managed IT, cybersecurity and on-site help for Suffern businesses and homes.',
    metaTitle: 'IT Support & Managed IT Services in Suffern, NY',
    metaDescription:
      'Local managed IT, cybersecurity, networks and cloud for businesses in Suffern, Rockland County. Book a free consultation.',
  },
  {
    slug: 'it-support-nyack-ny',
    isPublished: true,
    town: 'Nyack',
    county: 'Rockland County',
    state: 'NY',
    postalCode: '10960',
    heroTitle: 'IT Support in Nyack, NY',
    metaTitle: 'IT Support & Managed IT Services in Nyack, NY',
    metaDescription:
      'Managed IT, cybersecurity and network support for Nyack offices and homeowners. Book a free consultation.',
  },
  {
    slug: 'it-support-mahwah-nj',
    isPublished: true,
    town: 'Mahwah',
    county: 'Bergen County',
    state: 'NJ',
    postalCode: '07430',
    heroTitle: 'IT Support in Mahwah, NJ',
    metaTitle: 'IT Support & Managed IT Services in Mahwah, NJ',
    metaDescription:
      'Managed IT, cybersecurity and cloud for Mahwah businesses, minutes from our Suffern office. Book a free consultation.',
  },
  {
    slug: 'it-support-ramsey-nj',
    isPublished: false,
    town: 'Ramsey',
    county: 'Bergen County',
    state: 'NJ',
    postalCode: '07446',
  },
]

/** Town pages and blog posts; `inserted` counts the rows that were new. */
export async function seedDemoContent(db: Db): Promise<{ inserted: number }> {
  const towns = await db
    .insert(locations)
    .values(demoLocations)
    .onConflictDoNothing({ target: locations.slug })
    .returning({ id: locations.id })
  const posts = await db
    .insert(blogPosts)
    .values(demoBlogPosts)
    .onConflictDoNothing({ target: blogPosts.slug })
    .returning({ id: blogPosts.id })
  return { inserted: towns.length + posts.length }
}
