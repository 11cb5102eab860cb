import { randomBytes } from 'node:crypto'
import os from 'node:os'
import path from 'node:path'
import { loadConfig } from '../../../server/config.server.ts'
import type { Database } from '../../../server/db/client.server.ts'
import { createApp } from '../../../server/http/app.server.ts'
import type { Logger } from '../../../server/log.server.ts'
import type { Outbox } from '../../../server/mail/outbox.server.ts'
import type { Secrets } from '../../../server/secrets.server.ts'
import { silentLogger } from './database.ts'

/**
 * The product's Hono app without the React Router build (API and health only), driven with
 * app.request(). `env` adds variables to the test configuration; secrets are fresh random ones.
 */
export function apiOnlyApp(
  database: Database,
  options: { log?: Logger; outbox?: Outbox; env?: Record<string, string>; secrets?: Secrets } = {},
) {
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    DATA_DIR: path.join(os.tmpdir(), 'api-only-app-unused'),
    LOG_LEVEL: 'silent',
    ...options.env,
  })
  // Like the server: a configured AUTH_SECRET wins (several "processes" then hash IPs alike).
  const secrets = options.secrets ?? {
    authSecret: config.authSecret ?? randomBytes(32).toString('base64url'),
    consentIpSalt: randomBytes(32).toString('base64url'),
  }
  return createApp({ config, log: options.log ?? silentLogger(), database, outbox: options.outbox, secrets })
}
