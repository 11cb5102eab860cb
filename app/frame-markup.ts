import { createContext } from 'react'
import { services } from '~/content/catalog'
import { mainNav } from '~/content/navigation'
import type { AccountSummary } from '~/features/accounts/status'
import { isActivePath } from '~/ui/frame-link'

/**
 * The site's header and footer as HTML, for islands pages (docs/frontend-performance.md, "The frame
 * rendered once"): there nothing in the browser hydrates them, and they are two thirds of the
 * elements of /dashboard and /billing, the same on every request but for the current page's marks
 * and the account menu's variant. The server's entry provides it (frame-markup.server.tsx); it is
 * null in the browser, which never renders an islands page.
 */
export type FrameMarkup = {
  /** The header's content (inside `<header>`) at `pathname`, for `account` (null: not signed in). */
  header(pathname: string, account: AccountSummary | null): string
  /** The footer's content (inside `<footer>`). */
  footer(): string
}

export const FrameMarkupContext = createContext<FrameMarkup | null>(null)

/** Every link target of the header whose current-page mark depends on the address. */
const markedTargets = [...services.map((service) => service.path), mainNav.blog.to, mainNav.mobileContact.to]

/**
 * What of `pathname` the header shows: the marks of the current page its links carry (the services
 * section, a link's own page, a page under it). Two addresses with the same key get the same header;
 * frame-markup.server.test.tsx renders many to hold that, so a new mark must be added here.
 */
export function frameMarksKey(pathname: string): string {
  // The desktop bar's own rules (case-sensitive), then the phone menu's (React Router's NavLink rule).
  const blog = mainNav.blog.to
  const marks = [
    pathname.startsWith('/services/') ? 'services' : '',
    pathname === blog || pathname.startsWith(`${blog}/`) ? 'blog' : '',
  ]
  for (const to of markedTargets) {
    if (pathname === to) marks.push(`=${to}`)
    else if (isActivePath(pathname, to)) marks.push(`~${to}`)
  }
  return marks.join(' ')
}
