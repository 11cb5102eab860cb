/**
 * The Markdown of contracts, read into blocks that the page (contract-text.tsx) and the PDF
 * (server/contracts/pdf/) lay out alike, so what a client reads is what is printed. A small subset
 * on purpose: headings (#, ##, ###), paragraphs, bulleted (- or *) and numbered (1.) lists, and
 * **bold** and _italic_ inside them. Anything else (links, HTML, tables) shows as typed: a contract
 * has no business hiding text in markup, and the signed record is the source text itself.
 */

export type Span = { text: string; bold?: boolean; italic?: boolean }
export type Block =
  | { type: 'heading'; level: 1 | 2 | 3; spans: Span[] }
  | { type: 'paragraph'; spans: Span[] }
  | { type: 'list'; ordered: boolean; items: Span[][] }

const heading = /^(#{1,3})\s+(.*)$/
const bullet = /^\s*[-*]\s+(.*)$/
const numbered = /^\s*\d+[.)]\s+(.*)$/

/** **bold** and _italic_ (or *italic*) inside one line or paragraph. */
export function spansOf(text: string): Span[] {
  const spans: Span[] = []
  const pattern = /\*\*(.+?)\*\*|(?<![\w*])[_*](?![\s_*])(.+?)(?<![\s_*])[_*](?![\w*])/g
  let last = 0
  for (const match of text.matchAll(pattern)) {
    const index = match.index ?? 0
    if (index > last) spans.push({ text: text.slice(last, index) })
    if (match[1] !== undefined) spans.push({ text: match[1], bold: true })
    else spans.push({ text: match[2] ?? '', italic: true })
    last = index + match[0].length
  }
  if (last < text.length) spans.push({ text: text.slice(last) })
  return spans
}

export function parseContractMarkdown(markdown: string): Block[] {
  const blocks: Block[] = []
  let paragraph: string[] = []
  let list: { ordered: boolean; items: string[] } | null = null
  const flush = () => {
    if (paragraph.length > 0) blocks.push({ type: 'paragraph', spans: spansOf(paragraph.join(' ')) })
    paragraph = []
    if (list) blocks.push({ type: 'list', ordered: list.ordered, items: list.items.map(spansOf) })
    list = null
  }
  for (const raw of markdown.split('\n')) {
    const line = raw.trimEnd()
    if (line.trim() === '') {
      flush()
      continue
    }
    const h = heading.exec(line)
    if (h) {
      flush()
      blocks.push({ type: 'heading', level: (h[1]?.length ?? 1) as 1 | 2 | 3, spans: spansOf(h[2] ?? '') })
      continue
    }
    const b = bullet.exec(line)
    const n = b ? null : numbered.exec(line)
    const item = b ?? n
    if (item) {
      const ordered = n !== null
      if (paragraph.length > 0 || (list && list.ordered !== ordered)) flush()
      list ??= { ordered, items: [] }
      list.items.push(item[1] ?? '')
      continue
    }
    if (list && /^\s+\S/.test(raw)) {
      // An indented line continues the list item above it.
      list.items[list.items.length - 1] += ` ${line.trim()}`
      continue
    }
    if (list) flush()
    paragraph.push(line.trim())
  }
  flush()
  return blocks
}
