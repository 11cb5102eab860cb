/**
 * What other features may use of cookie consent (the rest of this folder is its own business).
 * No React component here: the islands pages' script imports this file (enhanceCookieBanner), and a
 * component would bring React into every marketing page. Pages and layouts take the cookie settings
 * button from './cookie-consent' and hand it down, as the site's footer and the back office get it.
 */
export { enhanceCookieBanner } from './enhance-banner'
