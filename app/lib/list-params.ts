/**
 * Reading a back-office list's address (`?q=…&status=…&sort=…&dir=…&page=…`) in its loader: every
 * value is checked against what the list knows, and anything else is ignored rather than refused,
 * so an old bookmark or a hand-edited address still shows a page.
 */

const datePattern = /^\d{4}-\d{2}-\d{2}$/

export function listParams(url: URL) {
  const get = (name: string) => {
    const value = url.searchParams.get(name)?.trim()
    return value && value !== 'all' ? value : undefined
  }
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
    /** A calendar date (YYYY-MM-DD) that exists. */
    date(name: string): string | undefined {
      const value = get(name)
      if (!value || !datePattern.test(value)) return undefined
      return Number.isNaN(Date.parse(`${value}T00:00:00Z`)) ? undefined : value
    },
    page(): number {
      return Math.max(1, Math.min(100_000, Number.parseInt(get('page') ?? '1', 10) || 1))
    },
    sort<T extends string>(choices: readonly T[], fallback: T): { key: T; dir: 'asc' | 'desc' } {
      return { key: this.oneOf('sort', choices) ?? fallback, dir: get('dir') === 'asc' ? 'asc' : 'desc' }
    },
  }
}
