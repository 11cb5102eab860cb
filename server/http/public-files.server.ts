import fs from 'node:fs'
import path from 'node:path'
import { serveStatic } from '@hono/node-server/serve-static'
import type { MiddlewareHandler } from 'hono'

/**
 * The request paths under which `root` (the built client, build/client) has something to answer,
 * read once: every file (`/favicon.svg`, `/assets/…`) and every folder holding an `index.html`
 * (`/` only if the root holds one). The built client does not change while the server runs, so a
 * path outside this set has no file behind it, and a page path needs no system call to learn it.
 */
export function readPublicPaths(root: string): ReadonlySet<string> {
  const paths = new Set<string>()
  const walk = (dir: string, prefix: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name)
      const at = `${prefix}/${entry.name}`
      if (fs.statSync(full).isDirectory()) walk(full, at)
      else {
        paths.add(at)
        if (entry.name === 'index.html') paths.add(prefix === '' ? '/' : prefix)
      }
    }
  }
  walk(root, '')
  return paths
}

/** The path a request names, decoded as serveStatic decodes it, without its trailing slashes. */
function namedPath(requestPath: string): string | undefined {
  let decoded: string
  try {
    decoded = decodeURI(requestPath)
  } catch {
    // Malformed escapes: serveStatic decodes what it can; let it decide.
    return undefined
  }
  const trimmed = decoded.replace(/\/+$/, '')
  return trimmed === '' ? '/' : trimmed
}

/**
 * The unhashed public files of the built client (favicon, robots and the like), answered by hono's
 * serveStatic as before (its types, lengths, ranges, HEAD, its refusal of `..` and `//`), but asked
 * only for a path in the set read at boot (readPublicPaths): every other request, every page, goes
 * on to React Router without a stat of build/client. A path whose decoding fails is left to
 * serveStatic. `headers` go on every answer it gives (serveStatic's own `onFound` runs after its
 * answer is made, too late to add a header to it).
 */
export function publicFiles(
  root: string,
  headers: Record<string, string>,
  paths: ReadonlySet<string> = readPublicPaths(root),
): MiddlewareHandler {
  const serve = serveStatic({ root })
  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next()
    const named = namedPath(c.req.path)
    if (named !== undefined && !paths.has(named)) return next()
    // serveStatic returns its answer when it has a file, and nothing when it passed on to next().
    const answer = await serve(c, next)
    if (answer instanceof Response) for (const [name, value] of Object.entries(headers)) answer.headers.set(name, value)
    return answer
  }
}
