import manifest from 'virtual:islands-manifest'

/** The islands entry and the modules it imports, as public URLs (scripts/vite/islands-plugin.ts). */
export function islandsScripts(): { entry: string; preloads: string[]; prelude: string[] } {
  return manifest
}
