import { ArrowLeftIcon, MonitorSmartphoneIcon } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { Link, useFetcher } from 'react-router'
import { z } from 'zod'
import { business } from '~/content/business'
import { authCall } from '~/features/accounts/auth-calls.server'
import { accountsContext } from '~/features/accounts/context.server'
import { describeDevice } from '~/features/accounts/device'
import { guardedUser, publicSummary } from '~/features/accounts/guards.server'
import { NewPasswordField } from '~/features/accounts/password-field'
import {
  deletionRequestSchema,
  emailChangeSchema,
  passwordChangeSchema,
  profileFormSchema,
} from '~/features/accounts/schema'
import { TwoFactorSummary } from '~/features/accounts/two-factor-summary'
import { businessDateTimeFormat } from '~/lib/business-time'
import { DomainError } from '~/lib/domain-error'
import { type IntentContext, type IntentResult, intentAction } from '~/lib/forms/intent-action.server'
import { pageMeta } from '~/lib/seo'
import { useResultToast } from '~/lib/toast'
import { Button } from '~/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/ui/card'
import { Field, FormMessage } from '~/ui/field'
import { Input } from '~/ui/input'
import { Textarea } from '~/ui/textarea'
import { requestDeletion, updateProfile } from '../../../server/accounts/profile.server'
import { listActiveSessions } from '../../../server/accounts/sessions.server'
import type { Route } from './+types/settings'

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Account Settings',
    description: `Your ${business.name} client account: profile, password, e-mail address and sessions.`,
    path: '/account/settings',
    matches,
    noindex: true,
  })

export async function loader(args: Route.LoaderArgs) {
  const user = guardedUser(args.context)
  const accounts = args.context.get(accountsContext)
  const sessions = await listActiveSessions(accounts.database.db, user.userId)
  return {
    account: publicSummary(user),
    emailChangeRequested: new URL(args.request.url).searchParams.get('emailChanged') === '1',
    sessions: sessions.map((s) => ({
      id: s.id,
      device: describeDevice(s.userAgent),
      ipAddress: s.ipAddress,
      signedIn: businessDateTimeFormat.format(s.createdAt),
      lastActive: businessDateTimeFormat.format(s.updatedAt),
      current: s.token === user.sessionToken,
    })),
  }
}

const accountOf = (ctx: IntentContext) => ctx.context.get(accountsContext)

/** The other browser's session the form names, if it is still signed in. */
async function otherSession(ctx: IntentContext, sessionId: string | undefined) {
  const user = guardedUser(ctx.context)
  const id = z.uuid().safeParse(sessionId)
  const sessions = await listActiveSessions(accountOf(ctx).database.db, user.userId)
  const target = id.success ? sessions.find((s) => s.id === id.data) : undefined
  if (!target || target.token === user.sessionToken) {
    throw new DomainError('not_found', 'That session has already ended. Reload the page.')
  }
  return target
}

const wrongCurrentPassword = {
  INVALID_PASSWORD: { message: 'Your current password is not right.', field: 'currentPassword' },
}

