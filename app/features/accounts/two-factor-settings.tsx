import { ShieldCheckIcon } from 'lucide-react'
import { useFetcher } from 'react-router'
import type { IntentResult } from '~/lib/forms/intent-action.server'
import { useResultToast } from '~/lib/toast'
import { Button } from '~/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/ui/card'
import { Field, FormMessage } from '~/ui/field'
import { Input } from '~/ui/input'
import { organisationAsksSecondFactor, secondFactorStaysOn } from '../organisations'
import { BackupCodes } from './backup-codes'

// The parts of the two-factor page (/account/two-factor): enrolment in three steps, and once it is
// on, new backup codes and turning it off. Each form posts its `intent` to the page's action.

/** What the page's forms hear back. */
export type TwoFactorResult = IntentResult & {
  /** start: the QR code (an SVG data URL) and the same secret as text, for typing in by hand. */
  qrCode?: string
  manualKey?: string
  /** confirm, regenerate: the new backup codes, shown this once. */
  backupCodes?: string[]
}

export type TwoFactorFetcher = ReturnType<typeof useFetcher<TwoFactorResult>>

export function Enrolment({
  start,
  confirm,
  isStaff,
  requiredBy = null,
}: {
  start: TwoFactorFetcher
  confirm: TwoFactorFetcher
  isStaff: boolean
  requiredBy?: string | null
}) {
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
            : requiredBy
              ? `${organisationAsksSecondFactor(requiredBy)}.`
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

export function EnabledSettings({
  email,
  backupCodesLeft,
  isStaff,
  requiredBy = null,
}: {
  email: string
  backupCodesLeft: number | null
  isStaff: boolean
  /** The organisation that requires a second factor of everyone: then it cannot be turned off here. */
  requiredBy?: string | null
}) {
  const regenerate = useFetcher<TwoFactorResult>()
  const disable = useFetcher<TwoFactorResult>()
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
            {requiredBy
              ? secondFactorStaysOn(requiredBy)
              : isStaff
                ? 'Staff accounts must set it up again (with a new phone, for example) before using staff pages.'
                : 'Your account is then protected by your password alone.'}
          </CardDescription>
        </CardHeader>
        {!requiredBy && (
          <CardContent>
            <PasswordForm fetcher={disable} intent="disable" label="Turn off" destructive />
          </CardContent>
        )}
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
  fetcher: TwoFactorFetcher
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
