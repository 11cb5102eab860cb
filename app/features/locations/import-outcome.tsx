import { Form } from 'react-router'
import { Badge } from '~/ui/badge'
import { Button } from '~/ui/button'
import { FormMessage } from '~/ui/field'
import type { ImportProgress, ImportReport } from '../../../server/locations/import.server.ts'

// The town pages import's outcome (/admin/locations/import): the report of each row with Apply, or
// why nothing could be done; and, with JavaScript, the file sent to the streaming endpoint for progress.

/** A checked or applied file (with its text, to apply it next), or why it could not be. */
export type ImportOutcome = { report: ImportReport; csv: string } | { error: string }

/** Sends the form to the streaming endpoint and reads its JSON lines as they come. */
export async function runWithProgress(form: FormData, onProgress: (p: ImportProgress) => void): Promise<ImportOutcome> {
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
  let outcome: ImportOutcome = { error: 'The import stopped before it finished. Check the list, then try again.' }
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

const actionLabels: Record<ImportReport['rows'][number]['action'], string> = {
  create: 'Create',
  update: 'Update',
  unchanged: 'No change',
  reject: 'Rejected',
}

export function OutcomeReport({
  outcome,
  enhance,
}: {
  outcome: ImportOutcome
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
