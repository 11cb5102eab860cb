import { enhanceCookieBanner } from '~/features/consent'
import { enhanceMobileMenu } from './mobile-menu'
import { enhanceSectionLinks } from './section-links'
import { enhanceServicesMenu } from './services-menu'

/**
 * Everything the site shell does in the browser that does not need React: the Services menu, the
 * mobile menu, section links and the cookie banner. Called once per document, by the islands entry
 * on pages served without the app's JavaScript and by the root component on app pages.
 */
export function enhancePage(doc: Document = document): () => void {
  const cleanups = [
    enhanceServicesMenu(doc),
    enhanceMobileMenu(doc),
    enhanceSectionLinks(doc),
    enhanceCookieBanner(doc),
  ]
  return () => {
    for (const cleanup of cleanups) cleanup()
  }
}
