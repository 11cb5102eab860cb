import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { areaGuard, getUser, sessionMiddleware } from '../../app/features/accounts/guards.server.ts'
import type { BillToSnapshot, IssuerSnapshot } from '../../app/features/billing/printed.ts'
import { loader as dashboardLoader } from '../../app/routes/account/dashboard.tsx'
import { loader as billingDocumentsLoader } from '../../app/routes/billing/documents.tsx'
import { loader as billingLoader } from '../../app/routes/billing/index.tsx'
import { loader as homeLoader } from '../../app/routes/home.tsx'
import { loader as supportLoader } from '../../app/routes/support/index.tsx'
import { clientSummary, listClientDocuments } from '../../server/billing/queries.server.ts'
import { billingDocuments, clientOnboarding } from '../../server/db/schema/index.server.ts'
import {
  type Client,
  type Harness,
  signedInLoaderArgs,
  signIn,
  signUpVerified,
  startHarness,
} from './helpers/accounts.ts'
import { backend } from './helpers/database.ts'
import { statementsDuring } from './helpers/statements.ts'

// The signed-in pages' statements, pinned: one more per request is a regression to find (docs/perf/signed-in.md).
// The client has more documents than each list shows, so a statement per document would show.

let harness: Harness
let client: Client
let organisationId: string
const issuer = { name: 'Us' } as IssuerSnapshot
const billTo: BillToSnapshot = {
  name: 'Erin',
  companyName: null,
  email: 'erin@signed-in-statements.example',
  phone: null,
}
const day = (year: number, n: number) => `${year}-01-${String(n).padStart(2, '0')}`

beforeAll(async () => {
  harness = await startHarness()
  const email = 'erin@signed-in-statements.example'
  await signUpVerified(harness, email)
  const [person] = await harness.database.db
    .update(clientOnboarding)
    .set({ status: 'approved' })
    .where(eq(clientOnboarding.email, email))
    .returning()
  client = await signIn(harness, email)
  const sent = (kind: 'invoice' | 'estimate' | 'receipt', n: number) => ({
    kind,
    status: kind === 'receipt' ? ('issued' as const) : ('sent' as const),
    clientId: person?.id ?? '',
    number: `${kind}-${n}`,
    issuedOn: day(2020, n),
    issuer,
    billTo,
    subtotalCents: 100 * n,
    totalCents: 100 * n,
    createdByEmail: 'staff@signed-in-statements.example',
  })
  const rows = await harness.database.db
    .insert(billingDocuments)
    .values([
      // 25 overdue invoices (due in 2000), 25 estimates awaiting a decision (until 2999), 8 receipts.
      ...Array.from({ length: 25 }, (_, i) => ({ ...sent('invoice', i + 1), dueOn: day(2000, 25 - i) })),
      ...Array.from({ length: 25 }, (_, i) => ({ ...sent('estimate', i + 1), expiresOn: day(2999, 25 - i) })),
      ...Array.from({ length: 8 }, (_, i) => sent('receipt', i + 1)),
    ])
    .returning({ organisationId: billingDocuments.organisationId })
  organisationId = rows[0]?.organisationId ?? ''
})
afterAll(async () => {
  await harness?.cleanup()
})

/** The statements of one signed-in request: the session, the root loader, the area's guard, the page. */
async function statementsOf(path: string, page: (args: never) => Promise<unknown> | unknown, guarded: boolean) {
  const args = signedInLoaderArgs(harness, path, client)
  let answer: unknown
  const { statements, names } = await statementsDuring(harness.database.db, async () => {
    await sessionMiddleware(args, async () => {
      const [, pageData] = await Promise.all([
        getUser(args),
        guarded
          ? areaGuard(args, async () => {
              answer = await page(args)
              return new Response(null)
            })
          : page(args),
      ])
      if (!guarded) answer = pageData
      return new Response(null)
    })
  })
  return { statements, names, answer }
}

describe(`the statements of a signed-in page on ${backend}`, () => {
  it.each([
    ['/', homeLoader, false, 1],
    ['/dashboard', dashboardLoader, true, 2],
    ['/billing', billingLoader, true, 4],
    ['/billing/invoices', billingDocumentsLoader, true, 2],
    // A page past the last has no row to carry the count: it asks for it.
    ['/billing/invoices?page=9', billingDocumentsLoader, true, 3],
  ] as const)('%s', async (path, loader, guarded, count) => {
    const { statements, answer } = await statementsOf(path, loader as never, guarded)
    expect(answer).toBeTruthy()
    expect(statements, statements.join('\n')).toHaveLength(count)
  })

  // Each of these statements is built once and named (server/db/prepared.server.ts): on PostgreSQL a
  // connection parses it once, where an unnamed one is parsed and planned again on every visit; on
  // PGlite every text is prepared once by its driver (pglite-statements.server.ts), names or not.
  it.each([
    ['/dashboard', dashboardLoader],
    ['/billing', billingLoader],
    ['/billing/invoices', billingDocumentsLoader],
    ['/billing/invoices?page=9', billingDocumentsLoader],
    ['/support', supportLoader],
  ] as const)(
    'sends the statements of %s as the same text on every visit, named on PostgreSQL',
    async (path, loader) => {
      const first = await statementsOf(path, loader as never, true)
      const again = await statementsOf(path, loader as never, true)
      expect(again.statements).toEqual(first.statements)
      if (backend === 'postgres') {
        expect(
          first.names.every((name) => typeof name === 'string' && name.length > 0),
          first.statements.join('\n'),
        ).toBe(true)
        expect(again.names).toEqual(first.names)
      }
    },
  )

  it('keeps each list of the billing summary in its order and length, read in one statement', async () => {
    const summary = await clientSummary(harness.database.db, organisationId, '2026-06-01')
    expect(summary.balanceDueCents).toBe((100 * 25 * 26) / 2)
    expect(summary.openInvoices).toBe(25)
    // Overdue: soonest due first; awaiting: soonest expiry first; receipts: newest first.
    expect(summary.overdue.map((d) => d.dueOn)).toEqual(Array.from({ length: 20 }, (_, i) => day(2000, i + 1)))
    expect(summary.awaitingDecision.map((d) => d.expiresOn)).toEqual(
      Array.from({ length: 20 }, (_, i) => day(2999, i + 1)),
    )
    expect(summary.latestReceipts.map((d) => d.number)).toEqual([8, 7, 6, 5, 4].map((n) => `receipt-${n}`))
  })

  it('counts a client list with its page, and past its last page', async () => {
    const invoices = (page: number) =>
      listClientDocuments(harness.database.db, organisationId, { kind: 'invoice', page }, '2026-06-01')
    const first = await invoices(1)
    expect(first).toMatchObject({ total: 25, page: 1, pageCount: 2 })
    expect(first.items).toHaveLength(20)
    const second = await invoices(2)
    expect(second).toMatchObject({ total: 25, page: 2, pageCount: 2 })
    expect(second.items).toHaveLength(5)
    const past = await invoices(9)
    expect(past).toMatchObject({ total: 25, page: 9, pageCount: 2, items: [] })
  })
})
