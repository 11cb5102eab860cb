import type { TestProject } from 'vitest/node'
import { startBuiltServer, testAdmin } from '../setup/built-server'

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string
    dataDir: string
    /** The admin the server seeds from ADMIN_EMAIL/ADMIN_PASSWORD. */
    admin: { email: string; password: string }
  }
}

/**
 * Starts the built server once for the whole e2e suite, on a free port with a temporary DATA_DIR,
 * exactly as `npm start` would run it (production mode, embedded database).
 */
export default async function setup(project: TestProject) {
  const server = await startBuiltServer('e2e')
  project.provide('baseURL', server.baseURL)
  project.provide('dataDir', server.dataDir)
  project.provide('admin', testAdmin)
  return () => server.stop()
}
