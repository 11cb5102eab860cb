import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react'
import { Link } from 'react-router'

/** Newer and Older links around "Page 2 of 5 · 93 documents", for a list newest first. */
export function Pager({
  page,
  pageCount,
  total,
  href,
}: {
  page: number
  pageCount: number
  total: number
  href: (page: number) => string
}) {
  if (pageCount <= 1) return null
  return (
    <nav aria-label="Pages" className="flex items-center justify-between gap-4 text-sm">
      {page > 1 ? (
        <Link to={href(page - 1)} className="inline-flex min-h-11 items-center gap-1 text-primary">
          <ChevronLeftIcon className="size-4" aria-hidden="true" />
          Newer
        </Link>
      ) : (
        <span />
      )}
      <span className="text-muted-foreground">
        Page {page} of {pageCount} · {total} in all
      </span>
      {page < pageCount ? (
        <Link to={href(page + 1)} className="inline-flex min-h-11 items-center gap-1 text-primary">
          Older
          <ChevronRightIcon className="size-4" aria-hidden="true" />
        </Link>
      ) : (
        <span />
      )}
    </nav>
  )
}
