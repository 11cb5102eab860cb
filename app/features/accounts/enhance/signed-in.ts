import { retryDelay } from '~/lib/backoff'
import type { ToastOptions } from '~/lib/toast'
import { can, fallbackPathFor, requirementOf } from '../access'
import { ACCESS_CHECK_RETRIES, fetchProfile, requestSignOut, watchAccountStatus } from '../browser-calls'
import { accountStatusOf, statusUpdatedToast } from '../status'

/** What the islands entry hands the signed-in page's code: toasts and document loads (islands/). */
export type SignedInPage = {
  /** The account's status as the server rendered the page (`data-account-status` on `<body>`). */
  status: string
  /** Raises a toast on this page. */
  toast: (options: ToastOptions) => void
  /** Loads `url` as a new document (in place of this one with `replace`), raising `toast` there. */
  leave: (url: string, options?: { toast?: ToastOptions; replace?: boolean }) => void
}

/**
 * A signed-in visitor's page served in islands mode (/dashboard, /billing and its lists, ADR 024): what the
 * app's components do there (account-menu.tsx, live-status.tsx, protected.tsx), in plain DOM code
 * with the same calls (browser-calls.ts), texts and delays:
 * - Log Out (`button[data-sign-out]`, in the header, the mobile menu and the client navbar);
 * - the live status: a change raises Account Status Updated and reloads the page's content;
 * - the access check at load and whenever the page becomes visible again, retried 5 times
 *   (backoff 1, 2, 4, 8, 16 s) before the Authentication Error toast;
 * - Loading while a link into a protected area loads (the server checks it).
 * Listeners sit on the document, so the content the live status swaps in is covered too.
 */
export function enhanceSignedIn(page: SignedInPage, doc: Document = document): () => void {
  let cleanups: (() => void)[] = []
  const stop = () => {
    for (const cleanup of cleanups) cleanup()
    cleanups = []
  }
  // Once the page is being left nothing else may start another document load (a focus check
  // racing the sign-out's way home).
  const leaving: SignedInPage = {
    ...page,
    leave: (url, options) => {
      stop()
      page.leave(url, options)
    },
  }
  cleanups = [
    enhanceSignOut(leaving, doc),
    watchAccountStatus(accountStatusOf(page.status), (next) => {
      const message = statusUpdatedToast(next)
      page.toast(message)
      void reloadContent(leaving, doc, message)
    }),
    checkAccess(leaving, doc),
    showLoadingOnProtectedLinks(doc),
  ]
  return stop
}

function enhanceSignOut(page: SignedInPage, doc: Document): () => void {
  const onClick = async (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest('button[data-sign-out]') : null
    if (!(button instanceof HTMLButtonElement) || button.disabled) return
    button.disabled = true
    try {
      await requestSignOut()
    } catch {
      button.disabled = false
      page.toast({ title: 'Error', description: 'There was a problem signing out', variant: 'destructive' })
      return
    }
    page.leave('/', { toast: { title: 'Signed out' } })
  }
  doc.addEventListener('click', onClick)
  return () => doc.removeEventListener('click', onClick)
}

/**
 * The page's content rendered again by the server for the new status, as the app's revalidation
 * does: `<main>` is replaced. A page the visitor may no longer see (a rejected account's sessions
 * have ended: the server redirects) is loaded as a document, with the toast.
 */
async function reloadContent(page: SignedInPage, doc: Document, message: ToastOptions): Promise<void> {
  const main = doc.getElementById('main')
  try {
    const response = await fetch(location.href, { headers: { Accept: 'text/html' } })
    const next =
      response.ok && !response.redirected ? new DOMParser().parseFromString(await response.text(), 'text/html') : null
    const content = next?.getElementById('main')
    if (!next || !content || !main) throw new Error('the page could not be rendered again in place')
    main.replaceChildren(...content.childNodes)
    doc.title = next.title
  } catch {
    page.leave(location.href, { toast: message, replace: true })
  }
}

function checkAccess(page: SignedInPage, doc: Document): () => void {
  const requirement = requirementOf(location.pathname)
  if (!requirement) return () => {}
  let running = false
  let stopped = false
  let warned = false
  let timer: ReturnType<typeof setTimeout> | undefined
  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, ms)
    })
  const run = async () => {
    if (running || stopped) return
    running = true
    for (let attempt = 0; !stopped; attempt++) {
      try {
        const account = await fetchProfile()
        warned = false
        if (stopped) break
        if (account === null) {
          page.leave(`/auth?redirectTo=${encodeURIComponent(location.pathname + location.search)}`, { replace: true })
        } else if (!can(account, requirement)) {
          const fallback = fallbackPathFor(account, requirement)
          if (fallback) page.leave(fallback, { replace: true })
        }
        break
      } catch {
        if (attempt >= ACCESS_CHECK_RETRIES) {
          if (!warned) {
            warned = true
            page.toast({
              title: 'Authentication Error',
              description: 'Unable to verify your access. Please try logging out and back in.',
              variant: 'destructive',
            })
          }
          break
        }
        await wait(retryDelay(attempt))
      }
    }
    running = false
  }
  // As the app's data cache does it: again whenever the page becomes visible.
  const onVisibility = () => {
    if (doc.visibilityState === 'visible') void run()
  }
  doc.addEventListener('visibilitychange', onVisibility)
  void run()
  return () => {
    stopped = true
    clearTimeout(timer)
    doc.removeEventListener('visibilitychange', onVisibility)
  }
}

/**
 * Protected pages show Loading while access is checked: here the server checks the next page
 * before it sends it, so the status shows from the click until that page replaces this one.
 */
function showLoadingOnProtectedLinks(doc: Document): () => void {
  let shown: HTMLElement | null = null
  const onClick = (event: MouseEvent) => {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null
    if (!(link instanceof HTMLAnchorElement) || link.origin !== location.origin || link.hasAttribute('download')) return
    if ((link.target && link.target !== '_self') || !requirementOf(link.pathname)) return
    shown ??= doc.body.appendChild(loadingStatus(doc))
  }
  // Back to this page from the browser's page cache: it is no longer loading anything.
  const onPageShow = (event: PageTransitionEvent) => {
    if (!event.persisted) return
    shown?.remove()
    shown = null
  }
  doc.addEventListener('click', onClick)
  window.addEventListener('pageshow', onPageShow)
  return () => {
    doc.removeEventListener('click', onClick)
    window.removeEventListener('pageshow', onPageShow)
  }
}

/** The markup of the app's ProtectedNavigationStatus (protected.tsx), its spinner drawn in CSS. */
function loadingStatus(doc: Document): HTMLElement {
  const status = doc.createElement('div')
  status.className = 'fixed inset-x-0 top-16 z-30 flex justify-center px-4 pt-4'
  status.setAttribute('role', 'status')
  const pill = doc.createElement('span')
  pill.className =
    'inline-flex items-center gap-2 rounded-full border bg-background px-4 py-2 font-medium text-sm shadow-md'
  const spinner = doc.createElement('span')
  spinner.className = 'size-4 animate-spin rounded-full border-2 border-primary border-t-transparent'
  spinner.setAttribute('aria-hidden', 'true')
  pill.append(spinner, 'Loading')
  status.append(pill)
  return status
}
