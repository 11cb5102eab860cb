import * as chevronLeft from 'lucide-react/icons/chevron-left'
import * as chevronRight from 'lucide-react/icons/chevron-right'
import { FrameLink } from '~/ui/frame-link'
import { iconData, staticIcon } from '~/ui/static-icon'

const newerIcon = staticIcon(iconData(chevronLeft), 'size-4')
const olderIcon = staticIcon(iconData(chevronRight), 'size-4')

/**
 * Newer and Older links around "Page 2 of 5 · 93 documents", for a list newest first. `href` gives a
 * page's address: a path, or a query on this page (`?page=2`), never empty. Plain links on an islands
 * page (ui/frame-link.tsx).
 */
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
        <FrameLink to={href(page - 1)} className="inline-flex min-h-11 items-center gap-1 text-primary">
          {newerIcon}
          Newer
        </FrameLink>
      ) : (
        <span />
      )}
      <span className="text-muted-foreground">
        Page {page} of {pageCount} · {total} in all
      </span>
      {page < pageCount ? (
        <FrameLink to={href(page + 1)} className="inline-flex min-h-11 items-center gap-1 text-primary">
          Older
          {olderIcon}
        </FrameLink>
      ) : (
        <span />
      )}
    </nav>
  )
}
