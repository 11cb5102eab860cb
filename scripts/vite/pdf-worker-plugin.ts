import path from 'node:path'
import type { Plugin } from 'vite'

/**
 * Builds the PDF thread's code (server/billing/pdf/pdf-worker.server.tsx) as one more entry of the
 * server build, under a fixed name beside the server's bundle: `build/server/pdf-worker.js`, which
 * server/billing/pdf/renderer.server.ts starts as a worker thread. (A second `input` would be named
 * by React Router's `entryFileNames`, index2.js.) What it shares with the server (React, the printed
 * document's text) goes into a shared chunk; react-pdf stays in node_modules, as for the server.
 * In development and tests the thread runs the source instead (renderer.server.ts).
 */
export function pdfWorkerEntry(entryFile = 'server/billing/pdf/pdf-worker.server.tsx'): Plugin {
  let entryPath = path.resolve(entryFile)
  return {
    name: 'pdf-worker-entry',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'ssr',
    configResolved(config) {
      entryPath = path.resolve(config.root, entryFile)
    },
    buildStart() {
      this.emitFile({ type: 'chunk', id: entryPath, fileName: 'pdf-worker.js' })
    },
  }
}
