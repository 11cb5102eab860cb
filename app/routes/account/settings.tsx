import { ArrowLeftIcon } from 'lucide-react'
import { Link } from 'react-router'
import { z } from 'zod'
import { business } from '~/content/business'
import { authCall } from '~/features/accounts/auth-calls.server'
import { accountsContext } from '~/features/accounts/context.server'
import { describeDevice } from '~/features/accounts/device'
import { guardedUser, publicSummary } from '~/features/accounts/guards.server'
import {
  deletionRequestSchema,
  emailChangeSchema,
  passwordChangeSchema,
  profileFormSchema,
} from '~/features/accounts/schema'
import {
  DeletionSection,
  EmailSection,
  PasswordSection,
  ProfileSection,
  SessionsSection,
} from '~/features/accounts/settings-sections'
import { TwoFactorSummary } from '~/features/accounts/two-factor-summary'
import { businessDateTimeFormat } from '~/lib/business-time'
import { DomainError } from '~/lib/domain-error'
import { type IntentContext, intentAction } from '~/lib/forms/intent-action.server'
import { pageMeta } from '~/lib/seo'
import { FormMessage } from '~/ui/field'
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
