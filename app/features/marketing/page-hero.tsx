import { cn } from '~/lib/cn'
import type { Crumb } from '~/lib/json-ld'
import { Breadcrumbs } from './breadcrumbs'

/** The top of an inner page: breadcrumbs, eyebrow, the page's only h1, intro and actions. */
export function PageHero({
  crumbs,
  eyebrow,
  icon,
  title,
  intro,
  children,
  aside,
}: {
  crumbs: readonly Crumb[]
  eyebrow: string
  icon?: React.ReactNode
  title: string
  intro: React.ReactNode
  /** Actions (buttons) under the intro. */
  children?: React.ReactNode
  /** A card beside the text on wide screens. */
  aside?: React.ReactNode
}) {
  return (
    <section
      aria-labelledby="page-title"
      className="border-b bg-gradient-to-b from-secondary to-background pt-8 pb-14 sm:pb-20"
    >
      <div className="mx-auto max-w-6xl px-6">
        <Breadcrumbs crumbs={crumbs} />
        <div className={cn('mt-10 grid gap-10', aside && 'lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start')}>
          <div>
            <p className="flex items-center gap-2 font-semibold text-primary text-sm uppercase tracking-wide">
              {icon}
              {eyebrow}
            </p>
            <h1 id="page-title" className="mt-3 max-w-3xl text-balance font-bold text-4xl tracking-tight sm:text-5xl">
              {title}
            </h1>
            <p className="mt-6 max-w-2xl text-pretty text-lg text-muted-foreground">{intro}</p>
            {children && <div className="mt-8 flex flex-wrap gap-3">{children}</div>}
          </div>
          {aside}
        </div>
      </div>
    </section>
  )
}
