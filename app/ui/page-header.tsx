import { ArrowLeftIcon, DownloadIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { cn } from '~/lib/cn'
import { Button } from '~/ui/button'

/**
 * The top of a page of the back office or the portal: the way back, the heading with what sits
 * beside it, the page's main buttons. One markup for the lists, the editors and the document pages,
 * so each page keeps only its own words.
 */

/** "← All invoices": the way back to the list a page belongs to. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <p>
      <Link
        to={to}
        className="inline-flex min-h-11 items-center gap-2 font-medium text-primary text-sm underline-offset-4 hover:underline"
      >
        <ArrowLeftIcon className="size-4" aria-hidden="true" />
        {children}
      </Link>
    </p>
  )
}

/** Links above a list's heading to the pages it sits under ("Admin Dashboard · Billing"). */
export function Breadcrumbs({ links }: { links: ReadonlyArray<{ to: string; label: string }> }) {
  return (
    <p className="text-muted-foreground text-sm">
      {links.map((link, i) => (
        <span key={link.to}>
          {i > 0 && ' · '}
          <Link to={link.to} className="underline-offset-4 hover:underline">
            {link.label}
          </Link>
        </span>
      ))}
    </p>
  )
}

/** The heading row: crumbs, the h1 and a line under it on the left; the page's buttons on the right. */
export function PageHeader({
  crumbs,
  title,
  children,
  actions,
  align = 'end',
}: {
  crumbs?: ReadonlyArray<{ to: string; label: string }>
  title: ReactNode
  /** Under the heading: a description, a status, who it is for. */
  children?: ReactNode
  actions?: ReactNode
  /** `start` keeps the buttons level with the heading when the text under it is long. */
  align?: 'start' | 'end'
}) {
  return (
    <div className={cn('flex flex-wrap justify-between gap-4', align === 'end' ? 'items-end' : 'items-start')}>
      <div className="grid gap-1">
        {crumbs && <Breadcrumbs links={crumbs} />}
        <h1 className="flex flex-wrap items-center gap-3 font-bold text-3xl tracking-tight">{title}</h1>
        {children}
      </div>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </div>
  )
}

/** A file the server makes (a PDF): a plain link, so the browser downloads it. */
export function DownloadButton({ href, children = 'Download PDF' }: { href: string; children?: ReactNode }) {
  return (
    <Button asChild variant="outline">
      <a href={href}>
        <DownloadIcon aria-hidden="true" />
        {children}
      </a>
    </Button>
  )
}

/** A list the database did not give: said on the page, which still answers. */
export function LoadFailed({ children }: { children: ReactNode }) {
  return (
    <div role="alert" className="rounded-lg border border-destructive/40 bg-destructive/5 p-6 text-destructive">
      {children}
    </div>
  )
}
