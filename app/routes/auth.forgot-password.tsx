import { Form, Link, useNavigation } from 'react-router'
import { z } from 'zod'
import { business } from '~/content/business'
import { authCallQuietly } from '~/features/accounts/auth-calls.server'
import { AuthShell } from '~/features/accounts/auth-shell'
import { requireSameOrigin } from '~/features/accounts/guards.server'
import { emailSchema } from '~/features/accounts/schema'
import { intentAction } from '~/lib/forms/intent-action.server'
import { pageMeta } from '~/lib/seo'
import { Button } from '~/ui/button'
import { Field, FormMessage } from '~/ui/field'
import { Input } from '~/ui/input'
import type { Route } from './+types/auth.forgot-password'

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Reset your password',
    description: `Get a link to choose a new password for your ${business.name} account.`,
    path: '/auth/forgot-password',
    matches,
    noindex: true,
  })

export const action = intentAction(
  {
    forgot: {
      schema: z.object({ email: emailSchema }),
      invalid: (errors) => errors.email?.[0] ?? 'Enter your e-mail.',
      run: async (ctx, { email }) => {
        await authCallQuietly(ctx, '/request-password-reset', { email })
        return email
      },
      // One answer for every address: nobody learns whether an account exists.
      done: (email) =>
        `If ${email} has an account, a link to choose a new password is on its way. It works once and expires in 1 hour.`,
    },
  },
  { guard: requireSameOrigin },
)

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting'
  return (
    <AuthShell title="Reset your password">
      <div className="grid gap-5">
        {actionData?.ok && <FormMessage tone="success">{actionData.message}</FormMessage>}
        {actionData && !actionData.ok && !actionData.fieldErrors && (
          <FormMessage tone="error">{actionData.message}</FormMessage>
        )}
        <p className="text-muted-foreground text-sm">
          Enter the e-mail address of your account. We send you a link to choose a new password.
        </p>
        <Form method="post" className="grid gap-4" noValidate>
          <Field
            label="E-mail"
            required
            error={actionData && !actionData.ok ? actionData.fieldErrors?.email : undefined}
          >
            <Input
              name="email"
              type="email"
              autoComplete="email"
              defaultValue={actionData && !actionData.ok ? actionData.values?.email : undefined}
            />
          </Field>
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
