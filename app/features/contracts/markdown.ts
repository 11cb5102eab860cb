import type { List, ListItem, Nodes, PhrasingContent, RootContent } from 'mdast'
import { fromMarkdown } from 'mdast-util-from-markdown'

/**
 * The Markdown of contracts, read into blocks that the page (contract-text.tsx) and the PDF
 * (server/contracts/pdf/) lay out alike, so what a client reads is what is printed. Parsed by the
 * blog's Markdown stack (mdast-util-from-markdown, the parser under react-markdown's remark-parse:
 * CommonMark), then kept to a small subset on purpose: headings (#, ##, ###), paragraphs, bulleted
 * and numbered lists, and **bold** and _italic_ inside them. Anything else (links, HTML, tables,
 * quotes, code) shows as typed, its source text: a contract has no business hiding text in markup,
 * and the signed record is the source text itself (its hash is of that text, not of these blocks).
 */

export type Span = { text: string; bold?: boolean; italic?: boolean }
export type Block =
  | { type: 'heading'; level: 1 | 2 | 3; spans: Span[] }
  | { type: 'paragraph'; spans: Span[] }
  | { type: 'list'; ordered: boolean; items: Span[][] }

/** The text a node was written as. */
function sourceOf(node: Nodes, markdown: string): string {
  const start = node.position?.start.offset
  const end = node.position?.end.offset
  return start === undefined || end === undefined ? '' : markdown.slice(start, end)
}

/** Line breaks inside a paragraph read as spaces, as a printed paragraph flows. */
const flowing = (text: string) => text.replace(/[ \t]*\r?\n[ \t]*/g, ' ')

function inlineSpans(nodes: PhrasingContent[], markdown: string, style: Omit<Span, 'text'> = {}): Span[] {
  return nodes.flatMap((node): Span[] => {
    switch (node.type) {
      case 'text':
        return [{ text: flowing(node.value), ...style }]
      case 'break':
        return [{ text: ' ', ...style }]
      case 'strong':
        return inlineSpans(node.children, markdown, { ...style, bold: true })
      case 'emphasis':
        return inlineSpans(node.children, markdown, { ...style, italic: true })
      default:
        return [{ text: flowing(sourceOf(node, markdown)), ...style }]
    }
  })
}

/** Neighbours of the same style as one span. */
function merged(spans: Span[]): Span[] {
  const out: Span[] = []
  for (const span of spans) {
    const last = out.at(-1)
    if (last && last.bold === span.bold && last.italic === span.italic) last.text += span.text
    else if (span.text !== '') out.push({ ...span })
  }
  return out
}

/** A list item's paragraphs as one line; a list inside it continues the list as items of its own. */
function itemsOf(list: List, markdown: string): Span[][] {
  return list.children.flatMap((item: ListItem) => {
    const own: Span[] = []
    const nested: Span[][] = []
    for (const child of item.children) {
      if (child.type === 'list') nested.push(...itemsOf(child, markdown))
      else if (child.type === 'paragraph') {
        if (own.length > 0) own.push({ text: ' ' })
        own.push(...inlineSpans(child.children, markdown))
      } else own.push({ text: flowing(sourceOf(child, markdown)) })
    }
    return [merged(own), ...nested]
  })
}

function blockOf(node: RootContent, markdown: string): Block {
  if (node.type === 'heading' && node.depth <= 3) {
    return { type: 'heading', level: node.depth as 1 | 2 | 3, spans: merged(inlineSpans(node.children, markdown)) }
  }
  if (node.type === 'paragraph') return { type: 'paragraph', spans: merged(inlineSpans(node.children, markdown)) }
  if (node.type === 'list') return { type: 'list', ordered: node.ordered === true, items: itemsOf(node, markdown) }
  return { type: 'paragraph', spans: [{ text: flowing(sourceOf(node, markdown)) }] }
}

export function parseContractMarkdown(markdown: string): Block[] {
  return fromMarkdown(markdown).children.map((node) => blockOf(node, markdown))
}

/** **bold** and _italic_ (or *italic*) inside one line or paragraph; anything else as typed. */
export function spansOf(text: string): Span[] {
  const [first] = fromMarkdown(text).children
  return first?.type === 'paragraph' ? merged(inlineSpans(first.children, text)) : [{ text }]
}
