import { parentPort } from 'node:worker_threads'
import { printedBillingDocument } from '../../../app/features/billing/printed.ts'
import { renderContractPdf } from '../../contracts/pdf/contract-document.server.tsx'
import { PrintedDocumentPdf } from './parts.server.tsx'
import { renderPdf } from './render.server.ts'
import type { PdfJob, PdfWorkerReply, PdfWorkerRequest } from './renderer.server.ts'

/**
 * The PDF thread (docs/decisions/ for why): react-pdf, its fonts, layout objects and yoga's
 * WebAssembly memory live in this thread's heap only, and go back to the system when the thread
 * exits after an idle spell (./renderer.server.ts starts and stops it). It renders one job at a time,
 * as the main thread sends them, and answers with the file's bytes or the error, which the main thread
 * throws to the caller.
 */

const port = parentPort
if (!port) throw new Error('pdf-worker.server.tsx runs only as a worker thread (./renderer.server.ts starts it)')

function renderJob(job: PdfJob): Promise<Buffer> {
  if (job.kind === 'contract') return renderContractPdf(job.input)
  return renderPdf(<PrintedDocumentPdf doc={printedBillingDocument(job.input)} />)
}

port.on('message', async ({ id, job }: PdfWorkerRequest) => {
  let reply: PdfWorkerReply
  try {
    // Copied across (tens of kB; Node's Buffers cannot be moved to another thread).
    port.postMessage({ id, pdf: await renderJob(job) } satisfies PdfWorkerReply)
    return
  } catch (error) {
    reply = { id, error }
  }
  try {
    port.postMessage(reply)
  } catch {
    // An error object that cannot be copied across threads: its message still can.
    const error = reply.error as { message?: unknown } | undefined
    port.postMessage({ id, error: new Error(String(error?.message ?? error)) } satisfies PdfWorkerReply)
  }
})

port.postMessage({ ready: true } satisfies PdfWorkerReply)
