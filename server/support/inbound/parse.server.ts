import { createHash } from 'node:crypto'
import type { Address } from 'postal-mime'
import type { SenderCheck } from '../../../app/features/support/inbound-mail.ts'
import { senderCheck } from './authentication.server.ts'
import { automaticMessage } from './automatic.server.ts'
import { htmlToText, replyText } from './reply-text.server.ts'

export type InboundAttachment = { fileName: string; declaredType: string; content: Buffer }

/** What processing needs of a raw message (docs/support.md#e-mail). */
export type ParsedInbound = {
  /** `<…>` as written, or one made from the bytes when the message has none. */
  messageId: string
  fromAddress: string | undefined
  fromName: string | undefined
  subject: string
  /** Every address it was sent to: To, Cc, Delivered-To, X-Original-To (lower case). */
  recipients: string[]
  /** In-Reply-To, then References, newest first, each `<…>`. */
  thread: string[]
  /** The reply part as text: quoted history cut, HTML-only mail turned into text. */
  body: string
  /** Why no person wrote it (auto-reply, bounce), or undefined. */
  automatic: string | undefined
  senderCheck: SenderCheck
  senderCheckDetails: Record<string, string>
  attachments: InboundAttachment[]
}

const messageIdPattern = /<[^<>\s]{1,900}>/g

/** The Message-ID under which a raw message is stored: its own, or one made from its bytes. */
export function messageIdOf(value: string | undefined, raw: Uint8Array): string {
  const found = value?.match(messageIdPattern)?.[0]
  if (found) return found
  return `<sha256-${createHash('sha256').update(raw).digest('hex')}@no-message-id.invalid>`
}

/** Header values by lower-case name, in the order they appear. */
function headerMap(headers: { key: string; value: string }[]): Map<string, string[]> {
  const map = new Map<string, string[]>()
  for (const header of headers) {
    const list = map.get(header.key) ?? []
    list.push(header.value)
    map.set(header.key, list)
  }
  return map
}

function mailboxes(addresses: Address[] | undefined): string[] {
  return (addresses ?? []).flatMap((address) =>
    address.group ? address.group.map((member) => member.address) : [address.address ?? ''],
  )
}

/** The address inside "Name <a@b>" or a bare address, lower case. */
function bareAddress(value: string): string | undefined {
  const inside = value.match(/<([^<>\s]+@[^<>\s]+)>/)?.[1] ?? value.trim()
  return /^[^\s@]+@[^\s@]+$/.test(inside) ? inside.toLowerCase() : undefined
}

/** postal-mime: loaded with the first message parsed, not at every boot (docs/perf/boot.md). */
const loadPostalMime = () => import('postal-mime').then((module) => module.default)

export async function parseInbound(raw: Uint8Array): Promise<ParsedInbound> {
  const PostalMime = await loadPostalMime()
  const email = await PostalMime.parse(raw, { attachmentEncoding: 'arraybuffer' })
  const headers = headerMap(email.headers)
  const from = email.from && !email.from.group ? email.from : undefined
  const fromAddress = from?.address ? from.address.toLowerCase() : undefined
  const subject = (email.subject ?? '').replace(/\s+/g, ' ').trim()
  const recipients = [
    ...mailboxes(email.to),
    ...mailboxes(email.cc),
    ...(headers.get('delivered-to') ?? []),
    ...(headers.get('x-original-to') ?? []),
    ...(headers.get('envelope-to') ?? []),
  ]
    .map((value) => bareAddress(value))
    .filter((value): value is string => Boolean(value))
  const thread = [
    ...(email.inReplyTo?.match(messageIdPattern) ?? []),
    ...(email.references?.match(messageIdPattern) ?? []).reverse(),
  ]
  const text = email.text?.trim() ? email.text : email.html ? await htmlToText(email.html) : ''
  const check = senderCheck(headers.get('authentication-results'), fromAddress)
  return {
    messageId: messageIdOf(email.messageId, raw),
    fromAddress,
    fromName: from?.name || undefined,
    subject,
    recipients: [...new Set(recipients)],
    thread: [...new Set(thread)],
    body: replyText(text),
    automatic: automaticMessage({ headers, fromAddress, subject }),
    senderCheck: check.check,
    senderCheckDetails: check.details,
    attachments: email.attachments
      .filter((attachment) => attachment.disposition !== 'inline' || attachment.filename)
      .map((attachment) => ({
        fileName: attachment.filename ?? 'attachment',
        declaredType: attachment.mimeType,
        content: Buffer.from(
          attachment.content instanceof ArrayBuffer
            ? new Uint8Array(attachment.content)
            : typeof attachment.content === 'string'
              ? Buffer.from(attachment.content)
              : attachment.content,
        ),
      })),
  }
}

/** The reply tokens of `support+<token>@…` among the recipients (a ticket's own reply address). */
export function replyTokensOf(recipients: string[]): string[] {
  const tokens = recipients
    .map((address) => address.match(/^[^@+\s]+\+([a-z2-7]{32})@/i)?.[1]?.toLowerCase())
    .filter((token): token is string => Boolean(token))
  return [...new Set(tokens)]
}

/** The ticket number of `[#T-000123]` in a subject. */
export function subjectTicketNumber(subject: string): number | undefined {
  const found = subject.match(/\[#T-(\d{1,9})\]/i)?.[1]
  return found ? Number(found) : undefined
}
