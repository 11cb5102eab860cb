// The monthly run under load (issue 27): 2,000 subscriptions due on the same billing day, on an
// in-memory PGlite database (or the PostgreSQL of DATABASE_URL), issued by one run: every invoice
// numbered, its PDF made and its e-mail queued in the outbox (not sent). Then the same run again,
// which must issue nothing. Prints the figures; `--out` writes them as JSON for scripts/bench/run.ts.
//
//   node scripts/bench/monthly-run.ts [--subscriptions 2000] [--out result.json]
import fs from 'node:fs'
import { parseArgs } from 'node:util'
import { sql } from 'drizzle-orm'
import pino from 'pino'
import { openDatabase, selectRows } from '../../server/db/client.server.ts'
import { clientOnboarding, organisationMembers, subscriptions } from '../../server/db/schema/index.server.ts'
import { startOutbox } from '../../server/mail/outbox.server.ts'
import { runSubscriptions } from '../../server/subscriptions/run.server.ts'

export type MonthlyRunResult = {
  backend: 'pglite' | 'postgres'
  subscriptions: number
  run: { seconds: number; issued: number; failed: number; mailsQueued: number; invoicesPerSecond: number }
  rerun: { seconds: number; issued: number }
  /** Targets: the run under 2 minutes, the rerun under 5 seconds issuing nothing. */
  ok: { run: boolean; rerun: boolean }
}

const { values: args } = parseArgs({
  options: { subscriptions: { type: 'string', default: '2000' }, out: { type: 'string' } },
})
const count = Math.max(1, Number(args.subscriptions) || 2000)
const log = pino({ level: 'warn' })

const database = await openDatabase({
  dataDir: 'memory',
  log,
  ...(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : {}),
})
await database.migrate()
const outbox = await startOutbox({
  database,
  transport: { kind: 'file', send: async () => {}, close: () => {} },
  log,
  work: false,
})
try {
  // One approved client person per organisation (the trigger makes their organisation of one),
  // half on Basic Support with 1-50 users, a quarter on Full Help Desk, a quarter residential.
  const people = await database.db
    .insert(clientOnboarding)
    .values(
      Array.from({ length: count }, (_, i) => ({
        email: `bench-${i}@monthly-run.example`,
        fullName: `Client ${i}`,
        companyName: i % 4 === 3 ? null : `Company ${i}`,
        role: 'client' as const,
        status: 'approved' as const,
      })),
    )
    .returning({ id: clientOnboarding.id })
  const members = await database.db
    .select({ personId: organisationMembers.personId, organisationId: organisationMembers.organisationId })
    .from(organisationMembers)
  const organisationOf = new Map(members.map((m) => [m.personId, m.organisationId]))
  const start = '2026-11-01'
  await database.db.insert(subscriptions).values(
    people.map((person, i) => {
      const plan = i % 4 === 3 ? 'subscription' : i % 4 === 2 ? 'full' : 'basic'
      return {
        organisationId: organisationOf.get(person.id) ?? '',
        plan: plan as 'basic' | 'full' | 'subscription',
        seats: plan === 'subscription' ? null : 1 + (i % 50),
        priceCents: plan === 'subscription' ? 4900 : null,
        startOn: start,
        billingDay: 1,
        billsFrom: start,
        createdByEmail: 'bench@monthly-run.example',
      }
    }),
  )
  const deps = {
    db: database.db,
    outbox,
    publicUrl: 'http://portal.bench',
    now: () => new Date('2026-11-01T14:05:00Z'),
  }
  let t = performance.now()
  const first = await runSubscriptions(deps)
  const runSeconds = (performance.now() - t) / 1000
  t = performance.now()
  const second = await runSubscriptions(deps)
  const rerunSeconds = (performance.now() - t) / 1000
  const [mails] = await selectRows<{ n: number }>(
    database.db,
    sql`select count(*)::int as n from pgboss.job where name = 'mail'`,
  )
  const result: MonthlyRunResult = {
    backend: database.kind === 'pglite' ? 'pglite' : 'postgres',
    subscriptions: count,
    run: {
      seconds: Math.round(runSeconds * 10) / 10,
      issued: first.issued,
      failed: first.failed,
      mailsQueued: mails?.n ?? 0,
      invoicesPerSecond: Math.round((first.issued / runSeconds) * 10) / 10,
    },
    rerun: { seconds: Math.round(rerunSeconds * 100) / 100, issued: second.issued },
    ok: { run: first.issued === count && runSeconds < 120, rerun: second.issued === 0 && rerunSeconds < 5 },
  }
  console.log(
    `monthly run (${result.backend}): ${result.run.issued} invoices of ${count} subscriptions in ${result.run.seconds} s ` +
      `(${result.run.invoicesPerSecond}/s, ${result.run.mailsQueued} mails with PDFs queued, ${result.run.failed} failed); ` +
      `rerun ${result.rerun.seconds} s, ${result.rerun.issued} issued`,
  )
  if (args.out) fs.writeFileSync(args.out, `${JSON.stringify(result, null, 2)}\n`)
  if (!result.ok.run || !result.ok.rerun) process.exitCode = 1
} finally {
  await outbox.stop()
  await database.close()
}