export const action = intentAction({
  profile: {
    schema: profileFormSchema,
    run: (ctx, profile) => updateProfile(accountOf(ctx).database.db, guardedUser(ctx.context).email, profile),
    done: 'Your profile is saved.',
  },
  password: {
    schema: passwordChangeSchema,
    secret: ['currentPassword', 'newPassword'],
    // Every other session ends; this browser gets a new session in their place.
    run: (ctx, passwords) =>
      authCall(ctx, '/change-password', { ...passwords, revokeOtherSessions: true }, wrongCurrentPassword),
    done: 'Your password is changed. Your other sessions have ended.',
  },
  email: {
    schema: emailChangeSchema,
    invalid: (errors) => errors.newEmail?.[0] ?? 'Enter a valid e-mail address.',
    run: async (ctx, { newEmail }) => {
      if (newEmail === guardedUser(ctx.context).email) {
        throw new DomainError('invalid', 'That is already your e-mail address.', { field: 'newEmail' })
      }
      await authCall(ctx, '/email-otp/request-email-change', { newEmail })
      return newEmail
    },
    // The same words whether or not the address is free: nobody learns who has an account.
    done: (newEmail) =>
      `We sent a confirmation link to ${newEmail}. Open it in this browser within 24 hours; your e-mail address changes when you confirm.`,
  },
  'end-session': {
    onForm: true,
    run: async (ctx) => {
      const target = await otherSession(ctx, ctx.values.sessionId)
      await authCall(ctx, '/revoke-session', { token: target.token })
      return target
    },
    done: (target) => `Session ended (${describeDevice(target.userAgent)}).`,
  },
  'end-other-sessions': {
    run: (ctx) => authCall(ctx, '/revoke-other-sessions', {}),
    done: 'All your other sessions have ended.',
  },
  delete: {
    schema: deletionRequestSchema,
    invalid: (errors) => errors.reason?.[0] ?? 'Check the note.',
    run: (ctx, { reason }) => {
      const { database, outbox, log } = accountOf(ctx)
      return requestDeletion({ database, outbox, log }, guardedUser(ctx.context).email, reason)
    },
    done: 'We received your request. We delete your account and its data within 30 days and confirm by e-mail.',
  },
})

type Result = IntentResult

export default function AccountSettings({ loaderData }: Route.ComponentProps) {
  const { account, sessions } = loaderData
  return (
    <div className="mx-auto grid max-w-4xl gap-6 px-6 py-10">
      <Link
        to="/dashboard"
        className="inline-flex items-center gap-1 font-semibold text-primary text-sm hover:underline"
      >
        <ArrowLeftIcon className="size-4" aria-hidden="true" />
        Dashboard
      </Link>
      <h1 className="font-bold text-3xl tracking-tight">Account Settings</h1>
      {loaderData.emailChangeRequested && <FormMessage tone="success">Your e-mail address is changed.</FormMessage>}
      <ProfileSection account={account} />
      <PasswordSection />
      <TwoFactorSummary enabled={account.twoFactorEnabled} />
      <EmailSection email={account.email} />
      <SessionsSection sessions={sessions} />
      <DeletionSection />
    </div>
  )
}

function useSettingsForm(intent: string) {
  const fetcher = useFetcher<Result>()
  const result = fetcher.data?.intent === intent ? fetcher.data : undefined
  useResultToast(result)
  return { fetcher, result, busy: fetcher.state !== 'idle', errors: result?.ok ? undefined : result?.fieldErrors }
}

function Section({ title, description, children }: { title: string; description: string; children: React.ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>{title}</h2>
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  )
}

function ProfileSection({ account }: { account: Route.ComponentProps['loaderData']['account'] }) {
  const { fetcher, busy, errors } = useSettingsForm('profile')
  return (
    <Section title="Profile" description="Your name, company and phone number.">
      <fetcher.Form method="post" className="grid gap-4 sm:grid-cols-2" noValidate>
        <input type="hidden" name="intent" value="profile" />
        <Field label="Full name" required error={errors?.name}>
          <Input name="name" autoComplete="name" defaultValue={account.name} />
        </Field>
        <Field label="Company name" optional error={errors?.companyName}>
          <Input name="companyName" autoComplete="organization" defaultValue={account.companyName ?? ''} />
        </Field>
        <Field label="Phone" required error={errors?.phone}>
          <Input name="phone" type="tel" autoComplete="tel" defaultValue={account.phone ?? ''} />
        </Field>
        <div className="flex items-end">
          <Button type="submit" disabled={busy}>
            Save profile
          </Button>
        </div>
      </fetcher.Form>
    </Section>
  )
}

