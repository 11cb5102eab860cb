import { useEffect, useRef, useSyncExternalStore } from 'react'
import type { ActionResult } from '~/lib/forms/result'

/**
 * The one toast API of the app: `toast({ title, description, variant })` from any event handler or
 * effect; `<Toaster />` (rendered once in the root layout) shows them. A module-level store keeps it
 * free of context providers; the server snapshot is always empty, so SSR never renders a toast.
 */
export type ToastVariant = 'default' | 'destructive' | 'success'

export type ToastOptions = {
  title: string
  description?: string
  /** `destructive` for errors. */
  variant?: ToastVariant
  /** Milliseconds before it closes by itself; defaults to toastSettings.durationMs. */
  duration?: number
}

export type ToastItem = {
  id: string
  title: string
  description?: string
  variant: ToastVariant
  duration?: number
  /** False while the exit animation plays, just before removal. */
  open: boolean
}

/** Toasts last 5 s, close on a swipe right past 50 px, and F8 focuses the notification region. */
export const toastSettings = {
  durationMs: 5000,
  swipeDirection: 'right',
  swipeThreshold: 50,
  hotkey: ['F8'],
  /** More than three stacked toasts hide the page; the oldest go first. */
  limit: 3,
  /** Time a closed toast stays mounted so its exit animation can finish. */
  removeDelayMs: 400,
} as const

const EMPTY: readonly ToastItem[] = []
let toasts: readonly ToastItem[] = EMPTY
let counter = 0
const listeners = new Set<() => void>()
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>()

function setToasts(next: readonly ToastItem[]) {
  toasts = next
  for (const listener of listeners) listener()
}

/** Shows a toast; returns its id and a function that closes it early. */
export function toast(options: ToastOptions): { id: string; dismiss: () => void } {
  counter += 1
  const id = `toast-${counter}`
  const item: ToastItem = {
    id,
    title: options.title,
    description: options.description,
    variant: options.variant ?? 'default',
    duration: options.duration,
    open: true,
  }
  const next = [...toasts, item]
  const dropped = next.slice(0, Math.max(0, next.length - toastSettings.limit))
  for (const old of dropped) clearRemoval(old.id)
  setToasts(next.slice(-toastSettings.limit))
  return { id, dismiss: () => dismissToast(id) }
}

/** Closes one toast (or all without an id); it is removed once its exit animation is over. */
export function dismissToast(id?: string) {
  const closing = toasts.filter((t) => t.open && (id === undefined || t.id === id))
  if (closing.length === 0) return
  const ids = new Set(closing.map((t) => t.id))
  setToasts(toasts.map((t) => (ids.has(t.id) ? { ...t, open: false } : t)))
  for (const toastId of ids) {
    clearRemoval(toastId)
    removalTimers.set(
      toastId,
      setTimeout(() => {
        removalTimers.delete(toastId)
        setToasts(toasts.filter((t) => t.id !== toastId))
      }, toastSettings.removeDelayMs),
    )
  }
}

function clearRemoval(id: string) {
  const timer = removalTimers.get(id)
  if (timer !== undefined) clearTimeout(timer)
  removalTimers.delete(id)
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

export function getToasts(): readonly ToastItem[] {
  return toasts
}

function getServerToasts(): readonly ToastItem[] {
  return EMPTY
}

/** The toasts to render, newest last. */
export function useToasts(): readonly ToastItem[] {
  return useSyncExternalStore(subscribe, getToasts, getServerToasts)
}

/**
 * Shows one toast per answer of a form action (an ActionResult): success or destructive, titled
 * by `titles`. The same answer object never toasts twice (re-renders, a revalidation).
 */
export function useResultToast(
  result: ActionResult | undefined,
  titles: { ok: string; failed: string } = { ok: 'Saved', failed: 'Not saved' },
) {
  const shown = useRef<object | undefined>(undefined)
  const { ok, failed } = titles
  useEffect(() => {
    if (!result || shown.current === result) return
    shown.current = result
    toast({
      title: result.ok ? ok : failed,
      description: result.message,
      variant: result.ok ? 'success' : 'destructive',
    })
  }, [result, ok, failed])
}
