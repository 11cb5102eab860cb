import { ShieldCheckIcon } from 'lucide-react'
import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { business } from '~/content/business'
import { callAuth, somethingWentWrong, tooManyAttempts } from '~/features/accounts/auth-calls.server'
import { AuthShell } from '~/features/accounts/auth-shell'
import { getUser, requireSameOrigin, safeRedirectPath } from '~/features/accounts/guards.server'
import { isAccountLocked } from '~/features/accounts/second-factor.server'
import { accountLockedMessage, backupCodeSchema, totpCodeSchema } from '~/features/accounts/two-factor'
import { readForm } from '~/lib/forms/action.server'
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

type ActionData = { method: Method; formError?: string; codeError?: string; expired?: boolean }

const expiredMessage = 'Your sign-in has expired or was not started here. Sign in again with your password.'

export async function action(args: Route.ActionArgs) {
  requireSameOrigin(args)
  const form = await readForm(args.request)
  const method: Method = form.get('method') === 'backup' ? 'backup' : 'totp'
  const redirectTo = safeRedirectPath(form.get('redirectTo'))
  const code = (method === 'totp' ? totpCodeSchema : backupCodeSchema).safeParse(form.get('code') ?? '')
  if (!code.success) {
    return data<ActionData>({ method, codeError: code.error.issues[0]?.message }, { status: 400 })
  }
  const path = method === 'totp' ? '/two-factor/verify-totp' : '/two-factor/verify-backup-code'
  const result = await callAuth(args, path, { code: code.data })
  if (result.ok) throw redirect(redirectTo, { headers: result.headers })
  if (result.status === 429) {
    const formError = isAccountLocked(result) ? accountLockedMessage : tooManyAttempts
    return data<ActionData>({ method, formError }, { status: 429 })
  }
  if (result.code === 'INVALID_CODE' || result.code === 'INVALID_BACKUP_CODE') {
    const codeError =
      method === 'totp'
        ? 'That code is not right. Enter the code your app shows now.'
        : 'That backup code is not right, or it was used before.'
    return data<ActionData>({ method, codeError }, { status: 401, headers: result.headers })
  }
  if (result.code === 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE' || result.code === 'INVALID_TWO_FACTOR_COOKIE') {
    const formError =
      result.code === 'INVALID_TWO_FACTOR_COOKIE'
        ? expiredMessage
        : 'Too many wrong codes for this sign-in. Sign in again with your password.'
    return data<ActionData>({ method, formError, expired: true }, { status: result.status, headers: result.headers })
  }
  return data<ActionData>({ method, formError: somethingWentWrong }, { status: 500 })
}

export default function TwoFactorSignIn({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting'
  const result = actionData as ActionData | undefined
  const method = result?.method ?? loaderData.method
  const redirectQuery = `redirectTo=${encodeURIComponent(loaderData.redirectTo)}`
  const expired = result?.expired ?? !loaderData.challenged

  return (
    <AuthShell title="Two-factor sign-in">
      <div className="grid gap-5">
        {result?.formError && <FormMessage tone="error">{result.formError}</FormMessage>}
        {expired ? (
          <>
            {!result?.formError && <FormMessage tone="notice">{expiredMessage}</FormMessage>}
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
                <Field key="totp" label="Authentication code" required error={result?.codeError}>
                  <Input name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={7} autoFocus />
                </Field>
              ) : (
                <Field key="backup" label="Backup code" required error={result?.codeError}>
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
