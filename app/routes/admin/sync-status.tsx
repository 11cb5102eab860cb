import { ArrowLeftIcon, RefreshCwIcon } from 'lucide-react'
import { useEffect } from 'react'
import { Link, useFetcher, useRevalidator } from 'react-router'
import { z } from 'zod'
import { business } from '~/content/business'
import { appContext } from '~/context.server'
import { guardedUser } from '~/features/accounts/guards.server'
import { BACKUP_STALE_HOURS, backupTriggerLabels } from '~/features/operations/backup-runs'
import { mailStateLabel } from '~/features/staff/mail-states'
import { SubscriptionRunList } from '~/features/subscriptions/run-list'
import { DomainError } from '~/lib/domain-error'
import { type IntentContext, intentAction } from '~/lib/forms/intent-action.server'
import type { ActionResult } from '~/lib/forms/result'
import { pageMeta } from '~/lib/seo'
import { businessTimeZone } from '~/lib/time-zone'
import { useResultToast } from '~/lib/toast'
import { Badge } from '~/ui/badge'
import { Button } from '~/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/ui/card'
import { FormMessage } from '~/ui/field'
import { actOnMail } from '../../../server/operations/mail-actions.server'
import { type MailJob, readSyncStatus, type ScheduledJob } from '../../../server/operations/sync-status.server'
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

const timeFormat = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'medium',
  timeZone: businessTimeZone,
})
const when = (iso: string | null | undefined) => (iso ? timeFormat.format(new Date(iso)) : '—')

function duration(seconds: number): string {
  const days = Math.floor(seconds / 86_400)
  const hours = Math.floor((seconds % 86_400) / 3600)
  const minutes = Math.floor((seconds % 3600) / 60)
  return days > 0 ? `${days} d ${hours} h` : hours > 0 ? `${hours} h ${minutes} min` : `${minutes} min`
}

