import { data } from 'react-router'
import { callAuth } from '~/features/accounts/auth-calls.server'
import { requireSameOrigin } from '~/features/accounts/guards.server'
import { requirePost } from '~/lib/forms/action.server'
import type { Route } from './+types/auth.sign-out'

/** Ends the session on the server (the account menu posts here, without a body, and shows the outcome as a toast). */
export async function action(args: Route.ActionArgs) {
  requirePost(args.request)
  requireSameOrigin(args)
  const result = await callAuth(args, '/sign-out', {})
  return data({ ok: result.ok }, { status: result.ok ? 200 : result.status, headers: result.headers })
}

export function loader() {
  throw data({ error: 'Sign out with the Log Out button.' }, { status: 405, headers: { Allow: 'POST' } })
}
