import { browserSendsGpc, onConsentSaved, readConsentStorage, saveConsent } from '~/features/consent/browser'
import { BANNER_DELAY_MS, bannerNeeded, choicesForAction } from '~/features/consent/policy'

/**
 * The cookie banner's behaviour: 1 s after the page has loaded, when no valid choice is
 * saved, a copy of the server-rendered banner (<template>, features/consent) goes first
 * into <body>; Accept All and Reject Non-Essential save at once and remove it; every
 * `[data-cookie-settings]` button (banner, footer) opens the Cookie Settings dialog, downloaded on
 * first use (islands/cookie-settings.tsx). Listeners sit on the document, so this works on pages
 * with and without the app's JavaScript.
 */
/** The id of the banner's <template> (features/consent/cookie-consent.tsx renders it). */
export const COOKIE_BANNER_TEMPLATE_ID = 'cookie-banner-template'

export function enhanceCookieBanner(doc: Document = document): () => void {
  const win = doc.defaultView ?? window
  let banner: HTMLElement | null = null
  let observer: ResizeObserver | null = null

  const remove = () => {
    observer?.disconnect()
    observer = null
    banner?.remove()
    banner = null
    doc.documentElement.style.paddingBottom = ''
    doc.documentElement.style.scrollPaddingBottom = ''
  }

  const show = () => {
    const template = doc.getElementById(COOKIE_BANNER_TEMPLATE_ID)
    if (banner || !(template instanceof HTMLTemplateElement)) return
    const copy = template.content.firstElementChild?.cloneNode(true)
    if (!(copy instanceof HTMLElement)) return
    if (browserSendsGpc()) copy.querySelector<HTMLElement>('[data-gpc-note]')?.removeAttribute('hidden')
    // First in the page, as GOV.UK places its cookie banner: keyboard users reach it at once.
    doc.body.prepend(copy)
    banner = copy
    observer = new ResizeObserver(() => {
      const height = `${copy.offsetHeight}px`
      doc.documentElement.style.paddingBottom = height
      doc.documentElement.style.scrollPaddingBottom = height
    })
    observer.observe(copy)
  }

  const onClick = (event: MouseEvent) => {
    if (!(event.target instanceof Element)) return
    const settings = event.target.closest('[data-cookie-settings]')
    if (settings) {
      void openCookieSettings(settings)
      return
    }
    const action = event.target.closest('[data-consent-action]')?.getAttribute('data-consent-action')
    if (action !== 'accept_all' && action !== 'reject_non_essential') return
    saveConsent(choicesForAction(action, browserSendsGpc()), action)
    // The button that had focus disappears with the banner: continue from the page's content.
    doc.getElementById('main')?.focus({ preventScroll: true })
  }

  doc.addEventListener('click', onClick)
  const stopListening = onConsentSaved(remove)
  const cancelShow = bannerNeeded(readConsentStorage(), new Date()) ? afterLoad(win, BANNER_DELAY_MS, show) : () => {}
  return () => {
    doc.removeEventListener('click', onClick)
    stopListening()
    cancelShow()
    remove()
  }
}

/** Opens the Cookie Settings dialog; `opener` gets focus back when it closes (if still on the page). */
async function openCookieSettings(opener: Element): Promise<void> {
  // Some browsers (Safari) do not focus a clicked button: then return focus to the opener itself.
  const active = document.activeElement
  const returnTo = active instanceof HTMLElement && active !== document.body ? active : opener
  const { openCookieSettingsDialog } = await import('~/islands/cookie-settings')
  openCookieSettingsDialog(returnTo instanceof HTMLElement ? returnTo : null)
}

/** Runs `callback` `delay` ms after the window's load event (at once if that moment has passed). */
function afterLoad(win: Window, delay: number, callback: () => void): () => void {
  let timer: number | undefined
  const start = () => {
    const [navigation] = win.performance.getEntriesByType('navigation') as PerformanceNavigationTiming[]
    const loadedAt = navigation?.loadEventEnd || win.performance.now()
    timer = win.setTimeout(callback, Math.max(0, delay - (win.performance.now() - loadedAt)))
  }
  if (win.document.readyState === 'complete') start()
  else win.addEventListener('load', start, { once: true })
  return () => {
    win.removeEventListener('load', start)
    win.clearTimeout(timer)
  }
}
