import { data } from 'react-router'
import { appContext } from '~/context.server'
import { guardedUser } from '~/features/accounts/guards.server'
import { DomainError } from '~/lib/domain-error'
import { readForm } from '~/lib/forms/action.server'
import { isDatabaseUnavailable, summarizeError } from '../../../server/db/client.server.ts'
import { applyImport, dryRunImport, readImportForm } from '../../../server/locations/import.server.ts'
import type { Route } from './+types/locations-import-run'

// POST /admin/locations/import/run: the import page's check or apply, answered as a stream of JSON
// lines so the page can show progress on a large file: {"progress":{…}} as rows are checked and
// written, then one {"report":{…}} (or {"error":"…"}). Without JavaScript the page posts to its own
// action instead and gets the same report at the end.

const importOutage = 'The import failed and nothing was written: the database did not answer. Try again in a minute.'
const importFailed = 'The import failed on our side and nothing was written. Try again; if it fails again, tell us.'

export async function loader() {
  throw data({ error: 'Use the import page: it sends the file here.' }, { status: 405, headers: { Allow: 'POST' } })
}

export async function action(args: Route.ActionArgs) {
  const admin = guardedUser(args.context)
  const { database, log } = args.context.get(appContext)
  const request = await readImportForm(await readForm(args.request))
  if (typeof request === 'string') throw new DomainError('invalid', request)
  const encoder = new TextEncoder()
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (line: unknown) => controller.enqueue(encoder.encode(`${JSON.stringify(line)}\n`))
      try {
        const onProgress = (progress: unknown) => send({ progress })
        const report =
          request.mode === 'apply'
            ? await applyImport(database.db, { userId: admin.userId, email: admin.email }, request.csv, onProgress)
            : await dryRunImport(database.db, request.csv, onProgress)
        send({ report })
      } catch (error) {
        // The answer has begun (200 and its progress lines): the failure is its last line.
        if (isDatabaseUnavailable(error)) {
          log.warn({ err: summarizeError(error) }, 'town page import failed: database unavailable')
          send({ error: importOutage })
        } else {
          log.error({ err: error }, 'town page import failed')
          send({ error: importFailed })
        }
      }
      controller.close()
    },
  })
  return new Response(stream, {
    headers: {
      'Content-Type': 'application/x-ndjson; charset=utf-8',
      // no-transform: a proxy that compressed the stream would hold the progress lines back.
      'Cache-Control': 'private, no-store, no-transform',
      'X-Content-Type-Options': 'nosniff',
    },
  })
}
