/**
 * The reply part of an e-mail answer: what the person wrote, without the history their mail program
 * quoted below it (docs/support.md#e-mail). The text is cut at the first reply marker:
 *
 * - "On Tue, 3 Nov 2026 at 10:12, Ann <ann@example.com> wrote:" (also folded onto two lines)
 * - "-----Original Message-----"
 * - Outlook's header block: "From: …" followed by "Sent:"/"Date:" and "To:"/"Subject:" lines
 * - a line of underscores before such a block (Outlook on the web)
 * - "> " quoted lines
 *
 * When the person answered below the quote (nothing is left above the marker), the quoted lines
 * and the marker are dropped and what they wrote below is kept.
 */
export function replyText(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n').split('\n')
  const cut = firstMarker(lines)
  if (cut === undefined) return tidy(lines)
  const above = tidy(lines.slice(0, cut))
  if (above !== '') return above
  return tidy(lines.slice(cut).filter((line, index) => !isQuoted(line) && !isMarkerAt(lines.slice(cut), index)))
}

const wroteLine = /^\s*(on|le|am|el|op)\s.{0,300}(wrote|a écrit|schrieb|escribió|schreef)\s*:\s*$/i
const onLine = /^\s*(on|le|am|el|op)\s.{4,300}$/i
const wroteEnd = /^.{0,200}(wrote|a écrit|schrieb|escribió|schreef)\s*:\s*$/i
const originalMessage =
  /^\s*-{2,}\s*(original message|forwarded message|ursprüngliche nachricht|message d'origine)\s*-{2,}\s*$/i
const headerFrom = /^\s*\**(from|von|de)\**\s*:\s*\S/i
const headerSent = /^\s*\**(sent|date|gesendet|envoyé|datum)\**\s*:\s*\S/i
const headerToOrSubject = /^\s*\**(to|subject|an|betreff|à|objet|cc)\**\s*:/i
const underscores = /^\s*_{8,}\s*$/
// Our own line above the quoted history (replyAboveLine in app/features/support/catalogue.ts).
const replyAbove = /^\W*reply above this line/i

function isQuoted(line: string): boolean {
  return /^\s*>/.test(line)
}

function isOutlookBlock(lines: string[], index: number): boolean {
  if (!headerFrom.test(lines[index] ?? '')) return false
  const next = lines.slice(index + 1, index + 6)
  return next.some((line) => headerSent.test(line)) && next.some((line) => headerToOrSubject.test(line))
}

function isMarkerAt(lines: string[], index: number): boolean {
  const line = lines[index] ?? ''
  if (wroteLine.test(line) || originalMessage.test(line) || replyAbove.test(line)) return true
  if (onLine.test(line) && wroteEnd.test(lines[index + 1] ?? '') && !wroteLine.test(lines[index + 1] ?? '')) return true
  if (index > 0 && wroteEnd.test(line) && onLine.test(lines[index - 1] ?? '')) return true
  if (isOutlookBlock(lines, index)) return true
  if (underscores.test(line) && isOutlookBlock(lines, index + 1)) return true
  return false
}

function firstMarker(lines: string[]): number | undefined {
  for (let index = 0; index < lines.length; index++) {
    if (isMarkerAt(lines, index) || isQuoted(lines[index] ?? '')) return index
  }
  return undefined
}

function tidy(lines: string[]): string {
  return lines
    .map((line) => line.replace(/\s+$/, ''))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}

/**
 * An HTML-only message as text: links as their words, no images, quoted history (Gmail's and
 * Outlook's quote blocks, <blockquote>) left out, and what is left cut like a text message.
 */
export async function htmlToText(html: string): Promise<string> {
  // html-to-text and its HTML parser (~200 KB of code) load with the first HTML-only message, not at boot (docs/perf/boot.md).
  const { convert } = await import('html-to-text')
  return convert(html, {
    wordwrap: false,
    selectors: [
      { selector: 'a', options: { ignoreHref: true } },
      { selector: 'img', format: 'skip' },
      { selector: 'style', format: 'skip' },
      { selector: 'script', format: 'skip' },
      { selector: 'div.gmail_quote', format: 'skip' },
      { selector: 'blockquote', format: 'skip' },
      { selector: 'div#divRplyFwdMsg', format: 'skip' },
      { selector: 'div#appendonsend', format: 'skip' },
    ],
  })
}
