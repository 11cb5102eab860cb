// The names the database holds are defined once in the code (docs/architecture.md): the CHECK
// constraints are written from the same lists, and this reads them back from the database, so a
// status added to one side only fails here. pg-boss's job states, which the mail pages word, are
// compared with its own enum type.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { paymentMethods } from '../../app/features/billing/labels.ts'
import { estimateStatuses, invoiceStatuses, receiptStatuses } from '../../app/features/billing/states.ts'
import { appointmentPlaces, requestKinds, requestStatuses } from '../../app/features/booking/statuses.ts'
import { contractStatuses } from '../../app/features/contracts/states.ts'
import { backupOutcomes, backupTriggers } from '../../app/features/operations/backup-runs.ts'
import { jobStates } from '../../app/features/staff/mail-states.ts'
import { selectRows } from '../../server/db/client.server.ts'
import type { Outbox } from '../../server/mail/outbox.server.ts'
import { queueOnlyOutbox } from './helpers/billing.ts'
import { backend, openTestDatabase, type TestDatabase } from './helpers/database.ts'

let database: TestDatabase
let outbox: Outbox

beforeAll(async () => {
  database = await openTestDatabase()
  // pg-boss makes its schema (and its job_state type) when it starts.
  outbox = await queueOnlyOutbox(database)
})
afterAll(async () => {
  await outbox?.stop()
  await database?.cleanup()
})

/** The constraint as the database shows it: `CHECK ((status = ANY (ARRAY['new'::text, …])))`. */
async function constraint(name: string): Promise<string> {
  const [row] = await selectRows<{ def: string }>(
    database.db,
    sql`select pg_get_constraintdef(oid) as def from pg_constraint where conname = ${name}`,
  )
  if (!row) throw new Error(`no constraint ${name}`)
  return row.def
}

/** The quoted values of a piece of a constraint, in order. */
const quoted = (text: string) => [...text.matchAll(/'([^']*)'/g)].map((match) => match[1] ?? '')

/** The values allowed in a constraint's `<column> in (…)` / `= ANY (ARRAY[…])` part. */
async function allowed(name: string, column: string): Promise<string[]> {
  const def = await constraint(name)
  const part = new RegExp(`\\b${column} = ANY \\(ARRAY\\[([^\\]]*)\\]`).exec(def)
  if (!part?.[1]) throw new Error(`no list of ${column} in ${name}: ${def}`)
  return quoted(part[1]).sort()
}

const sorted = (values: readonly string[]) => [...values].sort()

describe(`the catalogues and the database's constraints on ${backend}`, () => {
  it("holds a consultation request's statuses, kinds and appointment places as the code lists them", async () => {
    expect(await allowed('bookings_status_check', 'status')).toEqual(sorted(requestStatuses))
    expect(await allowed('bookings_form_type_check', 'form_type')).toEqual(sorted(requestKinds))
    expect(await allowed('bookings_appointment_check', 'appointment_place')).toEqual(sorted(appointmentPlaces))
  })

  it("holds each billing document kind's statuses and the payment methods as the code lists them", async () => {
    const def = await constraint('billing_documents_kind_status_check')
    const byKind = Object.fromEntries(
      def
        .split(/kind = '/)
        .slice(1)
        .map((part) => {
          const [kind = '', ...values] = quoted(`'${part}`)
          return [kind, values.sort()]
        }),
    )
    expect(byKind).toEqual({
      estimate: sorted(estimateStatuses),
      invoice: sorted(invoiceStatuses),
      receipt: sorted(receiptStatuses),
    })
    expect(await allowed('billing_payments_method_check', 'method')).toEqual(sorted(paymentMethods))
  })

  it("holds a backup run's triggers and outcomes as the code lists them", async () => {
    expect(await allowed('backup_runs_trigger_check', 'trigger')).toEqual(sorted(backupTriggers))
    expect(await allowed('backup_runs_outcome_check', 'outcome')).toEqual(sorted(backupOutcomes))
  })

  it("holds a contract's statuses as the code lists them", async () => {
    expect(await allowed('contracts_status_check', 'status')).toEqual(sorted(contractStatuses))
  })

  it("words every state of pg-boss's jobs", async () => {
    const rows = await selectRows<{ state: string }>(
      database.db,
      sql`select unnest(enum_range(null::pgboss.job_state))::text as state`,
    )
    expect(rows.map((row) => row.state).sort()).toEqual(sorted(jobStates))
  })
})
