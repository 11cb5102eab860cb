import { afterEach, describe, expect, it, vi } from 'vitest'
import { createQueryClient, dataCache, retryDelay } from './query-client'

describe('the data cache', () => {
  it('collects garbage after 5 minutes and retries 3 times', () => {
    const options = createQueryClient(false).getDefaultOptions().queries
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

describe('the cache a server render uses', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('keeps no timer, so nothing holds a finished request in memory', () => {
    vi.useFakeTimers()
    const client = createQueryClient()
    client.setQueryData(['account', 'profile'], { status: 'approved' })
    expect(client.getDefaultOptions().queries?.gcTime).toBe(Number.POSITIVE_INFINITY)
    expect(vi.getTimerCount()).toBe(0)
  })

  it('differs from the browser cache, which collects after 5 minutes', () => {
    vi.useFakeTimers()
    const client = createQueryClient(false)
    client.setQueryData(['account', 'profile'], { status: 'approved' })
    expect(vi.getTimerCount()).toBe(1)
  })
})
