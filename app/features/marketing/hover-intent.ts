/**
 * Hover behaviour of a dropdown menu bar, as plain timers so it can be tested without a browser:
 * open after `openDelayMs` of hovering; within `skipDelayMs` of a menu being open, hovering a
 * trigger opens at once; close `closeDelayMs` after the pointer leaves both trigger and menu.
 * The value is the open menu's id, '' when all are closed.
 */
export type HoverTimings = { openDelayMs: number; skipDelayMs: number; closeDelayMs: number }

export type HoverIntent = {
  /** The pointer entered a trigger: clears a block set by `block()`. */
  pointerEnter(): void
  /** The pointer moves over the trigger of menu `value` (called repeatedly; idempotent). */
  pointerMove(value: string): void
  /** The pointer left a trigger or an open menu. */
  pointerLeave(): void
  /** The pointer is over the open menu: keep it open. */
  contentEnter(): void
  /** The value changed another way (click, keyboard, Escape, a link chosen). */
  sync(value: string): void
  /** After a click or Escape closed the menu, hovering must not reopen it until the pointer re-enters. */
  block(): void
  /** Clears pending timers (component unmount). */
  dispose(): void
}

type Timer = ReturnType<typeof setTimeout>

export function createHoverIntent(timings: HoverTimings, onChange: (value: string) => void): HoverIntent {
  let current = ''
  let pending: string | null = null
  let skipping = false
  let blocked = false
  let openTimer: Timer | undefined
  let closeTimer: Timer | undefined
  let skipTimer: Timer | undefined

  const cancelOpen = () => {
    clearTimeout(openTimer)
    pending = null
  }
  const cancelClose = () => clearTimeout(closeTimer)

  // Skip window: open now, and for skipDelayMs after closing, further hovers open instantly.
  const track = (value: string) => {
    current = value
    clearTimeout(skipTimer)
    if (value !== '') {
      skipping = true
    } else {
      skipTimer = setTimeout(() => {
        skipping = false
      }, timings.skipDelayMs)
    }
  }

  const set = (value: string) => {
    if (value === current) return
    track(value)
    onChange(value)
  }

  return {
    pointerEnter() {
      blocked = false
    },
    pointerMove(value) {
      if (blocked) return
      cancelClose()
      if (current === value || pending === value) return
      cancelOpen()
      if (skipping) {
        set(value)
        return
      }
      pending = value
      openTimer = setTimeout(() => {
        pending = null
        set(value)
      }, timings.openDelayMs)
    },
    pointerLeave() {
      cancelOpen()
      if (current === '') return
      cancelClose()
      closeTimer = setTimeout(() => set(''), timings.closeDelayMs)
    },
    contentEnter() {
      cancelClose()
    },
    sync(value) {
      if (value === current) return
      cancelOpen()
      cancelClose()
      track(value)
    },
    block() {
      blocked = true
      cancelOpen()
    },
    dispose() {
      cancelOpen()
      cancelClose()
      clearTimeout(skipTimer)
    },
  }
}
