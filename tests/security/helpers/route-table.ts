import routes from '../../../app/routes'

/** One page of the route table, with its full path (`:param` kept) and its module. */
export type RouteEntry = {
  id: string | undefined
  path: string
  file: string
  hasChildren: boolean
  /** The modules of the layout routes around it, outermost first. */
  layouts: string[]
}

type ConfigEntry = { id?: string; path?: string; index?: boolean; file: string; children?: ConfigEntry[] }

function flatten(entries: readonly ConfigEntry[], prefix: string, layouts: string[]): RouteEntry[] {
  return entries.flatMap((entry) => {
    const path = entry.path ? `${prefix.replace(/\/$/, '')}/${entry.path}` : prefix || '/'
    const hasChildren = Boolean(entry.children?.length)
    const own: RouteEntry = { id: entry.id, path, file: entry.file, hasChildren, layouts }
    return [own, ...flatten(entry.children ?? [], path, [...layouts, entry.file])]
  })
}

/** Every route of app/routes.ts, layouts included, so suites cover new routes without a list of their own. */
export const routeTable: RouteEntry[] = flatten(routes as unknown as ConfigEntry[], '', [])

/** The pages a visitor can open: no layouts, no splat. */
export const pages = routeTable.filter((route) => !route.hasChildren && !route.path.includes('*'))
