export type ParsedMessage = {
  raw: string
  /** Lower-cased header names; folded lines unfolded. */
  headers: Map<string, string>
  /** The body, decoded when it is quoted-printable or base64. */
  text: string
}

/**
 * A minimal RFC 822 reader for the single-part text messages the outbox sends (7bit,
 * quoted-printable or base64 bodies). It throws when the message has no header/body split or lacks
 * the headers every message must carry, so "parseable" means something.
 */
export function parseMessage(raw: string): ParsedMessage {
  const split = raw.search(/\r?\n\r?\n/)
  if (split < 0) throw new Error('not an RFC 822 message: no blank line between header and body')
  const head = raw.slice(0, split)
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, '')
  const headers = new Map<string, string>()
  let current: string | undefined
  for (const line of head.split(/\r?\n/)) {
    if (/^[ \t]/.test(line) && current) {
      headers.set(current, `${headers.get(current) ?? ''} ${line.trim()}`)
      continue
    }
    const colon = line.indexOf(':')
    if (colon <= 0) throw new Error(`not an RFC 822 header line: ${JSON.stringify(line)}`)
    current = line.slice(0, colon).trim().toLowerCase()
    headers.set(current, line.slice(colon + 1).trim())
  }
  for (const required of ['from', 'to', 'subject', 'message-id', 'date']) {
    if (!headers.has(required)) throw new Error(`message has no ${required} header`)
  }
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase()
  let text = body
  if (encoding === 'quoted-printable') {
    text = Buffer.from(
      body
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
      'latin1',
    ).toString('utf8')
  } else if (encoding === 'base64') {
    text = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
  }
  return { raw, headers, text: text.replace(/\r\n/g, '\n').replace(/\n$/, '') }
}
