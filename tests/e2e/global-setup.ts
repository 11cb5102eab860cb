import { chromium } from 'playwright-core'
import type { TestProject } from 'vitest/node'
import { chromiumArgs, chromiumPath, requireChromium } from '../../scripts/lib/chromium.mjs'
import { startBuiltServer, testAdmin } from '../setup/built-server'
import { startDovecot } from '../setup/dovecot'
import { enrolAdminSession } from '../setup/two-factor-http'

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string
    dataDir: string
    /** The admin the server seeds from ADMIN_EMAIL/ADMIN_PASSWORD, enrolled in two-factor sign-in. */
    admin: { email: string; password: string; totpSecret: string; cookie: string }
    /** The support mailbox the server reads (IMAP_URL): a throwaway Dovecot's, for APPENDing mail. */
    supportMailbox: { host: string; port: number; user: string; password: string }
    /** Where the suite's one Chromium listens (testBrowser connects to it; other suites launch their own). */
    chromiumEndpoint?: string
  }
}

/**
 * Starts the built server once for the whole e2e suite, on a free port with a temporary DATA_DIR,
 * exactly as `npm start` would run it (production mode, embedded database). Its admin enrols in
 * two-factor sign-in first, as staff must before using staff pages. It reads a throwaway Dovecot's
 * mailbox for incoming support mail (IMAP_URL), as a server with a support mailbox does. One
 * Chromium serves every file (each test file connects to it and closes its own contexts): a
 * browser started per file cost a second or two of both cores each time.
 */
export default async function setup(project: TestProject) {
  const dovecot = await startDovecot({ users: ['support'] })
  const server = await startBuiltServer('e2e', { IMAP_URL: dovecot.imapUrl('support') }).catch(async (error) => {
    await dovecot.stop()
    throw error
  })
  project.provide('supportMailbox', {
    host: dovecot.host,
    port: dovecot.port,
    user: 'support',
    password: dovecot.passwords.get('support') ?? '',
  })
  project.provide('baseURL', server.baseURL)
  project.provide('dataDir', server.dataDir)
  const enrolled = await enrolAdminSession({ baseURL: server.baseURL, origin: server.publicURL }, testAdmin)
  project.provide('admin', { ...testAdmin, ...enrolled })
  const chromiumServer = await launchBrowserServer().catch(async (error) => {
    await server.stop()
    await dovecot.stop()
    throw error
  })
  project.provide('chromiumEndpoint', chromiumServer.wsEndpoint())
  return async () => {
    try {
      await chromiumServer.close()
      await server.stop()
    } finally {
      await dovecot.stop()
    }
  }
}

/** Debian's Chromium with this machine's flags (scripts/lib/chromium.mjs), listening for the test files. */
function launchBrowserServer() {
  requireChromium()
  return chromium.launchServer({ executablePath: chromiumPath, headless: true, args: chromiumArgs })
}
