import { and, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm'
import { billingTerms, paymentInstructions } from '../../app/content/business.ts'
import { documentTotals } from '../../app/features/billing/money.ts'
import { documentSeries } from '../../app/features/billing/numbering.ts'
import {
  addDays,
  formatDays,
  type InvoiceLine,
  includedTimeLines,
  invoiceDayOf,
  invoiceLines,
  type Period,
  periodsToInvoice,
  planOf,
  previousPeriodOf,
  pricingOf,
  type SubscriptionTerms,
  timeLines,
} from '../../app/features/subscriptions/index.ts'
import { businessDate } from '../../app/lib/business-time.ts'
import { recordAudit } from '../audit/audit.server.ts'
import { type BillingDeps, clientLink } from '../billing/documents.server.ts'
import { takeNumber } from '../billing/numbering.server.ts'
import { billToOf, currentIssuer } from '../billing/parties.server.ts'
import { billingPdf, pdfFilename } from '../billing/pdf/billing-pdf.server.tsx'
import {
  billingDocumentLines,
  billingDocuments,
  clientOnboarding,
  organisationMembers,
  organisations,
  type RunFailure,
  type Subscription,
  subscriptionPeriods,
  subscriptionRuns,
  subscriptions,
} from '../db/schema/index.server.ts'
import { billingRecipients } from '../organisations/recipients.server.ts'
import { billableTime } from './billable-time.server.ts'
import { subscriptionInvoiceMail } from './mail.server.ts'
import { changesOf, changesOfOne, type Tx, termsOf } from './terms.server.ts'

/**
 * The monthly run (docs/billing.md#the-monthly-run): every subscription's periods whose invoice is
 * due by today (New York's date) and not yet issued get their invoice, each in its own transaction
 * that locks the subscription, computes the period's lines, and only then claims the period in
 * `subscription_periods` and issues its invoice. A claimed period always has its invoice: a period
 * with nothing to bill (Residential Hourly without time) is not claimed. A business plan's invoice
 * also lists the previous period's ticket time as included, at $0.00 (`periodLines`). The unique key
 * (subscription, period start) makes the claim once-only whatever happens: a second process waits
 * for the first one's lock and then finds the period taken; a rerun finds it taken; a run after days
 * of outage finds every missed period unclaimed and issues each, dated for its period. A period
 * whose invoice fails (nobody to bill) rolls back with its claim and is tried again next run.
 */

/** Who issues the run's invoices in the audit log: the server itself. */
export const runActor = { userId: 'system', email: 'system:subscriptions' } as const

export type RunDeps = BillingDeps & {
  /**
   * Called after an invoice's transaction committed, with its id. The lead wires autopay here at
   * merge: `afterIssue: (invoiceId) => chargeAutopayInvoice(invoiceId)` (server/payments/).
   */
  afterIssue?: (invoiceId: string) => Promise<void>
}

export type RunSummary = {
  runId: string
  businessDate: string
  issued: number
  skipped: number
  failed: number
  failures: RunFailure[]
}

/** Issued; skipped (taken by another run, or no longer due after a change); nothing to bill (not claimed). */
type Outcome = { kind: 'issued'; invoiceId: string } | { kind: 'skipped' } | { kind: 'empty' }

/** Issues every due, unissued period's invoice and records the run. */
export async function runSubscriptions(deps: RunDeps): Promise<RunSummary> {
  const now = deps.now?.() ?? new Date()
  const today = businessDate(now)
  const [run] = await deps.db.insert(subscriptionRuns).values({ businessDate: today, startedAt: now }).returning()
  if (!run) throw new Error('no run row')
  const summary: RunSummary = { runId: run.id, businessDate: today, issued: 0, skipped: 0, failed: 0, failures: [] }
  try {
    const billable = await deps.db
      .select()
      .from(subscriptions)
      .where(
        and(
          inArray(subscriptions.status, ['active', 'cancelled']),
          lte(subscriptions.billsFrom, today),
          or(isNull(subscriptions.cancelAt), gt(subscriptions.cancelAt, subscriptions.billsFrom)),
        ),
      )
    const ids = billable.map((s) => s.id)
    const changes = await changesOf(deps.db, ids)
    const claimed = new Set<string>()
    if (ids.length > 0) {
      const rows = await deps.db
        .select({ subscriptionId: subscriptionPeriods.subscriptionId, periodStart: subscriptionPeriods.periodStart })
        .from(subscriptionPeriods)
        .innerJoin(subscriptions, eq(subscriptions.id, subscriptionPeriods.subscriptionId))
        .where(inArray(subscriptions.status, ['active', 'cancelled']))
      for (const row of rows) claimed.add(`${row.subscriptionId} ${row.periodStart}`)
    }
    for (const sub of billable) {
      const due = periodsToInvoice(termsOf(sub, changes.get(sub.id) ?? []), today)
      for (const period of due) {
        if (claimed.has(`${sub.id} ${period.start}`)) continue
        try {
          // Time-billed periods without time are passed over without a transaction or a lock.
          if (
            pricingOf(sub.plan).kind === 'metered' &&
            (await billableTime(deps.db, sub.organisationId, period)).length === 0
          ) {
            continue
          }
          const outcome = await issuePeriod(deps, sub.id, period, today, run.id)
          if (outcome.kind === 'issued') {
            summary.issued++
            await deps.afterIssue?.(outcome.invoiceId)
          } else if (outcome.kind === 'skipped') summary.skipped++
        } catch (error) {
          summary.failed++
          summary.failures.push({
            subscriptionId: sub.id,
            periodStart: period.start,
            reason: error instanceof Error ? error.message.slice(0, 300) : String(error),
          })
        }
      }
    }
  } finally {
    await deps.db
      .update(subscriptionRuns)
      .set({
        finishedAt: deps.now?.() ?? new Date(),
        issued: summary.issued,
        skipped: summary.skipped,
        failed: summary.failed,
        failures: summary.failures,
      })
      .where(eq(subscriptionRuns.id, run.id))
  }
  return summary
}

/** The person an organisation's invoices are addressed to: a billing person, else an owner, else anyone approved. */
async function billedPerson(tx: Tx, organisationId: string) {
  const [person] = await tx
    .select({ client: clientOnboarding })
    .from(organisationMembers)
    .innerJoin(clientOnboarding, eq(clientOnboarding.id, organisationMembers.personId))
    .where(
      and(
        eq(organisationMembers.organisationId, organisationId),
        inArray(clientOnboarding.status, ['approved', 'verified']),
      ),
    )
    .orderBy(
      sql`case ${organisationMembers.role} when 'billing' then 0 when 'owner' then 1 else 2 end`,
      clientOnboarding.email,
    )
    .limit(1)
  return person?.client ?? null
}

/**
 * Issues one period's invoice in one transaction: locks the subscription, reads its terms again
 * (staff may have changed it since the run listed it) and the period's lines; with something to
 * bill, claims the period and issues the invoice, numbered on the gapless counter, dated on the
 * period's invoice day, e-mailed with its PDF to the organisation's billing people. Nothing is
 * written before the claim, so a period no longer due or with nothing to bill leaves no trace.
 */
async function issuePeriod(deps: RunDeps, subscriptionId: string, period: Period, today: string, runId: string) {
  const now = deps.now?.() ?? new Date()
  return deps.db.transaction(async (tx): Promise<Outcome> => {
    const [sub] = await tx.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId)).for('update')
    if (!sub || sub.status === 'paused') return { kind: 'skipped' }
    const terms = termsOf(sub, await changesOfOne(tx, sub.id))
    const current = periodsToInvoice(terms, today).find((p) => p.start === period.start)
    if (!current) return { kind: 'skipped' }
    const lines = await periodLines(tx, sub, terms, current)
    if (lines.length === 0) return { kind: 'empty' }
    const [claim] = await tx
      .insert(subscriptionPeriods)
      .values({ subscriptionId, periodStart: current.start, periodEnd: current.end, runId, issuedAt: now })
      .onConflictDoNothing()
      .returning({ id: subscriptionPeriods.id })
    if (!claim) return { kind: 'skipped' }
    const invoiceId = await issueInvoice(tx, deps, sub, current, lines, now)
    await tx.update(subscriptionPeriods).set({ invoiceId }).where(eq(subscriptionPeriods.id, claim.id))
    return { kind: 'issued', invoiceId }
  })
}

