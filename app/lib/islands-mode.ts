/**
 * Islands mode (docs/frontend-performance.md): a page whose every route module exports this handle is
 * served to visitors who are not signed in without the app's JavaScript (no React, no router): the
 * shell's behaviour comes from features/marketing/enhance and the islands entry, and interactive parts hydrate on use.
 * Signed-in visitors get the whole app on these pages (account menu, live status).
 */
export const islandsHandle: IslandsHandle = { islands: true }

/**
 * The same for signed-in visitors too (/dashboard and /billing, ADR 024): the islands entry runs
 * the account menu's Log Out, the live status and the access check in plain DOM code
 * (features/accounts/enhance/signed-in.ts).
 */
export const signedInIslandsHandle: IslandsHandle = { islands: true, signedIn: true }

/**
 * `islands` may depend on the query (the home page runs the app for an e-mail verification link);
 * `signedIn` serves the page as islands to signed-in visitors as well.
 */
export type IslandsHandle = { islands: true | ((search: URLSearchParams) => boolean); signedIn?: true }

type MatchLike = { id: string; handle?: unknown }

export function pageUsesIslands(matches: readonly MatchLike[], signedIn: boolean, search: string): boolean {
  const pages = matches.filter((match) => match.id !== 'root')
  return (
    pages.length > 0 &&
    pages.every((match) => {
      const handle = match.handle
      if (typeof handle !== 'object' || handle === null || !('islands' in handle)) return false
      if (signedIn && !('signedIn' in handle && handle.signedIn === true)) return false
      const islands = handle.islands
      if (typeof islands === 'function') return islands(new URLSearchParams(search)) === true
      return islands === true
    })
  )
}
