import { data } from 'react-router'
import { calendarDateMessage, isCalendarDate } from './calendar-date'
import { textProblem } from './forms/text'
import { isUuid } from './uuid'

/**
 * The one reading of a back-office list's or export's address (`?q=…&status=…&from=…&page=…`),
 * for every staff list and its CSV (the consent log's API export checks its days by the same
 * `isCalendarDate`). Nothing from the address reaches a query unchecked:
 * - every value is one line of text without control characters (PostgreSQL refuses NUL) or
 *   broken UTF-16, or the request is refused;
 * - dates are calendar days that exist, inside the window of `calendarDateWindow`, or refused;
 * - choices are checked against what the list knows; an unknown one (an old bookmark) shows the
 *   whole list rather than an error, as does `all`;
 * - free text is cut to its length, the page number held within bounds.
 * A refusal is a 400 whose message names the parameter.
 */

/** The 400 a loader throws for a refused value (its page's error boundary, or an export's caller, reads the message). */
function refusal(message: string) {
  return data({ error: message }, { status: 400 })
}

function checkedValue(name: string, raw: string | null): string | undefined {
  if (raw === null) return undefined
  if (textProblem(raw) !== undefined) {
    throw refusal(`The address's "${name}" holds characters a search cannot take. Remove them.`)
  }
  const value = raw.trim()
  return value && value !== 'all' ? value : undefined
}

/** The readers of one address. Each throws a 400 for a value it refuses. */
export function listParams(url: URL) {
  const get = (name: string) => checkedValue(name, url.searchParams.get(name))
  // Every parameter is checked, read or not: none carries a NUL to a query by another road.
  for (const name of new Set(url.searchParams.keys())) get(name)
  return {
    /** The value when it is one of `choices`. */
    oneOf<T extends string>(name: string, choices: readonly T[]): T | undefined {
      const value = get(name)
      return choices.find((choice) => choice === value)
    },
    /** Free text, cut to `max` characters. */
    text(name: string, max = 100): string | undefined {
      return get(name)?.slice(0, max)
    },
    /** A calendar date (YYYY-MM-DD) that exists, inside the window. */
    date(name: string): string | undefined {
      const value = get(name)
      if (value === undefined || isCalendarDate(value)) return value
      throw refusal(`The address's "${name}" is not a date: ${calendarDateMessage}`)
    },
    /**
     * Whose records a staff list shows: `me` is the signed-in person (`userId`), `none` nobody yet,
     * or a staff member's id; anything else shows everyone's.
     */
    assignee(userId: string): string | undefined {
      const value = this.text('assignee', 40)
      return value === 'me' ? userId : value === 'none' || isUuid(value) ? value : undefined
    },
    page(): number {
      return Math.max(1, Math.min(100_000, Number.parseInt(get('page') ?? '1', 10) || 1))
    },
    sort<T extends string>(choices: readonly T[], fallback: T): { key: T; dir: 'asc' | 'desc' } {
      return { key: this.oneOf('sort', choices) ?? fallback, dir: get('dir') === 'asc' ? 'asc' : 'desc' }
    },
  }
}
