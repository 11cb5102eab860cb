import { data, Link } from 'react-router'
import { pageMeta } from '~/lib/seo'
import type { Route } from './+types/not-found'

export function loader() {
  return data({}, { status: 404 })
}

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
      className="mx-auto flex max-w-2xl flex-col items-center px-6 py-24 text-center"
      aria-labelledby="not-found-title"
    >
      <p className="text-sm font-semibold tracking-wide text-primary uppercase">Error 404</p>
      <h1 id="not-found-title" className="mt-2 text-4xl font-bold tracking-tight">
        Page not found
      </h1>
      <p className="mt-4 text-lg text-muted-foreground">The page you were looking for has moved or never existed.</p>
      <Link
        to="/"
        className="mt-8 inline-flex h-11 items-center rounded-md bg-primary px-6 font-medium text-primary-foreground hover:bg-primary-hover"
      >
        Back to the home page
      </Link>
    </section>
  )
}
