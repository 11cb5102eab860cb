import { homeSections } from './catalog'

/**
 * Services dropdown timing (menu hover, skip and close delays: 200, 300 and 150 ms). The header's hover intent
 * reads all three; keyboard and click open and close immediately.
 */
export const navTimings = {
  /** Pointer rests on a trigger this long before its menu opens. */
  openDelayMs: 200,
  /** After a menu closes, moving onto a trigger within this window opens it at once. */
  skipDelayMs: 300,
  /** Pointer away from trigger and menu this long before the menu closes. */
  closeDelayMs: 150,
} as const

/** Wait before scrolling to a home section, so the page (and a closing menu) settles first. */
export const sectionScrollDelays = {
  onHomePageMs: 150,
  fromOtherPageMs: 100,
} as const

export type SectionLink = { label: string; sectionId: string }
export type PageLink = { label: string; to: string }

/** Links that scroll to a home page section (ids from catalog.homeSections). */
export const sectionLinks: readonly SectionLink[] = [
  { label: 'Why Choose Us', sectionId: homeSections.whyChooseUs },
  { label: 'Industries', sectionId: homeSections.industries },
]

export const mainNav = {
  servicesLabel: 'Services',
  blog: { label: 'Blog', to: '/blog' },
  book: { label: 'Book a Consultation', to: '/book' },
  login: { label: 'Login', to: '/auth' },
  /** The mobile menu links to /contact and to /login instead of /auth. */
  mobileContact: { label: 'Contact', to: '/contact' },
  mobileLogin: { label: 'Login', to: '/login' },
} as const satisfies Record<string, PageLink | string>
