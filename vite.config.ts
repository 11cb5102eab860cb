import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'
import { islandsEntry } from './scripts/vite/islands-plugin.ts'
import { pdfWorkerEntry } from './scripts/vite/pdf-worker-plugin.ts'

// Guard: without the Node 24 bridge in node_modules/.bin, tools would silently run on Node 20.
if (Number(process.versions.node.split('.')[0]) < 24) {
  throw new Error(
    `Node ${process.versions.node} is too old: run through npm scripts (Node 24 is brought by the project).`,
  )
}

export default defineConfig(({ command }) => ({
  plugins: [tailwindcss(), reactRouter(), islandsEntry(), pdfWorkerEntry()],
  resolve: { tsconfigPaths: true },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            // Fewer, larger files for what every page loads: on a slow mobile link each extra
            // request before the first paint costs a round trip (docs/frontend-performance.md).
            codeSplitting: {
              groups: [
                // React and React Router apart: the islands of the marketing pages load React
                // (on use) but never the router (docs/frontend-performance.md).
                { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 20 },
                { name: 'router', test: /node_modules[\\/](react-router|turbo-stream)[\\/]/, priority: 20 },
                { name: 'icons', test: /node_modules[\\/]lucide-react[\\/]/, priority: 10 },
                // What every component uses (cn, Radix's Slot, the label), kept out of the group below so
                // that a page needing only a button or a dialog does not load the form layer for it.
                {
                  name: 'ui-base',
                  test: /app[\\/](lib[\\/]cn|ui[\\/]label)\.tsx?$|node_modules[\\/](tailwind-merge|clsx|@radix-ui[\\/]react-(slot|compose-refs))[\\/]/,
                  priority: 15,
                },
                // The form layer's field and its controls: one file for the islands forms and the pages
                // instead of one per component (docs/forms.md).
                {
                  name: 'field',
                  test: /app[\\/]ui[\\/](field|field-control|input|textarea)\.tsx?$/,
                  priority: 10,
                },
              ],
            },
          },
        },
      },
    },
    ssr: {
      // The server build runs in production only (server.js loads it unless NODE_ENV=development):
      // with the condition fixed, the development copies of React and React DOM's server renderer
      // (each CommonJS entry bundles both and picks one at run time) drop out of the bundle, which
      // Node would otherwise read and compile at every boot (docs/perf/boot.md). Not in development,
      // where the server's modules run through Vite with NODE_ENV=development.
      define: command === 'build' ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
      // The server's dependencies are bundled in too: loading ~1,400 modules from node_modules took
      // more than a second of every boot (most of it Node reading package.json files), the bundle
      // loads in about 0.3 s (docs/perf/boot.md). PGlite stays outside, as it finds its WebAssembly
      // and data files next to its own module, and so does pg, whose native binding is optional, and
      // react-pdf, whose font module loads the standard fonts through its package's own import map
      // (`#standard-fonts/…`), which resolves only from inside that package.
      // In development the server's modules run through Vite, which loads node_modules from Node as
      // usual (bundling them there evaluated React's CommonJS entry as a module and failed).
      resolve:
        command === 'build'
          ? { noExternal: true, external: ['@electric-sql/pglite', 'pg', '@react-pdf/renderer'] }
          : {},
      build: {
        // One bundle holds the HTTP server and the app, so both share one module graph
        // (one database handle, one context key).
        rolldownOptions: {
          input: './server/main.server.ts',
          // Non-ASCII characters escaped (\u2019) and the packages' documentation comments left out: a
          // bundle of ASCII only is read by Node and held by V8 as one byte per character, where a
          // single typographic quote made all of it two bytes per character (18 MB of string for the
          // 9 MB file, decoded at every start; docs/perf/boot.md). Licence comments stay.
          output: { charset: 'ascii', comments: { legal: true, annotation: false, jsdoc: false } },
        },
      },
    },
  },
}))
