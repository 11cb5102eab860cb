import { ArrowLeftIcon } from 'lucide-react'
import { Link, useFetcher } from 'react-router'
import { z } from 'zod'
import { business } from '~/content/business'
import { mustEnrolSecondFactor } from '~/features/accounts/access'
import { authCall } from '~/features/accounts/auth-calls.server'
import { BackupCodes } from '~/features/accounts/backup-codes'
import { accountsContext } from '~/features/accounts/context.server'
import { guardedUser, safeRedirectPath } from '~/features/accounts/guards.server'
import { totpCodeSchema } from '~/features/accounts/two-factor'
import { EnabledSettings, Enrolment, type TwoFactorResult } from '~/features/accounts/two-factor-settings'
import { organisationAsksSecondFactor, secondFactorStaysOn } from '~/features/organisations'
import { DomainError } from '~/lib/domain-error'
import { type IntentContext, intentAction } from '~/lib/forms/intent-action.server'
import type { FieldErrors } from '~/lib/forms/result'
import { pageMeta } from '~/lib/seo'
import { Button } from '~/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/ui/card'
import { FormMessage } from '~/ui/field'
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
    /** The client's organisation when it requires a second factor of everyone: it stays on. */
    requiredBy: user.role === 'client' && user.organisation?.requireSecondFactor ? user.organisation.name : null,
    backupCodesLeft,
    redirectTo: safeRedirectPath(new URL(args.request.url).searchParams.get('redirectTo')),
  }
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
      const { organisation } = accountOf(ctx).user
      if (organisation?.requireSecondFactor) throw new DomainError('forbidden', secondFactorStaysOn(organisation.name))
      await authCall(ctx, '/two-factor/disable', { password }, refusals)
      const { user, log } = accountOf(ctx)
      log.info({ event: 'account.two_factor_disabled', userId: user.userId }, 'two-factor sign-in turned off')
    },
    done: 'Two-factor sign-in is off.',
  },
})

export default function TwoFactorSettings({ loaderData }: Route.ComponentProps) {
  const start = useFetcher<TwoFactorResult>()
  const confirm = useFetcher<TwoFactorResult>()
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
      {loaderData.requiredBy && (
        <FormMessage tone="notice">
          {organisationAsksSecondFactor(loaderData.requiredBy)}.{' '}
          {loaderData.enabled || justEnabled
            ? 'It stays on while that is so.'
            : 'Set it up now to continue to your pages.'}
        </FormMessage>
      )}
      {loaderData.required && loaderData.isStaff && !justEnabled && (
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
          requiredBy={loaderData.requiredBy}
        />
      ) : (
        <Enrolment start={start} confirm={confirm} isStaff={loaderData.isStaff} requiredBy={loaderData.requiredBy} />
      )}
    </div>
  )
}
