/**
 * A small RFC 5322 / MIME writer for the file transport's common case: one text/plain part, plain
 * addresses. It writes what nodemailer's MailComposer writes for such a message (the same headers
 * in the same order, 7bit or quoted-printable, RFC 2047 encoded words for a subject that needs
 * them) at a fraction of the cost: no stream pipeline, no address parser, no random boundary. It
 * answers undefined for anything else (an HTML part, an attachment, a display name that would need
 * quoting, a non-ASCII address, a header value with a line break), which the caller leaves to
 * MailComposer.
 */

export type EmlInput = {
  from: string
  to: readonly string[]
  subject: string
  text: string
  html?: string | undefined
  replyTo?: string | undefined
  /** Any attachment makes the message multipart: not the plain case. */
  attachments?: readonly unknown[] | undefined
  messageId: string
  date?: Date
}

/** An address as nodemailer would write it back unchanged: dot-atom local part, ASCII domain. */
const plainAddress =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/
/** "Name <address>" whose name is plain words (no quoting needed), or a bare address. */
const plainMailbox = /^(?:([A-Za-z0-9]+(?: [A-Za-z0-9]+)*) <([^<>\s]+)>|([^<>\s]+))$/
const messageIdPattern = /^<[\x21-\x3b\x3d\x3f-\x7e]+>$/
/** Printable ASCII and space: a header value that needs no encoding. */
const printableAscii = /^[\x20-\x7e]*$/
/** Longest header line (RFC 5322 asks for at most 78 characters). */
const MAX_LINE = 78
/** Where nodemailer folds a header line of plain words. */
const FOLD_AT = 76

function isPlainMailbox(value: string): boolean {
  const match = plainMailbox.exec(value)
  if (!match) return false
  return plainAddress.test(match[2] ?? match[3] ?? '')
}

/** The message as RFC 5322 text with CRLF line ends, or undefined when it is not the plain case. */
export function composePlainEml(mail: EmlInput): string | undefined {
  if (mail.html !== undefined || (mail.attachments?.length ?? 0) > 0) return undefined
  if (!isPlainMailbox(mail.from) || mail.to.length === 0 || !mail.to.every((to) => plainAddress.test(to))) {
    return undefined
  }
  if (mail.replyTo !== undefined && !plainAddress.test(mail.replyTo)) return undefined
  if (!messageIdPattern.test(mail.messageId)) return undefined
  const subject = subjectHeader(mail.subject)
  if (subject === undefined) return undefined

  // CRLF line ends, and one at the end of the body (as nodemailer writes it); a lone CR is a
  // character like any other control character (quoted-printable =0D), as the transport always had it.
  let text = mail.text.replace(/\r?\n/g, '\r\n')
  if (!text.endsWith('\r\n')) text += '\r\n'
  const sevenBit = text.split('\r\n').every((line) => line.length <= 76 && /^[\x20-\x7e\t]*$/.test(line))
  const lines = [
    `From: ${mail.from}`,
    foldAddresses('To', mail.to),
    ...(mail.replyTo !== undefined ? [`Reply-To: ${mail.replyTo}`] : []),
    subject,
    `Message-ID: ${mail.messageId}`,
    `Content-Transfer-Encoding: ${sevenBit ? '7bit' : 'quoted-printable'}`,
    `Date: ${rfc5322Date(mail.date ?? new Date())}`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    '',
    sevenBit ? text : quotedPrintable(text),
  ]
  return lines.join('\r\n')
}

/** "Sun, 22 Nov 2026 04:11:40 +0000" */
export function rfc5322Date(date: Date): string {
  return date.toUTCString().replace(/GMT$/, '+0000')
}

function foldAddresses(name: string, addresses: readonly string[]): string {
  let out = `${name}: `
  let line = out.length
  addresses.forEach((address, i) => {
    const piece = i < addresses.length - 1 ? `${address},` : address
    if (i > 0) {
      if (line + 1 + piece.length > MAX_LINE) {
        out += '\r\n '
        line = 1
      } else {
        out += ' '
        line += 1
      }
    }
    out += piece
    line += piece.length
  })
  return out
}

/**
 * The Subject header: printable ASCII as it is (folded before spaces when it is long), else RFC 2047
 * "Q" encoded words of UTF-8 (each at most 75 characters, never splitting a character), one per
 * line. Undefined for a subject with a line break or other control character.
 */
