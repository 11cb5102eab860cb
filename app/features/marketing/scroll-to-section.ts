import { sectionScrollDelays } from '~/content/navigation'

/**
 * Scrolling to a home page section from a navigation link. The decisions are pure functions (tested
 * beside this file); the DOM is touched only inside `scrollToSection`, when it is called.
 */

const SECTION_ID = /^[A-Za-z][\w-]*$/

/** The section id a link or hash points at on the home page ("/#industries", "#industries"), or null. */
export function sectionIdFromHref(href: string): string | null {
  const hashAt = href.indexOf('#')
  if (hashAt === -1) return null
  const path = href.slice(0, hashAt).split('?')[0]
  if (path !== '' && path !== '/') return null
  let id: string
  try {
    id = decodeURIComponent(href.slice(hashAt + 1))
  } catch {
    return null
  }
  return SECTION_ID.test(id) ? id : null
}

export type SectionScrollPlan = { navigateHome: boolean; delayMs: number }

/** On the home page: scroll after 150 ms. Elsewhere: go home first, then scroll after 100 ms. */
export function planSectionScroll(currentPathname: string): SectionScrollPlan {
  return currentPathname === '/'
    ? { navigateHome: false, delayMs: sectionScrollDelays.onHomePageMs }
    : { navigateHome: true, delayMs: sectionScrollDelays.fromOtherPageMs }
}

/** Smooth scrolling, unless the visitor asked the system for reduced motion: then jump. */
export function scrollBehaviorFor(prefersReducedMotion: boolean): ScrollBehavior {
  return prefersReducedMotion ? 'instant' : 'smooth'
}

type ClickLike = { button: number; metaKey: boolean; altKey: boolean; ctrlKey: boolean; shiftKey: boolean }

/** A modified or non-primary click (new tab, new window, download) keeps the browser's default. */
export function isPlainLeftClick(event: ClickLike): boolean {
  return event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey
}

export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true
}

type ScrollOptions = {
  behavior?: ScrollBehavior
  /** Move keyboard focus to the section, as a skip link would (off for a page load). */
  focus?: boolean
  doc?: Pick<Document, 'getElementById'>
}

/** Scrolls the element with this id into view; false when it is not on the page. */
export function scrollToSection(id: string, options: ScrollOptions = {}): boolean {
  const doc = options.doc ?? (typeof document === 'undefined' ? undefined : document)
  const element = doc?.getElementById(id)
  if (!element) return false
  element.scrollIntoView({ behavior: options.behavior ?? scrollBehaviorFor(prefersReducedMotion()), block: 'start' })
  if (options.focus !== false) {
    // A section is not focusable by itself; tabindex -1 lets focus land without adding a tab stop.
    if (!element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1')
    element.focus({ preventScroll: true })
  }
  return true
}
