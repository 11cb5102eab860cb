import { createContext, use } from 'react'
import { Link, NavLink, useLocation } from 'react-router'

/**
 * True while the server renders an islands page (root's Layout sets it): no router runs in the browser
 * there, so a link is a document load whatever renders it, and React Router's `Link` (its href
 * resolution, click and prefetch hooks, run per link on every render) only costs the server. The
 * site's frame has some forty links; on /dashboard and /billing they were 7 % of a request's CPU
 * (docs/perf/signed-in.md, fifth pass).
 */
export const PlainLinks = createContext(false)

type FrameLinkProps = Omit<React.ComponentProps<'a'>, 'href'> & { to: string }

/**
 * The frame's links (header, phone menu, footer, account menu) and those of pages that are islands
 * pages for signed-in visitors (/dashboard, /billing): `to` is always an absolute path.
 */
export function FrameLink({ to, ...props }: FrameLinkProps) {
  if (use(PlainLinks)) return <a {...props} href={to} />
  return <Link to={to} {...props} />
}

/**
 * `NavLink` for the frame: on an islands page the same marks of the current page React Router's
 * `NavLink` gives (aria-current="page" and the `active` class, for the path itself and the paths
 * under it), without the router's hooks.
 */
export function FrameNavLink({ to, className, ...props }: FrameLinkProps) {
  if (!use(PlainLinks)) return <NavLink to={to} className={className} {...props} />
  return <PlainNavLink to={to} className={className} {...props} />
}

function PlainNavLink({ to, className, ...props }: FrameLinkProps) {
  const active = isActivePath(useLocation().pathname, to)
  return (
    <a
      {...props}
      aria-current={active ? 'page' : undefined}
      className={[className, active ? 'active' : null].filter(Boolean).join(' ') || undefined}
      href={to}
    />
  )
}

/** React Router's rule for NavLink without `end` or `caseSensitive`: the path, or a path under it. */
export function isActivePath(pathname: string, to: string): boolean {
  const location = pathname.toLowerCase()
  const target = to.toLowerCase()
  if (location === target) return true
  const slashAt = target !== '/' && target.endsWith('/') ? target.length - 1 : target.length
  return location.startsWith(target) && location.charAt(slashAt) === '/'
}
