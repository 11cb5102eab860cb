import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core'
import {
  type MethodKind,
  methodKinds,
  type OnlinePaymentStatus,
  onlinePaymentStatuses,
} from '../../../app/features/payments/states.ts'
import { billingDocuments, billingPayments } from './billing.server.ts'
import { oneOf } from './checks.server.ts'
import { organisations } from './organisations.server.ts'

/**
 * Online payments of invoices through the payment provider (docs/billing.md#online-payments). One
 * row per attempt to pay: a checkout the client opened or an autopay charge. Only `pending` rows
 * hold money against the invoice (`pending_cents`); a succeeded one points at the payment it
 * recorded (`billing_payments`, with its receipt).
 */
export const onlinePayments = pgTable(
  'online_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => billingDocuments.id, { onDelete: 'restrict' }),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'restrict' }),
    provider: text('provider').notNull().default('stripe'),
    checkoutSessionId: text('checkout_session_id').unique(),
    paymentIntentId: text('payment_intent_id').unique(),
    chargeId: text('charge_id'),
    methodKind: text('method_kind').$type<MethodKind>(),
    amountCents: integer('amount_cents').notNull(),
    /** What a bank payment in flight holds against the invoice's balance. */
    pendingCents: integer('pending_cents').notNull().default(0),
    refundedCents: integer('refunded_cents').notNull().default(0),
    status: text('status').$type<OnlinePaymentStatus>().notNull().default('started'),
    failureReason: text('failure_reason'),
    /** An autopay charge (not a checkout); `attempt` counts its tries, `next_attempt_at` the retry. */
    autopay: boolean('autopay').notNull().default(false),
    attempt: integer('attempt').notNull().default(1),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    paymentId: uuid('payment_id').references(() => billingPayments.id, { onDelete: 'restrict' }),
    startedByEmail: text('started_by_email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('online_payments_invoice_idx').on(t.invoiceId),
    index('online_payments_status_idx').on(t.status),
    check('online_payments_status_check', sql`${t.status} in (${oneOf(onlinePaymentStatuses)})`),
    check('online_payments_method_kind_check', sql`${t.methodKind} in (${oneOf(methodKinds)})`),
    check(
      'online_payments_amounts_check',
      sql`${t.amountCents} > 0 and ${t.pendingCents} >= 0 and ${t.pendingCents} <= ${t.amountCents} and ${t.refundedCents} >= 0 and ${t.refundedCents} <= ${t.amountCents}`,
    ),
    check('online_payments_pending_check', sql`${t.pendingCents} = 0 or ${t.status} = 'pending'`),
  ],
)

/** Refunds staff gave of an online payment, whole or part. */
export const onlineRefunds = pgTable(
  'online_refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    onlinePaymentId: uuid('online_payment_id')
      .notNull()
      .references(() => onlinePayments.id, { onDelete: 'restrict' }),
    providerRefundId: text('provider_refund_id').notNull().unique(),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason'),
    refundedByEmail: text('refunded_by_email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('online_refunds_payment_idx').on(t.onlinePaymentId),
    check('online_refunds_amount_check', sql`${t.amountCents} > 0`),
  ],
)

/**
 * Every webhook event the provider sent, stored as it came before anything is done with it;
 * processed once by its event id (`processed_at`), or kept with the error for the next delivery.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider').notNull().default('stripe'),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    error: text('error'),
  },
  (t) => [unique('payment_events_event_unique').on(t.provider, t.eventId)],
)

/**
 * An organisation's saved payment method (one at most) and its autopay switch. The method itself
 * lives at the provider; we keep its ids and the words that name it ("Visa ending 4242").
 */
export const autopaySettings = pgTable(
  'autopay_settings',
  {
    organisationId: uuid('organisation_id')
      .primaryKey()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    customerId: text('customer_id').notNull(),
    paymentMethodId: text('payment_method_id'),
    methodKind: text('method_kind').$type<MethodKind>(),
    methodLabel: text('method_label'),
    enabled: boolean('enabled').notNull().default(false),
    updatedByEmail: text('updated_by_email').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('autopay_settings_method_kind_check', sql`${t.methodKind} in (${oneOf(methodKinds)})`),
    check('autopay_settings_enabled_check', sql`not ${t.enabled} or ${t.paymentMethodId} is not null`),
  ],
)

export type OnlinePayment = typeof onlinePayments.$inferSelect
export type AutopaySetting = typeof autopaySettings.$inferSelect
