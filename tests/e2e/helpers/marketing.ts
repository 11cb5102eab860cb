import { blogPage } from '../../../app/content/blog'
import { bookingPage } from '../../../app/content/booking'
import { industryDetails } from '../../../app/content/industries'
import { promotionalOffer } from '../../../app/content/promotional-offer'
import { serviceDetails } from '../../../app/content/services'

/** Every public marketing page with the h1 it must show. */
export const marketingPages: ReadonlyArray<{ path: string; h1: string }> = [
  { path: '/', h1: 'IT that just works, from a team down the road' },
  ...serviceDetails.map((s) => ({ path: s.path, h1: s.headline })),
  ...industryDetails.map((i) => ({ path: i.path, h1: i.headline })),
  { path: '/book', h1: bookingPage.business.title },
  { path: '/promotional-offer', h1: promotionalOffer.headline },
  { path: '/blog', h1: blogPage.title },
  { path: '/privacy', h1: 'Privacy Policy' },
  { path: '/terms', h1: 'Terms of Service' },
]
