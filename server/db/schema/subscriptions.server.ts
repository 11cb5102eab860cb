import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core'
import {
  type SubscriptionPlanKey,
  type SubscriptionStatus,
  subscriptionPlanKeys,
  subscriptionStatuses,
} from '../../../app/features/subscriptions/plans.ts'
import { billingDocuments } from './billing.server.ts'
import { oneOf } from './checks.server.ts'
import { organisations } from './organisations.server.ts'

/**
 * An organisation's subscription to a plan of the price list (app/content/pricing.ts), billed every
 * month on its billing day by the monthly run (docs/billing.md#plans-and-the-monthly-run).
 * Per-user plans keep their starting seats here and every later change in `subscription_changes`;
 * the residential tier and Custom Solutions keep their monthly price.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'restrict' }),
    plan: text('plan').$type<SubscriptionPlanKey>().notNull(),
    /** Per-user plans: the seats at the start; changes add to it (subscription_changes). */
    seats: integer('seats'),
    /** The residential tier ($29–99) or the Custom Solutions price: cents per month. */
    priceCents: integer('price_cents'),
    /** The New York date the subscription starts. */
    startOn: date('start_on', { mode: 'string' }).notNull(),
    /** 1–28: every month has the day. */
    billingDay: integer('billing_day').notNull(),
    /** The first day billed: the start date, or the day a paused subscription was resumed. */
    billsFrom: date('bills_from', { mode: 'string' }).notNull(),
    status: text('status').$type<SubscriptionStatus>().notNull().default('active'),
    /** Cancelled: nothing is billed from this day on (the next period's start, or the day cancelled now). */
    cancelAt: date('cancel_at', { mode: 'string' }),
    /** Cancelled now: the credit of the days already invoiced and not used. */
    creditCents: integer('credit_cents').notNull().default(0),
    /** Bumped by every change: a form opened at another version is refused. */
    version: integer('version').notNull().default(1),
    createdByEmail: text('created_by_email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('subscriptions_organisation_idx').on(t.organisationId),
    index('subscriptions_status_idx').on(t.status, t.billsFrom),
    check('subscriptions_status_check', sql`${t.status} in (${oneOf(subscriptionStatuses)})`),
    check('subscriptions_plan_check', sql`${t.plan} in (${oneOf(subscriptionPlanKeys)})`),
    check(
      'subscriptions_terms_check',
      sql`(${t.plan} in ('basic', 'full')) = (${t.seats} is not null)
        and (${t.plan} in ('subscription', 'custom')) = (${t.priceCents} is not null)
        and (${t.seats} is null or ${t.seats} between 1 and 10000)
        and (${t.priceCents} is null or ${t.priceCents} > 0)
        and (${t.plan} <> 'subscription' or ${t.priceCents} between 2900 and 9900)
        and ${t.billingDay} between 1 and 28 and ${t.billsFrom} >= ${t.startOn} and ${t.creditCents} >= 0`,
    ),
    check('subscriptions_cancel_check', sql`(${t.status} = 'cancelled') = (${t.cancelAt} is not null)`),
  ],
)

/** A change of seats of a per-user subscription, from the day it counts (docs/billing.md#proration). */
export const subscriptionChanges = pgTable(
  'subscription_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    effectiveOn: date('effective_on', { mode: 'string' }).notNull(),
    seatsDelta: integer('seats_delta').notNull(),
    /** The seats from that day on, as staff saw it when they made the change. */
    seatsAfter: integer('seats_after').notNull(),
    /** Made on a period's first day after that period's invoice was issued. */
    afterInvoice: boolean('after_invoice').notNull().default(false),
    createdByEmail: text('created_by_email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('subscription_changes_subscription_idx').on(t.subscriptionId, t.effectiveOn),
    check('subscription_changes_seats_check', sql`${t.seatsDelta} <> 0 and ${t.seatsAfter} between 1 and 10000`),
  ],
)

/**
 * One row per subscription and billed period, written in the transaction that issues the
 * period's invoice: the unique key is the one-invoice-per-period rule, whichever process, rerun or
 * catch-up tries again. A period with nothing to bill (no time on an hourly plan) has no invoice.
 */
export const subscriptionPeriods = pgTable(
  'subscription_periods',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'restrict' }),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    invoiceId: uuid('invoice_id').references(() => billingDocuments.id, { onDelete: 'restrict' }),
    runId: uuid('run_id'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('subscription_periods_once').on(t.subscriptionId, t.periodStart),
    unique('subscription_periods_invoice_key').on(t.invoiceId),
    check('subscription_periods_dates_check', sql`${t.periodEnd} >= ${t.periodStart}`),
  ],
)

export type RunFailure = { subscriptionId: string; periodStart: string; reason: string }

/** Each monthly run: when, for which New York date, and what it did (the sync-status page lists them). */
export const subscriptionRuns = pgTable(
  'subscription_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    issued: integer('issued').notNull().default(0),
    /** Periods another run (or process) had already issued, and periods with nothing to bill. */
    skipped: integer('skipped').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    failures: jsonb('failures').$type<RunFailure[]>().notNull().default(sql`'[]'::jsonb`),
  },
  (t) => [index('subscription_runs_started_idx').on(t.startedAt.desc())],
)

export type Subscription = typeof subscriptions.$inferSelect
export type SubscriptionChange = typeof subscriptionChanges.$inferSelect
export type SubscriptionPeriod = typeof subscriptionPeriods.$inferSelect
export type SubscriptionRun = typeof subscriptionRuns.$inferSelect
