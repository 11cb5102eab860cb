import { ArrowRightIcon, CalendarCheckIcon, CompassIcon, HouseIcon, PhoneIcon } from 'lucide-react'
import { data, Link } from 'react-router'
import { business } from '~/content/business'
import { services } from '~/content/catalog'
import { mainNav } from '~/content/navigation'
import { islandsHandle } from '~/lib/islands-mode'
import { pageMeta } from '~/lib/seo'
import { Button } from '~/ui/button'
import type { Route } from './+types/not-found'

export function loader() {
  return data({}, { status: 404 })
}

/** Served without the app's JavaScript to visitors who are not signed in (lib/islands-mode.ts). */
export const handle = islandsHandle

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta({
    title: 'Page not found',
    description: 'The page you were looking for does not exist.',
    path: location.pathname,
    matches,
    noindex: true,
  })

export default function NotFound() {
  return (
    <section
      className="bg-gradient-to-b from-secondary to-background px-4 py-20 sm:px-6 sm:py-28"
      aria-labelledby="not-found-title"
    >
      <div className="mx-auto flex max-w-2xl flex-col items-center text-center">
        <span className="flex size-14 items-center justify-center rounded-full bg-background text-primary shadow-sm ring-1 ring-border">
          <CompassIcon className="size-7" aria-hidden="true" />
        </span>
        <p className="mt-6 font-semibold text-primary text-sm uppercase tracking-wide">Error 404</p>
        <h1 id="not-found-title" className="mt-2 font-bold text-4xl tracking-tight sm:text-5xl">
          Page not found
        </h1>
        <p className="mt-4 text-lg text-muted-foreground">
          The page you were looking for has moved or never existed. These will get you back on track.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Button asChild size="lg">
            <Link to="/">
              <HouseIcon aria-hidden="true" />
              Back to the home page
            </Link>
          </Button>
          <Button asChild variant="outline" size="lg">
            <Link to={mainNav.book.to}>
              <CalendarCheckIcon aria-hidden="true" />
              {mainNav.book.label}
            </Link>
          </Button>
        </div>
      </div>
      <nav aria-labelledby="not-found-services" className="mx-auto mt-16 max-w-3xl">
        <h2 id="not-found-services" className="text-center font-semibold text-lg">
          Looking for one of our services?
        </h2>
        <ul className="mt-6 grid gap-3 sm:grid-cols-2">
          {services.map((service) => (
            <li key={service.key}>
              <Link
                to={service.path}
                className="group flex min-h-14 items-center justify-between gap-3 rounded-lg border bg-card px-4 py-3 font-medium shadow-xs transition-colors hover:border-primary/40 hover:bg-accent"
              >
                {service.name}
                <ArrowRightIcon
                  className="size-4 shrink-0 text-primary transition-transform group-hover:translate-x-0.5"
                  aria-hidden="true"
                />
              </Link>
            </li>
          ))}
        </ul>
        <p className="mt-8 flex flex-wrap items-center justify-center gap-x-2 text-muted-foreground">
          Prefer to talk?
          <a
            className="inline-flex min-h-11 items-center gap-1.5 font-semibold text-primary hover:text-primary-hover hover:underline"
            href={`tel:${business.phoneE164}`}
          >
            <PhoneIcon className="size-4" aria-hidden="true" />
            {business.phone}
          </a>
        </p>
      </nav>
    </section>
  )
}
