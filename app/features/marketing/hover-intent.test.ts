import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { navTimings } from '~/content/navigation'
import { createHoverIntent } from './hover-intent'

describe('createHoverIntent with the spec timings', () => {
  let changes: string[]
  let intent: ReturnType<typeof createHoverIntent>

  beforeEach(() => {
    vi.useFakeTimers()
    changes = []
    intent = createHoverIntent(navTimings, (value) => changes.push(value))
  })
  afterEach(() => {
    intent.dispose()
    vi.useRealTimers()
  })

  it('uses 200, 300 and 150 ms', () => {
    expect(navTimings).toEqual({ openDelayMs: 200, skipDelayMs: 300, closeDelayMs: 150 })
  })

  it('opens only after the pointer rests 200 ms on a trigger', () => {
    intent.pointerMove('services')
    vi.advanceTimersByTime(199)
    intent.pointerMove('services') // further moves do not restart the wait
    expect(changes).toEqual([])
    vi.advanceTimersByTime(1)
    expect(changes).toEqual(['services'])
  })

  it('does not open when the pointer leaves before the delay', () => {
    intent.pointerMove('services')
    vi.advanceTimersByTime(150)
    intent.pointerLeave()
    vi.advanceTimersByTime(1000)
    expect(changes).toEqual([])
  })

  it('closes 150 ms after the pointer leaves, unless it reaches the menu first', () => {
    intent.pointerMove('services')
    vi.advanceTimersByTime(200)
    intent.pointerLeave()
    vi.advanceTimersByTime(100)
    intent.contentEnter()
    vi.advanceTimersByTime(500)
    expect(changes).toEqual(['services'])
    intent.pointerLeave()
    vi.advanceTimersByTime(149)
    expect(changes).toEqual(['services'])
    vi.advanceTimersByTime(1)
    expect(changes).toEqual(['services', ''])
  })

  it('moves between triggers instantly while a menu is open and within 300 ms of closing', () => {
    intent.pointerMove('services')
    vi.advanceTimersByTime(200)
    intent.pointerMove('company')
    expect(changes).toEqual(['services', 'company'])
    intent.pointerLeave()
    vi.advanceTimersByTime(150 + 299)
    intent.pointerMove('services')
    expect(changes).toEqual(['services', 'company', '', 'services'])
  })

  it('waits the full delay again once the skip window has passed', () => {
    intent.pointerMove('services')
    vi.advanceTimersByTime(200)
    intent.pointerLeave()
    vi.advanceTimersByTime(150 + 300)
    intent.pointerMove('services')
    expect(changes).toEqual(['services', ''])
    vi.advanceTimersByTime(200)
    expect(changes).toEqual(['services', '', 'services'])
  })

  it('follows opens and closes made by click or keyboard without echoing them', () => {
    intent.sync('services')
    intent.pointerMove('services')
    vi.advanceTimersByTime(1000)
    expect(changes).toEqual([])
    intent.pointerLeave()
    vi.advanceTimersByTime(150)
    expect(changes).toEqual([''])
  })

  it('a keyboard open cancels a pending hover open', () => {
    intent.pointerMove('company')
    intent.sync('services')
    vi.advanceTimersByTime(1000)
    expect(changes).toEqual([])
  })

  it('does not reopen by hover after a click or Escape closed it, until the pointer re-enters', () => {
    intent.sync('services')
    intent.block()
    intent.sync('')
    intent.pointerMove('services')
    vi.advanceTimersByTime(1000)
    expect(changes).toEqual([])
    intent.pointerEnter()
    intent.pointerMove('services')
    vi.advanceTimersByTime(200)
    expect(changes).toEqual(['services'])
  })
})
