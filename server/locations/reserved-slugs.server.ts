import routes from '../../app/routes.ts'

/**
 * Town slugs that would hide one of the site's own pages: the first segment of every fixed address
 * in the route table (app/routes.ts), so a page added there is reserved without anyone keeping a
 * list, plus the addresses the HTTP host answers before the app (server/http: /api, /assets,
 * /healthz) (files of the public folder have a dot, which no slug has). A town page at /{slug} only renders where no other route
 * matches, so such a slug would be stored but never shown.
 */
type ConfigEntry = { path?: string; children?: ConfigEntry[] }

function firstSegments(entries: readonly ConfigEntry[], prefix: string): string[] {
  return entries.flatMap((entry) => {
    const path = entry.path ? `${prefix}/${entry.path}` : prefix
    const first = path.split('/').find((segment) => segment !== '')
    const own = first && !first.startsWith(':') && first !== '*' ? [first.toLowerCase()] : []
    return [...own, ...firstSegments(entry.children ?? [], path)]
  })
}

/** Answered by the HTTP host before the route table is consulted. */
const hostAddresses = ['api', 'assets', 'healthz']

export const reservedSlugs: ReadonlySet<string> = new Set([
  ...firstSegments(routes as unknown as ConfigEntry[], ''),
  ...hostAddresses,
])

export function isReservedSlug(slug: string): boolean {
  return reservedSlugs.has(slug.toLowerCase())
}
