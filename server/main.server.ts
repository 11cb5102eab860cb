import cluster from 'node:cluster'
import http from 'node:http'
import path from 'node:path'
import * as serverBuild from 'virtual:react-router/server-build'
import { getRequestListener } from '@hono/node-server'
import type { ServerBuild } from 'react-router'
import { business } from '../app/content/business.ts'
import { isDomainError } from '../app/lib/domain-error.ts'
import { type Accounts, startAccounts } from './accounts/accounts.server.ts'
import { type BackupJobs, runRecordedBackup, startBackupJobs } from './backups/jobs.server.ts'
import { listenForBackupRequests } from './backups/socket.server.ts'
import { backupBeforeMigrating, recordUpgradeBackup } from './backups/upgrade.server.ts'
import { seedDemoBilling } from './billing/demo.server.ts'
import { pdfRenderer } from './billing/pdf/renderer.server.ts'
import { type BillingJobs, startBillingJobs } from './billing/reminders.server.ts'
import { runPrimary, workerCount } from './cluster.server.ts'
import { type Config, loadConfig } from './config.server.ts'
import { seedDemoContracts } from './contracts/demo.server.ts'
import { ensureStandardTemplates } from './contracts/standard-templates.server.ts'
import { type Database, openDatabase } from './db/client.server.ts'
import { seedDemoContent } from './db/seed.server.ts'
import { createApp } from './http/app.server.ts'
import { loadAssets } from './http/assets.server.ts'
import { serverListener } from './http/listener.server.ts'
import { securityHeadersFor } from './http/security-headers.server.ts'
import { collectWhenIdle } from './idle-collection.server.ts'
import { createLogger, type Logger } from './log.server.ts'
import { type Outbox, startOutbox } from './mail/outbox.server.ts'
import { createMailTransport } from './mail/transport.server.ts'
import { assertNode24 } from './node-guard.server.ts'
import { type OperationsJobs, startOperationsJobs } from './operations/jobs.server.ts'
import { seedDemoOrganisations } from './organisations/demo.server.ts'
import { invalidatePublicPages, listenForInvalidations } from './page-cache/invalidation.server.ts'
import { PageCache } from './page-cache/page-cache.server.ts'
import { authCookiePrefixOf } from './page-cache/request-rules.server.ts'
import { clientBuildDir } from './paths.server.ts'
import { type PaymentJobs, startPaymentJobs } from './payments/jobs.server.ts'
import { chargeAutopayInvoice } from './payments/payments.server.ts'
import { paymentProviderFor } from './payments/stripe.server.ts'
import { loadDemoClientPassword, loadDemoPeoplePasswords, loadSecrets } from './secrets.server.ts'
import { type SubscriptionJobs, startSubscriptionJobs } from './subscriptions/jobs.server.ts'
import { startSupportMailbox } from './support/inbound/mailbox.server.ts'
import type { MailboxReader } from './support/inbound/reader.server.ts'
import { type SupportTargetJobs, startSupportTargetJobs } from './support/targets.server.ts'

/** The React Router build bundled with this module (production entry reads it from here). */
export const build = serverBuild as unknown as ServerBuild

type Connect = (req: http.IncomingMessage, res: http.ServerResponse, next: () => void) => void

export type StartOptions = {
  /** Development: Vite's middleware (HMR, on-demand modules) in front of the app. */
  viteMiddlewares?: Connect
  getBuild: () => Promise<ServerBuild>
}

/**
 * How long each step of the boot took (ms), logged with 'listening': `start` is the time from the
 * process's start to here (Node, server.js, loading the server's modules). With `from`, the steps
 * of what starts after listen, counted from then.
 */
function bootTimer(from?: number) {
  const steps: Record<string, number> = from === undefined ? { start: Math.round(performance.now()) } : {}
  let last = from ?? performance.now()
  return {
    steps,
    step(name: string) {
      const now = performance.now()
      steps[name] = Math.round(now - last)
      last = now
    },
  }
}

