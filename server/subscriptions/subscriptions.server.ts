import { and, asc, eq, gte, lte, type SQL, sql } from 'drizzle-orm'
import { formatMoney } from '../../app/features/billing/money.ts'
import {
  cancellationCredit,
  fullPeriodOf,
  laterDate,
  nextInvoiceOn,
  nextPeriodStart,
  planOf,
  pricingOf,
  type SubscriptionStatus,
  seatsOn,
  subscriptionStatusLabels,
} from '../../app/features/subscriptions/index.ts'
import type { SubscriptionInput } from '../../app/features/subscriptions/schema.ts'
import { addDays, businessDate } from '../../app/lib/business-time.ts'
import { DomainError } from '../../app/lib/domain-error.ts'
import { isUuid } from '../../app/lib/uuid.ts'
import { type AuditActor, recordAudit } from '../audit/audit.server.ts'
import type { Db } from '../db/client.server.ts'
import { preparedOnce } from '../db/prepared.server.ts'
import {
  organisations,
  type Subscription,
  subscriptionChanges,
  subscriptionPeriods,
  subscriptions,
} from '../db/schema/index.server.ts'
import { changesOf, changesOfOne, type Tx, termsOf } from './terms.server.ts'

/**
 * Staff's changes to subscriptions (docs/billing.md#plans-and-the-monthly-run): start one, change
 * its seats, pause, resume, cancel at the period's end or now with a prorated credit. Each one
 * locks the subscription, checks the version the form was opened at, writes the change and its
 * audit row in one transaction.
 */

export type SubscriptionDeps = { db: Db; now?: () => Date }

export const subscriptionNotFoundMessage = 'There is no subscription at this address.'
const notFound = () => new DomainError('not_found', subscriptionNotFoundMessage)

/** How far back a start date may be: the first run bills each period since, so not years of them. */
export const startWindow = { pastDays: 92, futureDays: 366 } as const

const todayOf = (deps: SubscriptionDeps) => businessDate(deps.now?.() ?? new Date())

async function organisationName(db: Db | Tx, id: string): Promise<string | null> {
  if (!isUuid(id)) return null
  const [row] = await db.select({ name: organisations.name }).from(organisations).where(eq(organisations.id, id))
  return row?.name ?? null
}

/** Checks a plan's seats and price against the price list; the values to store. */
function termsFor(input: Pick<SubscriptionInput, 'plan' | 'seats' | 'price'>) {
  const pricing = pricingOf(input.plan)
  if (pricing.kind === 'per_seat') {
    if (input.seats === null) throw new DomainError('invalid', 'Enter the number of users.', { field: 'seats' })
    return { seats: input.seats, priceCents: null }
  }
  if (pricing.kind === 'tier') {
    const price = input.price
    if (price === null || price < pricing.minCents || price > pricing.maxCents) {
      throw new DomainError(
        'invalid',
        `Choose a monthly price from ${formatMoney(pricing.minCents)} to ${formatMoney(pricing.maxCents)}.`,
        { field: 'price' },
      )
    }
    return { seats: null, priceCents: price }
  }
  if (pricing.kind === 'custom') {
    if (input.price === null) throw new DomainError('invalid', 'Enter the agreed monthly price.', { field: 'price' })
    return { seats: null, priceCents: input.price }
  }
  return { seats: null, priceCents: null }
}

const auditOf = (sub: Subscription, organisation: string | null) => ({
  organisation,
  plan: sub.plan,
  status: sub.status,
  seats: sub.seats,
  priceCents: sub.priceCents,
  billingDay: sub.billingDay,
  startOn: sub.startOn,
  cancelAt: sub.cancelAt,
})

/** A new subscription of an organisation to a plan. */
export async function createSubscription(
  deps: SubscriptionDeps,
  actor: AuditActor,
  input: SubscriptionInput,
): Promise<Subscription> {
  const today = todayOf(deps)
  const name = await organisationName(deps.db, input.organisationId)
  if (name === null) throw new DomainError('invalid', 'Choose an organisation.', { field: 'organisationId' })
  const values = termsFor(input)
  if (input.startOn < addDays(today, -startWindow.pastDays) || input.startOn > addDays(today, startWindow.futureDays)) {
    throw new DomainError(
      'invalid',
      `The start date must be within ${startWindow.pastDays} days before today and a year after.`,
      { field: 'startOn' },
    )
  }
  return deps.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(subscriptions)
      .values({
        organisationId: input.organisationId,
        plan: input.plan,
        ...values,
        startOn: input.startOn,
        billingDay: input.billingDay,
        billsFrom: input.startOn,
        createdByEmail: actor.email,
      })
      .returning()
    if (!created) throw new Error('subscription not created')
    await recordAudit(tx, actor, {
      action: 'subscription.create',
      subjectId: created.id,
      details: { organisation: name, plan: created.plan },
      before: null,
      after: auditOf(created, name),
    })
    return created
  })
}

