import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { dismissToast, getToasts, toast, toastSettings } from './toast'

describe('toast store', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    dismissToast()
    vi.runAllTimers()
    vi.useRealTimers()
  })

  it('adds an open toast with the default variant', () => {
    const { id } = toast({ title: 'Signed out' })
    expect(getToasts()).toEqual([{ id, title: 'Signed out', description: undefined, variant: 'default', open: true }])
  })

  it('keeps the destructive variant, description and duration', () => {
    toast({ title: 'Error', description: 'There was a problem signing out', variant: 'destructive', duration: 8000 })
    expect(getToasts().at(-1)).toMatchObject({
      title: 'Error',
      description: 'There was a problem signing out',
      variant: 'destructive',
      duration: 8000,
    })
  })

  it('shows at most three, dropping the oldest', () => {
    const ids = ['One', 'Two', 'Three', 'Four'].map((title) => toast({ title }).id)
    expect(getToasts()).toHaveLength(toastSettings.limit)
    expect(getToasts().map((t) => t.id)).toEqual(ids.slice(1))
  })

  it('closes a dismissed toast first and removes it after the exit animation', () => {
    const first = toast({ title: 'First' })
    const second = toast({ title: 'Second' })
    first.dismiss()
    expect(getToasts().map((t) => [t.id, t.open])).toEqual([
      [first.id, false],
      [second.id, true],
    ])
    vi.advanceTimersByTime(toastSettings.removeDelayMs)
    expect(getToasts().map((t) => t.id)).toEqual([second.id])
  })

  it('dismisses every toast when called without an id', () => {
    toast({ title: 'A' })
    toast({ title: 'B' })
    dismissToast()
    expect(getToasts().every((t) => !t.open)).toBe(true)
    vi.advanceTimersByTime(toastSettings.removeDelayMs)
    expect(getToasts()).toEqual([])
  })

  it('uses the spec settings: 5 s, swipe right past 50 px, F8', () => {
    expect(toastSettings).toMatchObject({
      durationMs: 5000,
      swipeDirection: 'right',
      swipeThreshold: 50,
      hotkey: ['F8'],
    })
  })
})
