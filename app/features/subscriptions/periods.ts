import { planOf, pricingOf, type SubscriptionPlanKey } from './plans.ts'

/**
 * The billing periods of a subscription and the lines of each period's invoice, pure (no clock, no
 * database): the monthly run and the staff pages ask here, the property tests check it.
 *
 * A period runs from a billing day (1–28, so every month has it) to the day before the next
 * month's billing day: billing day 1 gives Nov 1–30, billing day 15 gives Nov 15–Dec 14. Plans are
 * billed in advance: a period's invoice is issued on its first day. The first period starts on the
 * day billing starts (`billsFrom`: the start date, or the day staff resumed a paused subscription)
 * and is prorated by days when that is not a billing day; a cancellation cuts the last period
 * short the same way. Dates are New York calendar dates, YYYY-MM-DD.
 *
 * Proration: an amount for some days of a period is the full period's amount × days covered ÷ the
 * period's days, rounded half up to the cent, once per line.
 */

export type SeatChange = {
  /** The first day the new number of seats counts. */
  effectiveOn: string
  /** Seats added (> 0) or removed (< 0). */
  seatsDelta: number
  /**
   * The change was made after the invoice of the period it falls in was issued, on that period's
   * first day: the added seats are then billed for the whole period on the next invoice.
   */
  afterInvoice?: boolean
}

/** What the invoices of a subscription are computed from. */
export type SubscriptionTerms = {
  plan: SubscriptionPlanKey
  /** Per-user plans: the seats at the start, before any change. */
  seats: number | null
  /** The residential tier or the Custom Solutions price, cents per month. */
  priceCents: number | null
  billingDay: number
  /** The first day billed. */
  billsFrom: string
  /** Nothing is billed from this day on (null: not cancelled). */
  cancelAt: string | null
  changes: readonly SeatChange[]
}

export type Period = {
  /** The days this invoice covers (a part of the full period for a first or last period). */
  start: string
  end: string
  /** The whole period it is part of. */
  fullStart: string
  fullEnd: string
}

export type InvoiceLine = {
  description: string
  /** Thousandths, as billing's lines keep quantities. */
  quantityMilli: number
  unitPriceCents: number
  amountCents: number
}

const parse = (date: string) => {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number)
  return { year, month, day }
}
const format = (year: number, month: number, day: number) =>
  new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10)

/** The later of two YYYY-MM-DD dates (they compare as text). */
export const laterDate = (a: string, b: string) => [a, b].sort()[1] as string
/** The earlier of two YYYY-MM-DD dates. */
export const earlierDate = (a: string, b: string) => [a, b].sort()[0] as string

export function addDays(date: string, days: number): string {
  const { year, month, day } = parse(date)
  return format(year, month, day + days)
}

