import { useEffect } from 'react'
import { useLocation } from 'react-router'
import { pushPageView, whenIdle } from './tag-layer'

/**
 * Pushes a page view once the browser is idle after the first render, and again after each
 * client-side navigation. A change of the #hash alone (scrolling to a section) is not a new page.
 */
export function usePageViews(): void {
  const { pathname, search } = useLocation()
  const path = `${pathname}${search}`
  useEffect(() => whenIdle(() => pushPageView(path)), [path])
}
