import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core'
import { type PaymentMethod, paymentMethods } from '../../../app/features/billing/labels.ts'
import type { BillToSnapshot, IssuerSnapshot } from '../../../app/features/billing/printed.ts'
import {
  type DocumentKind,
  estimateStatuses,
  invoiceStatuses,
  receiptStatuses,
  type StoredStatus,
} from '../../../app/features/billing/states.ts'
import { oneOf } from './checks.server.ts'
import { clientOnboarding } from './onboarding.server.ts'
import { organisations } from './organisations.server.ts'

/**
 * Estimates, invoices and receipts of client accounts (docs/billing.md). A draft has no number;
 * sending numbers it and freezes it: its lines, totals, issuer and bill-to never change again.
 * Money is integer cents; totals are stored with the document (computed by
 * app/features/billing/money.ts) so lists and balances need no sums over lines.
 */
export const billingDocuments = pgTable(
  'billing_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').$type<DocumentKind>().notNull(),
    status: text('status').$type<StoredStatus>().notNull().default('draft'),
    /** The client account (onboarding record); a client's documents outlive nothing: deleting the account is refused. */
    clientId: uuid('client_id')
      .notNull()
      .references(() => clientOnboarding.id, { onDelete: 'restrict' }),
    /**
     * The organisation the document belongs to. Always set (a check says so): a write that leaves
     * it out gets the organisation of `client_id`'s person from a trigger (migration 0019, ADR 028).
     */
    organisationId: uuid('organisation_id').references(() => organisations.id, { onDelete: 'restrict' }),
    /** EST-2026-0001, INV-2026-0001, RCT-2026-0001: given when sent (receipts: when issued). */
    number: text('number').unique(),
    /** New York date the document was sent or issued. */
    issuedOn: date('issued_on', { mode: 'string' }),
    /** Invoices: payment is due by the end of this New York date. */
    dueOn: date('due_on', { mode: 'string' }),
    /** Estimates: can be accepted until the end of this New York date. */
    expiresOn: date('expires_on', { mode: 'string' }),
    /** Thousandths of a percent: 8375 is 8.375 %. */
    taxRateMilliPercent: integer('tax_rate_milli_percent').notNull().default(0),
    /** What the tax is, e.g. "Rockland County, NY". */
    taxLabel: text('tax_label'),
    notes: text('notes'),
    subtotalCents: integer('subtotal_cents').notNull().default(0),
    taxableCents: integer('taxable_cents').notNull().default(0),
    taxCents: integer('tax_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull().default(0),
    /** Invoices: the sum of the payments recorded (a receipt: its payment). */
    amountPaidCents: integer('amount_paid_cents').notNull().default(0),
    issuer: jsonb('issuer').$type<IssuerSnapshot>(),
    billTo: jsonb('bill_to').$type<BillToSnapshot>(),
    paymentInstructions: text('payment_instructions'),
    /** An invoice converted from an estimate; a receipt's invoice. */
    sourceDocumentId: uuid('source_document_id').references((): AnyPgColumn => billingDocuments.id, {
      onDelete: 'restrict',
    }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    sentByEmail: text('sent_by_email'),
    /** The first time the client opened it after it was sent. */
    viewedAt: timestamp('viewed_at', { withTimezone: true }),
    /** When the client accepted or declined an estimate. */
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    declineReason: text('decline_reason'),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    voidReason: text('void_reason'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** Overdue reminders: staff may turn them off per invoice; at most three are sent. */
    remindersEnabled: boolean('reminders_enabled').notNull().default(true),
    remindersSent: integer('reminders_sent').notNull().default(0),
    lastRemindedOn: date('last_reminded_on', { mode: 'string' }),
    createdByEmail: text('created_by_email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A client's lists: by kind, newest first.
    index('billing_documents_client_idx').on(t.clientId, t.kind, t.createdAt.desc()),
    index('billing_documents_organisation_idx').on(t.organisationId, t.kind, t.createdAt.desc()),
    check('billing_documents_organisation_check', sql`${t.organisationId} is not null`),
    // The staff list, newest first, and its filters.
    index('billing_documents_created_idx').on(t.createdAt.desc()),
    index('billing_documents_kind_status_idx').on(t.kind, t.status),
    index('billing_documents_source_idx').on(t.sourceDocumentId),
    // The reminder job's candidates: open invoices with reminders on, by due date.
    index('billing_documents_reminders_idx')
      .on(t.dueOn)
      .where(
        sql`${t.kind} = 'invoice' and ${t.remindersEnabled} and ${t.status} in ('sent', 'viewed', 'partially_paid')`,
      ),
    check(
      'billing_documents_kind_status_check',
      sql`(${t.kind} = 'estimate' and ${t.status} in (${oneOf(estimateStatuses)}))
        or (${t.kind} = 'invoice' and ${t.status} in (${oneOf(invoiceStatuses)}))
        or (${t.kind} = 'receipt' and ${t.status} = ${oneOf(receiptStatuses)})`,
    ),
    // Numbered exactly when no longer a draft; frozen documents carry their issuer and addressee.
    check(
      'billing_documents_number_check',
      sql`(${t.status} = 'draft') = (${t.number} is null) and (${t.status} = 'draft') = (${t.issuedOn} is null)
        and (${t.status} = 'draft' or (${t.issuer} is not null and ${t.billTo} is not null))`,
    ),
    check(
      'billing_documents_dates_check',
      sql`(${t.kind} = 'invoice' or ${t.dueOn} is null) and (${t.kind} = 'estimate' or ${t.expiresOn} is null)`,
    ),
    check(
      'billing_documents_money_check',
      sql`${t.subtotalCents} >= 0 and ${t.taxableCents} between 0 and ${t.subtotalCents} and ${t.taxCents} >= 0
        and ${t.totalCents} = ${t.subtotalCents} + ${t.taxCents}
        and ${t.amountPaidCents} between 0 and ${t.totalCents}
        and ${t.taxRateMilliPercent} between 0 and 25000`,
    ),
    check(
      'billing_documents_paid_check',
      sql`${t.kind} <> 'invoice'
        or (${t.status} = 'paid') = (${t.amountPaidCents} = ${t.totalCents} and ${t.amountPaidCents} > 0)
        and (${t.status} = 'partially_paid') = (${t.amountPaidCents} > 0 and ${t.amountPaidCents} < ${t.totalCents})`,
    ),
    check('billing_documents_reminders_check', sql`${t.remindersSent} between 0 and 3`),
  ],
)

/** The lines of an estimate or invoice, in order. Quantities in thousandths, prices in cents. */
export const billingDocumentLines = pgTable(
  'billing_document_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => billingDocuments.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    description: text('description').notNull(),
    quantityMilli: integer('quantity_milli').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    taxable: boolean('taxable').notNull().default(false),
    /** quantity × unit price rounded to the cent (the rounding rule). */
    amountCents: integer('amount_cents').notNull(),
  },
  (t) => [
    unique('billing_document_lines_position_key').on(t.documentId, t.position),
    check(
      'billing_document_lines_money_check',
      sql`${t.quantityMilli} > 0 and ${t.unitPriceCents} >= 0 and ${t.amountCents} >= 0`,
    ),
  ],
)

/** A payment staff recorded against an invoice, and the receipt document it produced. */
export const billingPayments = pgTable(
  'billing_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => billingDocuments.id, { onDelete: 'restrict' }),
    receiptId: uuid('receipt_id')
      .notNull()
      .unique()
      .references(() => billingDocuments.id, { onDelete: 'restrict' }),
    amountCents: integer('amount_cents').notNull(),
    method: text('method').$type<PaymentMethod>().notNull(),
    /** New York date the money was received. */
    receivedOn: date('received_on', { mode: 'string' }).notNull(),
    /** Check number, ACH trace, card slip: what finds the payment in the bank statement. */
    reference: text('reference'),
    /** The invoice's balance after this payment. */
    balanceAfterCents: integer('balance_after_cents').notNull(),
    recordedByUserId: text('recorded_by_user_id').notNull(),
    recordedByEmail: text('recorded_by_email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('billing_payments_invoice_idx').on(t.invoiceId),
    index('billing_payments_received_idx').on(t.receivedOn),
    check('billing_payments_amount_check', sql`${t.amountCents} > 0 and ${t.balanceAfterCents} >= 0`),
    check('billing_payments_method_check', sql`${t.method} in (${oneOf(paymentMethods)})`),
  ],
)

/**
 * The last number given per series and year (EST 2026 → 17). Taken with one upsert inside the
 * transaction that numbers the document: the row stays locked until that transaction ends, so two
 * processes never get the same number, and a rollback gives the number back (no gaps).
 */
export const billingNumberCounters = pgTable(
  'billing_number_counters',
  {
    series: text('series').notNull(),
    year: integer('year').notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.series, t.year] }),
    check('billing_number_counters_positive', sql`${t.lastNumber} > 0`),
  ],
)

export type { BillToSnapshot, IssuerSnapshot }
export type BillingDocument = typeof billingDocuments.$inferSelect
export type NewBillingDocument = typeof billingDocuments.$inferInsert
export type BillingDocumentLine = typeof billingDocumentLines.$inferSelect
export type BillingPayment = typeof billingPayments.$inferSelect
