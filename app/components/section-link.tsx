import { useCallback, useEffect, useRef } from 'react'
import { Link, type LinkProps, useLocation, useNavigate } from 'react-router'
import { sectionScrollDelays } from '~/content/navigation'
import { isPlainLeftClick, planSectionScroll, scrollToSection, sectionIdFromHref } from '~/lib/scroll-to-section'

/** Returns a function that brings a home page section into view (going home first when needed). */
export function useGoToSection() {
  const { pathname } = useLocation()
  const navigate = useNavigate()
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])

  return useCallback(
    async (sectionId: string) => {
      const plan = planSectionScroll(pathname)
      clearTimeout(timer.current)
      if (plan.navigateHome) await navigate('/')
      // The home page renders in a transition (its loader may still be answering when the URL has
      // changed): until the section is on the page, look again every 50 ms, for up to 3 s.
      const attempt = (triesLeft: number) => {
        if (scrollToSection(sectionId) || triesLeft <= 0) return
        timer.current = setTimeout(() => attempt(triesLeft - 1), 50)
      }
      timer.current = setTimeout(() => attempt(60), plan.delayMs)
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
