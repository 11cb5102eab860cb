import { QueryClient } from '@tanstack/react-query'

/** Spec §9 data cache: garbage collection after 5 minutes, 3 retries, exponential backoff capped at 30 s. */
export const dataCache = {
  gcTimeMs: 5 * 60 * 1000,
  retries: 3,
  retryDelayCapMs: 30_000,
} as const

/** 1 s, 2 s, 4 s … never more than 30 s. */
export function retryDelay(attemptIndex: number): number {
  return Math.min(1000 * 2 ** attemptIndex, dataCache.retryDelayCapMs)
}

/** The one cache for data the browser fetches (one per page load; the server renders without it). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        gcTime: dataCache.gcTimeMs,
        retry: dataCache.retries,
        retryDelay,
        refetchOnWindowFocus: true,
      },
    },
  })
}
