import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { anyImport, appDir, importsOf, resolveFile, root } from './import-graph.ts'

/**
 * The layout's rules (docs/architecture.md), checked on every import of the tree:
 *  1. nothing under app/ imports the HTTP host (hono, @hono/*, server/http/), not even through a
 *     module of ours that does;
 *  2. a feature (app/features/<name>/) reaches another feature only through its public entry,
 *     app/features/<other>/index.ts, never into its files;
 *  3. the design system (app/ui/) and the cross-cutting helpers (app/lib/) import no feature.
 */

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(full)
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : []
  })
}

const isHttpHost = (specifier: string, target: string | undefined) =>
  /^(hono|@hono\/)/.test(specifier) ||
  (target !== undefined && !path.relative(path.join(root, 'server', 'http'), target).startsWith('..'))

/** The chain of imports by which a file reaches the HTTP host, if it does (depth-first, memoised). */
const reachesHost = new Map<string, string[] | null>()
function hostChain(file: string): string[] | null {
  const known = reachesHost.get(file)
  if (known !== undefined) return known
  reachesHost.set(file, null) // cycles end here
  for (const { specifier, target } of importsOf(file, anyImport)) {
    if (isHttpHost(specifier, target)) {
      reachesHost.set(file, [specifier])
      return [specifier]
    }
    const next = target && resolveFile(target)
    const chain = next ? hostChain(next) : null
    if (chain) {
      reachesHost.set(file, [specifier, ...chain])
      return [specifier, ...chain]
    }
  }
  return null
}

const featureOf = (file: string) => {
  const relative = path.relative(path.join(appDir, 'features'), file)
  return relative.startsWith('..') ? undefined : relative.split(path.sep)[0]
}

const files = sourceFiles(appDir)
const relative = (file: string) => path.relative(root, file)

describe('the layout rules', () => {
  it('finds the app’s files and their imports (the rules below check something)', () => {
    expect(files.length).toBeGreaterThan(100)
    expect(files.some((file) => featureOf(file) === 'booking')).toBe(true)
  })

  it('keeps the HTTP host out of app/, directly or through our own modules', () => {
    const offenders = files.flatMap((file) => {
      const chain = hostChain(file)
      return chain ? [`${relative(file)} → ${chain.join(' → ')}`] : []
    })
    expect(offenders).toEqual([])
  })

  it('would see a module that reaches the HTTP host through another (the check can fail)', () => {
    expect(hostChain(path.join(root, 'server', 'accounts', 'http.server.ts'))).toEqual(['hono'])
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'layout-rule-'))
    fs.writeFileSync(path.join(dir, 'page.ts'), "import { helper } from './helper'\n")
    fs.writeFileSync(path.join(dir, 'helper.ts'), "import type { Context } from 'hono'\nexport const helper = 1\n")
    expect(hostChain(path.join(dir, 'page.ts'))).toEqual(['./helper', 'hono'])
    fs.rmSync(dir, { recursive: true })
  })

  it('lets a feature use another feature only through its index.ts', () => {
    const offenders = files.flatMap((file) => {
      const own = featureOf(file)
      if (!own) return []
      return importsOf(file, anyImport)
        .filter(({ target }) => {
          if (!target) return false
          const other = featureOf(target)
          if (!other || other === own) return false
          return (
            target !== path.join(appDir, 'features', other) && target !== path.join(appDir, 'features', other, 'index')
          )
        })
        .map(({ specifier }) => `${relative(file)} imports ${specifier}`)
    })
    expect(offenders).toEqual([])
  })

  it('keeps features out of the design system and the shared helpers', () => {
    const offenders = files
      .filter((file) => /^(ui|lib)$/.test(path.relative(appDir, file).split(path.sep)[0] ?? ''))
      .flatMap((file) =>
        importsOf(file, anyImport)
          .filter(({ target }) => target !== undefined && featureOf(target) !== undefined)
          .map(({ specifier }) => `${relative(file)} imports ${specifier}`),
      )
    expect(offenders).toEqual([])
  })
})