/** Boots the whole product: config, database + migrations, seed, mail worker, HTTP server. */
export async function startServer(options: StartOptions) {
  const boot = bootTimer()
  assertNode24('server')
  let config: Config
  try {
    config = loadConfig()
  } catch (error) {
    if (isDomainError(error)) {
      console.error(error.message)
      process.exit(1)
    }
    throw error
  }
  const base = createLogger(config.logLevel)
  // In the multi-process mode every line says which worker wrote it.
  const log = cluster.isWorker ? base.child({ worker: cluster.worker?.id }) : base
  // Generated once, before any worker starts: every worker reads the same file.
  const secrets = loadSecrets(config.dataDir, { authSecret: config.authSecret })
  const demoClientPassword = config.seedDemo ? loadDemoClientPassword(config.dataDir) : undefined

  const workers = workerCount(config, Boolean(options.viteMiddlewares))
  if (cluster.isPrimary && workers > 1) return runPrimary({ count: workers, log })
  if (cluster.isPrimary && config.webConcurrency > 1) {
    log.warn(
      { webConcurrency: config.webConcurrency },
      options.viteMiddlewares
        ? 'WEB_CONCURRENCY is ignored in development: one process'
        : 'WEB_CONCURRENCY is ignored: the embedded database serves one process (set DATABASE_URL for several)',
    )
  }

  log.info({ database: config.databaseUrl ? 'postgres' : 'pglite', dataDir: config.dataDir }, 'opening database')
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, log }).catch(
    (error: Error) => {
      log.fatal({ err: error }, error.message)
      console.error(error.message)
      process.exit(1)
    },
  )
  boot.step('database')
  const backupSettings = { dataDir: config.dataDir, ...config.backup }
  // An upgrade never migrates a database without a backup of it first (docs/backups.md).
  const upgradeBackup = await backupBeforeMigrating({ database, settings: backupSettings, log }).catch(
    (error: Error) => {
      log.fatal({ err: error }, `the backup before the upgrade failed: not migrating (${error.message})`)
      console.error(`The backup before the upgrade failed, so the database was not migrated: ${error.message}`)
      process.exit(1)
    },
  )
  await database.migrate()
  log.info('migrations applied')
  if (upgradeBackup) await recordUpgradeBackup(database, upgradeBackup)
  boot.step('migrations')
  // The business's standard contract templates exist on every install (not demo content).
  const templates = await ensureStandardTemplates(database.db)
  if (templates > 0) log.info({ inserted: templates }, 'standard contract templates added')
  if (config.seedDemo) {
    const { inserted } = await seedDemoContent(database.db)
    log.info({ inserted }, 'demo content seeded')
    // Other processes may be serving already and keep pages without that content.
    if (inserted > 0) await invalidatePublicPages(database.db, 'all')
    boot.step('seed')
  }

  const transport = createMailTransport({
    smtpUrl: config.smtpUrl,
    dataDir: config.dataDir,
    from: config.mailFrom ?? `${business.name} <${business.email}>`,
    log,
  })
  const outbox = await startOutbox({ database, transport, log })
  boot.step('mail')
  const accounts = await startAccounts({ config, database, outbox, log, secret: secrets.authSecret })
  // The admin of ADMIN_EMAIL before the first request: a look-up when it exists, and the configured
  // password must win over an unverified sign-up of that address before anyone can use it.
  await accounts.seedAdmin()
  boot.step('accounts')

  // Public pages from memory: production only (in development the modules change), and
  // each process starts empty, so a deploy never serves a page of the previous version.
  const pageCache =
    !options.viteMiddlewares && config.pageCacheMb > 0
      ? new PageCache({ maxBytes: config.pageCacheMb * 1024 * 1024 })
      : undefined
  const invalidations = pageCache ? await listenForInvalidations({ database, cache: pageCache, log }) : undefined
  const sessionCookie = (await accounts.auth.$context).authCookies.sessionToken.name
  boot.step('pageCache')

  const clientDir = options.viteMiddlewares ? undefined : clientBuildDir()
  const authCookiePrefix = authCookiePrefixOf(sessionCookie)
  const app = createApp({
    config,
    log,
    database,
    outbox,
    secrets,
    accounts,
    getBuild: options.getBuild,
    clientDir,
    strictCsp: !options.viteMiddlewares,
    pageCache: pageCache ? { cache: pageCache, authCookiePrefix } : undefined,
  })
  const listener = serverListener({
    app: getRequestListener(app.fetch),
    assets: clientDir ? loadAssets(path.join(clientDir, 'assets')) : undefined,
    pageCache: pageCache
      ? { cache: pageCache, authCookiePrefix, securityHeaders: securityHeadersFor(config, true) }
      : undefined,
    config,
    log,
  })
  const vite = options.viteMiddlewares
  const server = http.createServer(vite ? (req, res) => vite(req, res, () => listener(req, res)) : listener)
  server.keepAliveTimeout = 65_000
  server.headersTimeout = 66_000
  server.requestTimeout = 30_000
  // Once the server is quiet after work, V8 gives back the pages the work grew into (docs/perf/memory.md).
  const idleCollection = collectWhenIdle({
    onCollect: (result) => log.debug(result, 'memory collected while idle'),
  })
  server.on('request', idleCollection.busy)

  boot.step('app')
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(config.port, config.host, () => resolve())
  })
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : config.port
  boot.step('listen')
  log.info(
    { port, url: config.publicUrl, mail: transport.kind, bootMs: boot.steps },
    `listening on http://localhost:${port}`,
  )

  // What no request needs at once, started once the server answers (docs/perf/boot.md): the
  // scheduled jobs (reminders, retention: their first run is hours away) and the demo client with
  // its billing documents and contracts (two PDFs on a new install). Sign-ins wait for the demo
  // data (holdSignInsUntil), so nobody signs in to a half-seeded demo account.
  const later = startAfterListen({ config, database, outbox, accounts, demoClientPassword, log })
  // `npm run backup` reaches the embedded database through this process (server/backups/socket.server.ts).
  const backupSocket = database.pglite
    ? await listenForBackupRequests({
        dataDir: config.dataDir,
        log,
        run: (request) =>
          runRecordedBackup({
            database,
            settings: { ...backupSettings, dir: request.backupDir },
            outbox,
            trigger: 'manual',
            log,
            ...(request.passphrase ? { passphrase: request.passphrase } : {}),
          }),
      })
    : undefined
  accounts.holdSignInsUntil(later.demo)
  // Without them reminders and retention would silently never run: stop, for a supervisor to restart.
  later.jobs.catch((error: unknown) => {
    log.fatal({ err: error }, 'scheduled jobs did not start: stopping')
    void shutdown('scheduled jobs failed', 1)
  })

  let stopping = false
  const shutdown = async (signal: string, exitCode = 0) => {
    if (stopping) return
    stopping = true
    idleCollection.stop()
    const force = setTimeout(() => server.closeAllConnections(), 10_000)
    force.unref()
    const closed = new Promise<void>((resolve) => {
      server.close(() => resolve())
      server.closeIdleConnections()
    })
    // Said once the listener is closed: from this line on no connection is accepted (the SIGTERM
    // test of tests/resilience waits for it).
    log.info({ signal }, 'shutting down: finishing in-flight requests')
    // Live status streams never finish by themselves: end them so the server can close.
    await accounts.stop().catch((error: unknown) => log.error({ err: error }, 'live status did not stop cleanly'))
    await invalidations
      ?.stop()
      .catch((error: unknown) => log.warn({ err: error }, 'page cache listener did not stop cleanly'))
    await closed
    clearTimeout(force)
    await backupSocket?.close()
    // Work started after listen finishes first: it writes to the database closed below.
    await later.demo.catch(() => undefined)
    await later.started.mailbox
      ?.stop()
      .catch((error: unknown) => log.error({ err: error }, 'support mailbox reader did not stop cleanly'))
    await later.started.billing
      ?.stop()
      .catch((error: unknown) => log.error({ err: error }, 'billing jobs did not stop cleanly'))
    await later.started.payments
      ?.stop()
      .catch((error: unknown) => log.error({ err: error }, 'payment jobs did not stop cleanly'))
    await later.started.operations
      ?.stop()
      .catch((error: unknown) => log.error({ err: error }, 'operations jobs did not stop cleanly'))
    await later.started.supportTargets
      ?.stop()
      .catch((error: unknown) => log.error({ err: error }, 'support target jobs did not stop cleanly'))
    await later.started.subscriptions
      ?.stop()
      .catch((error: unknown) => log.error({ err: error }, 'subscription run did not stop cleanly'))
    await later.started.backups
      ?.stop()
      .catch((error: unknown) => log.error({ err: error }, 'backup jobs did not stop cleanly'))
    await outbox.stop().catch((error: unknown) => log.error({ err: error }, 'mail worker did not stop cleanly'))
    // The PDFs asked for by the work above are done; the PDF thread exits.
    await pdfRenderer.stop().catch((error: unknown) => log.error({ err: error }, 'PDF thread did not stop cleanly'))
    await database.close().catch((error: unknown) => log.error({ err: error }, 'database did not close cleanly'))
    log.info('stopped')
    process.exit(exitCode)
  }
  // A second SIGTERM (a supervisor repeating itself) while the shutdown finishes its work must not
  // kill the process half-way: shutdown() ignores it. A second Ctrl-C still stops at once.
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  process.once('SIGINT', () => void shutdown('SIGINT'))
  return { server, port }
}

