import { ArrowLeftIcon, ShieldCheckIcon } from 'lucide-react'
import { Link, useFetcher } from 'react-router'
import { z } from 'zod'
import { business } from '~/content/business'
import { mustEnrolSecondFactor } from '~/features/accounts/access'
import { authCall } from '~/features/accounts/auth-calls.server'
import { BackupCodes } from '~/features/accounts/backup-codes'
import { accountsContext } from '~/features/accounts/context.server'
import { guardedUser, safeRedirectPath } from '~/features/accounts/guards.server'
import { totpCodeSchema } from '~/features/accounts/two-factor'
import { DomainError } from '~/lib/domain-error'
import { type IntentContext, type IntentResult, intentAction } from '~/lib/forms/intent-action.server'
import type { FieldErrors } from '~/lib/forms/result'
import { pageMeta } from '~/lib/seo'
import { useResultToast } from '~/lib/toast'
import { Button } from '~/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/ui/card'
import { Field, FormMessage } from '~/ui/field'
import { Input } from '~/ui/input'
import { backupCodesOf, manualEntryKey, qrCodeDataUrl } from '../../../server/accounts/two-factor.server'
import type { Route } from './+types/two-factor'

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Two-factor sign-in',
    description: `Set up two-factor sign-in for your ${business.name} account with an authenticator app.`,
    path: '/account/two-factor',
    matches,
    noindex: true,
  })

export async function loader(args: Route.LoaderArgs) {
  const user = guardedUser(args.context)
  const accounts = args.context.get(accountsContext)
  let backupCodesLeft: number | null = null
  if (user.twoFactorEnabled) {
    backupCodesLeft = await backupCodesOf(accounts.auth, user.userId).then(
      (codes) => codes.length,
      () => null,
    )
  }
  return {
    email: user.email,
    enabled: user.twoFactorEnabled,
    /** A staff account that has no second factor yet: every other page sends it here. */
    required: mustEnrolSecondFactor(user),
    isStaff: user.role !== 'client',
    backupCodesLeft,
    redirectTo: safeRedirectPath(new URL(args.request.url).searchParams.get('redirectTo')),
  }
}

type Result = IntentResult & {
  /** start: the QR code (an SVG data URL) and the same secret as text, for typing in by hand. */
  qrCode?: string
  manualKey?: string
  /** confirm, regenerate: the new backup codes, shown this once. */
  backupCodes?: string[]
}

const passwordForm = z.object({ password: z.string().min(1, 'Enter your password.').max(200) })
const codeForm = z.object({ code: totpCodeSchema })

/** The refusals every Better Auth call of this page can get, in the page's words. */
const refusals = {
  INVALID_PASSWORD: { message: 'Your password is not right.', field: 'password' },
  INVALID_CODE: { message: 'That code is not right. Enter the code your app shows now.', field: 'code' },
  SESSION_NOT_FRESH: 'For your safety, sign out and sign in again before you turn this off.',
}

/** What each form of the page shares: its password or code checked, every refusal shown beside it. */
const withPassword = {
  schema: passwordForm,
  secret: ['password'],
  invalid: (errors: FieldErrors) => errors.password?.[0] ?? 'Enter your password.',
  onForm: true,
} as const

const accountOf = (ctx: IntentContext) => ({ user: guardedUser(ctx.context), ...ctx.context.get(accountsContext) })

