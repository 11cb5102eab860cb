import type { Config } from '@react-router/dev/config'

export default {
  ssr: true,
  appDirectory: 'app',
  buildDirectory: 'build',
  // The whole route manifest ships with the page (one small module) instead of being fetched per
  // link: no /__manifest request and no scan of every link on the page while it hydrates
  // (docs/frontend-performance.md).
  routeDiscovery: { mode: 'initial' },
} satisfies Config
