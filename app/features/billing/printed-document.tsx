import { cn } from '~/lib/cn'
import type { PrintedDocument } from './printed'

/**
 * A billing document on a page: the same words and amounts as its PDF (printedBillingDocument),
 * laid out like the paper. Used by the client's and the staff's document pages and by the
 * editor's live preview.
 */
export function PrintedDocumentView({
  doc,
  headingLevel = 2,
  className,
}: {
  doc: PrintedDocument
  /** The level of the document's own heading, below the page's h1. */
  headingLevel?: 2 | 3
  className?: string
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const Sub = headingLevel === 2 ? 'h3' : 'h4'
  return (
    <article
      aria-label={`${doc.title} ${doc.number}`}
      className={cn('grid gap-6 rounded-xl border bg-card p-4 text-sm shadow-sm sm:p-8', className)}
    >
      {doc.banner && (
        <p className="rounded-md border border-destructive/50 px-3 py-2 text-center font-semibold text-destructive">
          {doc.banner}
        </p>
      )}
      <header className="flex flex-wrap justify-between gap-6">
        <div>
          <p className="font-bold text-lg text-primary">{doc.issuer.name}</p>
          {doc.issuer.addressLines.map((line) => (
            <p key={line} className="text-muted-foreground">
              {line}
            </p>
          ))}
          <p className="text-muted-foreground">
            {doc.issuer.phone} · {doc.issuer.email}
          </p>
        </div>
        <div className="text-right">
          <Heading className="font-bold text-2xl uppercase tracking-wide">{doc.title}</Heading>
          <p className="font-semibold">{doc.number}</p>
          <p className="text-muted-foreground">{doc.status}</p>
        </div>
      </header>
      <div className="flex flex-wrap justify-between gap-6">
        <div>
          <Sub className="mb-1 font-semibold text-primary text-xs uppercase">{doc.party.heading}</Sub>
          {doc.party.lines.map((line, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: an address's lines never move
            <p key={i}>{line}</p>
          ))}
        </div>
        <dl className="grid grid-cols-[auto_auto] gap-x-4 gap-y-1 self-start">
          {doc.facts.map((fact) => (
            <div key={fact.label} className="contents">
              <dt className="text-right text-muted-foreground">{fact.label}</dt>
              <dd className="text-right">{fact.value}</dd>
            </div>
          ))}
        </dl>
      </div>
      {doc.lines && doc.lines.length > 0 && (
        // On a phone each line is two rows: the description, then quantity × unit price = amount.
        <div className="sm:overflow-x-auto">
          <table className="w-full text-left max-sm:block">
            <caption className="sr-only">Lines of {`${doc.title} ${doc.number}`}</caption>
            <thead className="border-foreground border-b max-sm:sr-only">
              <tr>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  Description
                </th>
                <th scope="col" className="py-2 pr-4 text-right font-semibold">
                  Qty
                </th>
                <th scope="col" className="py-2 pr-4 text-right font-semibold">
                  Unit price
                </th>
                <th scope="col" className="py-2 text-right font-semibold">
                  Amount
                </th>
              </tr>
            </thead>
            <tbody className="max-sm:block">
              {doc.lines.map((line, i) => (
                <tr
                  // biome-ignore lint/suspicious/noArrayIndexKey: a document's lines are shown in their order
                  key={i}
                  className="border-b last:border-0 max-sm:flex max-sm:flex-wrap max-sm:justify-end max-sm:gap-x-1 max-sm:py-2"
                >
                  <td className="py-2 pr-4 max-sm:basis-full max-sm:p-0">
                    {line.description}
                    {line.taxable && (
                      <span className="ms-1 text-muted-foreground text-xs" title="taxable">
                        (taxable)
                      </span>
                    )}
                  </td>
                  <td className="py-2 pr-4 text-right tabular-nums max-sm:p-0">
                    {line.quantity}
                    <span className="sm:hidden"> ×</span>
                  </td>
                  <td className="py-2 pr-4 text-right tabular-nums max-sm:p-0">
                    {line.unitPrice}
                    <span className="sm:hidden"> =</span>
                  </td>
                  <td className="py-2 text-right tabular-nums max-sm:p-0 max-sm:font-semibold">{line.amount}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <dl className="ms-auto grid w-full max-w-sm gap-1">
        {doc.totals.map((row) => (
          <div
            key={row.label}
            className={cn('flex justify-between gap-4', row.strong && 'border-foreground border-t pt-1 font-semibold')}
          >
            <dt>{row.label}</dt>
            <dd className="tabular-nums">{row.value}</dd>
          </div>
        ))}
      </dl>
      {doc.sections.map((section) => (
        <section key={section.heading} className="grid gap-1">
          <Sub className="font-semibold text-primary text-xs uppercase">{section.heading}</Sub>
          <p className="whitespace-pre-line">{section.text}</p>
        </section>
      ))}
    </article>
  )
}
