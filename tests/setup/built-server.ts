import { startBuiltServer as startServerProcess } from '../../scripts/lib/server-process.mjs'

/** The admin every test server seeds from ADMIN_EMAIL/ADMIN_PASSWORD. */
export const testAdmin = { email: 'admin@ramapo-e2e.test', password: 'e2e-admin-passphrase-7' }

export type BuiltServer = {
  /** Where the server listens (always plain http on loopback). */
  baseURL: string
  /** Its PUBLIC_URL: the listening address unless the caller set another one. */
  publicURL: string
  dataDir: string
  /** Stops the server, removes its data folder (unless the caller gave one), and fails if the server logged errors. */
  stop(): Promise<void>
}

/**
 * Starts the built server on a free port with a temporary DATA_DIR, exactly as `npm start` would
 * run it (production mode, embedded database, mail written to $DATA_DIR/mail), with the test admin.
 * `env` adds to or overrides the defaults (e.g. PUBLIC_URL, ALLOWED_ORIGINS); `dataDir` starts it
 * on a folder the caller prepared (and removes).
 */
export async function startBuiltServer(
  label: string,
  env: Record<string, string> = {},
  options: { dataDir?: string } = {},
): Promise<BuiltServer> {
  const server = await startServerProcess({
    label,
    dataDir: options.dataDir,
    env: {
      ADMIN_EMAIL: testAdmin.email,
      ADMIN_PASSWORD: testAdmin.password,
      // Tests pick their client IP with X-Forwarded-For, so each journey has its own rate-limit counters.
      TRUST_PROXY: 'true',
      ...env,
    },
  })
  return {
    baseURL: server.url,
    publicURL: env.PUBLIC_URL ?? server.url,
    dataDir: server.dataDir,
    async stop() {
      await server.stop()
      if (/"level":(50|60)/.test(server.output())) {
        throw new Error(`the ${label} server logged errors during the run:\n${server.output()}`)
      }
    },
  }
}
