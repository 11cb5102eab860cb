/** What other features may use of cookie consent (the rest of this folder is its own business). */

export { CookieSettingsButton } from './cookie-consent'
export { enhanceCookieBanner } from './enhance-banner'