/** The subscription locked until the transaction ends, at the version the form was opened at. */
async function lockAt(tx: Tx, id: string, version: number): Promise<Subscription> {
  if (!isUuid(id)) throw notFound()
  const [sub] = await tx.select().from(subscriptions).where(eq(subscriptions.id, id)).for('update')
  if (!sub) throw notFound()
  if (sub.version !== version) {
    throw new DomainError(
      'conflict',
      'Someone changed this subscription after you opened it. Nothing was changed: reload it and try again.',
      { changedAt: sub.updatedAt },
    )
  }
  return sub
}

function refuseWhen(sub: Subscription, statuses: SubscriptionStatus[], message: string) {
  if (statuses.includes(sub.status)) throw new DomainError('conflict', message)
}

async function save(
  tx: Tx,
  actor: AuditActor,
  before: Subscription,
  set: Partial<Subscription>,
  action: 'subscription.seats' | 'subscription.pause' | 'subscription.resume' | 'subscription.cancel',
  extra: Record<string, unknown>,
  now: Date,
): Promise<Subscription> {
  const [after] = await tx
    .update(subscriptions)
    .set({ ...set, version: before.version + 1, updatedAt: now })
    .where(eq(subscriptions.id, before.id))
    .returning()
  if (!after) throw notFound()
  const name = await organisationName(tx, after.organisationId)
  await recordAudit(tx, actor, {
    action,
    subjectId: after.id,
    details: { organisation: name, plan: after.plan, ...extra },
    before: auditOf(before, name),
    after: auditOf(after, name),
  })
  return after
}

/** The invoiced period a day falls in, if its invoice was issued. */
async function invoicedPeriodOn(tx: Tx, sub: Subscription, date: string) {
  const [row] = await tx
    .select()
    .from(subscriptionPeriods)
    .where(
      and(
        eq(subscriptionPeriods.subscriptionId, sub.id),
        lte(subscriptionPeriods.periodStart, date),
        gte(subscriptionPeriods.periodEnd, date),
      ),
    )
  return row ?? null
}

/**
 * A new number of users. More users count from today and are prorated on the next invoice; fewer
 * count from the next period (what was invoiced for this one stays as it is).
 */
export async function changeSeats(
  deps: SubscriptionDeps,
  actor: AuditActor,
  id: string,
  input: { seats: number; version: number },
): Promise<{ subscription: Subscription; effectiveOn: string }> {
  const now = deps.now?.() ?? new Date()
  const today = businessDate(now)
  return deps.db.transaction(async (tx) => {
    const sub = await lockAt(tx, id, input.version)
    if (pricingOf(sub.plan).kind !== 'per_seat') {
      throw new DomainError('conflict', `${planOf(sub.plan).name} is not priced per user.`)
    }
    refuseWhen(sub, ['cancelled'], 'This subscription is cancelled: its users cannot change.')
    const changes = await changesOfOne(tx, sub.id)
    const terms = termsOf(sub, changes)
    const start = laterDate(sub.billsFrom, today)
    const current = seatsOn(terms, start)
    if (input.seats === current) {
      throw new DomainError('invalid', `The subscription already has ${current} users.`, { field: 'seats' })
    }
    const more = input.seats > current
    const effectiveOn = more || sub.billsFrom > today ? start : nextPeriodStart(sub.billingDay, today)
    const delta = input.seats - seatsOn(terms, effectiveOn)
    if (delta === 0) {
      throw new DomainError('invalid', `The subscription will have ${input.seats} users from ${effectiveOn}.`, {
        field: 'seats',
      })
    }
    const later = [...changes.map((c) => c.effectiveOn), effectiveOn].filter((d) => d >= effectiveOn)
    const withChange = { ...terms, changes: [...changes, { effectiveOn, seatsDelta: delta }] }
    if (later.some((d) => seatsOn(withChange, d) < 1)) {
      throw new DomainError('invalid', 'A subscription keeps at least 1 user.', { field: 'seats' })
    }
    const claimed = await invoicedPeriodOn(tx, sub, effectiveOn)
    const afterInvoice = claimed !== null && claimed.periodStart === effectiveOn
    await tx.insert(subscriptionChanges).values({
      subscriptionId: sub.id,
      effectiveOn,
      seatsDelta: delta,
      seatsAfter: input.seats,
      afterInvoice,
      createdByEmail: actor.email,
      createdAt: now,
    })
    const subscription = await save(
      tx,
      actor,
      sub,
      {},
      'subscription.seats',
      { seatsBefore: current, seatsAfter: input.seats, effectiveOn },
      now,
    )
    return { subscription, effectiveOn }
  })
}