/**
 * Starts what the first requests do not need (after listen): the scheduled jobs, then the demo
 * client's account and data (SEED_DEMO). `started` holds the jobs as they start, for the shutdown.
 * The jobs failing to start fails the process, as it failed the boot before; the demo data failing
 * is logged and the server keeps serving. Their times are logged as `afterListenMs`.
 */
function startAfterListen(deps: {
  config: Config
  database: Database
  outbox: Outbox
  accounts: Accounts
  demoClientPassword: string | undefined
  log: Logger
}) {
  const { config, database, outbox, accounts, demoClientPassword, log } = deps
  const timer = bootTimer(performance.now())
  const started: {
    billing?: BillingJobs
    operations?: OperationsJobs
    supportTargets?: SupportTargetJobs
    mailbox?: MailboxReader
    subscriptions?: SubscriptionJobs
    payments?: PaymentJobs | null
    backups?: BackupJobs
  } = {}
  const jobs = (async () => {
    started.billing = await startBillingJobs({ database, outbox, publicUrl: config.publicUrl, log })
    started.payments = await startPaymentJobs({ database, outbox, config, log })
    started.operations = await startOperationsJobs({ database, dataDir: config.dataDir, log })
    started.supportTargets = await startSupportTargetJobs({ database, outbox, publicUrl: config.publicUrl, log })
    // The support mailbox (IMAP_URL): it retries by itself while the mail server is away.
    started.mailbox = await startSupportMailbox({ config, database, outbox, log })
    // The monthly run; with payment keys, an invoice it issues is charged at once where its
    // organisation has autopay on (a failed charge is retried by the payment jobs).
    const provider = paymentProviderFor(config)
    const paymentDeps = provider && { db: database.db, outbox, publicUrl: config.publicUrl, provider }
    started.subscriptions = await startSubscriptionJobs({
      database,
      outbox,
      publicUrl: config.publicUrl,
      log,
      ...(paymentDeps && {
        afterIssue: async (invoiceId: string) => {
          await chargeAutopayInvoice(paymentDeps, invoiceId).catch((error: unknown) =>
            log.error(
              { err: error, invoiceId },
              'autopay could not charge a new invoice (staff see it among the failing payments when the provider refused it)',
            ),
          )
        },
      }),
    })
    started.backups = await startBackupJobs({
      database,
      settings: { dataDir: config.dataDir, ...config.backup },
      outbox,
      log,
    })
    timer.step('jobs')
  })()
  // After the jobs: PGlite runs one statement at a time, so they would only take turns.
  const demo = jobs
    .catch(() => undefined)
    .then(async () => {
      if (!demoClientPassword) return
      const client = await accounts.seedDemoClient(demoClientPassword)
      const inserted = await seedDemoBilling(database.db, client.onboardingId)
      log.info({ inserted }, 'demo client and billing documents seeded')
      const contracts = await seedDemoContracts(database.db, client.onboardingId)
      if (contracts > 0) log.info({ inserted: contracts }, 'demo contracts seeded')
      await seedDemoOrganisations(
        { accounts, db: database.db },
        client.onboardingId,
        loadDemoPeoplePasswords(config.dataDir),
      )
      timer.step('demo')
    })
  demo.then(
    () => log.info({ afterListenMs: timer.steps }, 'started'),
    (error: unknown) => log.error({ err: error }, 'demo client data not seeded'),
  )
  return { jobs, started, demo }
}
