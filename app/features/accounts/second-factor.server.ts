import { redirect } from 'react-router'
import type { AuthResult } from './auth-calls.server.ts'
import { TOO_MANY_FAILED_SIGN_INS } from './two-factor.ts'

/**
 * The right password of an account with two-factor sign-in: Better Auth answers with a challenge
 * (and a short-lived signed cookie) instead of a session. The sign-in page sends the browser on to
 * the code page, which continues to `redirectTo` once the code is right.
 */
export function continueToSecondFactor(result: AuthResult, redirectTo: string): Response | undefined {
  const body = result.body as { twoFactorRedirect?: unknown } | undefined
  if (!result.ok || body?.twoFactorRedirect !== true) return undefined
  return redirect(`/auth/two-factor?redirectTo=${encodeURIComponent(redirectTo)}`, { headers: result.headers })
}

/** Refused because the account (not the connection) had too many failed sign-ins. */
export function isAccountLocked(result: AuthResult): boolean {
  return result.status === 429 && result.code === TOO_MANY_FAILED_SIGN_INS
}
