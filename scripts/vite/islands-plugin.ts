import path from 'node:path'
import type { Plugin } from 'vite'

/**
 * Builds the islands entry (app/islands/entry.ts, docs/frontend-performance.md "Islands") as one more
 * input of the client build, and tells the server bundle its file names through the virtual module
 * `virtual:islands-manifest`: `{ entry, preloads, prelude }`, public URLs (`prelude`: modules to
 * import before the entry).
 *
 * React Router builds the client first and the server second in one run, so the names captured
 * from the client bundle are known when the server bundle imports the module. In development the
 * entry is served by Vite from its source path, after React Router's Fast Refresh preamble (which
 * its `<Scripts>` installs on app pages, and without which no component module loads in dev).
 */
export function islandsEntry(entryFile = 'app/islands/entry.ts'): Plugin {
  const virtualId = 'virtual:islands-manifest'
  const resolvedId = `\0${virtualId}`
  let entryPath = path.resolve(entryFile)
  let base = '/'
  let command: 'build' | 'serve' = 'serve'
  let built: { entry: string; preloads: string[] } | null = null

  return {
    name: 'islands-entry',
    configResolved(config) {
      entryPath = path.resolve(config.root, entryFile)
      base = config.base
      command = config.command
    },
    configEnvironment(name, config, env) {
      if (name !== 'client' || env.command !== 'build') return
      const options = config.build?.rollupOptions
      if (!options) throw new Error('islands-entry: the client build has no inputs to add to')
      const input = options.input
      const entry = path.resolve(entryFile)
      if (Array.isArray(input)) options.input = [...input, entry]
      else if (typeof input === 'string') options.input = [input, entry]
      else if (input && typeof input === 'object') options.input = { ...input, islands: entry }
      else options.input = [entry]
    },
    generateBundle(_options, bundle) {
      if (this.environment.name !== 'client') return
      const chunks = Object.values(bundle).filter((item) => item.type === 'chunk')
      const entry = chunks.find((chunk) => chunk.isEntry && chunk.facadeModuleId === entryPath)
      if (!entry) throw new Error(`islands-entry: ${entryFile} is missing from the client bundle`)
      // Every module the entry imports statically, in load order, so they can be requested at once.
      const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]))
      const preloads: string[] = []
      const visit = (fileName: string) => {
        for (const imported of byName.get(fileName)?.imports ?? []) {
          if (preloads.includes(imported)) continue
          preloads.push(imported)
          visit(imported)
        }
      }
      visit(entry.fileName)
      built = { entry: base + entry.fileName, preloads: preloads.map((file) => base + file) }
    },
    resolveId(id) {
      return id === virtualId ? resolvedId : undefined
    },
    load(id) {
      if (id !== resolvedId) return
      if (command === 'serve') {
        const source = `${base}${path.relative(process.cwd(), entryPath).split(path.sep).join('/')}`
        const prelude = [`${base}@id/__x00__virtual:react-router/inject-hmr-runtime`]
        return `export default ${JSON.stringify({ entry: source, preloads: [], prelude })}`
      }
      if (this.environment.name === 'client') {
        throw new Error('virtual:islands-manifest is for the server bundle only')
      }
      if (!built) throw new Error('islands-entry: the server bundle was built before the client bundle')
      return `export default ${JSON.stringify({ ...built, prelude: [] })}`
    },
  }
}
