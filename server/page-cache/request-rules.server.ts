/**
 * Which requests may be answered from the page cache, and which may fill it. The rules are about
 * the request alone; whether the page itself qualifies is decided from its route
 * (route-rules.server.ts) and its response (only a plain 200 HTML answer without cookies).
 */

/**
 * Query parameters that only the browser's tag layer reads (campaign tags, ad click ids): no page
 * of ours reads them on the server, so `/?utm_source=news` is the page `/`. Links shared on social
 * sites and in newsletters carry them, which is when a page is busiest. Any other parameter means
 * the page may read it (`/book?service=…` fills the form, `/blog?page=2`): no cache.
 */
export const ignoredQueryParams: ReadonlySet<string> = new Set([
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'utm_id',
  'gclid',
  'gbraid',
  'wbraid',
  'fbclid',
  'msclkid',
])

/**
 * Addresses in their one canonical spelling: lowercase words and hyphens, no trailing slash, no
 * dots or escapes. React Router matches paths case-insensitively, so without this a visitor could
 * fill memory with /SERVICES/Managed-IT and every other spelling of one page.
 */
const canonicalPath = /^\/(?:[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)*)?$/
const maxPathLength = 200

/** What the address and method allow, whoever asks. */
export type AddressVerdict =
  /** Not for the cache: render as usual and store nothing. */
  | { use: false; reason: 'method' | 'query' | 'path' }
  /** May be answered from the cache under `key`; `fill` when a render of it may be stored. */
  | { use: true; key: string; fill: boolean }

export type RequestVerdict = AddressVerdict | { use: false; reason: 'signed-in' }

/**
 * The verdict for a request of a visitor who is not signed in. `authCookiePrefix` is the prefix of
 * every cookie Better Auth sets (`ramapo` → `ramapo.session_token`, `__Secure-ramapo.session_token`
 * under https): a request that carries any of them may be a signed-in visitor's, whose pages differ
 * (account menu, the app). Such a request may still get a public page kept for its account's variant
 * (server/http/page-cache.server.ts, after its session is read), under `judgeAddress`'s rules.
 */
export function judgeRequest(
  method: string,
  pathAndQuery: string,
  cookieHeader: string | undefined,
  authCookiePrefix: string,
): RequestVerdict {
  const address = judgeAddress(method, pathAndQuery)
  if (address.use && cookieHeader && hasAuthCookie(cookieHeader, authCookiePrefix)) {
    return { use: false, reason: 'signed-in' }
  }
  return address
}

/** The rules of the method, the address's spelling and its query, for every visitor. */
export function judgeAddress(method: string, pathAndQuery: string): AddressVerdict {
  if (method !== 'GET' && method !== 'HEAD') return { use: false, reason: 'method' }
  const mark = pathAndQuery.indexOf('?')
  const path = mark === -1 ? pathAndQuery : pathAndQuery.slice(0, mark)
  if (path.length > maxPathLength || !canonicalPath.test(path)) return { use: false, reason: 'path' }
  if (mark === -1) return { use: true, key: path, fill: method === 'GET' }
  // A query of ignored parameters only is served the page without it, but never fills the cache:
  // what is stored is always a render of the plain address.
  for (const name of new URLSearchParams(pathAndQuery.slice(mark + 1)).keys()) {
    if (!ignoredQueryParams.has(name)) return { use: false, reason: 'query' }
  }
  return { use: true, key: path, fill: false }
}

/** True when a Cookie header holds a cookie named with the auth prefix (with or without __Secure-/__Host-). */
export function hasAuthCookie(cookieHeader: string, prefix: string): boolean {
  for (const pair of cookieHeader.split(';')) {
    const eq = pair.indexOf('=')
    let name = (eq === -1 ? pair : pair.slice(0, eq)).trim()
    if (name.startsWith('__Secure-')) name = name.slice('__Secure-'.length)
    else if (name.startsWith('__Host-')) name = name.slice('__Host-'.length)
    if (name.startsWith(`${prefix}.`) || name.startsWith(`${prefix}-`)) return true
  }
  return false
}

/** `ramapo` from Better Auth's session cookie name (`ramapo.session_token`, `__Secure-ramapo.session_token`). */
export function authCookiePrefixOf(sessionCookieName: string): string {
  const name = sessionCookieName.replace(/^__(Secure|Host)-/, '')
  const dot = name.lastIndexOf('.')
  if (dot <= 0) throw new Error(`unexpected session cookie name: ${sessionCookieName}`)
  return name.slice(0, dot)
}
