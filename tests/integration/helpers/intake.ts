import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Database } from '../../../server/db/client.server.ts'
import type { Logger } from '../../../server/log.server.ts'
import { type Outbox, type RetryPolicy, startOutbox } from '../../../server/mail/outbox.server.ts'
import { createMailTransport } from '../../../server/mail/transport.server.ts'
import { apiOnlyApp } from './app.ts'
import { openTestDatabase, silentLogger, type TestDatabase } from './database.ts'

export const SITE = 'http://127.0.0.1:3000'
export const MAIL_FROM = 'Ramapo IT Services <hello@ramapo-it.example>'
/** Retries every second or two, so an outage of a few seconds is ridden out within a test. */
export const fastRetry: RetryPolicy = { retryLimit: 20, retryDelay: 1, retryDelayMax: 2 }

export type IntakeHarness = {
  app: ReturnType<typeof apiOnlyApp>
  database: TestDatabase
  outbox: Outbox
  dataDir: string
  log: Logger
  mailDir: string
  cleanup(): Promise<void>
}

/**
 * The product's Hono app (API only) with a real outbox on the suite's database, mail to .eml files
 * (or to the SMTP server given), and the environment given, as the server would read it.
 */
export async function intakeHarness(
  options: {
    env?: Record<string, string>
    smtpUrl?: string
    log?: Logger
    database?: TestDatabase
    /** Seconds the worker leaves a message to the request that sends it at once. */
    holdSeconds?: number
    work?: boolean
  } = {},
): Promise<IntakeHarness> {
  const log = options.log ?? silentLogger()
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'intake-test-'))
  const database = options.database ?? (await openTestDatabase({ log }))
  const transport = createMailTransport({ smtpUrl: options.smtpUrl, dataDir, from: MAIL_FROM, log })
  const outbox = await startOutbox({
    database,
    transport,
    log,
    retry: fastRetry,
    pollingIntervalSeconds: 0.5,
    // Long enough that a send at once still under way on a busy machine is not also sent by the
    // worker (60 s in the product); short enough that a test of the worker's retry stays short.
    immediateHoldSeconds: options.holdSeconds ?? 10,
    work: options.work,
  })
  const app = intakeApp({ database, outbox, log, dataDir, env: options.env })
  return {
    app,
    database,
    outbox,
    dataDir,
    log,
    mailDir: path.join(dataDir, 'mail'),
    async cleanup() {
      await outbox.stop()
      if (!options.database) await database.cleanup()
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * The product's Hono app without the React Router build, on the given database and outbox, with
 * the environment given (as the server would read it). Every app of the intake tests is made here.
 */
export function intakeApp(options: {
  database: Database
  outbox: Outbox | undefined
  log?: Logger
  dataDir?: string
  env?: Record<string, string>
}) {
  return apiOnlyApp(options.database, {
    log: options.log,
    outbox: options.outbox,
    env: {
      DATA_DIR: options.dataDir ?? path.join(os.tmpdir(), 'intake-app-unused'),
      PUBLIC_URL: SITE,
      AUTH_SECRET: 'an-auth-secret-for-the-integration-tests-only',
      ...options.env,
    },
  })
}

/** Another app on the harness's database and outbox, with other settings. */
export function appWith(h: IntakeHarness, env: Record<string, string>) {
  return intakeApp({ database: h.database, outbox: h.outbox, log: h.log, dataDir: h.dataDir, env })
}

/** A complete, valid consultation request as the booking form sends it. */
export function consultationBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    formType: 'consultation',
    firstName: 'Pat',
    lastName: 'Example',
    name: 'Pat Example',
    email: 'pat@example.com',
    phone: '(845) 555-0100',
    company: 'Example Dental LLC',
    employees: 12,
    services: ['Managed IT Services', 'Cybersecurity'],
    service: 'Managed IT Services, Cybersecurity',
    plan: 'Full Help Desk ($100/user/mo)',
    message: 'Our Wi-Fi drops every afternoon.',
    source: `${SITE}/book?service=managed-it`,
    timestamp: new Date().toISOString(),
    ...overrides,
  }
}

export function contactBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    formType: 'contact',
    name: 'Robin Sample',
    email: 'robin@example.com',
    phone: '201-555-0199',
    message: 'Do you support home offices in Mahwah?',
    source: `${SITE}/`,
    timestamp: new Date().toISOString(),
    ...overrides,
  }
}

/** POST /api/process-form with a JSON body (or the raw body and headers given). */
export async function postForm(
  app: IntakeHarness['app'],
  body: unknown,
  init: { headers?: Record<string, string>; raw?: string } = {},
): Promise<Response> {
  return app.request('/api/process-form', {
    method: 'POST',
    headers: { 'content-type': 'application/json', host: '127.0.0.1:3000', ...init.headers },
    body: init.raw ?? JSON.stringify(body),
  })
}
