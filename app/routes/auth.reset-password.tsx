import { data, Form, Link, useNavigation } from 'react-router'
import { z } from 'zod'
import { business } from '~/content/business'
import { callAuth, somethingWentWrong, tooManyAttempts } from '~/features/accounts/auth-calls.server'
import { AuthShell } from '~/features/accounts/auth-shell'
import { requireSameOrigin } from '~/features/accounts/guards.server'
import { NewPasswordField } from '~/features/accounts/password-field'
import { pageMeta } from '~/lib/seo'
import { Button } from '~/ui/button'
import { FormMessage } from '~/ui/field'
import { newPasswordSchema } from '../../server/accounts/validation.server'
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

const resetSchema = z.object({ token: z.string().trim().min(1).max(200), newPassword: newPasswordSchema })

const invalidLink =
  'This reset link is not valid: it may have expired (links last 1 hour) or been used already. Ask for a new one.'

export async function action(args: Route.ActionArgs) {
  requireSameOrigin(args)
  const form = Object.fromEntries(await args.request.formData())
  const parsed = resetSchema.safeParse(form)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const message = issue?.path[0] === 'token' ? invalidLink : (issue?.message ?? 'Check the password.')
    return data({ ok: false, message }, { status: 400 })
  }
  // Better Auth ends every session of the account when the password is reset.
  const result = await callAuth(args, '/reset-password', parsed.data)
  if (result.ok)
    return data({
      ok: true,
      message: 'Your password is changed, and every session of your account has ended. Sign in with the new password.',
    })
  if (result.status === 429) return data({ ok: false, message: tooManyAttempts }, { status: 429 })
  if (result.code === 'INVALID_TOKEN') return data({ ok: false, message: invalidLink }, { status: 400 })
  return data(
    { ok: false, message: result.status === 400 ? (result.message ?? invalidLink) : somethingWentWrong },
    { status: result.status },
  )
}

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
        {actionData && !actionData.ok && <FormMessage tone="error">{actionData.message}</FormMessage>}
        <Form method="post" className="grid gap-4" noValidate>
          <input type="hidden" name="token" value={loaderData.token} />
          <NewPasswordField label="New password" name="newPassword" required />
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
