import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * A route module is loader + intent table + a short component (ADR 026, STYLE.md's "shapes we
 * like"): what a route does fits one screen, its page parts live in its feature. A module over the
 * limit fails here until it is split or named below with its reason.
 */

const root = path.resolve(import.meta.dirname, '../..')
const routesDir = path.join(root, 'app', 'routes')
const limit = 250

const exceptions: Record<string, string> = {}

function routeModules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === '+types' ? [] : routeModules(full)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : []
  })
}

const lineCount = (file: string) => readFileSync(file, 'utf8').split('\n').length - 1

describe('route modules', () => {
  const modules = routeModules(routesDir).map((file) => ({
    file: path.relative(root, file).split(path.sep).join('/'),
    lines: lineCount(file),
  }))

  it('finds the route modules (the check below sees something)', () => {
    expect(modules.length).toBeGreaterThan(40)
    expect(modules.map((m) => m.file)).toContain('app/routes/admin/billing-document.tsx')
  })

  it(`keeps every route module under ${limit} lines, but the named exceptions`, () => {
    const long = modules.filter((m) => m.lines > limit && !(m.file in exceptions)).map((m) => `${m.file} (${m.lines})`)
    expect(long).toEqual([])
  })

  it('names no exception that is no longer one (a split module leaves the list)', () => {
    const stale = Object.keys(exceptions).filter((file) => {
      const found = modules.find((m) => m.file === file)
      return found !== undefined && found.lines <= limit
    })
    expect(stale).toEqual([])
  })
})
