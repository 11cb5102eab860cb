import { QueryClient } from '@tanstack/react-query'
import { dataCache, retryDelay } from './backoff'

export { dataCache, retryDelay }

/**
 * The one cache for data the browser fetches (one per page load). The server renders each request
 * with a client of its own, which must keep no timer: a 5-minute garbage-collection timer per query
 * would hold the whole request (and its rendered page) in memory for 5 minutes, so under steady
 * traffic the server's memory grew by the size of every page it served in that window. On the
 * server the cache lives exactly as long as the request (gcTime Infinity schedules nothing).
 */
export function createQueryClient(onServer: boolean = typeof window === 'undefined'): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        gcTime: onServer ? Number.POSITIVE_INFINITY : dataCache.gcTimeMs,
        retry: dataCache.retries,
        retryDelay,
        refetchOnWindowFocus: true,
      },
    },
  })
}
