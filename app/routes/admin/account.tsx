import { BanIcon, LogOutIcon, MailIcon, RotateCcwIcon, UserXIcon } from 'lucide-react'
import { data, Form, redirect, useActionData, useNavigation } from 'react-router'
import { z } from 'zod'
import { business } from '~/content/business'
import { appContext } from '~/context.server'
import { AccountHeading } from '~/features/accounts/account-list'
import { accountRoles, shownAccountState } from '~/features/accounts/admin-labels'
import { accountsContext } from '~/features/accounts/context.server'
import { guardedUser } from '~/features/accounts/guards.server'
import { RoleForm } from '~/features/accounts/role-form'
import { AccountRequests } from '~/features/booking/account-requests'
import { AuditChange } from '~/features/staff/audit-change'
import { businessDateTimeFormat } from '~/lib/business-time'
import { type IntentContext, type IntentResult, intentAction } from '~/lib/forms/intent-action.server'
import { pageMeta } from '~/lib/seo'
import { Button } from '~/ui/button'
import { FormMessage } from '~/ui/field'
import {
  accountDetail,
  changeRole,
  endAllSessions,
  resendInvitation,
  resendVerification,
  revokeInvitation,
  setDisabled,
} from '../../../server/accounts/admin.server.ts'
import type { Route } from './+types/account'

// /admin/accounts/:id (admins): one account, its sessions, requests and history (the audit log's
// entries about it), and the admin's changes: role, disable / re-enable, end all sessions, the
// invitation (resend, revoke) and the verification e-mail (resend).

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta({
    title: loaderData ? `Account: ${loaderData.record.fullName ?? loaderData.record.email}` : 'Account',
    description: `An account of the ${business.name} portal.`,
    path: '/admin/accounts',
    matches,
    noindex: true,
  })

export const loader = async (args: Route.LoaderArgs) => {
  const admin = guardedUser(args.context)
  const { database } = args.context.get(appContext)
  const detail = await accountDetail(database.db, args.params.id)
  if (!detail) throw data(null, { status: 404 })
  return { ...detail, isSelf: detail.record.email === admin.email.toLowerCase() }
}

const roleSchema = z.object({ role: z.enum(accountRoles, 'Choose a role.') })
type Result = IntentResult

/** The admin acting (recorded in the audit log), the account services, and the account of the page. */
function adminWork(ctx: IntentContext) {
  const admin = guardedUser(ctx.context)
  const accounts = ctx.context.get(accountsContext)
  return {
    accounts,
    db: accounts.database.db,
    actor: { userId: admin.userId, email: admin.email },
    id: ctx.params.id ?? '',
  }
}

export const action = intentAction({
  role: {
    schema: roleSchema,
    run: (ctx, { role }) => {
      const { db, actor, id } = adminWork(ctx)
      return changeRole(db, actor, { id, role })
    },
    done: 'Role changed.',
  },
  disable: {
    run: (ctx) => {
      const { db, actor, id } = adminWork(ctx)
      return setDisabled(db, actor, { id, disabled: true })
    },
    done: 'Account disabled; its sessions have ended.',
  },
  enable: {
    run: (ctx) => {
      const { db, actor, id } = adminWork(ctx)
      return setDisabled(db, actor, { id, disabled: false })
    },
    done: 'Account enabled again.',
  },
  'end-sessions': {
    run: (ctx) => {
      const { db, actor, id } = adminWork(ctx)
      return endAllSessions(db, actor, { id })
    },
    done: (ended) => `${ended} session${ended === 1 ? '' : 's'} ended.`,
  },
  'resend-invitation': {
    run: (ctx) => {
      const { accounts, actor, id } = adminWork(ctx)
      return resendInvitation(accounts, actor, { id })
    },
    done: 'A new invitation is on its way; the old link no longer works.',
  },
  'revoke-invitation': {
    run: async (ctx) => {
      const { db, actor, id } = adminWork(ctx)
      await revokeInvitation(db, actor, { id })
      return redirect('/admin/accounts?revoked=1')
    },
  },
  'resend-verification': {
    run: (ctx) => {
      const { accounts, actor, id } = adminWork(ctx)
      return resendVerification(accounts, actor, { id })
    },
    done: 'A new verification link is on its way.',
  },
})

