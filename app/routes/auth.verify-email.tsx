import { data } from 'react-router'
import { authCall, type RefusalWords } from '~/features/accounts/auth-calls.server'
import { verificationFailure } from '~/features/accounts/email-verification'
import { requireSameOrigin } from '~/features/accounts/guards.server'
import { verificationLinkSchema } from '~/features/accounts/schema'
import { intentAction } from '~/lib/forms/intent-action.server'

/** Provider messages in words a client understands (the toast shows them). */
const refusals: RefusalWords = {
  INVALID_OTP: 'This verification link is not valid, or it was already used. Sign in to ask for a new one.',
  OTP_EXPIRED: 'This verification link has expired. Sign in to ask for a new one.',
  TOO_MANY_ATTEMPTS: 'This verification link was tried too often. Sign in to ask for a new one.',
}

/**
 * Confirms an e-mail address from the link in the verification e-mail. The home page's verification
 * screen posts here after it loads, so link scanners that only fetch the page do not use up the
 * one-time link.
 */
export const action = intentAction(
  {
    verify: {
      schema: verificationLinkSchema,
      invalid: (errors) => Object.values(errors)[0]?.[0] ?? verificationFailure,
      // Every refusal is the verification screen's toast, never an error page.
      onForm: true,
      run: (ctx, link) => authCall(ctx, '/email-otp/verify-email', { email: link.email, otp: link.token }, refusals),
    },
  },
  { guard: requireSameOrigin },
)

export function loader() {
  throw data(
    { error: 'Open the link from the verification e-mail instead.' },
    { status: 405, headers: { Allow: 'POST' } },
  )
}
