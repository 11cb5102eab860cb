import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { paymentFormSchema } from '../../app/features/billing/schema.ts'
import {
  type BillingDeps,
  createDraft,
  recordPayment,
  sendDocument,
  voidDocument,
} from '../../server/billing/documents.server.ts'
import { accountantCsv } from '../../server/billing/export.server.ts'
import type { Outbox } from '../../server/mail/outbox.server.ts'
import { clientAccount, draft, PUBLIC_URL, queueOnlyOutbox, resetBilling, staff, testClock } from './helpers/billing.ts'
import { backend, openTestDatabase, type TestDatabase } from './helpers/database.ts'

/** RFC 4180 as a spreadsheet reads it: quoted fields, doubled quotes, CRLF records; rows keyed by the header. */
function readCsv(text: string): Record<string, string>[] {
  const records: string[][] = [[]]
  let field = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"'
        i++
      } else if (c === '"') quoted = false
      else field += c
    } else if (c === '"') quoted = true
    else if (c === ',') {
      records.at(-1)?.push(field)
      field = ''
    } else if (c === '\r' && text[i + 1] === '\n') {
      records.at(-1)?.push(field)
      field = ''
      records.push([])
      i++
    } else field += c
  }
  const [header = [], ...rows] = records.filter((r) => r.length > 0)
  return rows.map((row) => Object.fromEntries(header.map((name, i) => [name, row[i] ?? ''])))
}

let database: TestDatabase
let outbox: Outbox
let deps: BillingDeps
let clock: ReturnType<typeof testClock>

beforeAll(async () => {
  database = await openTestDatabase()
  outbox = await queueOnlyOutbox(database)
})
afterAll(async () => {
  await outbox?.stop()
  await database?.cleanup()
})
beforeEach(async () => {
  await resetBilling(database)
  clock = testClock()
  deps = { db: database.db, outbox, publicUrl: PUBLIC_URL, now: clock.now }
})

describe(`the accountant's CSV on ${backend}`, () => {
  it('lists the invoices dated and the payments received in the range, inert in a spreadsheet', async () => {
    // A client whose name would run as a formula in a spreadsheet.
    const client = await clientAccount(database, 'eve@example.com', {
      fullName: '=HYPERLINK("http://evil.example","Click")',
      companyName: '+Café & Co',
    })
    const send = async (fields: Record<string, unknown> = {}) =>
      sendDocument(deps, staff, (await createDraft(deps, staff, draft(client.clientId, fields))).id)
    const paid = await send()
    const voided = await send()
    await voidDocument(deps, staff, voided.id, 'Duplicate')
    await recordPayment(
      deps,
      staff,
      paid.id,
      paymentFormSchema.parse({ amount: '200', method: 'check', receivedOn: '2026-03-02', reference: '-1042' }),
    )
    await createDraft(deps, staff, draft(client.clientId))
    clock.set('2026-04-02T15:00:00Z')
    await send({ dueOn: '2026-05-01' })

    const { csv, filename, rows } = await accountantCsv(
      database.db,
      { from: '2026-03-01', to: '2026-03-31' },
      '2026-04-02',
    )
    expect(filename).toBe('billing-2026-03-01-to-2026-03-31.csv')
    expect(rows).toBe(3)
    expect(csv.startsWith('\uFEFFType,Number,Date,')).toBe(true)
    expect(csv).toContain('\r\n')
    const records = readCsv(csv.replace(/^\uFEFF/, ''))
    expect(records.map((r) => [r.Type, r.Number, r.Status, r.Total, r.Balance])).toEqual([
      ['Invoice', 'INV-2026-0001', 'Overdue', '1204.43', '1004.43'],
      ['Invoice', 'INV-2026-0002', 'Void', '1204.43', '0.00'],
      ['Payment', 'RCT-2026-0001', '', '200.00', '1004.43'],
    ])
    expect(records[0]?.['Tax rate %']).toBe('8.375')
    expect(records[2]).toMatchObject({
      'Payment method': 'Check',
      'Payment reference': "'-1042",
      'Invoice number': 'INV-2026-0001',
      'Receipt number': 'RCT-2026-0001',
    })
    for (const record of records) {
      expect(record.Client).toBe('\'=HYPERLINK("http://evil.example","Click")')
      expect(record.Company).toBe("'+Café & Co")
    }
  })
})
