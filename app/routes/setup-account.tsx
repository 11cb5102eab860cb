import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { z } from 'zod'
import { business } from '~/content/business'
import { callAuth, somethingWentWrong, tooManyAttempts } from '~/features/accounts/auth-calls.server'
import { AuthShell } from '~/features/accounts/auth-shell'
import { accountsContext } from '~/features/accounts/context.server'
import { requireSameOrigin } from '~/features/accounts/guards.server'
import { NewPasswordField } from '~/features/accounts/password-field'
import { pageMeta } from '~/lib/seo'
import { Button } from '~/ui/button'
import { FormMessage } from '~/ui/field'
import { newPasswordSchema } from '../../server/accounts/validation.server'
import type { Route } from './+types/setup-account'

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Set up your account',
    description: `Choose a password for the account ${business.name} set up for you.`,
    path: '/setup-account',
    matches,
    noindex: true,
  })

const tokenSchema = z.string().trim().min(1).max(200)

/** A staff-invited client (or employee) opens the one-time link from the invitation e-mail. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = tokenSchema.safeParse(new URL(request.url).searchParams.get('token') ?? '')
  const owner = token.success ? await context.get(accountsContext).tokenOwner(token.data) : null
  return { token: token.success ? token.data : '', owner }
}

export async function action(args: Route.ActionArgs) {
  requireSameOrigin(args)
  const form = Object.fromEntries(await args.request.formData())
  const token = tokenSchema.safeParse(form.token)
  const password = newPasswordSchema.safeParse(form.password)
  if (!password.success)
    return data({ message: password.error.issues[0]?.message ?? 'Check the password.' }, { status: 400 })
  const owner = token.success ? await args.context.get(accountsContext).tokenOwner(token.data) : null
  if (!token.success || !owner) return data({ message: invalidInvite }, { status: 400 })

  const set = await callAuth(args, '/reset-password', { token: token.data, newPassword: password.data })
  if (set.status === 429) return data({ message: tooManyAttempts }, { status: 429 })
  if (!set.ok)
    return data(
      { message: set.code === 'INVALID_TOKEN' ? invalidInvite : (set.message ?? somethingWentWrong) },
      { status: 400 },
    )
  const signIn = await callAuth(args, '/sign-in/email', { email: owner.email, password: password.data })
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
        {actionData && <FormMessage tone="error">{actionData.message}</FormMessage>}
        <Form method="post" className="grid gap-4" noValidate>
          <input type="hidden" name="token" value={loaderData.token} />
          <NewPasswordField label="Password" name="password" required />
          <Button type="submit" size="lg" disabled={busy}>
            Set password and sign in
          </Button>
        </Form>
      </div>
    </AuthShell>
  )
}
