import { IDLE_TIMEOUT_MS, pageViewEvent } from './policy'

// Browser-only helpers: call them from effects and event handlers, never while rendering.

declare global {
  interface Window {
    dataLayer?: unknown[]
  }
}

/** window.dataLayer; the head script creates it, this only guards against it missing. */
export function dataLayer(): unknown[] {
  window.dataLayer ??= []
  return window.dataLayer
}

/** Google tags read commands only in the shape gtag() pushes: an Arguments object, not an array. */
export function gtag(..._command: unknown[]): void {
  // biome-ignore lint/complexity/noArguments: Google's tags recognise commands only as Arguments objects.
  dataLayer().push(arguments)
}

/** Runs `callback` once the browser is idle (at most 200 ms later); returns a cancel function. */
export function whenIdle(callback: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(() => callback(), { timeout: IDLE_TIMEOUT_MS })
    return () => window.cancelIdleCallback(id)
  }
  const id = window.setTimeout(callback, IDLE_TIMEOUT_MS)
  return () => window.clearTimeout(id)
}

/** Pushes a page view for `path` (pathname + search) with the document's current title. */
export function pushPageView(path: string): void {
  dataLayer().push(pageViewEvent({ origin: window.location.origin, path, title: document.title }))
}
