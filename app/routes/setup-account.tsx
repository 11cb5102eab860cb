import { Form, Link, redirect, useNavigation } from 'react-router'
import { business } from '~/content/business'
import { authCall, callAuth } from '~/features/accounts/auth-calls.server'
import { AuthShell } from '~/features/accounts/auth-shell'
import { accountsContext } from '~/features/accounts/context.server'
import { requireSameOrigin } from '~/features/accounts/guards.server'
import { NewPasswordField } from '~/features/accounts/password-field'
import { linkTokenSchema, setupAccountSchema } from '~/features/accounts/schema'
import { DomainError } from '~/lib/domain-error'
import { intentAction } from '~/lib/forms/intent-action.server'
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

export const action = intentAction(
  {
    setup: {
      schema: setupAccountSchema,
      secret: ['password'],
      // A broken link is the page's problem, not the field's.
      invalid: (errors) => (errors.token ? invalidInvite : 'Check the highlighted fields.'),
      run: async (ctx, { token, password }) => {
        const owner = await ctx.context.get(accountsContext).tokenOwner(token)
        if (!owner) throw new DomainError('invalid', invalidInvite)
        await authCall(ctx, '/reset-password', { token, newPassword: password }, { INVALID_TOKEN: invalidInvite })
        const signIn = await callAuth(ctx, '/sign-in/email', { email: owner.email, password })
        if (!signIn.ok) return redirect('/auth')
        return redirect('/portal', { headers: signIn.headers })
      },
    },
  },
  { guard: requireSameOrigin },
)

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
        {actionData && !actionData.ok && (!actionData.fieldErrors || actionData.fieldErrors.token) && (
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
