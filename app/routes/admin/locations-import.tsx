import { ArrowLeftIcon, DownloadIcon, UploadIcon } from 'lucide-react'
import { useState } from 'react'
import { Form, Link, useNavigation } from 'react-router'
import { business } from '~/content/business'
import { appContext } from '~/context.server'
import { guardedUser } from '~/features/accounts/guards.server'
import { type ImportOutcome, OutcomeReport, runWithProgress } from '~/features/locations/import-outcome'
import { locationCsvColumns } from '~/features/locations/schema'
import { DomainError } from '~/lib/domain-error'
import { intentAction } from '~/lib/forms/intent-action.server'
import { pageMeta } from '~/lib/seo'
import { toast } from '~/lib/toast'
import { Button } from '~/ui/button'
import { Field } from '~/ui/field'
import { Input } from '~/ui/input'
import {
  applyImport,
  dryRunImport,
  IMPORT_BODY_LIMIT_BYTES,
  type ImportProgress,
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

export default function LocationsImport({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation()
  const [outcome, setOutcome] = useState<ImportOutcome | undefined>(undefined)
  const [progress, setProgress] = useState<ImportProgress | null>(null)
  const [running, setRunning] = useState(false)
  // Without JavaScript the page's own action answered.
  const answered: ImportOutcome | undefined = actionData?.ok
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

      {shown && !busy && <OutcomeReport outcome={shown} enhance={enhance} />}
    </div>
  )
}
