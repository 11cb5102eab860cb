import { createHash } from 'node:crypto'
import { ticketLimits } from '../../app/features/support/catalogue.ts'
import { DomainError } from '../../app/lib/domain-error.ts'

/**
 * What a ticket accepts as an attachment (docs/support.md#attachments): the type is read from the
 * file's bytes, never from its name or the sender's word: images (not SVG), PDF, plain text and
 * logs, office documents and zip archives. The name is kept for display only.
 */

/** A file as it came in (a form's part, an e-mail's attachment). */
export type IncomingAttachment = { fileName: string; content: Buffer }

/** A file ready to store. */
export type CheckedAttachment = {
  fileName: string
  contentType: string
  size: number
  content: Buffer
  sha256: string
}

const allowedSniffed = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/bmp',
  'image/tiff',
  'image/heic',
  'image/avif',
  'application/pdf',
  'application/zip',
  'application/rtf',
  // Word, Excel and PowerPoint (1997–2003 files are compound documents; newer ones zip archives file-type names).
  'application/x-cfb',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
  'application/vnd.oasis.opendocument.presentation',
])

/** Images a thread shows inline (from our own origin); others are links. */
export const inlineImageTypes: ReadonlySet<string> = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp'])

const utf8 = new TextDecoder('utf-8', { fatal: true })

/** Plain text: UTF-8 without control characters other than tab and line ends, and no SVG or HTML markup. */
function isPlainText(content: Buffer): boolean {
  let text: string
  try {
    text = utf8.decode(content)
  } catch {
    return false
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the check is for control characters
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text)) return false
  return !/<\s*(svg|html|script)[\s>]/i.test(text)
}

/** A name fit to show and to offer as a download name: no path, no control characters, at most 150 characters. */
export function displayName(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? ''
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are removed from names
  const clean = base.replace(/[\u0000-\u001f\u007f"]/g, '').trim()
  return (clean || 'attachment').slice(0, 150)
}

/** The sniffed type of a file, or null when it is not one the ticket accepts. */
export async function sniffedType(content: Buffer): Promise<string | null> {
  // file-type and its readers load with the first attachment, not at boot (docs/perf/boot.md).
  const { fileTypeFromBuffer } = await import('file-type')
  const found = await fileTypeFromBuffer(content)
  if (found) return allowedSniffed.has(found.mime) ? found.mime : null
  return isPlainText(content) ? 'text/plain' : null
}

/**
 * Checks a message's files: how many, their sizes (each and together) and their types. Throws a
 * DomainError naming the first refused file.
 */
export async function checkAttachments(files: readonly IncomingAttachment[]): Promise<CheckedAttachment[]> {
  const refuse = (message: string) => new DomainError('invalid', message, { field: 'attachments' })
  if (files.length > ticketLimits.attachmentsPerMessage) {
    throw refuse(`Attach at most ${ticketLimits.attachmentsPerMessage} files to one message.`)
  }
  let total = 0
  const checked: CheckedAttachment[] = []
  for (const file of files) {
    const name = displayName(file.fileName)
    if (file.content.length > ticketLimits.attachmentBytes) throw refuse(`${name} is larger than 10 MB.`)
    total += file.content.length
    if (total > ticketLimits.messageAttachmentBytes) throw refuse('The files of one message may add up to 25 MB.')
    if (file.content.length === 0) throw refuse(`${name} is empty.`)
    const contentType = await sniffedType(file.content)
    if (!contentType) {
      throw refuse(
        `${name} is not a file we accept. Send images (not SVG), PDF, text or log files, office documents or zip archives.`,
      )
    }
    checked.push({
      fileName: name,
      contentType,
      size: file.content.length,
      content: file.content,
      sha256: createHash('sha256').update(file.content).digest('hex'),
    })
  }
  return checked
}
