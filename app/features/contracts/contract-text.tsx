import type { ReactNode } from 'react'
import { type Block, parseContractMarkdown, type Span } from './markdown'

/** The contract's full text on a page, from the same blocks the PDF prints. */

function Spans({ spans }: { spans: Span[] }): ReactNode {
  return spans.map((span, i) =>
    span.bold ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the spans of a fixed text never move
      <strong key={i}>{span.text}</strong>
    ) : span.italic ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the spans of a fixed text never move
      <em key={i}>{span.text}</em>
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: the spans of a fixed text never move
      <span key={i}>{span.text}</span>
    ),
  )
}

function BlockView({ block }: { block: Block }) {
  if (block.type === 'heading') {
    // The page's h1 is the contract's title and number: the text's headings sit below it.
    const Tag = block.level === 1 ? 'h2' : block.level === 2 ? 'h3' : 'h4'
    return (
      <Tag className={block.level === 1 ? 'font-bold text-2xl' : 'mt-6 font-semibold text-lg'}>
        <Spans spans={block.spans} />
      </Tag>
    )
  }
  if (block.type === 'paragraph') {
    return (
      <p className="mt-3">
        <Spans spans={block.spans} />
      </p>
    )
  }
  const List = block.ordered ? 'ol' : 'ul'
  return (
    <List className={`mt-3 grid gap-1.5 ps-6 ${block.ordered ? 'list-decimal' : 'list-disc'}`}>
      {block.items.map((item, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a frozen text's items never move
        <li key={i}>
          <Spans spans={item} />
        </li>
      ))}
    </List>
  )
}

export function ContractText({ body, label = 'Contract text' }: { body: string; label?: string }) {
  return (
    <article aria-label={label} className="rounded-xl border bg-card p-6 leading-relaxed shadow-xs sm:p-10">
      {parseContractMarkdown(body).map((block, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a frozen text's blocks never move
        <BlockView key={i} block={block} />
      ))}
    </article>
  )
}
