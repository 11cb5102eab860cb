import { data, Form, Link, useNavigation } from 'react-router'
import { business } from '~/content/business'
import { callAuth, tooManyAttempts } from '~/features/accounts/auth-calls.server'
import { AuthShell } from '~/features/accounts/auth-shell'
import { requireSameOrigin } from '~/features/accounts/guards.server'
import { pageMeta } from '~/lib/seo'
import { Button } from '~/ui/button'
import { FormField, FormMessage } from '~/ui/field'
import { emailSchema } from '../../server/accounts/validation.server'
import type { Route } from './+types/auth.forgot-password'

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Reset your password',
    description: `Get a link to choose a new password for your ${business.name} account.`,
    path: '/auth/forgot-password',
    matches,
    noindex: true,
  })

export async function action(args: Route.ActionArgs) {
  requireSameOrigin(args)
  const form = await args.request.formData()
  const email = emailSchema.safeParse(form.get('email') ?? '')
  if (!email.success)
    return data({ ok: false, message: email.error.issues[0]?.message ?? 'Enter your e-mail.' }, { status: 400 })
  const result = await callAuth(args, '/request-password-reset', { email: email.data })
  if (result.status === 429) return data({ ok: false, message: tooManyAttempts }, { status: 429 })
  // One answer for every address: nobody learns whether an account exists.
  return data({
    ok: true,
    message: `If ${email.data} has an account, a link to choose a new password is on its way. It works once and expires in 1 hour.`,
  })
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting'
  return (
    <AuthShell title="Reset your password">
      <div className="grid gap-5">
        {actionData && <FormMessage tone={actionData.ok ? 'success' : 'error'}>{actionData.message}</FormMessage>}
        <p className="text-muted-foreground text-sm">
          Enter the e-mail address of your account. We send you a link to choose a new password.
        </p>
        <Form method="post" className="grid gap-4" noValidate>
          <FormField label="E-mail" name="email" type="email" autoComplete="email" required />
          <Button type="submit" size="lg" disabled={busy}>
            Send reset link
          </Button>
        </Form>
        <Link to="/auth" className="text-center font-semibold text-primary text-sm hover:underline">
          Back to sign in
        </Link>
      </div>
    </AuthShell>
  )
}
