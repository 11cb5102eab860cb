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
import { methodKinds, onlinePaymentStatuses } from '../../app/features/payments/states.ts'
import { jobStates } from '../../app/features/staff/mail-states.ts'
import { subscriptionPlanKeys, subscriptionStatuses } from '../../app/features/subscriptions/plans.ts'
import {
  ticketCategories,
  ticketEventKinds,
  ticketMessageAuthorKinds,
  ticketMessageSources,
  ticketMessageVisibilities,
  ticketPriorities,
  ticketRatings,
  ticketStatuses,
} from '../../app/features/support/catalogue.ts'
import { inboundMailStates, senderChecks } from '../../app/features/support/inbound-mail.ts'
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

  it("holds a subscription's statuses and plans as the code lists them", async () => {
    expect(await allowed('subscriptions_status_check', 'status')).toEqual(sorted(subscriptionStatuses))
    expect(await allowed('subscriptions_plan_check', 'plan')).toEqual(sorted(subscriptionPlanKeys))
  })

  it("holds online payments' statuses and method kinds as the code lists them", async () => {
    expect(await allowed('online_payments_status_check', 'status')).toEqual(sorted(onlinePaymentStatuses))
    expect(await allowed('online_payments_method_kind_check', 'method_kind')).toEqual(sorted(methodKinds))
    expect(await allowed('autopay_settings_method_kind_check', 'method_kind')).toEqual(sorted(methodKinds))
  })

  it("holds a backup run's triggers and outcomes as the code lists them", async () => {
    expect(await allowed('backup_runs_trigger_check', 'trigger')).toEqual(sorted(backupTriggers))
    expect(await allowed('backup_runs_outcome_check', 'outcome')).toEqual(sorted(backupOutcomes))
  })

  it("holds a contract's statuses as the code lists them", async () => {
    expect(await allowed('contracts_status_check', 'status')).toEqual(sorted(contractStatuses))
  })

  it("holds a support ticket's categories, priorities, statuses, ratings and its messages' and events' kinds", async () => {
    expect(await allowed('support_tickets_category_check', 'category')).toEqual(sorted(ticketCategories))
    expect(await allowed('support_tickets_priority_check', 'priority')).toEqual(sorted(ticketPriorities))
    expect(await allowed('support_tickets_status_check', 'status')).toEqual(sorted(ticketStatuses))
    expect(await allowed('support_tickets_rating_check', 'rating')).toEqual(sorted(ticketRatings))
    expect(await allowed('support_ticket_messages_author_kind_check', 'author_kind')).toEqual(
      sorted(ticketMessageAuthorKinds),
    )
    expect(await allowed('support_ticket_messages_visibility_check', 'visibility')).toEqual(
      sorted(ticketMessageVisibilities),
    )
    expect(await allowed('support_ticket_messages_source_check', 'source')).toEqual(sorted(ticketMessageSources))
    expect(await allowed('support_ticket_events_kind_check', 'kind')).toEqual(sorted(ticketEventKinds))
  })

  it("holds incoming support e-mail's states and sender checks", async () => {
    expect(await allowed('support_inbound_messages_state_check', 'state')).toEqual(sorted(inboundMailStates))
    expect(await allowed('support_inbound_messages_sender_check_check', 'sender_check')).toEqual(sorted(senderChecks))
  })

  it("words every state of pg-boss's jobs", async () => {
    const rows = await selectRows<{ state: string }>(
      database.db,
      sql`select unnest(enum_range(null::pgboss.job_state))::text as state`,
    )
    expect(rows.map((row) => row.state).sort()).toEqual(sorted(jobStates))
  })
})
