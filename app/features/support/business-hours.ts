import { addDays, businessDate, daysBetween, fromBusinessLocalInput } from '../../lib/business-time.ts'
import { businessTimeZone } from '../../lib/time-zone.ts'

/**
 * The business's opening hours, the clock support targets are counted on: Monday to Friday,
 * 8:00 to 17:00 New York time (the spec's business hours). One typed place; holidays are a list of
 * New York dates the office is closed (none yet), so adding them later changes no caller.
 */
export type BusinessHours = {
  timeZone: typeof businessTimeZone
  /** Days of the week the office is open, 0 = Sunday … 6 = Saturday. */
  days: readonly number[]
  /** Opening and closing on the New York wall clock, "HH:mm" (never inside a clock change's hour). */
  opens: string
  closes: string
  /** New York dates (YYYY-MM-DD) the office is closed although the weekday is open. */
  holidays: readonly string[]
}

export const businessHours: BusinessHours = {
  timeZone: businessTimeZone,
  days: [1, 2, 3, 4, 5],
  opens: '08:00',
  closes: '17:00',
  holidays: [],
}

/** The hours one open day counts: a "business day" in a target is this many business minutes. */
export function minutesInBusinessDay(hours: BusinessHours = businessHours): number {
  const minutes = (clock: string) => {
    const [h = 0, m = 0] = clock.split(':').map(Number)
    return h * 60 + m
  }
  return minutes(hours.closes) - minutes(hours.opens)
}

/** A stretch of time the clock does not count (a ticket waiting on the client). */
export type Pause = { start: Date; end: Date }

type Span = { start: number; end: number }

const minute = 60_000
/** No target is longer than a few weeks; a search past ten years means there are no open days. */
const maxDaysSearched = 3660

const windowCache = new Map<string, Span | null>()

/** The open hours of a New York date as moments, or null when the office is closed that day. */
function openWindow(date: string, hours: BusinessHours): Span | null {
  const key = `${date}|${hours.opens}|${hours.closes}|${hours.days.join()}|${hours.holidays.length}`
  const cached = windowCache.get(key)
  if (cached !== undefined) return cached
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number)
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay()
  let window: Span | null = null
  if (hours.days.includes(weekday) && !hours.holidays.includes(date)) {
    const opens = fromBusinessLocalInput(`${date}T${hours.opens}`)
    const closes = fromBusinessLocalInput(`${date}T${hours.closes}`)
    if (opens && closes && closes > opens) window = { start: opens.getTime(), end: closes.getTime() }
  }
  if (windowCache.size > 20_000) windowCache.clear()
  windowCache.set(key, window)
  return window
}

/** Pauses sorted and joined where they touch or overlap. */
function mergedPauses(pauses: readonly Pause[]): Span[] {
  const spans = pauses
    .map((p) => ({ start: p.start.getTime(), end: p.end.getTime() }))
    .filter((p) => p.end > p.start)
    .sort((a, b) => a.start - b.start)
  const merged: Span[] = []
  for (const span of spans) {
    const last = merged.at(-1)
    if (last && span.start <= last.end) last.end = Math.max(last.end, span.end)
    else merged.push({ ...span })
  }
  return merged
}

/** A window less the pauses inside it, in order. */
function countedParts(window: Span, pauses: readonly Span[]): Span[] {
  const parts: Span[] = []
  let from = window.start
  for (const pause of pauses) {
    if (pause.end <= from) continue
    if (pause.start >= window.end) break
    if (pause.start > from) parts.push({ start: from, end: pause.start })
    from = Math.max(from, pause.end)
    if (from >= window.end) break
  }
  if (from < window.end) parts.push({ start: from, end: window.end })
  return parts
}

/**
 * The moment `minutes` business minutes after `start`, not counting the pauses: the earliest
 * moment by which that much open time (outside pauses) has passed. From outside the hours the
 * count starts at the next opening.
 */
