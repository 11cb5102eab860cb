import { defineConfig } from 'vitest/config'

// The suites, run separately by `npm test` (see scripts/bootstrap.mjs):
//  unit         pure functions and components, next to the code (*.test.ts[x])
//  integration  server modules against a real database: PGlite in memory, or the PostgreSQL
//               named by TEST_DATABASE_URL (scripts/with-postgres.mjs starts a throwaway one)
//  e2e          the built server started on a free port, driven through Debian's Chromium
//  security     the built server (and a second one configured for https) probed over HTTP, plus
//               Chromium where a page must render (docs/security.md)
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    // scripts/bootstrap.mjs asks for a JSON report to add up the totals of all suites.
    reporters: process.env.VITEST_JSON_REPORT
      ? ['default', ['json', { outputFile: process.env.VITEST_JSON_REPORT }]]
      : ['default'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['app/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'tests/architecture/**/*.test.ts'],
          setupFiles: ['tests/setup/guards.ts'],
          environment: 'node',
          // The files share their workers' module graph (docs/decisions/006-testing.md): a fresh module
          // graph per file spent three quarters of the suite importing (user CPU 56 s against 16 s),
          // for tests of pure functions that keep no state between files (the one that stubs a
          // global restores it).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          setupFiles: ['tests/setup/guards.ts'],
          globalSetup: ['tests/integration/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: false,
          // One worker runs every file and imports the server's modules once (docs/decisions/006-testing.md):
          // a fresh process per file spent more time importing and compiling PGlite than testing.
          // The server keeps its state in what a test creates (database, app, outbox), not in modules.
          isolate: false,
          // WebAssembly on the baseline compiler only, as the server runs (server-v8-flags.js): the
          // one worker creates and closes a PGlite per file, and V8 13 on Node 24 can abort on freeing
          // optimised WebAssembly code under that churn ("Check failed: jit_page_->allocations_.erase",
          // nodejs/node#64500; seen once in this suite). Without tier-up no optimised code is freed.
          execArgv: ['--liftoff-only'],
        },
      },
      {
        extends: true,
        test: {
          name: 'resilience',
          include: ['tests/resilience/**/*.test.ts'],
          setupFiles: ['tests/setup/guards.ts'],
          testTimeout: 120_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          setupFiles: ['tests/setup/guards.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          // A browser on a busy 2-core machine can take seconds to settle; a poll ends as soon as it holds.
          expect: { poll: { timeout: 10_000 } },
          // A journey (estimate to receipt, an organisation's whole team) is a minute of clicks on an
          // idle machine; beside the other lane of `npm test` it takes longer. A step that hangs
          // still fails at its own wait (10 s polls, Playwright's waits).
          testTimeout: 180_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'security',
          include: ['tests/security/**/*.test.ts'],
          setupFiles: ['tests/setup/guards.ts'],
          globalSetup: ['tests/security/global-setup.ts'],
          expect: { poll: { timeout: 10_000 } },
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
})
