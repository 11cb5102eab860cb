/** The data cache: garbage collection after 5 minutes, 3 retries, exponential backoff capped at 30 s. */
export const dataCache = {
  gcTimeMs: 5 * 60 * 1000,
  retries: 3,
  retryDelayCapMs: 30_000,
} as const

/**
 * 1 s, 2 s, 4 s … never more than 30 s. Apart from the query client so that plain DOM code (the
 * access check of islands pages) retries the same way without loading TanStack Query.
 */
export function retryDelay(attemptIndex: number): number {
  return Math.min(1000 * 2 ** attemptIndex, dataCache.retryDelayCapMs)
}
