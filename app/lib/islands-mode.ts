/**
 * Islands mode (docs/frontend-performance.md): a page whose every route module exports this handle is
 * served without the app's JavaScript (no React, no router): the shell's behaviour comes from
 * features/marketing/enhance and the islands entry, and interactive parts hydrate on use. That holds
 * for signed-in visitors too (ADR 024 for /dashboard, /billing and the billing lists, ADR 038 for the public pages):
 * there the islands entry runs the account menu's Log Out, the live status and, on a protected page,
 * the access check in plain DOM code (features/accounts/enhance/signed-in.ts).
 */
export const islandsHandle: IslandsHandle = { islands: true }

/**
 * An islands page that is the same for every visitor, signed in or not, but for the site's frame (the
 * header's account menu and `<body data-account-status>`): its loaders and components read no account.
 * The page cache keeps it once per account variant for signed-in visitors (ADR 040); a page that
 * shows anything of the visitor must not have it.
 */
export const publicPageHandle: IslandsHandle = { islands: true, publicPage: true }

/**
 * `islands` may depend on the query (the home page runs the app for an e-mail verification link).
 * `publicPage`: see publicPageHandle.
 */
export type IslandsHandle = { islands: true | ((search: URLSearchParams) => boolean); publicPage?: true }

type MatchLike = { id: string; handle?: unknown }

export function pageUsesIslands(matches: readonly MatchLike[], search: string): boolean {
  const pages = matches.filter((match) => match.id !== 'root')
  return (
    pages.length > 0 &&
    pages.every((match) => {
      const handle = match.handle
      if (typeof handle !== 'object' || handle === null || !('islands' in handle)) return false
      const islands = handle.islands
      if (typeof islands === 'function') return islands(new URLSearchParams(search)) === true
      return islands === true
    })
  )
}

/** True when every page module of the match has `publicPage` (publicPageHandle): the same for every account. */
export function isPublicPage(matches: readonly MatchLike[]): boolean {
  const pages = matches.filter((match) => match.id !== 'root')
  return (
    pages.length > 0 &&
    pages.every((match) => {
      const handle = match.handle
      return typeof handle === 'object' && handle !== null && 'publicPage' in handle && handle.publicPage === true
    })
  )
}