export function subjectHeader(subject: string): string | undefined {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\x00-\x08\x0a-\x1f\x7f]/.test(subject)) return undefined
  if (printableAscii.test(subject) && !/=\?/.test(subject)) {
    const folded = foldAtSpaces('Subject', subject)
    if (folded !== undefined) return folded
  }
  const words: string[] = []
  const prefix = '=?UTF-8?Q?'
  // The first word shares its line with "Subject: ", the others follow a folding space; no word is
  // longer than 75 characters.
  const firstRoom = MAX_LINE - 'Subject: '.length - prefix.length - 2
  const room = 75 - prefix.length - 2
  let word = ''
  for (const char of subject) {
    const encoded = qEncode(char)
    if (word.length + encoded.length > (words.length === 0 ? firstRoom : room)) {
      words.push(`${prefix}${word}?=`)
      word = ''
    }
    word += encoded
  }
  if (word !== '' || words.length === 0) words.push(`${prefix}${word}?=`)
  return `Subject: ${words.join('\r\n ')}`
}

/**
 * `Name: value` folded as nodemailer folds it: before a space, so that no line is longer than 76
 * characters; a reader unfolds it by removing the line breaks. Undefined when a word is too long
 * for a line of its own (then the value is written as encoded words, which can break anywhere).
 */
function foldAtSpaces(name: string, value: string): string | undefined {
  let out = `${name}:`
  let width = out.length
  for (const token of ` ${value}`.split(/(?= )/)) {
    if (width + token.length > FOLD_AT && width > name.length + 1) {
      if (token.length > FOLD_AT) return undefined
      out += '\r\n'
      width = 0
    }
    out += token
    width += token.length
  }
  return width > FOLD_AT ? undefined : out
}

/** One character in RFC 2047 "Q" encoding (letters and digits as they are, space as _). */
function qEncode(char: string): string {
  if (/^[A-Za-z0-9!*+\-/]$/.test(char)) return char
  if (char === ' ') return '_'
  return hexBytes(char)
}

function hexBytes(char: string): string {
  let out = ''
  for (const byte of Buffer.from(char, 'utf8')) out += `=${byte.toString(16).toUpperCase().padStart(2, '0')}`
  return out
}

/** "=XX" for every byte value. */
const HEX = Array.from({ length: 256 }, (_, byte) => `=${byte.toString(16).toUpperCase().padStart(2, '0')}`)
/** A line quoted-printable leaves as it is: printable ASCII without "=", not ending in a space or tab. */
const plainLine = /^(?:[\x20-\x3c\x3e-\x7e\t]*[\x21-\x3c\x3e-\x7e])?$/

/**
 * Quoted-printable (RFC 2045 6.7) of UTF-8 text with CRLF line ends: printable ASCII but "=" as it
 * is, everything else as =XX, a space or tab before a line end as =20/=09, lines of at most 76
 * characters with soft breaks ("=" at the end) that never split an =XX.
 */
export function quotedPrintable(text: string): string {
  const lines = text.split('\r\n')
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? ''
    if (line.length > 76 || !plainLine.test(line)) lines[i] = encodeLine(line)
  }
  return lines.join('\r\n')
}

function encodeLine(line: string): string {
  let out = ''
  let width = 0
  const end = line.length
  for (let i = 0; i < end; i++) {
    const code = line.charCodeAt(i)
    let piece: string
    if ((code >= 0x20 && code <= 0x7e && code !== 0x3d) || code === 0x09) {
      piece = (code === 0x20 || code === 0x09) && i === end - 1 ? (HEX[code] ?? '') : line.charAt(i)
    } else if (code < 0x80) {
      piece = HEX[code] ?? ''
    } else {
      const point = line.codePointAt(i) ?? code
      if (point > 0xffff) i++
      piece = utf8Escaped(point)
    }
    // Room for the soft break's "=" unless this piece ends the line.
    if (width + piece.length > (i === end - 1 ? 76 : 75)) {
      out += '=\r\n'
      width = 0
    }
    out += piece
    width += piece.length
  }
  return out
}

/** A code point's UTF-8 bytes as =XX escapes (a lone surrogate as U+FFFD, as Buffer.from writes it). */
function utf8Escaped(point: number): string {
  if (point < 0x800) return (HEX[0xc0 | (point >> 6)] ?? '') + (HEX[0x80 | (point & 0x3f)] ?? '')
  if (point >= 0xd800 && point <= 0xdfff) return '=EF=BF=BD'
  if (point < 0x10000) {
    return (
      (HEX[0xe0 | (point >> 12)] ?? '') + (HEX[0x80 | ((point >> 6) & 0x3f)] ?? '') + (HEX[0x80 | (point & 0x3f)] ?? '')
    )
  }
  return (
    (HEX[0xf0 | (point >> 18)] ?? '') +
    (HEX[0x80 | ((point >> 12) & 0x3f)] ?? '') +
    (HEX[0x80 | ((point >> 6) & 0x3f)] ?? '') +
    (HEX[0x80 | (point & 0x3f)] ?? '')
  )
}