function bytes(n: number | null): string {
  if (n === null) return 'unknown'
  return n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(n / 1024)} KB`
}

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

  const { mail, transport, backups } = status
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

      {transport.failing && (
        <FormMessage tone="error">
          Outgoing e-mail is failing since {when(transport.lastFailureAt)}
          {transport.lastError ? `: ${transport.lastError}` : ''}. Messages wait in the outbox and are retried; retry
          one below once the mail server is back.
        </FormMessage>
      )}

      {backups?.stale && (
        <FormMessage tone="error">
          {backups.lastGood
            ? `The last good backup is ${Math.floor(backups.lastGood.ageHours)} hours old (more than ${BACKUP_STALE_HOURS}).`
            : 'No backup has been written yet.'}{' '}
          Run <code>npm run backup</code> on the server and check the backup settings (BACKUP_SCHEDULE, BACKUP_DIR).
        </FormMessage>
      )}
      {backups?.disk?.nearlyFull && (
        <FormMessage tone="error">
          The backup disk is nearly full: {bytes(backups.disk.freeBytes)} free of {bytes(backups.disk.totalBytes)}.
          Backups fail when it is full; free space or move BACKUP_DIR.
        </FormMessage>
      )}

      <section aria-labelledby="outbox-title" className="grid gap-4">
        <h2 id="outbox-title" className="font-semibold text-xl">
          Mail outbox
        </h2>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5" data-testid="mail-counts">
          {(
            [
              ['Waiting', mail.counts.waiting],
              ['Sending', mail.counts.sending],
              ['Sent (last 7 days)', mail.counts.sent],
              ['Failed', mail.counts.failed],
              ['Discarded', mail.counts.discarded],
            ] as const
          ).map(([label, n]) => (
            <div key={label} className="rounded-xl border bg-card p-4 shadow-sm">
              <dt className="text-muted-foreground text-sm">{label}</dt>
              <dd className="font-bold text-2xl">{n}</dd>
            </div>
          ))}
        </dl>
        <MailList
          title="Waiting and being sent"
          empty="Nothing waiting: every e-mail has gone out."
          jobs={mail.waiting}
          fetcher={act}
        />
        <MailList title="Failed (out of attempts)" empty="No failed e-mails." jobs={mail.failed} fetcher={act} />
        <MailList title="Recently sent" empty="Nothing sent in the last 7 days." jobs={mail.sent} fetcher={act} />
      </section>

      <section aria-labelledby="jobs-title" className="grid gap-4">
        <h2 id="jobs-title" className="font-semibold text-xl">
          Scheduled jobs
        </h2>
        <ul className="grid gap-3 md:grid-cols-2">
          {status.jobs.map((job) => (
            <ScheduledJobCard key={job.queue} job={job} />
          ))}
        </ul>
      </section>

      <SubscriptionRunList runs={status.subscriptionRuns} />
      {backups && (
        <section aria-labelledby="backups-title" className="grid gap-4">
          <h2 id="backups-title" className="font-semibold text-xl">
            Backups
          </h2>
          <div className="grid gap-4 md:grid-cols-2" data-testid="backups">
            <Facts
              title="Last good backup"
              rows={
                backups.lastGood
                  ? [
                      ['Written', when(backups.lastGood.at)],
                      ['Age', `${backups.lastGood.ageHours} hours`],
                      ['Size', bytes(backups.lastGood.bytes)],
                      ['File', backups.lastGood.file ?? '—'],
                      ['Taken by', backupTriggerLabels[backups.lastGood.trigger]],
                    ]
                  : [['Written', 'never']]
              }
            />
            <Facts
              title="Backup disk"
              rows={[
                ['Free', backups.disk ? bytes(backups.disk.freeBytes) : 'unknown'],
                ['Of', backups.disk ? bytes(backups.disk.totalBytes) : 'unknown'],
                [
                  'Last failure',
                  backups.lastFailure
                    ? `${when(backups.lastFailure.at)}${backups.lastFailure.error ? `: ${backups.lastFailure.error}` : ''}`
                    : '—',
                ],
              ]}
            />
          </div>
        </section>
      )}

      <section aria-labelledby="system-title" className="grid gap-4 md:grid-cols-3">
        <h2 id="system-title" className="sr-only">
          Database, mail server and this server
        </h2>
        <Facts
          title="Database"
          rows={[
            ['Kind', status.database.kind === 'pglite' ? 'Embedded (PGlite)' : 'PostgreSQL'],
            ['Size', bytes(status.database.sizeBytes)],
            ['Applied migration', status.database.migration ?? 'unknown'],
          ]}
        />
        <Facts
          title="Mail transport"
          rows={[
            ['Kind', transport.kind === 'smtp' ? 'SMTP server' : 'Files in the data folder'],
            ['Last success', when(transport.lastSuccessAt)],
            ['Last failure', when(transport.lastFailureAt)],
            ['Last error', transport.lastError ?? '—'],
          ]}
        />
        <Facts
          title="This server"
          rows={[
            ['Version', status.server.version],
            ['Up for', duration(status.server.uptimeSeconds)],
            ['Started', when(status.server.startedAt)],
          ]}
        />
      </section>
    </div>
  )
}

function MailList({
  title,
  empty,
  jobs,
  fetcher,
}: {
  title: string
  empty: string
  jobs: MailJob[]
  fetcher: ReturnType<typeof useFetcher<ActionResult>>
}) {
  const busy = fetcher.state !== 'idle'
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h3>{title}</h3>
        </CardTitle>
        {jobs.length > 0 && (
          <CardDescription>{jobs.length === 50 ? 'The 50 latest.' : `${jobs.length}.`}</CardDescription>
        )}
      </CardHeader>
      <CardContent>
        {jobs.length === 0 ? (
          <p className="text-muted-foreground text-sm">{empty}</p>
        ) : (
          <ul className="divide-y">
            {jobs.map((job) => {
              const actionable = job.state === 'created' || job.state === 'retry' || job.state === 'failed'
              return (
                <li
                  key={job.id}
                  className="flex flex-wrap items-start justify-between gap-3 py-3"
                  data-mail-id={job.id}
                >
                  <div className="grid min-w-0 gap-0.5 text-sm">
                    <span className="font-medium break-words">{job.subject}</span>
                    <span className="text-muted-foreground break-all">To {job.to}</span>
                    <span className="text-muted-foreground">
                      Queued {when(job.createdAt)} · attempts {job.attempts} of {job.maxAttempts}
                      {job.nextAttemptAt ? ` · next attempt ${when(job.nextAttemptAt)}` : ''}
                      {job.finishedAt && job.state !== 'created'
                        ? ` · ${mailStateLabel(job.state).toLowerCase()} ${when(job.finishedAt)}`
                        : ''}
                    </span>
                    {job.lastError && <span className="text-destructive">Last error: {job.lastError}</span>}
                  </div>
                  <div className="flex items-center gap-2">
                    <Badge variant={job.state === 'failed' ? 'destructive' : 'secondary'}>
                      {mailStateLabel(job.state)}
                    </Badge>
                    {actionable && (
                      <fetcher.Form method="post" className="flex gap-2">
                        <input type="hidden" name="id" value={job.id} />
                        <Button
                          type="submit"
                          name="intent"
                          value="retry"
                          size="sm"
                          disabled={busy}
                          aria-label={`Retry now: ${job.subject} to ${job.to}`}
                        >
                          Retry now
                        </Button>
                        <Button
                          type="submit"
                          name="intent"
                          value="discard"
                          size="sm"
                          variant="outline"
                          disabled={busy}
                          aria-label={`Discard: ${job.subject} to ${job.to}`}
                        >
                          Discard
                        </Button>
                      </fetcher.Form>
                    )}
                  </div>
                </li>
              )
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}

function ScheduledJobCard({ job }: { job: ScheduledJob }) {
  return (
    <li className="grid gap-2 rounded-xl border bg-card p-5 shadow-sm" data-job={job.queue}>
      <h3 className="font-semibold">{job.label}</h3>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted-foreground">Schedule</dt>
        <dd>{job.schedule ? `${job.schedule.cron} (${job.schedule.timeZone})` : 'not scheduled on this database'}</dd>
        <dt className="text-muted-foreground">Last run</dt>
        <dd>{job.lastRun ? `${when(job.lastRun.at)}${resultOf(job.lastRun.output)}` : 'not yet'}</dd>
        <dt className="text-muted-foreground">Waiting</dt>
        <dd>{job.waiting}</dd>
        <dt className="text-muted-foreground">Failed</dt>
        <dd>{job.failed}</dd>
        {job.lastFailure && (
          <>
            <dt className="text-muted-foreground">Last failure</dt>
            <dd className="text-destructive">
              {when(job.lastFailure.at)}
              {job.lastFailure.error ? `: ${job.lastFailure.error}` : ''}
            </dd>
          </>
        )}
      </dl>
    </li>
  )
}

const deletedLabels: Record<string, string> = {
  consultationRequests: 'consultation requests',
  contactMessages: 'contact messages',
  consentRecords: 'consent records',
  sessions: 'sessions',
  mailFiles: 'mail files',
}

/** A run's result in words: what the retention job deleted. */
function resultOf(output: unknown): string {
  const backup = output as { file?: unknown; bytes?: unknown } | null
  if (typeof backup?.file === 'string') {
    return ` — ${backup.file}${typeof backup.bytes === 'number' ? ` (${bytes(backup.bytes)})` : ''}`
  }
  const deleted = (output as { deleted?: Record<string, number> } | null)?.deleted
  if (!deleted) return ''
  const parts = Object.entries(deleted).map(([kind, n]) => `${n} ${deletedLabels[kind] ?? kind}`)
  return ` — deleted ${parts.join(', ')}`
}

function Facts({ title, rows }: { title: string; rows: Array<[string, string]> }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h3>{title}</h3>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="break-words">{value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  )
}
