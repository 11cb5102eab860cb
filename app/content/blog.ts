import { businessTimeZone } from '~/lib/time-zone'
import { business } from './business'
import { consultation } from './pricing'

/**
 * The words around the posts on /blog and /blog/{slug}. The posts themselves live in the
 * blog_posts table (docs/blog.md).
 */
export const blogPage = {
  title: 'IT advice for offices and homes',
  /** The list's title in search results and the browser tab. */
  metaTitle: 'Blog: IT advice for small offices and homes',
  intro: `Practical guides from the ${business.name} team for small offices and households in Rockland and Bergen counties and nearby: security, compliance, networks and the everyday problems we fix.`,
  metaDescription: `IT advice for small offices and homeowners in Rockland County, NY and Bergen County, NJ: security, HIPAA and tax-season checklists, Wi-Fi and more, from ${business.name}.`,
  empty: {
    title: 'No posts yet',
    text: 'Our first articles are on their way. Until then, our service pages explain what we do and how, and a free consultation answers your own questions.',
  },
  postCta: {
    title: 'Want us to look at your setup?',
    text: `Book a free consultation (${consultation.minutes.min}–${consultation.minutes.max} minutes). We will look at how your office or home works today and tell you honestly what we would change.`,
  },
} as const

/** Post dates as readers here expect them ("October 6, 2026"), on the business's clock. */
export const postDateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: businessTimeZone })
