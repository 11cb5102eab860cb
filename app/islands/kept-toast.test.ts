import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { keepToastForNextPage, takeKeptToast } from './kept-toast'

// The browser's sessionStorage, as a Map (the unit project runs in Node).
function memoryStorage() {
  const items = new Map<string, string>()
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, String(value)),
    removeItem: (key: string) => void items.delete(key),
  }
}

describe('the toast kept for the next page', () => {
  beforeEach(() => {
    vi.stubGlobal('sessionStorage', memoryStorage())
    vi.useFakeTimers({ now: new Date('2026-11-24T10:00:00Z') })
  })
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })

  it('is raised once by the next page, with its words and variant', () => {
    keepToastForNextPage({
      title: 'Account Status Updated',
      description: 'Your account status has been updated to rejected',
    })
    expect(takeKeptToast()).toEqual({
      title: 'Account Status Updated',
      description: 'Your account status has been updated to rejected',
    })
    expect(takeKeptToast()).toBeNull()
    keepToastForNextPage({ title: 'Error', variant: 'destructive' })
    expect(takeKeptToast()).toEqual({ title: 'Error', variant: 'destructive' })
  })

  it('is dropped when the next page came more than 10 s later, or the stored value is not ours', () => {
    keepToastForNextPage({ title: 'Signed out' })
    vi.advanceTimersByTime(10_001)
    expect(takeKeptToast()).toBeNull()
    sessionStorage.setItem('ramapo.next-page-toast', '{"at":')
    expect(takeKeptToast()).toBeNull()
    sessionStorage.setItem('ramapo.next-page-toast', JSON.stringify({ at: Date.now(), options: { title: 42 } }))
    expect(takeKeptToast()).toBeNull()
  })

  it('keeps nothing, without failing, where storage is refused', () => {
    vi.stubGlobal('sessionStorage', {
      getItem: () => {
        throw new Error('denied')
      },
      setItem: () => {
        throw new Error('denied')
      },
      removeItem: () => {},
    })
    expect(() => keepToastForNextPage({ title: 'Signed out' })).not.toThrow()
    expect(takeKeptToast()).toBeNull()
  })
})