export const action = intentAction({
  start: {
    ...withPassword,
    run: async (ctx, { password }) => {
      if (accountOf(ctx).user.twoFactorEnabled) throw new DomainError('invalid', 'Two-factor sign-in is already on.')
      const { totpURI } = await authCall<{ totpURI: string }>(ctx, '/two-factor/enable', { password }, refusals)
      return totpURI
    },
    done: (uri) => ({
      message: 'Scan the QR code with your authenticator app.',
      qrCode: qrCodeDataUrl(uri),
      manualKey: manualEntryKey(uri),
    }),
  },
  confirm: {
    schema: codeForm,
    invalid: (errors) => errors.code?.[0] ?? 'Enter the 6-digit code.',
    onForm: true,
    run: async (ctx, { code }) => {
      // This browser's session is replaced by one that knows about the second factor (its cookie is on the answer).
      await authCall(ctx, '/two-factor/verify-totp', { code }, refusals)
      const { user, auth, log } = accountOf(ctx)
      const backupCodes = await backupCodesOf(auth, user.userId)
      log.info({ event: 'account.two_factor_enabled', userId: user.userId }, 'two-factor sign-in set up')
      return backupCodes
    },
    done: (backupCodes) => ({ message: 'Two-factor sign-in is on.', backupCodes }),
  },
  regenerate: {
    ...withPassword,
    run: (ctx, { password }) =>
      authCall<{ backupCodes: string[] }>(ctx, '/two-factor/generate-backup-codes', { password }, refusals),
    done: ({ backupCodes }) => ({ message: 'New backup codes made; the old ones no longer work.', backupCodes }),
  },
  disable: {
    ...withPassword,
    run: async (ctx, { password }) => {
      await authCall(ctx, '/two-factor/disable', { password }, refusals)
      const { user, log } = accountOf(ctx)
      log.info({ event: 'account.two_factor_disabled', userId: user.userId }, 'two-factor sign-in turned off')
    },
    done: 'Two-factor sign-in is off.',
  },
})

export default function TwoFactorSettings({ loaderData }: Route.ComponentProps) {
  const start = useFetcher<Result>()
  const confirm = useFetcher<Result>()
  const justEnabled = confirm.data?.ok ? confirm.data.backupCodes : undefined

  return (
    <div className="mx-auto grid max-w-3xl gap-6 px-6 py-10">
      <Link
        to="/account/settings"
        className="inline-flex items-center gap-1 font-semibold text-primary text-sm hover:underline"
      >
        <ArrowLeftIcon className="size-4" aria-hidden="true" />
        Account Settings
      </Link>
      <h1 className="font-bold text-3xl tracking-tight">Two-factor sign-in</h1>
      {loaderData.required && !justEnabled && (
        <FormMessage tone="notice">
          Staff accounts can see every client's data, so they sign in with a code from an authenticator app as well as
          the password. Set it up now to continue to the staff pages.
        </FormMessage>
      )}
      {justEnabled ? (
        <Card>
          <CardHeader>
            <CardTitle asChild>
              <h2>Two-factor sign-in is on</h2>
            </CardTitle>
            <CardDescription>From now on you enter a code from your app every time you sign in.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-6">
            <BackupCodes codes={justEnabled} email={loaderData.email} />
            <Button asChild size="lg" className="justify-self-start">
              <Link to={loaderData.redirectTo}>I saved my backup codes, continue</Link>
            </Button>
          </CardContent>
        </Card>
      ) : loaderData.enabled ? (
        <EnabledSettings
          email={loaderData.email}
          backupCodesLeft={loaderData.backupCodesLeft}
          isStaff={loaderData.isStaff}
        />
      ) : (
        <Enrolment start={start} confirm={confirm} isStaff={loaderData.isStaff} />
      )}
    </div>
  )
}

type Fetcher = ReturnType<typeof useFetcher<Result>>

