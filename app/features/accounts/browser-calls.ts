import { type AccountStatus, type AccountSummary, accountStatusOf } from './status'

/**
 * What the browser asks the server about the signed-in visitor, without React: shared by the app's
 * components (account-state.tsx, live-status.tsx, protected.tsx) and the plain DOM code of islands
 * pages (enhance/signed-in.ts), so both do exactly the same calls.
 */

/** The access check gives up after more than 5 attempts (the first try and 5 retries). */
export const ACCESS_CHECK_RETRIES = 5

/** The signed-in profile from the server; null when signed out. Failures throw (callers retry them). */
export async function fetchProfile(): Promise<AccountSummary | null> {
  const response = await fetch('/api/account/profile', { headers: { Accept: 'application/json' } })
  if (response.status === 401) return null
  if (!response.ok) throw new Error(`The profile request failed (${response.status}).`)
  return (await response.json()) as AccountSummary
}

/** Ends the session on the server; throws when it did not. */
export async function requestSignOut(): Promise<void> {
  const response = await fetch('/auth/sign-out', { method: 'POST', headers: { Accept: 'application/json' } })
  const body = (await response.json().catch(() => ({ ok: false }))) as { ok?: boolean }
  if (!response.ok || !body.ok) throw new Error(`sign-out answered ${response.status}`)
}

/**
 * Listens to /api/realtime and calls `onChange` with each status that differs from the last one
 * known (starting from `initial`, the one the page was rendered with). EventSource reconnects by
 * itself, and the first message after each connection carries the current status, so a change made
 * while disconnected is noticed too. Returns the function that closes the stream.
 */
export function watchAccountStatus(initial: AccountStatus, onChange: (status: AccountStatus) => void): () => void {
  let known = initial
  const source = new EventSource('/api/realtime')
  source.addEventListener('status', (event) => {
    let next: AccountStatus
    try {
      next = accountStatusOf((JSON.parse((event as MessageEvent<string>).data) as { status?: string }).status)
    } catch {
      return
    }
    if (next === known) return
    known = next
    onChange(next)
  })
  return () => source.close()
}
