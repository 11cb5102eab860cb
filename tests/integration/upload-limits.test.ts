import { describe, expect, it } from 'vitest'
import { ticketLimits } from '../../app/features/support/catalogue'
import { formFiles } from '../../app/features/support/files.server'
import { isUploadRefusal, readForm, uploadLimits } from '../../app/lib/forms/action.server'
import { intentAction } from '../../app/lib/forms/intent-action.server'
import { waitFor } from './helpers/wait'

/**
 * The per-file limit while an upload streams in (docs/support.md#attachments): the one place forms
 * are read (`readForm`, under every `intentAction`) stops at a file over 10 MB or a sixth file, before
 * the rest of the body is pulled, and the form hears why with the fields it had sent.
 */

const boundary = '----upload-limits-test'
const chunkBytes = 64 * 1024

/** A piece of a multipart body: text, or `size` bytes of filler (made only when pulled). */
type Piece = string | { size: number }

const field = (name: string, value: string): Piece[] => [
  `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
]
const file = (name: string, size: number): Piece[] => [
  `--${boundary}\r\nContent-Disposition: form-data; name="attachments"; filename="${name}"\r\nContent-Type: text/plain\r\n\r\n`,
  { size },
  '\r\n',
]
const end: Piece[] = [`--${boundary}--\r\n`]

const sizeOf = (pieces: Piece[]) =>
  pieces.reduce((sum, piece) => sum + (typeof piece === 'string' ? Buffer.byteLength(piece) : piece.size), 0)

/** A request whose body is made as it is read, 64 KB a pull, counting what the reader pulled. */
function countedRequest(pieces: Piece[]) {
  let pulled = 0
  let index = 0
  let offset = 0
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        const out: Buffer[] = []
        let room = chunkBytes
        while (room > 0 && index < pieces.length) {
          const piece = pieces[index] as Piece
          const bytes = typeof piece === 'string' ? Buffer.from(piece) : undefined
          const size = bytes ? bytes.length : (piece as { size: number }).size
          const take = Math.min(room, size - offset)
          out.push(bytes ? bytes.subarray(offset, offset + take) : Buffer.alloc(take, 'a'))
          offset += take
          room -= take
          if (offset === size) {
            index++
            offset = 0
          }
        }
        if (out.length === 0) return controller.close()
        const chunk = Buffer.concat(out)
        pulled += chunk.length
        controller.enqueue(new Uint8Array(chunk))
      },
    },
    { highWaterMark: 0 },
  )
  const request = new Request('http://localhost/support/new', {
    method: 'POST',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    body,
    duplex: 'half',
  } as RequestInit)
  return { request, pulled: () => pulled, total: sizeOf(pieces) }
}

async function refusalOf(promise: Promise<unknown>) {
  const thrown = await promise.then(
    () => undefined,
    (error: unknown) => error,
  )
  if (!isUploadRefusal(thrown)) throw new Error(`expected an upload refusal, got ${String(thrown)}`)
  return thrown
}

const ticketFields = [
  ...field('intent', 'open'),
  ...field('subject', 'The printer does not print'),
  ...field('body', 'Since this morning, on the second floor.'),
  ...field('category', 'managed_it'),
  ...field('priority', 'high'),
]

describe('uploads read from a form', () => {
  it('has the ticket limits', () => {
    expect(uploadLimits.fileBytes).toBe(ticketLimits.attachmentBytes)
    expect(uploadLimits.files).toBe(ticketLimits.attachmentsPerMessage)
  })

  it('stops at a file of 10 MB and 1 byte before the rest of the body is read', async () => {
    const tooLarge = ticketLimits.attachmentBytes + 1
    const sent = countedRequest([
      ...ticketFields,
      ...file('spooler.log', tooLarge),
      // What follows would be read by a parser that takes the whole body first.
      ...file('second.log', 20 * 1024 * 1024),
      ...end,
    ])
    const refused = await refusalOf(readForm(sent.request))
    expect(refused.init?.status).toBe(413)
    expect(refused.data.message).toBe('spooler.log is larger than 10 MB.')
    expect(refused.data.fieldErrors).toEqual({ attachments: ['spooler.log is larger than 10 MB.'] })
    // The fields sent before the file come back, so the page keeps them.
    expect(refused.data.values).toEqual({
      intent: 'open',
      subject: 'The printer does not print',
      body: 'Since this morning, on the second floor.',
      category: 'managed_it',
      priority: 'high',
    })
    // Read: the fields and the file up to its limit, give or take the chunks in flight; not the 10 MB after it.
    const beforeFile = sizeOf(ticketFields) + 200
    expect(sent.pulled()).toBeGreaterThan(ticketLimits.attachmentBytes)
    expect(sent.pulled()).toBeLessThanOrEqual(beforeFile + ticketLimits.attachmentBytes + 3 * chunkBytes)
    expect(sent.total - sent.pulled()).toBeGreaterThan(20 * 1024 * 1024 - 3 * chunkBytes)
    // Afterwards the rest only passes through to be thrown away (the connection stays usable).
    await waitFor('the rest of the body thrown away', () => sent.pulled() === sent.total)
  })

  it('takes a file of exactly 10 MB', async () => {
    const sent = countedRequest([...ticketFields, ...file('photo.txt', ticketLimits.attachmentBytes), ...end])
    const form = await readForm(sent.request)
    expect(form.get('subject')).toBe('The printer does not print')
    const files = await formFiles(form)
    expect(files.map((f) => [f.fileName, f.content.length])).toEqual([['photo.txt', ticketLimits.attachmentBytes]])
    expect(sent.pulled()).toBe(sent.total)
  })

  it('stops at a sixth file before its content is read', async () => {
    const five = [1, 2, 3, 4, 5].flatMap((n) => file(`file-${n}.txt`, 1024))
    const sent = countedRequest([...ticketFields, ...five, ...file('sixth.txt', 8 * 1024 * 1024), ...end])
    const refused = await refusalOf(readForm(sent.request))
    expect(refused.init?.status).toBe(413)
    expect(refused.data.message).toBe('Attach at most 5 files to one message.')
    expect(refused.data.values.subject).toBe('The printer does not print')
    // The sixth file's header is where the reading stops: hardly any of its 8 MB was pulled.
    expect(sent.pulled()).toBeLessThan(sent.total - 8 * 1024 * 1024 + 3 * chunkBytes)
    await waitFor('the rest of the body thrown away', () => sent.pulled() === sent.total)
  })

  it('answers the form with the refusal and never runs the service', async () => {
    let ran = 0
    const action = intentAction({
      open: {
        run: () => {
          ran++
          return 'stored'
        },
        done: 'Stored.',
      },
      other: { run: () => 'no' },
    })
    const sent = countedRequest([...ticketFields, ...file('huge.zip', ticketLimits.attachmentBytes + 1), ...end])
    const answer = (await action({ request: sent.request, params: {}, context: {} as never })) as {
      data: Record<string, unknown>
      init: ResponseInit | null
    }
    expect(ran).toBe(0)
    expect(answer.init?.status).toBe(413)
    expect(answer.data).toMatchObject({
      ok: false,
      intent: 'open',
      message: 'huge.zip is larger than 10 MB.',
      fieldErrors: { attachments: ['huge.zip is larger than 10 MB.'] },
      values: { subject: 'The printer does not print' },
    })
  })

  it('still reads small forms and refuses a broken one with a 400', async () => {
    const form = await readForm(
      new Request('http://localhost/x', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'intent=open&subject=Hello',
      }),
    )
    expect(form.get('subject')).toBe('Hello')
    const broken = await readForm(
      new Request('http://localhost/x', {
        method: 'POST',
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        body: 'not a multipart body',
      }),
    ).then(
      () => undefined,
      (error: unknown) => error as { init?: ResponseInit },
    )
    expect(broken?.init?.status).toBe(400)
  })
})
