import { FORM_ENDPOINT } from '~/features/booking/endpoint'
import { pushPageView, whenIdle } from '~/features/consent/tag-layer'
import { enhancePage } from '~/features/marketing/enhance/page'
import type { IslandName } from '~/islands/island'
import type { ToastOptions } from '~/lib/toast'
import { keepToastForNextPage, takeKeptToast } from './kept-toast'

/**
 * The only script of a page served in islands mode (docs/frontend-performance.md, "Islands"): the
 * marketing pages, and /dashboard, /billing and the billing lists for signed-in visitors.
 * No React and no router here: the shell's behaviour is plain DOM code (features/marketing/enhance),
 * and each island (`[data-island]`, islands/island.tsx) downloads React and its component when it is
 * first needed, then hydrates. Toasts download React and the toaster with the first one.
 */
enhancePage()
// The sign-in page's forms (strength meter, busy labels): loaded only by the page that has them.
if (document.querySelector('[data-strength-meter],[data-busy-label]')) {
  void import('~/features/accounts/enhance/auth-forms').then((m) => m.enhanceAuthForms())
}
whenIdle(() => pushPageView(`${location.pathname}${location.search}`))

function showToast(options: ToastOptions) {
  void import('./toasts').then((m) => m.showToast(options))
}

function leave(url: string, options: { toast?: ToastOptions; replace?: boolean } = {}) {
  if (options.toast) keepToastForNextPage(options.toast)
  if (options.replace) location.replace(url)
  else location.assign(url)
}

// A toast the previous page left for this one (Log Out, then the home page).
const kept = takeKeptToast()
if (kept) showToast(kept)

type Hydrate = (host: HTMLElement) => Promise<void>

const islands: Record<IslandName, () => Promise<Hydrate>> = {
  'contact-form': () => import('./contact-form').then((m) => m.hydrateContactForm),
  'booking-form': () => import('./booking-form').then((m) => m.hydrateBookingForm),
}

const atOnce: Promise<void>[] = []

// A signed-in visitor's page (/dashboard, /billing): Log Out, the live status and the access check.
const accountStatus = document.body.dataset.accountStatus
if (accountStatus) {
  atOnce.push(
    import('~/features/accounts/enhance/signed-in').then((m) => {
      m.enhanceSignedIn({ status: accountStatus, toast: showToast, leave })
    }),
  )
}
for (const host of document.querySelectorAll<HTMLElement>('[data-island]')) {
  const load = islands[host.dataset.island as IslandName]
  if (!load) continue
  const atLoad = host.dataset.islandLoad === 'page'
  const wake = wakeOnUse(host, load, !atLoad)
  if (atLoad) atOnce.push(wake())
}

// End-to-end tests (and anyone curious) can tell the page is ready: its script has run and the
// islands it needs at once are live.
void Promise.allSettled(atOnce).then(() => {
  document.documentElement.dataset.hydrated = 'true'
})

/**
 * Hydrates the island when it is about to be used: when it comes near the screen, on the first
 * focus or press inside it, on a submit (sent again once the form is live), or at once when the
 * form handler does not answer the availability check (the form then shows why it is blocked).
 * Returns the function that wakes it now (islands needed at once call it straight away; a submit
 * before they are live is held the same way).
 */
function wakeOnUse(host: HTMLElement, load: () => Promise<Hydrate>, checkHandler: boolean): () => Promise<void> {
  let awake: Promise<void> | null = null
  let live = false
  const wake = () => {
    if (!awake) {
      stop()
      awake = load()
        .then((hydrate) => hydrate(host))
        .then(() => {
          live = true
        })
      awake.catch(() => {
        // The download failed (offline): the next use tries again.
        awake = null
        live = false
        start()
      })
    }
    return awake
  }
  const onSubmit = (event: Event) => {
    if (live || !(event.target instanceof HTMLFormElement)) return
    event.preventDefault()
    const form = event.target
    // If React cannot be downloaded (offline), there is nothing to send with: the next try starts over.
    wake().then(
      () => form.requestSubmit(),
      () => {},
    )
  }
  const observer =
    'IntersectionObserver' in window
      ? new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && void wake(), {
          rootMargin: '200px 0px',
        })
      : null
  function start() {
    host.addEventListener('focusin', wake)
    host.addEventListener('pointerdown', wake)
    observer?.observe(host)
  }
  function stop() {
    host.removeEventListener('focusin', wake)
    host.removeEventListener('pointerdown', wake)
    observer?.disconnect()
  }
  host.addEventListener('submit', onSubmit, true)
  start()
  // An island woken at load runs the form's own check once it is live.
  if (checkHandler && host.querySelector('form')) {
    fetch(FORM_ENDPOINT, { method: 'OPTIONS', headers: { Accept: 'application/json' } }).then(
      (response) => response.ok || void wake(),
      () => void wake(),
    )
  }
  return wake
}
