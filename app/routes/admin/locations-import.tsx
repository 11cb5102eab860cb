import { ArrowLeftIcon, DownloadIcon, UploadIcon } from 'lucide-react'
import { useState } from 'react'
import { Form, Link, useNavigation } from 'react-router'
import { business } from '~/content/business'
import { appContext } from '~/context.server'
import { guardedUser } from '~/features/accounts/guards.server'
import { locationCsvColumns } from '~/features/locations/schema'
import { DomainError } from '~/lib/domain-error'
import { intentAction } from '~/lib/forms/intent-action.server'
import { pageMeta } from '~/lib/seo'
import { toast } from '~/lib/toast'
import { Badge } from '~/ui/badge'
import { Button } from '~/ui/button'
import { Field, FormMessage } from '~/ui/field'
import { Input } from '~/ui/input'
import {
  applyImport,
  dryRunImport,
  IMPORT_BODY_LIMIT_BYTES,
  type ImportProgress,
  type ImportReport,
  importRowLimit,
  readImportForm,
} from '../../../server/locations/import.server.ts'
import type { Route } from './+types/locations-import'

// /admin/locations/import: a CSV file of town pages, checked first (what each row would do), then
// applied in one transaction. With JavaScript the page sends the file to ./import/run and shows its
// progress; without, this page's action answers with the same report.

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Import town pages',
    description: `Create and update ${business.name} town pages from a CSV file.`,
    path: '/admin/locations/import',
    matches,
    noindex: true,
  })

export function loader() {
  return { rowLimit: importRowLimit, sizeLimit: IMPORT_BODY_LIMIT_BYTES, columns: [...locationCsvColumns] }
}

type Outcome = { report: ImportReport; csv: string } | { error: string }

const megabytes = (bytes: number) =>
  `${(bytes / (1024 * 1024)).toLocaleString('en-US', { maximumFractionDigits: 1 })} MB`

/** The server's answer to a file over the limit (server/http/app.server.ts), said before sending it. */
const tooLargeMessage = (size: number, limit: number) =>
  `The file is too large (${megabytes(size)}): a town pages import takes at most ${megabytes(limit)} per file. Split it into smaller files and import them one after the other.`

export const action = intentAction({
  import: {
    run: async (ctx) => {
      const request = await readImportForm(ctx.form)
      if (typeof request === 'string') throw new DomainError('invalid', request)
      const admin = guardedUser(ctx.context)
      const { database } = ctx.context.get(appContext)
      const report =
        request.mode === 'apply'
          ? await applyImport(database.db, { userId: admin.userId, email: admin.email }, request.csv)
          : await dryRunImport(database.db, request.csv)
      if (!report.ok) throw new DomainError('invalid', report.fileError ?? 'The file could not be read as CSV.')
      return { report, csv: request.csv }
    },
    done: (outcome) => outcome,
    outage: 'The import failed and nothing was written: the database did not answer. Try again in a minute.',
  },
})

/** Sends the form to the streaming endpoint and reads its JSON lines as they come. */
async function runWithProgress(form: FormData, onProgress: (p: ImportProgress) => void): Promise<Outcome> {
  const response = await fetch('/admin/locations/import/run', { method: 'POST', body: form })
  if (!response.ok || !response.body) {
    const body = (await response.json().catch(() => null)) as { error?: string } | null
    return { error: body?.error ?? 'The server refused the file. Reload the page and try again.' }
  }
  const csv = form.get('csv')
  const file = form.get('file')
  const text = typeof csv === 'string' && csv ? csv : file instanceof File ? await file.text() : ''
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
  let buffer = ''
  let outcome: Outcome = { error: 'The import stopped before it finished. Check the list, then try again.' }
  for (;;) {
    const { value, done } = await reader.read()
    if (done) break
    buffer += value
    const lines = buffer.split('\n')
    buffer = lines.pop() ?? ''
    for (const line of lines) {
      if (!line) continue
      const message = JSON.parse(line) as { progress?: ImportProgress; report?: ImportReport; error?: string }
      if (message.progress) onProgress(message.progress)
      if (message.report) outcome = { report: message.report, csv: text }
      if (message.error) outcome = { error: message.error }
    }
  }
  return outcome
}