export default function AccountPage({ loaderData }: Route.ComponentProps) {
  const { record, user, sessions, hasPassword, invitationExpiresAt, history, requests, isSelf } = loaderData
  const result: Result | undefined = useActionData<typeof action>()
  const busy = useNavigation().state !== 'idle'
  const disabled = Boolean(record.disabledAt)
  const invited = user !== null && !hasPassword
  const name = record.fullName ?? record.email
  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-6 py-10">
      <div className="grid gap-2">
        <AccountHeading
          back={{ to: '/admin/accounts', label: 'Clients and accounts' }}
          name={name}
          state={shownAccountState(record)}
          destructive={disabled}
        />
        <p className="text-muted-foreground text-sm">
          {[record.email, record.companyName, record.phone].filter(Boolean).join(' · ')} · created{' '}
          {businessDateTimeFormat.format(new Date(record.createdAt))}
          {record.disabledAt
            ? ` · disabled by ${record.disabledBy ?? 'an admin'}, ${businessDateTimeFormat.format(new Date(record.disabledAt))}`
            : ''}
        </p>
      </div>
      {result && <FormMessage tone={result.ok ? 'success' : 'error'}>{result.message}</FormMessage>}

      <div className="grid gap-6 md:grid-cols-2">
        <RoleForm role={record.role} busy={busy} />

        <section aria-labelledby="access-title" className="grid content-start gap-3 rounded-xl border bg-card p-5">
          <h2 id="access-title" className="font-semibold text-lg">
            Access
          </h2>
          <p className="text-sm">
            {sessions.length === 0
              ? 'Not signed in anywhere.'
              : `Signed in on ${sessions.length} browser${sessions.length === 1 ? '' : 's'}; last active ${businessDateTimeFormat.format(new Date(sessions[0]?.updatedAt ?? record.createdAt))}.`}{' '}
            {user ? `Two-factor sign-in ${user.twoFactorEnabled ? 'on' : 'off'}.` : ''}
          </p>
          <div className="flex flex-wrap gap-2">
            {!isSelf && (
              <Form method="post">
                <input type="hidden" name="intent" value={disabled ? 'enable' : 'disable'} />
                <Button type="submit" variant={disabled ? 'outline' : 'destructive'} disabled={busy}>
                  {disabled ? <RotateCcwIcon aria-hidden="true" /> : <BanIcon aria-hidden="true" />}
                  {disabled ? 'Enable the account' : 'Disable the account'}
                </Button>
              </Form>
            )}
            <Form method="post">
              <input type="hidden" name="intent" value="end-sessions" />
              <Button type="submit" variant="outline" disabled={busy || sessions.length === 0}>
                <LogOutIcon aria-hidden="true" />
                End all sessions
              </Button>
            </Form>
          </div>
          {invited && (
            <div className="grid gap-2 border-t pt-3">
              <p className="text-sm">
                Invited; no password chosen yet.{' '}
                {invitationExpiresAt
                  ? `The link works until ${businessDateTimeFormat.format(new Date(invitationExpiresAt))}.`
                  : 'The link has expired.'}
              </p>
              <div className="flex flex-wrap gap-2">
                <Form method="post">
                  <input type="hidden" name="intent" value="resend-invitation" />
                  <Button type="submit" variant="outline" disabled={busy}>
                    <MailIcon aria-hidden="true" />
                    Resend the invitation
                  </Button>
                </Form>
                <Form method="post">
                  <input type="hidden" name="intent" value="revoke-invitation" />
                  <Button type="submit" variant="destructive" disabled={busy}>
                    <UserXIcon aria-hidden="true" />
                    Revoke the invitation
                  </Button>
                </Form>
              </div>
            </div>
          )}
          {record.status === 'pending_verification' && (
            <Form method="post" className="border-t pt-3">
              <input type="hidden" name="intent" value="resend-verification" />
              <Button type="submit" variant="outline" disabled={busy}>
                <MailIcon aria-hidden="true" />
                Resend the verification e-mail
              </Button>
            </Form>
          )}
        </section>
      </div>

      <AccountRequests requests={requests} />

      <section aria-labelledby="history-title" className="grid gap-3">
        <h2 id="history-title" className="font-semibold text-xl">
          History
        </h2>
        {history.length === 0 ? (
          <p className="text-muted-foreground text-sm">No staff action on this account yet.</p>
        ) : (
          <ol className="grid gap-2">
            {history.map((entry) => (
              <li key={entry.id} className="grid gap-1 rounded-lg border bg-card p-3 text-sm">
                <span>
                  <span className="font-mono">{entry.action}</span> by {entry.actorEmail},{' '}
                  {businessDateTimeFormat.format(new Date(entry.at))}
                </span>
                <AuditChange before={entry.before} after={entry.after} details={entry.details} />
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  )
}