export function addBusinessMinutes(
  start: Date,
  minutes: number,
  pauses: readonly Pause[] = [],
  hours: BusinessHours = businessHours,
): Date {
  if (!Number.isFinite(minutes) || minutes < 0) throw new RangeError('Business minutes to add must be 0 or more.')
  let left = minutes * minute
  if (left === 0) return new Date(start)
  const from = start.getTime()
  const spans = mergedPauses(pauses)
  let date = businessDate(start)
  for (let i = 0; i < maxDaysSearched; i++, date = addDays(date, 1)) {
    const window = openWindow(date, hours)
    if (!window || window.end <= from) continue
    for (const part of countedParts({ start: Math.max(window.start, from), end: window.end }, spans)) {
      const length = part.end - part.start
      if (length >= left) return new Date(part.start + left)
      left -= length
    }
  }
  throw new RangeError('The business hours have no open day to count on.')
}

/**
 * Business minutes from `from` to `to`, not counting the pauses; negative when `to` comes first,
 * so a target already missed reads as minutes overdue.
 */
export function businessMinutesBetween(
  from: Date,
  to: Date,
  pauses: readonly Pause[] = [],
  hours: BusinessHours = businessHours,
): number {
  const a = from.getTime()
  const b = to.getTime()
  if (b < a) return -businessMinutesBetween(to, from, pauses, hours)
  if (a === b) return 0
  const spans = mergedPauses(pauses)
  const first = businessDate(from)
  const last = businessDate(to)
  const weeks = wholeWeeksBetween(first, last, spans)
  if (weeks === 0) return minutesWalked(first, last, a, b, spans, hours) / minute
  // The whole weeks between the first and the last week are counted, not walked: a target missed
  // months ago (the queue shows how long) costs the same as one missed yesterday.
  const middle = addDays(first, 7)
  const after = addDays(middle, 7 * weeks)
  return (
    (minutesWalked(first, addDays(middle, -1), a, b, spans, hours) +
      weeks * openMinutesInWeek(hours) * minute -
      closedOpenDays(middle, after, hours) * minutesInBusinessDay(hours) * minute +
      minutesWalked(after, last, a, b, spans, hours)) /
    minute
  )
}

/** Open time (ms) of the dates `first` to `last`, clipped to `a`..`b`, less the pauses: one day at a time. */
function minutesWalked(first: string, last: string, a: number, b: number, spans: Span[], hours: BusinessHours): number {
  let total = 0
  for (let date = first; date <= last; date = addDays(date, 1)) {
    const window = openWindow(date, hours)
    if (!window) continue
    const clipped = { start: Math.max(window.start, a), end: Math.min(window.end, b) }
    if (clipped.end <= clipped.start) continue
    for (const part of countedParts(clipped, spans)) total += part.end - part.start
  }
  return total
}

/**
 * How many whole weeks after the first week and before the last one can be counted without
 * walking them: none when the span is short or a pause falls in them (then every day is walked).
 */
function wholeWeeksBetween(first: string, last: string, spans: Span[]): number {
  const weeks = Math.floor((daysBetween(first, last) - 13) / 7)
  if (weeks <= 0) return 0
  const middle = addDays(first, 7)
  const after = addDays(middle, 7 * weeks)
  // A day's moments lie within a day of its UTC midnight, either way.
  const start = Date.parse(`${middle}T00:00:00Z`) - 86_400_000
  const end = Date.parse(`${after}T00:00:00Z`) + 86_400_000
  return spans.some((span) => span.start < end && span.end > start) ? 0 : weeks
}

/** An open week's minutes: every open day is a whole business day (the hours never cross a clock change). */
function openMinutesInWeek(hours: BusinessHours): number {
  return hours.days.length * minutesInBusinessDay(hours)
}

/** Holidays from `start` (included) to `end` (not) that fall on an open weekday. */
function closedOpenDays(start: string, end: string, hours: BusinessHours): number {
  return hours.holidays.filter((date) => {
    if (date < start || date >= end) return false
    const [year = 0, month = 1, day = 1] = date.split('-').map(Number)
    return hours.days.includes(new Date(Date.UTC(year, month - 1, day)).getUTCDay())
  }).length
}

/** Whether the office is open at a moment (and not a holiday). */
export function isWithinBusinessHours(moment: Date, hours: BusinessHours = businessHours): boolean {
  const window = openWindow(businessDate(moment), hours)
  const t = moment.getTime()
  return window !== null && t >= window.start && t < window.end
}
