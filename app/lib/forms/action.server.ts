import {
  MaxFileSizeExceededError,
  MaxFilesExceededError,
  MaxTotalSizeExceededError,
  parseFormData,
} from '@remix-run/form-data-parser'
import { data } from 'react-router'
import type { z } from 'zod'
import { type ActionResult, fieldErrors } from './result'

/**
 * The server half of the form layer: how a page action reads its body, checks it with the form's
 * schema and answers. A body that is not a form (JSON, text, none, broken multipart) or a method
 * other than POST is refused with 415, 405 or 400 and a message, never answered with a 500.
 */

const formContentTypes = ['application/x-www-form-urlencoded', 'multipart/form-data']

const statusTexts: Record<number, string> = {
  400: 'Bad Request',
  405: 'Method Not Allowed',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
}

/** What a refusal carries: the ActionResult shape, so a page that shows it needs nothing else. */
function refusal(status: number, message: string, headers?: HeadersInit) {
  return data<ActionResult>({ ok: false, message }, { status, statusText: statusTexts[status], headers })
}

/**
 * What a form may carry, checked while its body streams in (docs/support.md#attachments): a file
 * over 10 MB, or a sixth file, stops the reading at once, before the rest of the body is taken in.
 * The host already holds the whole body to its own limit (25 MB for the ticket pages, less elsewhere).
 */
export const uploadLimits = {
  fileBytes: 10 * 1024 * 1024,
  files: 5,
  /** Every part together: the ticket pages' body limit (server/http), so the host's answer comes first. */
  totalBytes: 25 * 1024 * 1024 + 256 * 1024,
} as const

/** How much of a body's start is kept to give the fields back when a file is refused (text fields come first). */
const keptPrefixBytes = 512 * 1024

type UploadRefusal = {
  ok: false
  message: string
  fieldErrors: Record<string, string[]>
  values: Record<string, string>
}
const uploadRefusals = new WeakSet<object>()

/**
 * A form refused for its files (too large, too many): the form's own answer, with the message beside
 * the file field and the text fields read before the refused file, so the page keeps them.
 * `intentAction` answers it to the form (it is not an error page).
 */
export function isUploadRefusal(value: unknown): value is ReturnType<typeof data<UploadRefusal>> {
  return typeof value === 'object' && value !== null && uploadRefusals.has(value)
}

/** The part being read: its field and, for a file, its name (from its header). */
type PartHeader = { field: string | undefined; fileName: string | undefined }

/** The boundary of a multipart body, from its Content-Type. */
function boundaryOf(contentType: string): string | undefined {
  const found = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType)
  return found ? (found[1] ?? found[2]) : undefined
}

/**
 * Watches the body as the parser pulls it: keeps its start (to give the text fields back), notes
 * each part's header as it begins, and stops the body at the header of a file beyond `maxFiles`
 * (the parser would otherwise only count that file once it had read it whole). A file's content
 * never holds the boundary (that is what a boundary is), so every boundary starts a part.
 */
