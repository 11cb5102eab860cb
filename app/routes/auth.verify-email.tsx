import { data } from 'react-router'
import { callAuth, tooManyAttempts } from '~/features/accounts/auth-calls.server'
import { verificationFailure } from '~/features/accounts/email-verification'
import { requireSameOrigin } from '~/features/accounts/guards.server'
import { verificationLinkSchema } from '~/features/accounts/schema'
import { formValues, readForm, reply } from '~/lib/forms/action.server'
import type { ActionResult } from '~/lib/forms/result'
import type { Route } from './+types/auth.verify-email'

/** Provider messages in words a client understands (the toast shows them). */
const messages: Record<string, string> = {
  INVALID_OTP: 'This verification link is not valid, or it was already used. Sign in to ask for a new one.',
  OTP_EXPIRED: 'This verification link has expired. Sign in to ask for a new one.',
  TOO_MANY_ATTEMPTS: 'This verification link was tried too often. Sign in to ask for a new one.',
}

/**
 * Confirms an e-mail address from the link in the verification e-mail. The home page's verification
 * screen posts here after it loads, so link scanners that only fetch the page do not use up the
 * one-time link.
 */
export async function action(args: Route.ActionArgs) {
  requireSameOrigin(args)
  const parsed = verificationLinkSchema.safeParse(formValues(await readForm(args.request)))
  if (!parsed.success) {
    return reply<ActionResult>({ ok: false, message: parsed.error.issues[0]?.message ?? verificationFailure })
  }
  const result = await callAuth(args, '/email-otp/verify-email', { email: parsed.data.email, otp: parsed.data.token })
  if (result.ok) return reply<ActionResult>({ ok: true })
  if (result.status === 429) return reply<ActionResult>({ ok: false, message: tooManyAttempts }, { status: 429 })
  const message = (result.code && messages[result.code]) ?? result.message ?? verificationFailure
  return reply<ActionResult>({ ok: false, message }, { status: result.status >= 500 ? 500 : 400 })
}

export function loader() {
  throw data(
    { error: 'Open the link from the verification e-mail instead.' },
    { status: 405, headers: { Allow: 'POST' } },
  )
}
