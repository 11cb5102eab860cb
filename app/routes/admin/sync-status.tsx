import { ArrowLeftIcon, RefreshCwIcon } from 'lucide-react'
import { useEffect } from 'react'
import { Link, useFetcher, useRevalidator } from 'react-router'
import { z } from 'zod'
import { business } from '~/content/business'
import { appContext } from '~/context.server'
import { guardedUser } from '~/features/accounts/guards.server'
import { Backups, MailOutbox, ScheduledJobs, SyncAlerts, SystemFacts, when } from '~/features/staff/sync-status'
import { SubscriptionRunList } from '~/features/subscriptions/run-list'
import { DomainError } from '~/lib/domain-error'
import { type IntentContext, intentAction } from '~/lib/forms/intent-action.server'
import type { ActionResult } from '~/lib/forms/result'
import { pageMeta } from '~/lib/seo'
import { useResultToast } from '~/lib/toast'
import { Button } from '~/ui/button'
import { actOnMail } from '../../../server/operations/mail-actions.server'
import { readSyncStatus } from '../../../server/operations/sync-status.server'
import type { Route } from './+types/sync-status'

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Sync status',
    description: `The mail outbox, scheduled jobs, database and mail server of the ${business.name} portal.`,
    path: '/admin/sync-status',
    matches,
    noindex: true,
  })

/** How often the open page reads the status again. */
const REFRESH_MS = 15_000

export const loader = async (args: Route.LoaderArgs) => {
  const { database, config } = args.context.get(appContext)
  return readSyncStatus({ database, transportKind: config.smtpUrl ? 'smtp' : 'file', backupDir: config.backup.dir })
}

/** Retries or discards the e-mail the row names; refused when it was sent or settled meanwhile. */
async function actOnRow(ctx: IntentContext, intent: 'retry' | 'discard', id: string) {
  const admin = guardedUser(ctx.context)
  const { database, outbox } = ctx.context.get(appContext)
  if (!outbox) throw new Error('the sync-status page needs the mail outbox')
  const { done } = await actOnMail({ database, outbox }, { userId: admin.userId, email: admin.email }, intent, id)
  if (!done) {
    throw new DomainError(
      'conflict',
      'That e-mail is no longer waiting or failed (it may have been sent meanwhile). The list is updated.',
    )
  }
}

const mailRow = z.object({ id: z.uuid() })
const unknownRow = 'Unknown request. Reload the page and try again.'

export const action = intentAction({
  retry: {
    schema: mailRow,
    invalid: unknownRow,
    run: (ctx, { id }) => actOnRow(ctx, 'retry', id),
    done: 'The e-mail is sent at the next attempt, within seconds.',
  },
  discard: {
    schema: mailRow,
    invalid: unknownRow,
    run: (ctx, { id }) => actOnRow(ctx, 'discard', id),
    done: 'E-mail discarded.',
  },
})

export default function SyncStatus({ loaderData: status }: Route.ComponentProps) {
  const revalidator = useRevalidator()
  const act = useFetcher<ActionResult>()
  useResultToast(act.data, { ok: 'Done', failed: 'Not done' })
  // The page keeps itself current while it is open (and visible).
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible' && revalidator.state === 'idle') void revalidator.revalidate()
    }, REFRESH_MS)
    return () => clearInterval(timer)
  }, [revalidator])

  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-6 py-10">
      <Link to="/admin" className="inline-flex items-center gap-1 font-semibold text-primary text-sm hover:underline">
        <ArrowLeftIcon className="size-4" aria-hidden="true" />
        Admin Dashboard
      </Link>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-1">
          <h1 className="font-bold text-3xl tracking-tight">Sync status</h1>
          <p className="text-muted-foreground text-sm">
            Checked {when(status.checkedAt)} (New York time); this page updates itself every {REFRESH_MS / 1000}{' '}
            seconds.
          </p>
        </div>
        <Button variant="outline" onClick={() => void revalidator.revalidate()} disabled={revalidator.state !== 'idle'}>
          <RefreshCwIcon aria-hidden="true" />
          Check now
        </Button>
      </div>

      <SyncAlerts transport={status.transport} backups={status.backups} />
      <MailOutbox mail={status.mail} fetcher={act} />
      <ScheduledJobs jobs={status.jobs} />
      <SubscriptionRunList runs={status.subscriptionRuns} />
      <Backups backups={status.backups} />
      <SystemFacts status={status} />
    </div>
  )
}