/**
 * A period's lines: Residential Hourly's time of the period at the per-minute rate; any other plan's
 * price for the period, then the time recorded in the period that has just ended, included in the
 * plan at $0.00 (docs/billing.md#billable-time). A period with no price to bill has no lines at all,
 * so included time alone never makes an invoice.
 */
async function periodLines(tx: Tx, sub: Subscription, terms: SubscriptionTerms, period: Period) {
  if (pricingOf(sub.plan).kind === 'metered') {
    return timeLines(sub.plan, period, await billableTime(tx, sub.organisationId, period))
  }
  const lines = invoiceLines(terms, period)
  const previous = previousPeriodOf(terms, period)
  if (lines.length === 0 || !previous) return lines
  return [...lines, ...includedTimeLines(sub.plan, previous, await billableTime(tx, sub.organisationId, previous))]
}

async function issueInvoice(
  tx: Tx,
  deps: RunDeps,
  sub: Subscription,
  period: Period,
  lines: InvoiceLine[],
  now: Date,
): Promise<string> {
  const [organisation] = await tx
    .select({ name: organisations.name })
    .from(organisations)
    .where(eq(organisations.id, sub.organisationId))
  const client = await billedPerson(tx, sub.organisationId)
  if (!client) {
    throw new Error(
      `${organisation?.name ?? 'The organisation'} has nobody to send invoices to: add an approved owner or billing person.`,
    )
  }
  const plan = planOf(sub.plan)
  const issuedOn = invoiceDayOf(sub.plan, period)
  const dueOn = addDays(issuedOn, billingTerms.paymentDays)
  const totals = documentTotals(
    lines.map((l) => ({ quantityMilli: l.quantityMilli, unitPriceCents: l.unitPriceCents, taxable: false })),
    0,
  )
  const number = await takeNumber(tx, documentSeries.invoice, Number(issuedOn.slice(0, 4)))
  const billTo = billToOf(client)
  const days = formatDays(period.start, period.end)
  const [invoice] = await tx
    .insert(billingDocuments)
    .values({
      kind: 'invoice',
      status: 'sent',
      clientId: client.id,
      organisationId: sub.organisationId,
      number,
      issuedOn,
      dueOn,
      notes:
        pricingOf(sub.plan).kind === 'metered'
          ? `${plan.name}: time on support tickets, ${days}.`
          : `${plan.name} subscription, ${days}.`,
      subtotalCents: totals.subtotalCents,
      taxableCents: totals.taxableCents,
      taxCents: totals.taxCents,
      totalCents: totals.totalCents,
      issuer: currentIssuer(),
      billTo,
      paymentInstructions,
      sentAt: now,
      sentByEmail: runActor.email,
      createdByEmail: runActor.email,
      createdAt: now,
      updatedAt: now,
    })
    .returning()
  if (!invoice) throw new Error('insert returned no row')
  const stored = lines.map((l, position) => ({
    documentId: invoice.id,
    position,
    description: l.description,
    quantityMilli: l.quantityMilli,
    unitPriceCents: l.unitPriceCents,
    taxable: false,
    amountCents: totals.lineAmounts[position] ?? l.amountCents,
  }))
  await tx.insert(billingDocumentLines).values(stored)
  await recordAudit(tx, runActor, {
    action: 'subscription.invoice',
    subjectId: invoice.id,
    details: {
      kind: 'invoice',
      number,
      clientId: client.id,
      totalCents: invoice.totalCents,
      subscriptionId: sub.id,
      periodStart: period.start,
      periodEnd: period.end,
    },
  })
  const pdf = await billingPdf({
    document: invoice,
    lines: stored,
    issuer: invoice.issuer ?? currentIssuer(),
    billTo,
    today: issuedOn,
  })
  const content = { filename: pdfFilename(invoice), content: pdf }
  for (const to of await billingRecipients(tx, sub.organisationId, client.email)) {
    await deps.outbox.enqueue(
      subscriptionInvoiceMail(to, {
        number,
        totalCents: invoice.totalCents,
        dueOn,
        plan: plan.name,
        days,
        clientName: billTo.name,
        link: clientLink(deps.publicUrl, invoice),
        pdf: content,
      }),
      tx,
    )
  }
  return invoice.id
}

/** The last runs, newest first (the sync-status page). */
export async function lastRuns(db: BillingDeps['db'], limit = 10) {
  return db.select().from(subscriptionRuns).orderBy(sql`${subscriptionRuns.startedAt} desc`).limit(limit)
}
