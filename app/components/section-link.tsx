import { useCallback, useEffect } from 'react'
import { Link, type LinkProps, useLocation, useNavigate } from 'react-router'
import { sectionScrollDelays } from '~/content/navigation'
import { isPlainLeftClick, planSectionScroll, scrollToSection, sectionIdFromHref } from '~/lib/scroll-to-section'

/**
 * The pending section scroll. It lives outside any component: the link that asked for it may be
 * gone by the time it runs (the mobile menu unmounts its links as it closes). A new request replaces it.
 */
let pendingScroll: ReturnType<typeof setTimeout> | undefined

/** Returns a function that brings a home page section into view (going home first when needed). */
export function useGoToSection() {
  const { pathname } = useLocation()
  const navigate = useNavigate()

  return useCallback(
    async (sectionId: string) => {
      const plan = planSectionScroll(pathname)
      clearTimeout(pendingScroll)
      if (plan.navigateHome) await navigate('/')
      // The home page renders in a transition (its loader may still be answering when the URL has
      // changed), and a closing mobile menu keeps the page scroll-locked until its animation ends:
      // until the section is on the page and the page can scroll, look again every 50 ms, up to 3 s.
      const attempt = (triesLeft: number) => {
        if (window.location.pathname !== '/') return
        const scrollLocked = document.body.hasAttribute('data-scroll-locked')
        if ((!scrollLocked && scrollToSection(sectionId)) || triesLeft <= 0) return
        pendingScroll = setTimeout(() => attempt(triesLeft - 1), 50)
      }
      pendingScroll = setTimeout(() => attempt(60), plan.delayMs)
    },
    [pathname, navigate],
  )
}

/**
 * A link to a home page section. Without JavaScript it is a plain "/#id" link; with it, the page
 * scrolls smoothly (or jumps, with reduced motion) after the spec's short delay.
 */
export function SectionLink({ sectionId, onClick, ...props }: Omit<LinkProps, 'to'> & { sectionId: string }) {
  const goToSection = useGoToSection()
  return (
    <Link
      {...props}
      to={{ pathname: '/', hash: `#${sectionId}` }}
      onClick={(event) => {
        onClick?.(event)
        if (event.defaultPrevented || !isPlainLeftClick(event)) return
        event.preventDefault()
        void goToSection(sectionId)
      }}
    />
  )
}

/**
 * A first load of "/#industries" lands on the section once the page has hydrated (the browser's own
 * jump can be undone by hydration and scroll restoration).
 */
export function useScrollToHashOnLoad() {
  useEffect(() => {
    if (window.location.pathname !== '/') return
    const id = sectionIdFromHref(window.location.hash)
    if (!id) return
    const timer = setTimeout(() => scrollToSection(id, { focus: false }), sectionScrollDelays.fromOtherPageMs)
    return () => clearTimeout(timer)
  }, [])
}