function Enrolment({ start, confirm, isStaff }: { start: Fetcher; confirm: Fetcher; isStaff: boolean }) {
  const started = start.data?.ok ? start.data : undefined
  const startErrors = start.data?.ok ? undefined : start.data
  const confirmErrors = confirm.data?.ok ? undefined : confirm.data
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Set up an authenticator app</h2>
        </CardTitle>
        <CardDescription>
          {isStaff
            ? 'Required for staff accounts.'
            : 'Optional: with it, a stolen password alone cannot open your account.'}{' '}
          Any authenticator app works (Google Authenticator, Microsoft Authenticator, 1Password, Authy…).
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <start.Form method="post" className="grid gap-4 sm:grid-cols-2" noValidate>
          <input type="hidden" name="intent" value="start" />
          <p className="text-sm sm:col-span-2">
            <strong>Step 1.</strong> Confirm it is you.
          </p>
          {startErrors && !startErrors.fieldErrors && <FormMessage tone="error">{startErrors.message}</FormMessage>}
          <Field label="Current password" required error={startErrors?.fieldErrors?.password}>
            <Input name="password" type="password" autoComplete="current-password" disabled={Boolean(started)} />
          </Field>
          <div className="flex items-end">
            <Button type="submit" disabled={start.state !== 'idle' || Boolean(started)}>
              <ShieldCheckIcon aria-hidden="true" />
              Set up two-factor sign-in
            </Button>
          </div>
        </start.Form>
        {started?.qrCode && (
          <div className="grid gap-4 border-t pt-6">
            <p className="text-sm">
              <strong>Step 2.</strong> In your authenticator app, add an account and scan this QR code.
            </p>
            <img
              src={started.qrCode}
              alt="QR code to add this account to an authenticator app"
              width={240}
              height={240}
              className="rounded-md border"
            />
            <div className="grid gap-1 text-sm">
              <span>Cannot scan it? Enter this key in the app instead (time-based, 6 digits):</span>
              <code data-testid="manual-key" className="break-all rounded bg-muted px-3 py-2 font-mono">
                {started.manualKey}
              </code>
            </div>
            <confirm.Form method="post" className="grid gap-4 sm:grid-cols-2" noValidate>
              <input type="hidden" name="intent" value="confirm" />
              <p className="text-sm sm:col-span-2">
                <strong>Step 3.</strong> Enter the 6-digit code the app shows, to check it works.
              </p>
              {confirmErrors && !confirmErrors.fieldErrors && (
                <FormMessage tone="error">{confirmErrors.message}</FormMessage>
              )}
              <Field label="Authentication code" required error={confirmErrors?.fieldErrors?.code}>
                <Input name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={7} />
              </Field>
              <div className="flex items-end">
                <Button type="submit" disabled={confirm.state !== 'idle'}>
                  Turn on two-factor sign-in
                </Button>
              </div>
            </confirm.Form>
          </div>
        )}
      </CardContent>
    </Card>
  )
}

function EnabledSettings({
  email,
  backupCodesLeft,
  isStaff,
}: {
  email: string
  backupCodesLeft: number | null
  isStaff: boolean
}) {
  const regenerate = useFetcher<Result>()
  const disable = useFetcher<Result>()
  useResultToast(regenerate.data)
  useResultToast(disable.data)
  const newCodes = regenerate.data?.ok ? regenerate.data.backupCodes : undefined
  return (
    <>
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>Two-factor sign-in is on</h2>
          </CardTitle>
          <CardDescription>
            You sign in with your password and a code from your authenticator app.
            {backupCodesLeft !== null && ` ${backupCodesLeft} of your backup codes are unused.`}
          </CardDescription>
        </CardHeader>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>Backup codes</h2>
          </CardTitle>
          <CardDescription>New codes replace all your old ones.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {newCodes ? (
            <BackupCodes codes={newCodes} email={email} />
          ) : (
            <PasswordForm fetcher={regenerate} intent="regenerate" label="Make new backup codes" />
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>Turn off two-factor sign-in</h2>
          </CardTitle>
          <CardDescription>
            {isStaff
              ? 'Staff accounts must set it up again (with a new phone, for example) before using staff pages.'
              : 'Your account is then protected by your password alone.'}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <PasswordForm fetcher={disable} intent="disable" label="Turn off" destructive />
        </CardContent>
      </Card>
    </>
  )
}

function PasswordForm({
  fetcher,
  intent,
  label,
  destructive,
}: {
  fetcher: Fetcher
  intent: 'regenerate' | 'disable'
  label: string
  destructive?: boolean
}) {
  const errors = fetcher.data?.ok ? undefined : fetcher.data?.fieldErrors
  return (
    <fetcher.Form method="post" className="grid gap-4 sm:grid-cols-2" noValidate>
      <input type="hidden" name="intent" value={intent} />
      <Field label="Current password" required error={errors?.password}>
        <Input name="password" type="password" autoComplete="current-password" />
      </Field>
      <div className="flex items-end">
        <Button type="submit" variant={destructive ? 'destructive' : 'primary'} disabled={fetcher.state !== 'idle'}>
          {label}
        </Button>
      </div>
    </fetcher.Form>
  )
}
