/**
 * A calendar date as people and the database exchange it: YYYY-MM-DD, a day that exists (no
 * 2026-02-30), inside the years the business can mean (2000-2100). PostgreSQL takes year 0 and
 * 9999 but answers them with errors elsewhere (ranges, intervals, the next day), and nothing we
 * keep is dated outside this window; forms, list addresses and exports all check dates here.
 */

export const calendarDateWindow = { firstYear: 2000, lastYear: 2100 } as const

const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/

export function isCalendarDate(value: string): boolean {
  const match = datePattern.exec(value)
  if (!match) return false
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number]
  if (year < calendarDateWindow.firstYear || year > calendarDateWindow.lastYear) return false
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}

export const calendarDateMessage = `Enter a date like 2026-05-31, between ${calendarDateWindow.firstYear} and ${calendarDateWindow.lastYear}.`