function PasswordSection() {
  const { fetcher, result, busy, errors } = useSettingsForm('password')
  const formRef = useRef<HTMLFormElement>(null)
  useEffect(() => {
    if (result?.ok) formRef.current?.reset()
  }, [result])
  return (
    <Section title="Password" description="Changing it signs you out everywhere else.">
      <fetcher.Form method="post" ref={formRef} className="grid gap-4 sm:grid-cols-2" noValidate>
        <input type="hidden" name="intent" value="password" />
        <Field label="Current password" required error={errors?.currentPassword}>
          <Input name="currentPassword" type="password" autoComplete="current-password" />
        </Field>
        <NewPasswordField label="New password" name="newPassword" required error={errors?.newPassword} />
        <div>
          <Button type="submit" disabled={busy}>
            Change password
          </Button>
        </div>
      </fetcher.Form>
    </Section>
  )
}

function EmailSection({ email }: { email: string }) {
  const { fetcher, result, busy, errors } = useSettingsForm('email')
  return (
    <Section title="E-mail address" description={`Currently ${email}. A new address is used once you confirm it.`}>
      <fetcher.Form method="post" className="grid gap-4 sm:grid-cols-2" noValidate>
        <input type="hidden" name="intent" value="email" />
        <Field label="New e-mail address" required error={errors?.newEmail}>
          <Input name="newEmail" type="email" autoComplete="email" />
        </Field>
        <div className="flex items-end">
          <Button type="submit" disabled={busy}>
            Send confirmation link
          </Button>
        </div>
        {result?.ok && (
          <div className="sm:col-span-2">
            <FormMessage tone="success">{result.message}</FormMessage>
          </div>
        )}
      </fetcher.Form>
    </Section>
  )
}
function SessionsSection({ sessions }: { sessions: Route.ComponentProps['loaderData']['sessions'] }) {
  const { fetcher, busy } = useSettingsForm('end-session')
  const others = useSettingsForm('end-other-sessions')
  const hasOthers = sessions.some((s) => !s.current)
  return (
    <Section title="Sessions" description="The browsers signed in to your account. End any you do not recognise.">
      <ul className="grid gap-3">
        {sessions.map((s) => (
          <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 rounded-lg border p-4">
            <div className="flex items-center gap-3">
              <MonitorSmartphoneIcon className="size-5 text-primary" aria-hidden="true" />
              <div className="grid gap-0.5 text-sm">
                <span className="font-semibold">
                  {s.device}
                  {s.current && <span className="ms-2 font-normal text-success">(this browser)</span>}
                </span>
                <span className="text-muted-foreground">
                  {s.ipAddress ?? 'Unknown address'} · signed in {s.signedIn} · last active {s.lastActive}
                </span>
              </div>
            </div>
            {!s.current && (
              <fetcher.Form method="post">
                <input type="hidden" name="intent" value="end-session" />
                <input type="hidden" name="sessionId" value={s.id} />
                <Button
                  type="submit"
                  variant="outline"
                  size="sm"
                  disabled={busy}
                  aria-label={`End session: ${s.device}, last active ${s.lastActive}`}
                >
                  End session
                </Button>
              </fetcher.Form>
            )}
          </li>
        ))}
      </ul>
      {hasOthers && (
        <others.fetcher.Form method="post" className="mt-4">
          <input type="hidden" name="intent" value="end-other-sessions" />
          <Button type="submit" variant="outline" disabled={others.busy}>
            End all other sessions
          </Button>
        </others.fetcher.Form>
      )}
    </Section>
  )
}

function DeletionSection() {
  const { fetcher, result, busy, errors } = useSettingsForm('delete')
  return (
    <Section
      title="Delete account"
      description="Ask us to delete your account and its data. Billing records we must keep by law stay for the legal period."
    >
      {result?.ok ? (
        <FormMessage tone="success">{result.message}</FormMessage>
      ) : (
        <fetcher.Form method="post" className="grid gap-4">
          <input type="hidden" name="intent" value="delete" />
          <Field label="Anything we should know?" optional error={errors?.reason}>
            <Textarea name="reason" rows={3} maxLength={1000} />
          </Field>
          <div>
            <Button type="submit" variant="destructive" disabled={busy}>
              Request account deletion
            </Button>
          </div>
        </fetcher.Form>
      )}
    </Section>
  )
}