/** Days from `from` to `to` (negative when `to` comes first). */
export function daysBetween(from: string, to: string): number {
  const a = parse(from)
  const b = parse(to)
  return Math.round((Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / 86_400_000)
}

/** Days from `start` to `end`, both included. */
export const daysIn = (start: string, end: string) => daysBetween(start, end) + 1

/** The whole period a date falls in. */
export function fullPeriodOf(billingDay: number, date: string): { start: string; end: string; days: number } {
  const { year, month, day } = parse(date)
  const start = day >= billingDay ? format(year, month, billingDay) : format(year, month - 1, billingDay)
  const s = parse(start)
  const end = addDays(format(s.year, s.month + 1, billingDay), -1)
  return { start, end, days: daysIn(start, end) }
}

/** The first day of the period after the one a date falls in. */
export const nextPeriodStart = (billingDay: number, date: string) => addDays(fullPeriodOf(billingDay, date).end, 1)

/** The billed part of the whole period that `date` falls in, or null when none of it is billed. */
export function billedPeriodOf(terms: Pick<SubscriptionTerms, 'billingDay' | 'billsFrom' | 'cancelAt'>, date: string) {
  const full = fullPeriodOf(terms.billingDay, date)
  const start = laterDate(full.start, terms.billsFrom)
  const lastDay = terms.cancelAt === null ? full.end : addDays(terms.cancelAt, -1)
  const end = earlierDate(full.end, lastDay)
  if (start > end || start > full.end) return null
  return { start, end, fullStart: full.start, fullEnd: full.end } satisfies Period
}

/**
 * Every period billed from `billsFrom` up to `today`, oldest first: each one's invoice is due on its
 * first day. A run that missed days (a server down for three days, a month) issues each missed one.
 */
export function periodsDue(terms: Pick<SubscriptionTerms, 'billingDay' | 'billsFrom' | 'cancelAt'>, today: string) {
  const periods: Period[] = []
  let date = terms.billsFrom
  while (date <= today && (terms.cancelAt === null || date < terms.cancelAt)) {
    const period = billedPeriodOf(terms, date)
    if (period && period.start <= today) periods.push(period)
    date = nextPeriodStart(terms.billingDay, date)
  }
  return periods
}

/** The day the next invoice is issued after `today` (null when none will be). */
export function nextInvoiceOn(terms: Pick<SubscriptionTerms, 'billingDay' | 'billsFrom' | 'cancelAt'>, today: string) {
  const next = terms.billsFrom > today ? terms.billsFrom : nextPeriodStart(terms.billingDay, today)
  if (terms.cancelAt !== null && next >= terms.cancelAt) return null
  return next
}

/** Seats counted on a day: the starting seats and every change effective by then. */
export function seatsOn(terms: Pick<SubscriptionTerms, 'seats' | 'changes'>, date: string): number {
  return terms.changes.reduce((seats, c) => (c.effectiveOn <= date ? seats + c.seatsDelta : seats), terms.seats ?? 0)
}

/** amount × days ÷ periodDays, rounded half up to the cent. */
export function prorate(fullCents: number, days: number, periodDays: number): number {
  if (!Number.isSafeInteger(fullCents) || fullCents < 0) throw new RangeError('amount must be whole cents')
  if (!Number.isInteger(days) || !Number.isInteger(periodDays) || days < 0 || periodDays < 1 || days > periodDays) {
    throw new RangeError('days must lie within the period')
  }
  const product = BigInt(fullCents) * BigInt(days)
  const quotient = product / BigInt(periodDays)
  return Number((product % BigInt(periodDays)) * 2n >= BigInt(periodDays) ? quotient + 1n : quotient)
}

const monthNames = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/** "Nov 1–30", "Nov 14–Dec 13", "Nov 30". */
export function formatDays(start: string, end: string): string {
  const a = parse(start)
  const b = parse(end)
  const first = `${monthNames[a.month - 1]} ${a.day}`
  if (start === end) return first
  return a.month === b.month && a.year === b.year ? `${first}–${b.day}` : `${first}–${monthNames[b.month - 1]} ${b.day}`
}

const users = (n: number) => `${n} ${n === 1 ? 'user' : 'users'}`

/** " (17 of 30 days)" when the days are not the whole period. */
function partOf(start: string, end: string, fullDays: number): string {
  const days = daysIn(start, end)
  return days === fullDays ? '' : ` (${days} of ${fullDays} days)`
}

/** The full price of one whole period for the seats (or tier, or custom price). */
export function periodPriceCents(terms: SubscriptionTerms, seats: number): number {
  const pricing = pricingOf(terms.plan)
  switch (pricing.kind) {
    case 'per_seat':
      return seats * pricing.unitCents
    case 'tier':
    case 'custom':
      return terms.priceCents ?? 0
    case 'metered':
      return 0
  }
}

/** One line: whole periods read "quantity × price"; a part of a period is one amount for its days. */
function line(description: string, quantity: number, unitCents: number, part: { days: number; of: number }) {
  if (part.days === part.of) {
    return { description, quantityMilli: quantity * 1000, unitPriceCents: unitCents, amountCents: quantity * unitCents }
  }
  const amount = prorate(quantity * unitCents, part.days, part.of)
  return { description, quantityMilli: 1000, unitPriceCents: amount, amountCents: amount }
}

/**
 * The lines of a period's invoice: the plan for the period's days (at the seats counted on its
 * first day), then, for each seat increase during the previous period after it was billed, the
 * added seats for the days from the change to that period's end ("3 more users, Nov 14–30 (17 of
 * 30 days)"). Seats removed count from the next period (staff's page sets that date), so no line
 * is ever negative. A metered plan has no plan line (its time is added by the run).
 */
export function invoiceLines(terms: SubscriptionTerms, period: Period): InvoiceLine[] {
  const plan = planOf(terms.plan)
  const pricing = pricingOf(terms.plan)
  const fullDays = daysIn(period.fullStart, period.fullEnd)
  const days = daysIn(period.start, period.end)
  const range = formatDays(period.start, period.end) + partOf(period.start, period.end, fullDays)
  const lines: InvoiceLine[] = []
  if (pricing.kind === 'per_seat') {
    const seats = seatsOn(terms, period.start)
    if (seats > 0) {
      lines.push(line(`${plan.name}, ${users(seats)}, ${range}`, seats, pricing.unitCents, { days, of: fullDays }))
    }
    const previous = billedPeriodOf(terms, addDays(period.fullStart, -1))
    if (previous && previous.fullEnd === addDays(period.fullStart, -1)) {
      const previousDays = daysIn(previous.fullStart, previous.fullEnd)
      const increases = [...terms.changes]
        .filter(
          (c) =>
            c.seatsDelta > 0 &&
            (c.effectiveOn > previous.start || (c.effectiveOn === previous.start && c.afterInvoice === true)) &&
            c.effectiveOn <= previous.end,
        )
        .sort((a, b) => (a.effectiveOn < b.effectiveOn ? -1 : a.effectiveOn > b.effectiveOn ? 1 : 0))
      for (const change of increases) {
        const from = change.effectiveOn
        lines.push(
          line(
            `${change.seatsDelta} more ${change.seatsDelta === 1 ? 'user' : 'users'}, ${formatDays(from, previous.end)} (${daysIn(from, previous.end)} of ${previousDays} days)`,
            change.seatsDelta,
            pricing.unitCents,
            { days: daysIn(from, previous.end), of: previousDays },
          ),
        )
      }
    }
  } else if (pricing.kind === 'tier' || pricing.kind === 'custom') {
    const price = terms.priceCents ?? 0
    if (price > 0) lines.push(line(`${plan.name}, ${range}`, 1, price, { days, of: fullDays }))
  }
  return lines
}

/**
 * The credit of a subscription cancelled now, on `cancelOn`, for a period already invoiced: the
 * plan's price for the days from `cancelOn` to the period's end, prorated as above, never more than
 * the plan's line of that invoice.
 */
export function cancellationCredit(terms: SubscriptionTerms, billed: Period, cancelOn: string): number {
  if (cancelOn > billed.end) return 0
  const from = cancelOn < billed.start ? billed.start : cancelOn
  const fullDays = daysIn(billed.fullStart, billed.fullEnd)
  const full = periodPriceCents(terms, seatsOn(terms, billed.start))
  const billedPlanCents = prorate(full, daysIn(billed.start, billed.end), fullDays)
  return Math.min(prorate(full, daysIn(from, billed.end), fullDays), billedPlanCents)
}

/**
 * Residential Hourly is billed **in arrears**: its period's time is only known once the period is
 * over, so its invoice is issued on the day after the period's last day (the next billing day, or
 * the cancellation day); every other plan's on the period's first day.
 */
export function invoiceDayOf(plan: SubscriptionPlanKey, period: Pick<Period, 'start' | 'end'>): string {
  return pricingOf(plan).kind === 'metered' ? addDays(period.end, 1) : period.start
}

/** The periods whose invoice is due by `today` (its invoice day reached), oldest first. */
export function periodsToInvoice(terms: SubscriptionTerms, today: string): Period[] {
  return periodsDue(terms, today).filter((period) => invoiceDayOf(terms.plan, period) <= today)
}

/** Minutes recorded on one support ticket during a period (what the run reads for Residential Hourly). */
export type TicketTime = { ticketNumber: string; subject: string; minutes: number }

const minutesText = (n: number) => `${n} ${n === 1 ? 'minute' : 'minutes'}`

/** "Ticket T-000123 Printer offline: 45 minutes, Nov 1–30" (a long subject cut at 120 characters). */
function ticketTimeText(t: TicketTime, days: string): string {
  const subject = t.subject.length > 120 ? `${t.subject.slice(0, 119)}…` : t.subject
  return `Ticket ${t.ticketNumber} ${subject}: ${minutesText(t.minutes)}, ${days}`
}

const hasMinutes = (t: TicketTime) => Number.isSafeInteger(t.minutes) && t.minutes > 0

/**
 * The lines of a Residential Hourly period: one line per ticket with time recorded in the period,
 * its minutes at the price list's per-minute rate ("Ticket T-000123 Printer offline: 45 minutes,
 * Nov 1–30", 45 × $2.08). Tickets without time have no line; no time at all, no lines.
 */
export function timeLines(
  plan: SubscriptionPlanKey,
  period: Pick<Period, 'start' | 'end'>,
  time: readonly TicketTime[],
) {
  const pricing = pricingOf(plan)
  if (pricing.kind !== 'metered') return []
  const days = formatDays(period.start, period.end)
  return time.filter(hasMinutes).map(
    (t): InvoiceLine => ({
      description: ticketTimeText(t, days),
      quantityMilli: t.minutes * 1000,
      unitPriceCents: pricing.perMinuteCents,
      amountCents: t.minutes * pricing.perMinuteCents,
    }),
  )
}

/** The words that end a line of time a business plan includes. */
export const includedInPlan = 'included in your plan'

/**
 * The billed part of the period just before `period` (the one that has just ended when `period`'s
 * invoice is issued on its first day), or null: a first period, or a period right after a pause
 * whose days before resuming were never billed.
 */
export function previousPeriodOf(
  terms: Pick<SubscriptionTerms, 'billingDay' | 'billsFrom' | 'cancelAt'>,
  period: Pick<Period, 'fullStart'>,
): Period | null {
  const lastDay = addDays(period.fullStart, -1)
  if (lastDay < terms.billsFrom) return null
  return billedPeriodOf(terms, lastDay)
}

/**
 * The time a business plan (every plan but Residential Hourly) includes, shown on its invoice at
 * $0.00: one line per ticket with time recorded in `period` (the period that has just ended), its
 * minutes at no charge ("Ticket T-000123 Printer offline: 45 minutes, Oct 1–31, included in your
 * plan", 45 × $0.00), so the invoice's total does not change. Residential Hourly bills its time
 * instead (`timeLines`): none here.
 */
export function includedTimeLines(
  plan: SubscriptionPlanKey,
  period: Pick<Period, 'start' | 'end'>,
  time: readonly TicketTime[],
): InvoiceLine[] {
  if (pricingOf(plan).kind === 'metered') return []
  const days = formatDays(period.start, period.end)
  return time.filter(hasMinutes).map((t) => ({
    description: `${ticketTimeText(t, days)}, ${includedInPlan}`,
    quantityMilli: t.minutes * 1000,
    unitPriceCents: 0,
    amountCents: 0,
  }))
}
