import { data } from 'react-router'
import { calendarDateMessage, isCalendarDate } from './calendar-date'
import { textProblem } from './forms/text'

/**
 * The one reading of a back-office list's or export's address (`?q=…&status=…&from=…&page=…`),
 * for every staff list, its CSV and the admin APIs' exports. Nothing from the address reaches a
 * query unchecked:
 * - every value is one line of text without control characters (PostgreSQL refuses NUL) or
 *   broken UTF-16, or the request is refused;
 * - dates are calendar days that exist, inside the window of `calendarDateWindow`, or refused;
 * - choices are checked against what the list knows; an unknown one (an old bookmark) shows the
 *   whole list rather than an error, as does `all`;
 * - free text is cut to its length, the page number held within bounds.
 * A refusal is a 400 whose message names the parameter (`listQueryError`).
 */

/** The refusal of an address: its message, with the 400 a loader throws (or an API answers). */
export class ListQueryError extends Error {
  override name = 'ListQueryError'
}

/** A loader's answer to a refused address: 400 with the message, shown by the page's error boundary. */
export function listQueryRefusal(error: ListQueryError) {
  return data({ error: error.message }, { status: 400 })
}

function checkedValue(name: string, raw: string | null): string | undefined {
  if (raw === null) return undefined
  if (textProblem(raw) !== undefined) {
    throw new ListQueryError(`The address's "${name}" holds characters a search cannot take. Remove them.`)
  }
  const value = raw.trim()
  return value && value !== 'all' ? value : undefined
}

/** A calendar day from the address, or undefined when absent; anything else is refused. */
export function listDate(name: string, raw: string | null): string | undefined {
  const value = checkedValue(name, raw)
  if (value === undefined || isCalendarDate(value)) return value
  throw new ListQueryError(`The address's "${name}" is not a date: ${calendarDateMessage}`)
}

/** The readers of one address. Each throws the 400 of `listQueryRefusal` for a value it refuses. */
export function listParams(url: URL) {
  const get = (name: string) => {
    try {
      return checkedValue(name, url.searchParams.get(name))
    } catch (error) {
      throw error instanceof ListQueryError ? listQueryRefusal(error) : error
    }
  }
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
      try {
        return listDate(name, url.searchParams.get(name))
      } catch (error) {
        throw error instanceof ListQueryError ? listQueryRefusal(error) : error
      }
    },
    page(): number {
      return Math.max(1, Math.min(100_000, Number.parseInt(get('page') ?? '1', 10) || 1))
    },
    sort<T extends string>(choices: readonly T[], fallback: T): { key: T; dir: 'asc' | 'desc' } {
      return { key: this.oneOf('sort', choices) ?? fallback, dir: get('dir') === 'asc' ? 'asc' : 'desc' }
    },
  }
}
