import { businessTimeZone } from './time-zone.ts'

/**
 * The business's clock. The office is in Suffern, NY: staff type and read times in New York time,
 * the database stores the moment (UTC). A `datetime-local` input has no zone, so these convert
 * between its "YYYY-MM-DDTHH:mm" and a Date.
 */
export { businessTimeZone }

/** Said next to every time input, so no one wonders which clock the time is on. */
export const businessTimeZoneLabel = 'New York time (Eastern)'

const wallClock = new Intl.DateTimeFormat('en-US', {
  timeZone: businessTimeZone,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
})

/** A moment with its zone, as staff read it ("May 1, 2026, 9:30 AM EDT"). */
export const businessDateTimeFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: businessTimeZone,
  dateStyle: 'medium',
  timeStyle: 'short',
})

/** The moment as a New York clock shows it, in a `datetime-local` input's format. */
export function toBusinessLocalInput(date: Date): string {
  const parts = Object.fromEntries(wallClock.formatToParts(date).map((p) => [p.type, p.value]))
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`
}

const localPattern = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/

/**
 * The moment a New York wall-clock time names, or null when the text is not such a time or the
 * time does not exist there (the hour skipped when clocks go forward). In the hour that happens
 * twice in November, the first one (daylight time) is meant.
 */
export function fromBusinessLocalInput(value: string): Date | null {
  const match = localPattern.exec(value)
  if (!match) return null
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number]
  const asUtc = Date.UTC(year, month - 1, day, hour, minute)
  // The zone's offset at a moment: its wall clock read as if it were UTC, minus the moment.
  const offsetAt = (t: number) => {
    const clock =
      localPattern
        .exec(toBusinessLocalInput(new Date(t)))
        ?.slice(1)
        .map(Number) ?? []
    const [y = 0, mo = 1, d = 1, h = 0, mi = 0] = clock
    return Date.UTC(y, mo - 1, d, h, mi) - t
  }
  const first = asUtc - offsetAt(asUtc)
  const candidates = [first, asUtc - offsetAt(first), asUtc - offsetAt(asUtc - 3_600_000)]
    .filter((t) => toBusinessLocalInput(new Date(t)) === value)
    .sort((a, b) => a - b)
  return candidates[0] === undefined ? null : new Date(candidates[0])
}

/** New York's calendar date at a moment, as YYYY-MM-DD (what a date column and a date input hold). */
export function businessDate(moment: Date): string {
  return toBusinessLocalInput(moment).slice(0, 10)
}

/** A YYYY-MM-DD date `days` later (or earlier); calendar arithmetic, no clock or zone involved. */
export function addDays(date: string, days: number): string {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number)
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10)
}

/** Days from one YYYY-MM-DD date to another (negative when `to` comes first). */
export function daysBetween(from: string, to: string): number {
  const utc = (date: string) => {
    const [year = 0, month = 1, day = 1] = date.split('-').map(Number)
    return Date.UTC(year, month - 1, day)
  }
  return Math.round((utc(to) - utc(from)) / 86_400_000)
}

const calendarDateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' })

/** "May 1, 2026" from "2026-05-01": a calendar date, shown as such whatever the reader's zone. */
export function formatCalendarDate(date: string): string {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number)
  return calendarDateFormat.format(new Date(Date.UTC(year, month - 1, day)))
}
