import { matchRoutes, type RouteObject, type ServerBuild } from 'react-router'
import { isPublicPage, pageUsesIslands } from '../../app/lib/islands-mode.ts'
import type { PageScope } from './page-cache.server.ts'

/**
 * Which pages may be cached, from the routes themselves. A page qualifies when it is an islands
 * page for a visitor who is not signed in and asks nothing in the query (lib/islands-mode.ts, ADR
 * 010): such a page is rendered from its address, the content and the configuration only, the same
 * for every such visitor; it has no app, no session and no hydration data. App pages (sign-in,
 * forms with server state, everything behind an account) never qualify. For signed-in visitors only
 * public pages (publicPageHandle) qualify, one entry per account variant (ADR 040).
 *
 * The scope names the content a page shows, by the route's address pattern (the addresses are the
 * product's contract, the modules behind them may move): a change to that content empties it.
 */
const scopeOfRoutePath: Record<string, PageScope> = {
  blog: 'blog',
  'blog/:slug': 'blog',
  ':slug': 'locations',
}

export type PageRoute = {
  scope: PageScope
  /**
   * A public page (publicPageHandle): the same for every signed-in visitor of one account variant,
   * so it may be kept per variant too (ADR 040). False for the other islands pages (the sign-in page,
   * /dashboard, /billing), which are cached for visitors who are not signed in only.
   */
  everyAccount: boolean
}

type Matcher = (pathname: string) => PageRoute | null

const matchers = new WeakMap<ServerBuild, Matcher>()

/** How many addresses' rules a build's matcher keeps (a town page's address is any slug). */
const maxKept = 5000

/** The cache rule of the page at `pathname` in this build: null when it must not be cached. */
export function pageRouteOf(build: ServerBuild, pathname: string): PageRoute | null {
  let matcher = matchers.get(build)
  if (!matcher) {
    matcher = createMatcher(build)
    matchers.set(build, matcher)
  }
  return matcher(pathname)
}

function createMatcher(build: ServerBuild): Matcher {
  const routes = Object.values(build.routes).filter((route) => route !== undefined)
  const tree = (parentId: string | undefined): RouteObject[] =>
    routes
      .filter((route) => route.parentId === parentId)
      .map((route) =>
        route.index
          ? { id: route.id, index: true, path: route.path, caseSensitive: route.caseSensitive }
          : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: tree(route.id) },
      )
  const objects = tree(undefined)
  // matchRoutes flattens and ranks the whole route tree on every call (~0.5 ms here): a signed-in
  // visitor's every page asks (ADR 040), so each address's answer is kept. Only canonical addresses
  // of at most 200 characters are asked (request-rules.server.ts); past `maxKept` the list starts over.
  const kept = new Map<string, PageRoute | null>()
  return (pathname) => {
    let rule = kept.get(pathname)
    if (rule === undefined) {
      if (kept.size >= maxKept) kept.clear()
      rule = ruleOf(pathname)
      kept.set(pathname, rule)
    }
    return rule
  }

  function ruleOf(pathname: string): PageRoute | null {
    const matches = matchRoutes(objects, pathname)
    if (!matches) return null
    const pages = matches.map((match) => ({
      id: match.route.id ?? '',
      handle: build.routes[match.route.id ?? '']?.module.handle,
    }))
    if (!pageUsesIslands(pages, '')) return null
    const leaf = matches.at(-1)?.route
    return { scope: scopeOfRoutePath[leaf?.path ?? ''] ?? 'fixed', everyAccount: isPublicPage(pages) }
  }
}