function watching(request: Request, boundary: string) {
  const chunks: Uint8Array[] = []
  let kept = 0
  let files = 0
  // Where each part began in the body: the watcher reads ahead of the parser, so the part the parser
  // refused is found by its size, not as the last one seen.
  const parts: (PartHeader & { at: number })[] = []
  let seen = 0
  const marker = Buffer.from(`--${boundary}`)
  const headerRoom = 8 * 1024
  // Bytes not yet searched for a boundary; `atStart`: the body's first boundary has no line end before it.
  let pending: Buffer = Buffer.alloc(0)
  let base = 0
  let atStart = true
  const keepFrom = (at: number) => {
    pending = pending.subarray(at)
    base += at
  }
  const scan = (chunk: Uint8Array, controller: TransformStreamDefaultController<Uint8Array>) => {
    seen += chunk.length
    pending = pending.length ? Buffer.concat([pending, chunk]) : Buffer.from(chunk)
    let from = 0
    for (;;) {
      const at = pending.indexOf(marker, from)
      if (at < 0) break
      const lineStart = atStart ? at === 0 : at >= 2 && pending[at - 2] === 13 && pending[at - 1] === 10
      const end = pending.indexOf('\r\n\r\n', at)
      if (lineStart && end < 0 && pending.length - at < headerRoom) {
        // The header is not all here yet: search again from its line end when the next chunk comes.
        keepFrom(atStart ? at : at - 2)
        return
      }
      if (lineStart) {
        atStart = false
        const header = pending.subarray(at, end < 0 ? at + headerRoom : end).toString('utf8')
        const disposition = /content-disposition:[^\r\n]*/i.exec(header)?.[0] ?? ''
        const part = {
          at: base + at,
          field: /\bname="([^"]*)"/i.exec(disposition)?.[1],
          fileName: /\bfilename="([^"]*)"/i.exec(disposition)?.[1],
        }
        parts.push(part)
        if (part.fileName !== undefined && ++files > uploadLimits.files) {
          controller.error(new MaxFilesExceededError(uploadLimits.files))
          return
        }
      }
      from = at + marker.length
    }
    // Keep what could be the start of a boundary cut by the chunk's end.
    keepFrom(Math.max(from, pending.length - marker.length - 2))
  }
  /** The part the parser refused: the first one larger than a file may be, else the last one begun. */
  const refusedPart = (): PartHeader => {
    const large = parts.findIndex((part, i) => (parts[i + 1]?.at ?? seen) - part.at > uploadLimits.fileBytes)
    return parts[large] ?? parts.at(-1) ?? { field: undefined, fileName: undefined }
  }
  const source = request.body
  // Once the form is refused, the rest of the body only passes through, to be thrown away.
  let discarding = false
  const transform = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      if (discarding) return
      if (kept < keptPrefixBytes) {
        const part = chunk.subarray(0, keptPrefixBytes - kept)
        chunks.push(part.slice())
        kept += part.length
      }
      scan(chunk, controller)
      controller.enqueue(chunk)
    },
  })
  // preventCancel: stopping the parse must not close the connection under the answer.
  const piped = source?.pipeTo(transform.writable, { preventCancel: true }).catch(() => undefined)
  const watched = new Request(request.url, {
    method: request.method,
    headers: request.headers,
    body: source ? transform.readable : null,
    duplex: 'half',
  } as RequestInit)
  /**
   * After a refusal, once the answer is on its way: reads the rest of the body and throws it away
   * (the host holds it to its body limit), so the connection stays usable for the browser's next
   * request instead of being cut while it still sends.
   */
  const discardRest = () => {
    discarding = true
    setImmediate(() => {
      void (async () => {
        await readToEnd(watched.body)
        await piped
        if (source && !source.locked) await readToEnd(source)
      })()
    })
  }
  return { request: watched, start: () => Buffer.concat(chunks), refusedPart, discardRest }
}

/** Reads a stream to its end, keeping nothing; a stream already locked or failed is left as it is. */
async function readToEnd(stream: ReadableStream<Uint8Array> | null): Promise<void> {
  if (!stream || stream.locked) return
  const reader = stream.getReader()
  try {
    for (;;) {
      const { done } = await reader.read()
      if (done) return
    }
  } catch {
    // failed (the host's body limit, a lost connection): nothing more to read
  } finally {
    reader.releaseLock()
  }
}

/** The text fields of the parts complete in the kept start of the body, before the refused one. */
async function fieldsBefore(start: Buffer, contentType: string, boundary: string): Promise<Record<string, string>> {
  const last = start.lastIndexOf(`\r\n--${boundary}`)
  if (last < 0) return {}
  const complete = Buffer.concat([start.subarray(0, last), Buffer.from(`\r\n--${boundary}--\r\n`)])
  try {
    const form = await parseFormData(
      new Request('http://form.invalid/', { method: 'POST', headers: { 'content-type': contentType }, body: complete }),
      { maxFiles: Number.MAX_SAFE_INTEGER, maxFileSize: keptPrefixBytes },
      () => null,
    )
    return formValues(form)
  } catch {
    return {}
  }
}

