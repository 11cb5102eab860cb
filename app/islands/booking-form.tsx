import { BookingForm, textFields } from '~/features/booking/booking-form'
import type { BookingPrefill } from '~/features/booking/prefill'
import { hydrateIsland, islandProps } from './hydrate'

/** The booking page's form as an island (islands/island.tsx), hydrated as soon as the page runs. */
export function hydrateBookingForm(host: HTMLElement): Promise<void> {
  const form = host.querySelector('form')
  // Whatever was typed before the form became interactive stays in it.
  const typed: Record<string, string> = {}
  for (const name of textFields) {
    const field = form?.elements.namedItem(name)
    if ((field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) && field.value) {
      typed[name] = field.value
    }
  }
  return hydrateIsland(host, <BookingForm prefill={prefillOf(islandProps(host).prefill)} typed={typed} />)
}

/** The server's prefill (routes/book.tsx), as it was rendered; anything unreadable is no prefill. */
function prefillOf(value: unknown): BookingPrefill {
  const raw = (value && typeof value === 'object' ? value : {}) as Partial<Record<keyof BookingPrefill, unknown>>
  return {
    residential: raw.residential === true,
    services: Array.isArray(raw.services) ? raw.services.filter((s): s is string => typeof s === 'string') : [],
    plan: typeof raw.plan === 'string' ? raw.plan : undefined,
  }
}
