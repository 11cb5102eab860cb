import type { TestProject } from 'vitest/node'
import { startBuiltServer, testAdmin } from '../setup/built-server'
import { enrolAdminSession } from '../setup/two-factor-http'

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string
    dataDir: string
    /** The admin the server seeds from ADMIN_EMAIL/ADMIN_PASSWORD, enrolled in two-factor sign-in. */
    admin: { email: string; password: string; totpSecret: string; cookie: string }
  }
}

/**
 * Starts the built server once for the whole e2e suite, on a free port with a temporary DATA_DIR,
 * exactly as `npm start` would run it (production mode, embedded database). Its admin enrols in
 * two-factor sign-in first, as staff must before using staff pages.
 */
export default async function setup(project: TestProject) {
  const server = await startBuiltServer('e2e')
  project.provide('baseURL', server.baseURL)
  project.provide('dataDir', server.dataDir)
  const enrolled = await enrolAdminSession({ baseURL: server.baseURL, origin: server.publicURL }, testAdmin)
  project.provide('admin', { ...testAdmin, ...enrolled })
  return () => server.stop()
}
