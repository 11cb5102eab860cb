import { ShieldCheckIcon } from 'lucide-react'
import { Form, Link, redirect, useNavigation } from 'react-router'
import { business } from '~/content/business'
import { authCall, type RefusalWords } from '~/features/accounts/auth-calls.server'
import { AuthShell } from '~/features/accounts/auth-shell'
import { getUser, requireSameOrigin, safeRedirectPath } from '~/features/accounts/guards.server'
import { signInWaitMessage } from '~/features/accounts/second-factor.server'
import { backupCodeSchema, totpCodeSchema } from '~/features/accounts/two-factor'
import { DomainError } from '~/lib/domain-error'
import { intentAction } from '~/lib/forms/intent-action.server'
import { pageMeta } from '~/lib/seo'
import { Button } from '~/ui/button'
import { Field, FormMessage } from '~/ui/field'
import { Input } from '~/ui/input'
import type { Route } from './+types/auth.two-factor'

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Two-factor sign-in',
    description: `Enter the code from your authenticator app to finish signing in to ${business.name}.`,
    path: '/auth/two-factor',
    matches,
    noindex: true,
  })

type Method = 'totp' | 'backup'

/** Better Auth's short-lived cookie between the right password and the code (any cookie prefix). */
function hasChallenge(request: Request): boolean {
  return /(^|;\s*)(__Secure-)?ramapo\.two_factor=/.test(request.headers.get('cookie') ?? '')
}

export async function loader(args: Route.LoaderArgs) {
  const url = new URL(args.request.url)
  const redirectTo = safeRedirectPath(url.searchParams.get('redirectTo'))
  if (await getUser(args)) throw redirect(redirectTo)
  const method: Method = url.searchParams.get('method') === 'backup' ? 'backup' : 'totp'
  return { redirectTo, method, challenged: hasChallenge(args.request) }
}

const expiredMessage = 'Your sign-in has expired or was not started here. Sign in again with your password.'

/** Better Auth's refusals of a code, in this page's words (the sign-in lock's own words for a locked account). */
const refusals: RefusalWords = {
  INVALID_CODE: { message: 'That code is not right. Enter the code your app shows now.', field: 'code' },
  INVALID_BACKUP_CODE: { message: 'That backup code is not right, or it was used before.', field: 'code' },
  INVALID_TWO_FACTOR_COOKIE: expiredMessage,
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: 'Too many wrong codes for this sign-in. Sign in again with your password.',
  429: signInWaitMessage,
}

export const action = intentAction(
  {
    verify: {
      secret: ['code'],
      run: async (ctx) => {
        const method: Method = ctx.values.method === 'backup' ? 'backup' : 'totp'
        const code = (method === 'totp' ? totpCodeSchema : backupCodeSchema).safeParse(ctx.values.code ?? '')
        if (!code.success) {
          throw new DomainError('invalid', code.error.issues[0]?.message ?? 'Enter the code.', { field: 'code' })
        }
        const path = method === 'totp' ? '/two-factor/verify-totp' : '/two-factor/verify-backup-code'
        await authCall(ctx, path, { code: code.data }, refusals)
        return redirect(safeRedirectPath(ctx.values.redirectTo))
      },
    },
  },
  { guard: requireSameOrigin },
)

export default function TwoFactorSignIn({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting'
  const result = actionData?.ok === false ? actionData : undefined
  const method: Method = result ? (result.values?.method === 'backup' ? 'backup' : 'totp') : loaderData.method
  const redirectQuery = `redirectTo=${encodeURIComponent(loaderData.redirectTo)}`
  const codeError = result?.fieldErrors?.code
  // A refusal that is neither about the code nor a wait: this sign-in is over (expired, too many codes).
  const expired = result ? !codeError && result.kind !== 'rate_limited' : !loaderData.challenged
  const formError = result && !codeError ? result.message : undefined

  return (
    <AuthShell title="Two-factor sign-in">
      <div className="grid gap-5">
        {formError && <FormMessage tone="error">{formError}</FormMessage>}
        {expired ? (
          <>
            {!formError && <FormMessage tone="notice">{expiredMessage}</FormMessage>}
            <Button asChild size="lg">
              <Link to={`/auth?${redirectQuery}`}>Sign in again</Link>
            </Button>
          </>
        ) : (
          <>
            <p className="flex gap-3 text-muted-foreground text-sm">
              <ShieldCheckIcon className="size-5 shrink-0 text-primary" aria-hidden="true" />
              {method === 'totp'
                ? 'Your password is right. Open your authenticator app and enter the 6-digit code it shows for this account.'
                : 'Enter one of the backup codes you saved when you set up two-factor sign-in. Each code works once.'}
            </p>
            <Form method="post" className="grid gap-4" noValidate>
              <input type="hidden" name="method" value={method} />
              <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
              {method === 'totp' ? (
                <Field key="totp" label="Authentication code" required error={codeError}>
                  <Input name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={7} autoFocus />
                </Field>
              ) : (
                <Field key="backup" label="Backup code" required error={codeError}>
                  <Input name="code" autoComplete="off" spellCheck={false} maxLength={11} autoFocus />
                </Field>
              )}
              <Button type="submit" size="lg" disabled={busy}>
                {busy ? 'Checking…' : 'Verify and sign in'}
              </Button>
            </Form>
            <Link
              to={`/auth/two-factor?${redirectQuery}${method === 'totp' ? '&method=backup' : ''}`}
              className="justify-self-center font-semibold text-primary text-sm hover:underline"
            >
              {method === 'totp' ? 'Use a backup code instead' : 'Use your authenticator app instead'}
            </Link>
          </>
        )}
      </div>
    </AuthShell>
  )
}