/** Stops billing until resumed. */
export async function pauseSubscription(deps: SubscriptionDeps, actor: AuditActor, id: string, version: number) {
  const now = deps.now?.() ?? new Date()
  return deps.db.transaction(async (tx) => {
    const sub = await lockAt(tx, id, version)
    refuseWhen(sub, ['paused', 'cancelled'], `This subscription is ${sub.status}: only an active one can be paused.`)
    return save(tx, actor, sub, { status: 'paused' }, 'subscription.pause', {}, now)
  })
}

/**
 * Bills again from today (prorated to the period's end), or from the next period when today's
 * period was already invoiced before the pause: no period is ever invoiced twice.
 */
export async function resumeSubscription(deps: SubscriptionDeps, actor: AuditActor, id: string, version: number) {
  const now = deps.now?.() ?? new Date()
  const today = businessDate(now)
  return deps.db.transaction(async (tx) => {
    const sub = await lockAt(tx, id, version)
    if (sub.status !== 'paused') throw new DomainError('conflict', 'Only a paused subscription can be resumed.')
    const from = laterDate(sub.billsFrom, today)
    const invoiced = await invoicedPeriodOn(tx, sub, from)
    const billsFrom = invoiced ? addDays(invoiced.periodEnd, 1) : from
    return save(tx, actor, sub, { status: 'active', billsFrom }, 'subscription.resume', { billsFrom }, now)
  })
}

/**
 * Cancels at the end of the current period (its invoice stands, nothing after), or now: nothing is
 * billed from today, and the days of today's invoiced period not used are credited (prorated).
 */
export async function cancelSubscription(
  deps: SubscriptionDeps,
  actor: AuditActor,
  id: string,
  input: { when: 'period_end' | 'now'; version: number },
): Promise<{ subscription: Subscription; creditCents: number }> {
  const now = deps.now?.() ?? new Date()
  const today = businessDate(now)
  return deps.db.transaction(async (tx) => {
    const sub = await lockAt(tx, id, input.version)
    refuseWhen(sub, ['cancelled'], 'This subscription is already cancelled.')
    const terms = termsOf(sub, await changesOfOne(tx, sub.id))
    let cancelAt: string
    let creditCents = 0
    if (input.when === 'period_end') {
      cancelAt = nextPeriodStart(sub.billingDay, laterDate(sub.billsFrom, today))
    } else {
      cancelAt = today
      const invoiced = await invoicedPeriodOn(tx, sub, today)
      if (invoiced?.invoiceId) {
        const full = fullPeriodOf(sub.billingDay, invoiced.periodStart)
        creditCents = cancellationCredit(
          terms,
          { start: invoiced.periodStart, end: invoiced.periodEnd, fullStart: full.start, fullEnd: full.end },
          today,
        )
      }
    }
    if (cancelAt < sub.billsFrom) cancelAt = sub.billsFrom
    const subscription = await save(
      tx,
      actor,
      sub,
      { status: 'cancelled', cancelAt, creditCents: sub.creditCents + creditCents },
      'subscription.cancel',
      { when: input.when, cancelAt, creditCents },
      now,
    )
    return { subscription, creditCents }
  })
}

export type SubscriptionView = {
  id: string
  organisationId: string
  organisationName: string
  plan: string
  status: SubscriptionStatus
  statusLabel: string
  perSeat: boolean
  /** Users counted today (per-user plans). */
  seats: number | null
  /** "$40.00 per user", "$49.00 a month", "$2.08 a minute". */
  price: string
  billingDay: number
  startOn: string
  nextInvoiceOn: string | null
  cancelAt: string | null
  credit: string | null
  version: number
}

