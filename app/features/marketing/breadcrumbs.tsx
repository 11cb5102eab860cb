import { ChevronRightIcon } from 'lucide-react'
import { Link } from 'react-router'
import { breadcrumbJsonLd, type Crumb } from '~/lib/json-ld'
import { JsonLd, usePublicUrl } from '~/lib/json-ld-script'

/** Visible breadcrumbs plus their BreadcrumbList structured data; the last crumb is this page. */
export function Breadcrumbs({ crumbs }: { crumbs: readonly Crumb[] }) {
  const baseUrl = usePublicUrl()
  return (
    <nav aria-label="Breadcrumb" className="text-muted-foreground text-sm">
      <ol className="flex flex-wrap items-center gap-1.5">
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1
          return (
            <li key={crumb.path} className="flex items-center gap-1.5">
              {last ? (
                <span aria-current="page" className="font-medium text-foreground">
                  {crumb.name}
                </span>
              ) : (
                <>
                  <Link to={crumb.path} className="rounded-sm underline-offset-4 hover:text-foreground hover:underline">
                    {crumb.name}
                  </Link>
                  <ChevronRightIcon className="size-3.5" aria-hidden="true" />
                </>
              )}
            </li>
          )
        })}
      </ol>
      <JsonLd data={breadcrumbJsonLd(baseUrl, crumbs)} />
    </nav>
  )
}
