import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { businessDateTimeFormat } from '~/lib/business-time'

/**
 * An organisation's history on its staff page: what happened to it, its people and its records,
 * newest first, in staff's words (the audit log's catalogue), a page at a time.
 */

export type HistoryItem = {
  id: string
  at: string | Date
  /** Who did it: a staff member's or a client's e-mail. */
  actor: string
  /** The action in staff's words ("Sent a document"). */
  words: string
  /** What it was about, in the words staff search by (a person's e-mail, a document's number). */
  about: string | null
}

export function OrganisationHistory<T extends HistoryItem>({
  items,
  page,
  pageCount,
  total,
  href,
  change,
}: {
  items: T[]
  page: number
  pageCount: number
  total: number
  href: (page: number) => string
  /** The entry's before → after, as the audit log shows it. */
  change?: (item: T) => ReactNode
}) {
  return (
    <section id="history" aria-labelledby="history-title" className="grid gap-3">
      <h2 id="history-title" className="font-semibold text-xl">
        History
      </h2>
      {items.length === 0 ? (
        <p className="text-muted-foreground">Nothing recorded yet.</p>
      ) : (
        <ol className="grid gap-2">
          {items.map((item) => (
            <li key={item.id} data-testid="history-entry" className="grid gap-1 rounded-xl border px-4 py-3 text-sm">
              <p className="flex flex-wrap justify-between gap-x-4">
                <span className="font-medium">{item.words}</span>
                <time dateTime={new Date(item.at).toISOString()} className="text-muted-foreground">
                  {businessDateTimeFormat.format(new Date(item.at))}
                </time>
              </p>
              <p className="break-words text-muted-foreground">
                {item.about ? `${item.about} · ` : ''}by {item.actor}
              </p>
              {change?.(item)}
            </li>
          ))}
        </ol>
      )}
      {pageCount > 1 && (
        <nav aria-label="Pages of the history" className="flex flex-wrap items-center justify-between gap-4 text-sm">
          {page > 1 ? (
            <Link to={href(page - 1)} className="inline-flex min-h-11 items-center text-primary hover:underline">
              Newer
            </Link>
          ) : (
            <span />
          )}
          <span className="text-muted-foreground">
            Page {page} of {pageCount} · {total} in all
          </span>
          {page < pageCount ? (
            <Link to={href(page + 1)} className="inline-flex min-h-11 items-center text-primary hover:underline">
              Older
            </Link>
          ) : (
            <span />
          )}
        </nav>
      )}
    </section>
  )
}
