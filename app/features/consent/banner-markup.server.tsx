import { renderToStaticMarkup } from 'react-dom/server'
import { CookieBanner } from './cookie-consent'

let markup: string | undefined

/** The cookie banner as HTML for its <template>; rendered once per process (it has no inputs). */
export function cookieBannerMarkup(): string {
  markup ??= renderToStaticMarkup(<CookieBanner />)
  return markup
}
