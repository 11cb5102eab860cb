import { matchRoutes, type RouteObject, type ServerBuild } from 'react-router'
import { pageUsesIslands } from '../../app/lib/islands-mode.ts'
import type { PageScope } from './page-cache.server.ts'

/**
 * Which pages may be cached, from the routes themselves. A page qualifies when it is an islands
 * page for a visitor who is not signed in and asks nothing in the query (lib/islands-mode.ts, ADR
 * 010): such a page is rendered from its address, the content and the configuration only, the same
 * for every such visitor; it has no app, no session and no hydration data. App pages (sign-in,
 * forms with server state, everything behind an account) never qualify.
 *
 * The scope names the content a page shows, by the route's address pattern (the addresses are the
 * product's contract, the modules behind them may move): a change to that content empties it.
 */
const scopeOfRoutePath: Record<string, PageScope> = {
  blog: 'blog',
  'blog/:slug': 'blog',
  ':slug': 'locations',
}

export type PageRoute = { scope: PageScope }

type Matcher = (pathname: string) => PageRoute | null

const matchers = new WeakMap<ServerBuild, Matcher>()

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
  return (pathname) => {
    const matches = matchRoutes(objects, pathname)
    if (!matches) return null
    const pages = matches.map((match) => ({
      id: match.route.id ?? '',
      handle: build.routes[match.route.id ?? '']?.module.handle,
    }))
    if (!pageUsesIslands(pages, '')) return null
    const leaf = matches.at(-1)?.route
    return { scope: scopeOfRoutePath[leaf?.path ?? ''] ?? 'fixed' }
  }
}
