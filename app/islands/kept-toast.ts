import type { ToastOptions } from '~/lib/toast'

/**
 * A toast that belongs to the next page: an islands page that leaves by a document load (Log Out
 * goes home, a rejected account's page is sent to sign in) keeps it here, and the page that loads
 * next raises it, as the app does after a client-side navigation. That page is an islands page too
 * (the home page or /auth for a visitor no longer signed in), so only the islands entry reads it.
 * Kept for 10 s at most, so a page that never came does not leave it to a later one.
 */
const key = 'ramapo.next-page-toast'
const maxAgeMs = 10_000

export function keepToastForNextPage(options: ToastOptions): void {
  try {
    sessionStorage.setItem(key, JSON.stringify({ at: Date.now(), options }))
  } catch {
    // Storage refused (private mode, full): the next page simply shows no toast.
  }
}

/** The kept toast, if one is waiting (and young enough); it is taken only once. */
export function takeKeptToast(): ToastOptions | null {
  try {
    const raw = sessionStorage.getItem(key)
    if (!raw) return null
    sessionStorage.removeItem(key)
    const kept = JSON.parse(raw) as { at?: unknown; options?: Partial<ToastOptions> }
    const options = kept.options
    if (typeof kept.at !== 'number' || Date.now() - kept.at > maxAgeMs) return null
    if (!options || typeof options.title !== 'string') return null
    return {
      title: options.title,
      ...(typeof options.description === 'string' ? { description: options.description } : {}),
      ...(options.variant === 'destructive' || options.variant === 'success' ? { variant: options.variant } : {}),
    }
  } catch {
    return null
  }
}