function viewOf(
  sub: Subscription,
  organisationName: string,
  changes: Map<string, ReturnType<typeof termsOf>['changes'][number][]>,
  today: string,
): SubscriptionView {
  const terms = termsOf(sub, changes.get(sub.id) ?? [])
  const pricing = pricingOf(sub.plan)
  const price =
    pricing.kind === 'per_seat'
      ? `${formatMoney(pricing.unitCents)} per user a month`
      : pricing.kind === 'metered'
        ? `${formatMoney(pricing.perMinuteCents)} a minute`
        : `${formatMoney(sub.priceCents ?? 0)} a month`
  return {
    id: sub.id,
    organisationId: sub.organisationId,
    organisationName,
    plan: planOf(sub.plan).name,
    status: sub.status,
    statusLabel: subscriptionStatusLabels[sub.status],
    perSeat: pricing.kind === 'per_seat',
    seats: pricing.kind === 'per_seat' ? seatsOn(terms, laterDate(sub.billsFrom, today)) : null,
    price,
    billingDay: sub.billingDay,
    startOn: sub.startOn,
    nextInvoiceOn: sub.status === 'paused' ? null : nextInvoiceOn(terms, today),
    cancelAt: sub.cancelAt,
    credit: sub.creditCents > 0 ? formatMoney(sub.creditCents) : null,
    version: sub.version,
  }
}

/** Subscriptions with their organisation's name, by organisation name, oldest first within one. */
const subscriptionsWhere = (db: Db, where: SQL | undefined) =>
  db
    .select({ sub: subscriptions, organisationName: organisations.name })
    .from(subscriptions)
    .innerJoin(organisations, eq(organisations.id, subscriptions.organisationId))
    .where(where)
    .orderBy(asc(organisations.name), asc(subscriptions.createdAt))

// An organisation's own, built once and named (db/prepared.server.ts): /billing reads it on every visit.
const organisationSubscriptions = preparedOnce((db: Db) =>
  subscriptionsWhere(db, eq(subscriptions.organisationId, sql.placeholder('organisation'))).prepare(
    'subscriptions_of_organisation',
  ),
)

/** Every subscription (the admin list), or one organisation's, by organisation name and then oldest first. */
export async function listSubscriptions(
  deps: SubscriptionDeps,
  filter: { organisationId?: string } = {},
): Promise<SubscriptionView[]> {
  if (filter.organisationId !== undefined && !isUuid(filter.organisationId)) return []
  const rows = filter.organisationId
    ? await organisationSubscriptions(deps.db).execute({ organisation: filter.organisationId })
    : await subscriptionsWhere(deps.db, undefined)
  const changes = await changesOf(
    deps.db,
    rows.map((r) => r.sub.id),
  )
  const today = todayOf(deps)
  return rows.map((r) => viewOf(r.sub, r.organisationName, changes, today))
}

/** One subscription as staff see it; another address is not found. */
export async function getSubscription(deps: SubscriptionDeps, id: string): Promise<SubscriptionView> {
  if (!isUuid(id)) throw notFound()
  const [row] = await deps.db
    .select({ sub: subscriptions, organisationName: organisations.name })
    .from(subscriptions)
    .innerJoin(organisations, eq(organisations.id, subscriptions.organisationId))
    .where(eq(subscriptions.id, id))
  if (!row) throw notFound()
  return viewOf(row.sub, row.organisationName, await changesOf(deps.db, [id]), todayOf(deps))
}

/** What a client's owner or billing person sees on /billing: their plans, users and next invoice date. */
export type ClientPlanView = Pick<
  SubscriptionView,
  'id' | 'plan' | 'statusLabel' | 'seats' | 'price' | 'nextInvoiceOn' | 'cancelAt'
>

export async function clientPlans(deps: SubscriptionDeps, organisationId: string): Promise<ClientPlanView[]> {
  const all = await listSubscriptions(deps, { organisationId })
  return all
    .filter((s) => s.status !== 'cancelled' || (s.cancelAt !== null && s.cancelAt > todayOf(deps)))
    .map(({ id, plan, statusLabel, seats, price, nextInvoiceOn, cancelAt }) => ({
      id,
      plan,
      statusLabel,
      seats,
      price,
      nextInvoiceOn,
      cancelAt,
    }))
}

/** The organisations staff may start a subscription for, by name (the create form's choice list). */
export async function organisationChoices(db: Db): Promise<{ id: string; name: string }[]> {
  return db
    .select({ id: organisations.id, name: organisations.name })
    .from(organisations)
    .orderBy(asc(organisations.name))
    .limit(2000)
}
