import { describe, expect, it } from 'vitest'
import { createQueryClient, dataCache, retryDelay } from './query-client'

describe('the data cache (spec §9)', () => {
  it('collects garbage after 5 minutes and retries 3 times', () => {
    const options = createQueryClient().getDefaultOptions().queries
    expect(options?.gcTime).toBe(5 * 60 * 1000)
    expect(options?.retry).toBe(3)
    expect(options?.retryDelay).toBe(retryDelay)
    expect(dataCache.retryDelayCapMs).toBe(30_000)
  })

  it('backs off exponentially and never waits more than 30 s', () => {
    expect([0, 1, 2, 3, 4].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000])
    expect(retryDelay(5)).toBe(30_000)
    expect(retryDelay(20)).toBe(30_000)
  })
})
