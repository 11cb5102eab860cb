import type { useFetcher } from 'react-router'
import { BACKUP_STALE_HOURS, backupTriggerLabels } from '~/features/operations'
import type { ActionResult } from '~/lib/forms/result'
import { businessTimeZone } from '~/lib/time-zone'
import { Badge } from '~/ui/badge'
import { Button } from '~/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/ui/card'
import { FormMessage } from '~/ui/field'
import type { MailJob, ScheduledJob, SyncStatus } from '../../../server/operations/sync-status.server'
import { mailStateLabel } from './mail-states'

// The panels of the sync-status page (app/routes/admin/sync-status.tsx), in its order.

type MailFetcher = ReturnType<typeof useFetcher<ActionResult>>

const timeFormat = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'medium',
  timeZone: businessTimeZone,
})
export const when = (iso: string | null | undefined) => (iso ? timeFormat.format(new Date(iso)) : '—')

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

/** What needs someone now: outgoing mail failing, backups stale or their disk nearly full. */
export function SyncAlerts({ transport, backups }: Pick<SyncStatus, 'transport' | 'backups'>) {
  return (
    <>
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
    </>
  )
}

/** The outbox's counts and its three lists, with retry and discard on the rows that can take them. */
export function MailOutbox({ mail, fetcher: act }: { mail: SyncStatus['mail']; fetcher: MailFetcher }) {
  return (
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
  )
}

export function ScheduledJobs({ jobs }: { jobs: ScheduledJob[] }) {
  return (
    <section aria-labelledby="jobs-title" className="grid gap-4">
      <h2 id="jobs-title" className="font-semibold text-xl">
        Scheduled jobs
      </h2>
      <ul className="grid gap-3 md:grid-cols-2">
        {jobs.map((job) => (
          <ScheduledJobCard key={job.queue} job={job} />
        ))}
      </ul>
    </section>
  )
}

/** The last good backup and the backup disk (docs/backups.md); nothing without BACKUP_DIR. */
export function Backups({ backups }: Pick<SyncStatus, 'backups'>) {
  return (
    <>
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
    </>
  )
}

/** The database, the mail transport and this server. */
export function SystemFacts({ status }: { status: Pick<SyncStatus, 'database' | 'transport' | 'server'> }) {
  const { transport } = status
  return (
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
  fetcher: MailFetcher
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
