declare module 'virtual:react-router/server-build' {
  import type { ServerBuild } from 'react-router'
  export const entry: ServerBuild['entry']
  export const routes: ServerBuild['routes']
  export const assets: ServerBuild['assets']
}

declare module 'virtual:islands-manifest' {
  /** Public URLs of the islands entry and the modules it imports (scripts/vite/islands-plugin.ts). */
  const manifest: { entry: string; preloads: string[]; prelude: string[] }
  export default manifest
}
