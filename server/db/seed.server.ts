import { demoBlogPosts } from '../blog/demo-posts.server.ts'
import type { Db } from './client.server.ts'
import { blogPosts, locations, type NewLocation } from './schema/index.server.ts'

/**
 * Demo content so a fresh install has something to show. Idempotent: existing rows are kept.
 * The towns: the service area's towns worth a page, across Rockland, Orange and Westchester (NY)
 * and Bergen and Passaic (NJ); Nyack leaves its texts to the fallbacks (docs/locations.md) and
 * Ramsey is an unpublished draft.
 */
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
    slug: 'it-support-new-city-ny',
    isPublished: true,
    town: 'New City',
    county: 'Rockland County',
    state: 'NY',
    postalCode: '10956',
    heroTitle: 'IT Support in New City, NY',
    heroDescription:
      'Law offices, insurance agencies and medical practices around the county seat: help desk, secure e-mail and backups that are tested, not assumed.',
    serviceAreaDescription:
      'We serve New City, Congers, Valley Cottage and the rest of Clarkstown, on site within the day for urgent problems and remotely within the hour.',
    metaTitle: 'IT Support & Managed IT in New City, NY (Rockland County)',
    metaDescription:
      'Managed IT and cybersecurity for New City law firms, agencies and medical offices. Local technicians from Suffern. Book a free consultation.',
    metaKeywords: 'IT support New City NY, managed IT Clarkstown, computer help Rockland County',
  },
  {
    slug: 'it-support-monroe-ny',
    isPublished: true,
    town: 'Monroe',
    county: 'Orange County',
    state: 'NY',
    postalCode: '10950',
    heroTitle: 'IT Support in Monroe, NY',
    heroDescription:
      'Retail shops, contractors and home offices along Route 17M: Wi-Fi that reaches the back room, point-of-sale networks and cloud files that follow you to the job site.',
    serviceAreaDescription:
      'From Monroe we cover Harriman, Chester, Kiryas Joel and Woodbury, a short drive up Route 17 from our Suffern office.',
    metaTitle: 'IT Support & Managed IT Services in Monroe, NY',
    metaDescription:
      'Networks, Wi-Fi, cloud and help desk for Monroe businesses and home offices in Orange County. Book a free consultation.',
  },
  {
    slug: 'it-support-middletown-ny',
    isPublished: true,
    town: 'Middletown',
    county: 'Orange County',
    state: 'NY',
    postalCode: '10940',
    heroTitle: 'Managed IT for Middletown businesses',
    heroDescription:
      'Property managers, CPA firms and clinics in Middletown get one team for computers, phones, security and the network, at a published monthly price.',
    serviceAreaDescription:
      'We look after Middletown, Wallkill and Goshen remotely every day and on site when a visit is what fixes it.',
    metaTitle: 'Managed IT & Cybersecurity in Middletown, NY',
    metaDescription:
      'Managed IT, cybersecurity and cloud for Middletown and Wallkill offices in Orange County, NY. Book a free consultation.',
  },
  {
    slug: 'it-support-white-plains-ny',
    isPublished: true,
    town: 'White Plains',
    county: 'Westchester County',
    state: 'NY',
    postalCode: '10601',
    heroTitle: 'IT Support in White Plains, NY',
    heroDescription:
      'Professional offices downtown and along the Bronx River Parkway: compliance-minded security, Microsoft 365 done properly and a help desk that answers.',
    serviceAreaDescription:
      'Across the Tappan Zee from our office, we serve White Plains, Harrison and Scarsdale with remote support first and scheduled on-site visits.',
    metaTitle: 'IT Support & Managed IT Services in White Plains, NY',
    metaDescription:
      'Managed IT, cybersecurity and Microsoft 365 for White Plains professional offices in Westchester County. Book a free consultation.',
  },
  {
    slug: 'it-support-tarrytown-ny',
    isPublished: true,
    town: 'Tarrytown',
    county: 'Westchester County',
    state: 'NY',
    postalCode: '10591',
    heroTitle: 'IT Support in Tarrytown, NY',
    heroDescription:
      'Small firms and households in the river villages: secure remote work, home networks that keep up with the family and backups you never have to think about.',
    serviceAreaDescription:
      'Right over the bridge from Nyack, we serve Tarrytown, Sleepy Hollow and Irvington, on site or remotely.',
    metaTitle: 'IT Support for Offices and Homes in Tarrytown, NY',
    metaDescription:
      'IT support, home networks and cybersecurity for Tarrytown and Sleepy Hollow offices and households. Book a free consultation.',
  },
  {
    slug: 'it-support-paramus-nj',
    isPublished: true,
    town: 'Paramus',
    county: 'Bergen County',
    state: 'NJ',
    postalCode: '07652',
    heroTitle: 'IT Support in Paramus, NJ',
    heroDescription:
      'Real estate agencies, retailers and dental practices along Route 17 and Route 4: managed devices, secure guest Wi-Fi and a help desk that knows your setup.',
    serviceAreaDescription:
      'We serve Paramus, Ridgewood, Oradell and the Route 17 corridor, about 25 minutes from our Suffern office.',
    metaTitle: 'IT Support & Managed IT Services in Paramus, NJ',
    metaDescription:
      'Managed IT and cybersecurity for Paramus agencies, retailers and dental offices in Bergen County. Book a free consultation.',
    metaKeywords: 'IT support Paramus NJ, managed IT Bergen County, dental office IT Paramus',
  },
  {
    slug: 'it-support-wayne-nj',
    isPublished: true,
    town: 'Wayne',
    county: 'Passaic County',
    state: 'NJ',
    postalCode: '07470',
    heroTitle: 'IT Support in Wayne, NJ',
    heroDescription:
      'Accounting firms and family businesses in Wayne get tax-season-proof computers, protected client files and someone to call who picks up.',
    serviceAreaDescription: 'We cover Wayne, Totowa, Pompton Lakes and the towns along Route 23, on site or remotely.',
    metaTitle: 'IT Support & Managed IT Services in Wayne, NJ',
    metaDescription:
      'Managed IT, backups and cybersecurity for Wayne accounting firms and small businesses in Passaic County. Book a free consultation.',
  },
  {
    slug: 'it-support-clifton-nj',
    isPublished: true,
    town: 'Clifton',
    county: 'Passaic County',
    state: 'NJ',
    postalCode: '07011',
    heroTitle: 'Business IT in Clifton, NJ',
    heroDescription:
      'Warehouses, clinics and offices in Clifton: networks that cover the floor, security that satisfies your insurer and cloud backups for every machine.',
    serviceAreaDescription:
      'We serve Clifton, Passaic and Little Falls, with remote help the same hour and technicians on site when needed.',
    metaTitle: 'Business IT Support & Cybersecurity in Clifton, NJ',
    metaDescription:
      'Networks, cybersecurity and managed IT for Clifton warehouses, clinics and offices in Passaic County. Book a free consultation.',
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
