import { data } from 'react-router'
import type { IncomingAttachment } from '../../../server/support/attachments.server.ts'

/**
 * Files in and out of the ticket pages. The request's body is already held to the upload limit while
 * it streams in (server/http: 25 MB a message for the ticket pages), and each file to 10 MB and five
 * files by `readForm` as it parses; each file's type is the service's (checkAttachments).
 */

/** The files chosen in a form's `attachments` input (an empty input sends one nameless empty part). */
export async function formFiles(form: FormData, name = 'attachments'): Promise<IncomingAttachment[]> {
  const files = form.getAll(name).filter((value): value is File => typeof value !== 'string')
  const chosen = files.filter((file) => file.size > 0 || file.name !== '')
  return Promise.all(
    chosen.map(async (file) => ({ fileName: file.name, content: Buffer.from(await file.arrayBuffer()) })),
  )
}

/** `file.pdf` for a Content-Disposition header: ASCII fallback and the UTF-8 name (RFC 6266). */
function dispositionOf(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_')
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`
}

/**
 * An attachment as a download: always `attachment` (a browser never opens it as a page of ours),
 * its sniffed type with nosniff, never stored by a cache. Images still show in the thread's <img>.
 */
export function attachmentResponse(file: { fileName: string; contentType: string; size: number; content: Buffer }) {
  return new Response(new Uint8Array(file.content), {
    headers: {
      'Content-Type': file.contentType === 'text/plain' ? 'text/plain; charset=utf-8' : file.contentType,
      'Content-Length': String(file.size),
      'Content-Disposition': dispositionOf(file.fileName),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'no-store',
      'Content-Security-Policy': "default-src 'none'; sandbox",
    },
  })
}

export function attachmentNotFound() {
  return data({ error: 'There is no file at this address.' }, { status: 404 })
}
