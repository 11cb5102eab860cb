import fs from 'node:fs'
import path from 'node:path'

/** What the architecture tests read of the source tree's imports. */
export const root = path.resolve(import.meta.dirname, '../..')
export const appDir = path.join(root, 'app')

/** Every import of a file: static ones, re-exports' sources and dynamic `import('…')`. */
export const anyImport = /(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)['"]([^'"\n]+)['"]/g
/** Static imports and re-exports only, type-only ones left out (they are erased). */
export const staticImport = /(?:^|\n)\s*(?:import|export)\s+(?!type\s)(?:[\w*{}\s,$]+?\s+from\s+)?['"]([^'"\n]+)['"]/g

/** The imports of a file that `pattern` finds, with the absolute path each names when it is one of ours. */
export function importsOf(file: string, pattern: RegExp): { specifier: string; target: string | undefined }[] {
  const text = fs.readFileSync(file, 'utf8')
  return [...text.matchAll(pattern)].map((match) => {
    const specifier = match[1] ?? ''
    let target: string | undefined
    if (specifier.startsWith('~/')) target = path.join(appDir, specifier.slice(2))
    else if (specifier.startsWith('.')) target = path.resolve(path.dirname(file), specifier)
    return { specifier, target }
  })
}

const extensions = ['', '.ts', '.tsx', '/index.ts', '/index.tsx']
/** The file an import of ours names (its extension or index left out), if it exists. */
export function resolveFile(target: string): string | undefined {
  for (const extension of extensions) {
    const candidate = target + extension
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate
  }
  return undefined
}
