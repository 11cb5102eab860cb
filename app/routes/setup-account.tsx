import { Form, Link, redirect, useNavigation } from 'react-router'
import { business } from '~/content/business'
import { callAuth, somethingWentWrong, tooManyAttempts } from '~/features/accounts/auth-calls.server'
import { AuthShell } from '~/features/accounts/auth-shell'
import { accountsContext } from '~/features/accounts/context.server'
import { requireSameOrigin } from '~/features/accounts/guards.server'
import { NewPasswordField } from '~/features/accounts/password-field'
import { linkTokenSchema, setupAccountSchema } from '~/features/accounts/schema'
import { checkForm, formValues, readForm, reply } from '~/lib/forms/action.server'
import type { ActionResult } from '~/lib/forms/result'
import { pageMeta } from '~/lib/seo'
import { Button } from '~/ui/button'
import { FormMessage } from '~/ui/field'
import type { Route } from './+types/setup-account'

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Set up your account',
    description: `Choose a password for the account ${business.name} set up for you.`,
    path: '/setup-account',
    matches,
    noindex: true,
  })

/** A staff-invited client (or employee) opens the one-time link from the invitation e-mail. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = linkTokenSchema.safeParse(new URL(request.url).searchParams.get('token') ?? '')
  const owner = token.success ? await context.get(accountsContext).tokenOwner(token.data) : null
  return { token: token.success ? token.data : '', owner }
}

export async function action(args: Route.ActionArgs) {
  requireSameOrigin(args)
  const checked = checkForm(setupAccountSchema, formValues(await readForm(args.request)), { secret: ['password'] })
  if (!checked.ok && !checked.result.fieldErrors?.token) return reply<ActionResult>(checked.result)
  const owner = checked.ok ? await args.context.get(accountsContext).tokenOwner(checked.data.token) : null
  if (!checked.ok || !owner) return reply<ActionResult>({ ok: false, message: invalidInvite })
  const { token, password } = checked.data

  const set = await callAuth(args, '/reset-password', { token, newPassword: password })
  if (set.status === 429) return reply<ActionResult>({ ok: false, message: tooManyAttempts }, { status: 429 })
  if (!set.ok) {
    const message = set.code === 'INVALID_TOKEN' ? invalidInvite : (set.message ?? somethingWentWrong)
    return reply<ActionResult>({ ok: false, message })
  }
  const signIn = await callAuth(args, '/sign-in/email', { email: owner.email, password })
  if (!signIn.ok) throw redirect('/auth')
  throw redirect('/portal', { headers: signIn.headers })
}

const invalidInvite =
  'This invitation link is not valid: it may have expired (links last 7 days) or been used already. Ask us for a new one, or reset your password from the sign-in page.'

export default function SetupAccount({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting'
  const { owner } = loaderData
  if (!owner) {
    return (
      <AuthShell title="Set up your account">
        <div className="grid gap-4">
          <FormMessage tone="error">{invalidInvite}</FormMessage>
          <Button asChild variant="outline" size="lg">
            <Link to="/auth">Go to sign in</Link>
          </Button>
        </div>
      </AuthShell>
    )
  }
  return (
    <AuthShell title="Set up your account">
      <div className="grid gap-5">
        <p>
          Welcome, {owner.name}. Choose a password for <strong>{owner.email}</strong>; you are signed in right after.
        </p>
        {actionData && !actionData.ok && !actionData.fieldErrors && (
          <FormMessage tone="error">{actionData.message}</FormMessage>
        )}
        <Form method="post" className="grid gap-4" noValidate>
          <input type="hidden" name="token" value={loaderData.token} />
          <NewPasswordField
            label="Password"
            name="password"
            required
            error={actionData && !actionData.ok ? actionData.fieldErrors?.password : undefined}
          />
          <Button type="submit" size="lg" disabled={busy}>
            Set password and sign in
          </Button>
        </Form>
      </div>
    </AuthShell>
  )
}
