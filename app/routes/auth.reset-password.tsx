import { Form, Link, useNavigation } from 'react-router'
import { business } from '~/content/business'
import { authCall } from '~/features/accounts/auth-calls.server'
import { AuthShell } from '~/features/accounts/auth-shell'
import { requireSameOrigin } from '~/features/accounts/guards.server'
import { NewPasswordField } from '~/features/accounts/password-field'
import { resetPasswordSchema } from '~/features/accounts/schema'
import { intentAction } from '~/lib/forms/intent-action.server'
import { pageMeta } from '~/lib/seo'
import { Button } from '~/ui/button'
import { FormMessage } from '~/ui/field'
import type { Route } from './+types/auth.reset-password'

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Choose a new password',
    description: `Choose a new password for your ${business.name} account.`,
    path: '/auth/reset-password',
    matches,
    noindex: true,
  })

export function loader({ request }: Route.LoaderArgs) {
  return { token: new URL(request.url).searchParams.get('token') ?? '' }
}

const invalidLink =
  'This reset link is not valid: it may have expired (links last 1 hour) or been used already. Ask for a new one.'

export const action = intentAction(
  {
    reset: {
      schema: resetPasswordSchema,
      secret: ['newPassword'],
      // A broken link is the page's problem, not the field's.
      invalid: (errors) => (errors.token ? invalidLink : 'Check the highlighted fields.'),
      // Better Auth ends every session of the account when the password is reset.
      run: (ctx, reset) =>
        authCall(ctx, '/reset-password', reset, {
          INVALID_TOKEN: invalidLink,
          400: (refused) => refused.message ?? invalidLink,
        }),
      done: 'Your password is changed, and every session of your account has ended. Sign in with the new password.',
    },
  },
  { guard: requireSameOrigin },
)

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting'
  if (actionData?.ok) {
    return (
      <AuthShell title="Password changed">
        <div className="grid gap-4">
          <FormMessage tone="success">{actionData.message}</FormMessage>
          <Button asChild size="lg">
            <Link to="/auth">Sign in</Link>
          </Button>
        </div>
      </AuthShell>
    )
  }
  return (
    <AuthShell title="Choose a new password">
      <div className="grid gap-5">
        {!loaderData.token && <FormMessage tone="error">{invalidLink}</FormMessage>}
        {actionData && !actionData.ok && (!actionData.fieldErrors || actionData.fieldErrors.token) && (
          <FormMessage tone="error">{actionData.message}</FormMessage>
        )}
        <Form method="post" className="grid gap-4" noValidate>
          <input type="hidden" name="token" value={loaderData.token} />
          <NewPasswordField
            label="New password"
            name="newPassword"
            required
            error={actionData && !actionData.ok ? actionData.fieldErrors?.newPassword : undefined}
          />
          <Button type="submit" size="lg" disabled={busy || !loaderData.token}>
            Save new password
          </Button>
        </Form>
        <Link to="/auth/forgot-password" className="text-center font-semibold text-primary text-sm hover:underline">
          Ask for a new link
        </Link>
      </div>
    </AuthShell>
  )
}
