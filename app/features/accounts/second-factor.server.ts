import { redirect } from 'react-router'
import { type AuthResult, tooManyAttempts } from './auth-calls.server.ts'
import { accountLockedMessage, TOO_MANY_FAILED_SIGN_INS } from './two-factor.ts'

/**
 * The right password of an account with two-factor sign-in: Better Auth answers with a challenge
 * (and a short-lived signed cookie) instead of a session. The sign-in page sends the browser on to
 * the code page, which continues to `redirectTo` once the code is right.
 */
export function continueToSecondFactor(signedIn: unknown, redirectTo: string): Response | undefined {
  const body = signedIn as { twoFactorRedirect?: unknown } | undefined
  if (body?.twoFactorRedirect !== true) return undefined
  return redirect(`/auth/two-factor?redirectTo=${encodeURIComponent(redirectTo)}`)
}

/** The words of a sign-in's 429: the account (not the connection) had too many failed sign-ins, or the connection tried too often. */
export function signInWaitMessage(refused: AuthResult): string {
  return refused.status === 429 && refused.code === TOO_MANY_FAILED_SIGN_INS ? accountLockedMessage : tooManyAttempts
}