/** The words for a refused upload, by the limit it passed; undefined for any other failure. */
function uploadRefusalOf(
  error: unknown,
  fileName: string | undefined,
): { status: number; message: string } | undefined {
  const name = fileName ? fileName.split(/[\\/]/).pop() : undefined
  if (error instanceof MaxFileSizeExceededError) {
    return { status: 413, message: name ? `${name} is larger than 10 MB.` : 'A file is larger than 10 MB.' }
  }
  if (error instanceof MaxFilesExceededError) {
    return { status: 413, message: `Attach at most ${uploadLimits.files} files to one message.` }
  }
  if (error instanceof MaxTotalSizeExceededError) {
    return { status: 413, message: 'The files of one message may add up to 25 MB.' }
  }
  return undefined
}

/** Page actions take POST only (React Router runs them for PUT, PATCH and DELETE too): throws a 405 otherwise. */
export function requirePost(request: Request): void {
  if (request.method !== 'POST') {
    throw refusal(405, 'This page takes its forms by POST only.', { Allow: 'POST' })
  }
}

/**
 * The request's body as a form. Throws the answer (405, 415, 400) when it is not one, and a 413 the
 * form shows when its files pass `uploadLimits` while they stream in
 * (`isUploadRefusal`): the rest of the body is then never read, and nothing is stored.
 */
export async function readForm(request: Request): Promise<FormData> {
  requirePost(request)
  const contentType = request.headers.get('content-type') ?? ''
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? ''
  if (!formContentTypes.includes(type)) {
    throw refusal(415, 'Send this page a form (application/x-www-form-urlencoded or multipart/form-data).')
  }
  const boundary = type === 'multipart/form-data' ? boundaryOf(contentType) : undefined
  const reading = boundary ? watching(request, boundary) : undefined
  try {
    return await parseFormData(reading?.request ?? request, {
      maxFileSize: uploadLimits.fileBytes,
      maxFiles: uploadLimits.files,
      maxTotalSize: uploadLimits.totalBytes,
    })
  } catch (error) {
    const part = reading?.refusedPart()
    const refused = uploadRefusalOf(error, part?.fileName)
    if (!refused || !reading || !boundary) {
      throw refusal(400, 'The form could not be read. Reload the page and try again.')
    }
    // Nothing more of the body is parsed or kept; what is left is thrown away after the answer.
    reading.discardRest()
    const answer = data<UploadRefusal>(
      {
        ok: false,
        message: refused.message,
        fieldErrors: { [part?.field ?? 'attachments']: [refused.message] },
        values: await fieldsBefore(reading.start(), contentType, boundary),
      },
      { status: refused.status, statusText: statusTexts[refused.status] },
    )
    uploadRefusals.add(answer)
    throw answer
  }
}

/** The text fields of a form by name: the first value of each (files are not text and are left out). */
export function formValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {}
  for (const [name, value] of form) {
    if (typeof value === 'string' && !(name in values)) values[name] = value
  }
  return values
}

export type Checked<T> = { ok: true; data: T } | { ok: false; result: ActionResult & { ok: false } }

/**
 * Checks the values with the form's schema. On failure: the field errors, and the values as typed
 * so the form comes back filled in, less the fields named in `secret` (passwords are never sent back).
 */
export function checkForm<S extends z.ZodType>(
  schema: S,
  values: Record<string, string>,
  options: { message?: string; secret?: readonly string[] } = {},
): Checked<z.output<S>> {
  const parsed = schema.safeParse(values)
  if (parsed.success) return { ok: true, data: parsed.data }
  const kept = Object.fromEntries(Object.entries(values).filter(([name]) => !options.secret?.includes(name)))
  return {
    ok: false,
    result: {
      ok: false,
      message: options.message ?? 'Check the highlighted fields.',
      fieldErrors: fieldErrors(parsed.error),
      values: kept,
    },
  }
}

/** Reads the body and checks it in one step, for an action with one form. */
export async function parseForm<S extends z.ZodType>(
  request: Request,
  schema: S,
  options?: { message?: string; secret?: readonly string[] },
): Promise<Checked<z.output<S>>> {
  return checkForm(schema, formValues(await readForm(request)), options)
}

/** An action's answer: 200 when it went through, otherwise `status` (400 unless given). */
export function reply<T extends ActionResult>(result: T, init: { status?: number; headers?: HeadersInit } = {}) {
  return data(result, { status: init.status ?? (result.ok ? 200 : 400), headers: init.headers })
}