export default function LocationsImport({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation()
  const [outcome, setOutcome] = useState<Outcome | undefined>(undefined)
  const [progress, setProgress] = useState<ImportProgress | null>(null)
  const [running, setRunning] = useState(false)
  // Without JavaScript the page's own action answered.
  const answered: Outcome | undefined = actionData?.ok
    ? actionData.report && { report: actionData.report, csv: actionData.csv ?? '' }
    : actionData && { error: actionData.message }
  const shown = outcome ?? answered
  const busy = running || navigation.state === 'submitting'

  /** With JavaScript: the same form, sent to the streaming endpoint for progress. */
  const enhance = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null
    const form = new FormData(event.currentTarget, submitter)
    const file = form.get('file')
    // A file the server would refuse is not sent (the server still checks: without JavaScript it answers 413).
    if (file instanceof File && file.size > loaderData.sizeLimit) {
      setOutcome({ error: tooLargeMessage(file.size, loaderData.sizeLimit) })
      return
    }
    setRunning(true)
    setProgress(null)
    try {
      const next = await runWithProgress(form, setProgress)
      setOutcome(next)
      if ('report' in next && next.report.applied) {
        const { create, update } = next.report.counts
        toast({ title: 'Imported', description: `${create} created, ${update} updated.`, variant: 'success' })
      }
    } catch {
      setOutcome({ error: 'The connection was lost. Check the list of town pages, then try again.' })
    } finally {
      setRunning(false)
    }
  }

  return (
    <div className="mx-auto grid max-w-5xl gap-6 px-6 py-10">
      <p>
        <Link
          to="/admin/locations"
          className="inline-flex min-h-11 items-center gap-2 font-medium text-primary text-sm underline-offset-4 hover:underline"
        >
          <ArrowLeftIcon className="size-4" aria-hidden="true" />
          All town pages
        </Link>
      </p>
      <div className="grid gap-2">
        <h1 className="font-bold text-3xl tracking-tight">Import town pages</h1>
        <p className="max-w-3xl text-muted-foreground text-sm">
          A CSV file with a header row, one town per row, matched to existing pages by slug: a new slug creates a page,
          a known one updates it. A column you leave out keeps what the page has; an empty cell clears it (the page then
          uses its fallback text). First you see what each row would do; nothing is written until you apply. Up to{' '}
          {loaderData.rowLimit.toLocaleString('en-US')} rows and {megabytes(loaderData.sizeLimit)} per file; a large
          file shows its progress as it is checked and written.
        </p>
        <p className="text-sm">
          Columns: <code className="text-xs">{loaderData.columns.join(', ')}</code>.{' '}
          <a
            href="/admin/locations/sample.csv"
            download
            className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline"
          >
            <DownloadIcon className="size-4" aria-hidden="true" />
            Download the sample CSV
          </a>
        </p>
      </div>

      <Form method="post" encType="multipart/form-data" onSubmit={enhance} className="grid gap-4">
        <input type="hidden" name="mode" value="check" />
        <Field label="CSV file" required hint="Exported from a spreadsheet as CSV (UTF-8).">
          <Input name="file" type="file" accept=".csv,text/csv" />
        </Field>
        <div>
          <Button type="submit" size="lg" disabled={busy}>
            <UploadIcon aria-hidden="true" />
            Check the file
          </Button>
        </div>
      </Form>

      {busy && (
        <div role="status" className="grid gap-2">
          <p className="text-sm">
            {progress
              ? `${progress.phase === 'check' ? 'Checking' : 'Writing'} row ${progress.done.toLocaleString('en-US')} of ${progress.total.toLocaleString('en-US')}…`
              : 'Sending the file…'}
          </p>
          <progress
            className="h-2 w-full"
            aria-label="Import progress"
            max={progress?.total || 1}
            value={progress?.done ?? 0}
          />
        </div>
      )}

      {shown && !busy && <Outcome outcome={shown} enhance={enhance} />}
    </div>
  )
}

const actionLabels: Record<ImportReport['rows'][number]['action'], string> = {
  create: 'Create',
  update: 'Update',
  unchanged: 'No change',
  reject: 'Rejected',
}

function Outcome({
  outcome,
  enhance,
}: {
  outcome: Outcome
  enhance: (event: React.FormEvent<HTMLFormElement>) => void
}) {
  if ('error' in outcome) return <FormMessage tone="error">{outcome.error}</FormMessage>
  const { report, csv } = outcome
  if (!report.ok) return <FormMessage tone="error">{report.fileError}</FormMessage>
  const { create, update, unchanged, reject } = report.counts
  const writes = create + update
  return (
    <section aria-labelledby="report-title" className="grid gap-4">
      <h2 id="report-title" className="font-semibold text-xl">
        {report.applied ? 'Imported' : 'What the import would do'}
      </h2>
      <p role="status">
        {report.applied
          ? `${create} created, ${update} updated, ${unchanged} unchanged, ${reject} rejected (not imported).`
          : `${create} to create, ${update} to update, ${unchanged} unchanged, ${reject} rejected.`}
      </p>
      {!report.applied && (
        <Form
          method="post"
          encType="multipart/form-data"
          onSubmit={enhance}
          className="flex flex-wrap items-center gap-3"
        >
          <input type="hidden" name="mode" value="apply" />
          <input type="hidden" name="csv" value={csv} />
          <Button type="submit" size="lg" disabled={writes === 0}>
            Apply {writes} {writes === 1 ? 'change' : 'changes'}
          </Button>
          <span className="text-muted-foreground text-sm">
            {writes === 0
              ? 'Nothing to write: fix the rejected rows and check the file again.'
              : reject > 0
                ? 'Rejected rows are left out; fix them and import them later.'
                : 'All in one go: if anything fails, nothing is written.'}
          </span>
        </Form>
      )}
      <div className="overflow-x-auto rounded-xl border bg-card shadow-sm">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Each row of the file and what happens to it</caption>
          <thead className="border-b bg-muted/50">
            <tr>
              <th scope="col" className="px-4 py-3 font-semibold">
                Row
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Town
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Result
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Details
              </th>
            </tr>
          </thead>
          <tbody>
            {report.rows.map((row) => (
              <tr key={row.line} className="border-b align-top last:border-0">
                <th scope="row" className="px-4 py-3 font-medium">
                  {row.line}
                </th>
                <td className="px-4 py-3">
                  {row.town || '—'}
                  <span className="block text-muted-foreground text-xs">{row.slug ? `/${row.slug}` : 'no slug'}</span>
                </td>
                <td className="px-4 py-3">
                  <Badge
                    variant={
                      row.action === 'reject' ? 'destructive' : row.action === 'unchanged' ? 'outline' : 'success'
                    }
                  >
                    {actionLabels[row.action]}
                  </Badge>
                </td>
                <td className="px-4 py-3">
                  {row.action === 'update' ? (
                    `Changes ${row.notes.join(', ')}`
                  ) : row.notes.length > 0 ? (
                    <ul className="grid gap-1">
                      {row.notes.map((note) => (
                        <li key={note}>{note}</li>
                      ))}
                    </ul>
                  ) : (
                    ''
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  )
}
