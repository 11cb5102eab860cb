import { sectionScrollDelays } from '~/content/navigation'
import {
  isPlainLeftClick,
  planSectionScroll,
  scrollToSection,
  sectionIdFromHref,
} from '~/features/marketing/scroll-to-section'

/**
 * Links to a home page section ("Why Choose Us", "Industries"): plain "/#id" links rendered with
 * `data-section-link`. On the home page a click scrolls there after the spec's 150 ms (smoothly,
 * or a jump with reduced motion) and moves focus to the section; from another page the browser
 * goes home first and the section is scrolled to 100 ms after that page loads. A first load of
 * "/#industries" lands on the section the same way.
 */
export const SECTION_LINK_ATTR = 'data-section-link'

let pending: ReturnType<typeof setTimeout> | undefined

/** sessionStorage key: the section a link on another page asked the home page to scroll to. */
export const PENDING_SECTION_KEY = 'ramapo.section-after-load'

export function enhanceSectionLinks(doc: Document = document): () => void {
  const win = doc.defaultView ?? window

  const onClick = (event: MouseEvent) => {
    if (event.defaultPrevented || !isPlainLeftClick(event) || !(event.target instanceof Element)) return
    const link = event.target.closest(`a[${SECTION_LINK_ATTR}]`)
    const id = link?.getAttribute(SECTION_LINK_ATTR)
    if (!link || !id) return
    const plan = planSectionScroll(win.location.pathname)
    if (plan.navigateHome) {
      // Without storage the link's own "/#id" still lands there (the browser jumps at once).
      if (!store(win, id)) return
      event.preventDefault()
      win.location.assign('/')
      return
    }
    event.preventDefault()
    clearTimeout(pending)
    // A closing modal menu keeps the page from scrolling for a moment: look again every 50 ms, up to 3 s.
    const attempt = (triesLeft: number) => {
      const locked = doc.querySelector('dialog[open]') !== null
      if ((!locked && scrollToSection(id)) || triesLeft <= 0) return
      pending = setTimeout(() => attempt(triesLeft - 1), 50)
    }
    pending = setTimeout(() => attempt(60), plan.delayMs)
  }

  doc.addEventListener('click', onClick)
  let onLoad: ReturnType<typeof setTimeout> | undefined
  const asked = win.location.pathname === '/' ? takeStored(win) : null
  const id = asked ?? (win.location.pathname === '/' ? sectionIdFromHref(win.location.hash) : null)
  if (id) {
    onLoad = setTimeout(() => {
      // Asked for by a click: focus follows, as on the home page. A typed or shared "/#id": no focus.
      if (scrollToSection(id, { focus: asked !== null }) && asked)
        win.history.replaceState(win.history.state, '', `/#${id}`)
    }, sectionScrollDelays.fromOtherPageMs)
  }
  return () => {
    doc.removeEventListener('click', onClick)
    clearTimeout(onLoad)
    clearTimeout(pending)
  }
}

function store(win: Window, id: string): boolean {
  try {
    win.sessionStorage.setItem(PENDING_SECTION_KEY, id)
    return true
  } catch {
    return false
  }
}

/** The section asked for by the previous page, once (null when none or storage is blocked). */
function takeStored(win: Window): string | null {
  try {
    const id = win.sessionStorage.getItem(PENDING_SECTION_KEY)
    win.sessionStorage.removeItem(PENDING_SECTION_KEY)
    return id ? sectionIdFromHref(`#${id}`) : null
  } catch {
    return null
  }
}
