import { useEffect } from 'react'
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from 'react-router'
import type { Route } from './+types/root'
import './app.css'
import { SiteFooter } from '~/components/site-footer'
import { SiteHeader } from '~/components/site-header'
import { business } from '~/content/business'
import { appContext } from './context.server'

export const links: Route.LinksFunction = () => [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }]

export function loader({ context }: Route.LoaderArgs) {
  const { nonce, config } = context.get(appContext)
  return { nonce, publicUrl: config.publicUrl }
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root')
  const nonce = data?.nonce
  return (
    <html lang="en-US">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1a64d6" />
        <meta property="og:site_name" content={business.name} />
        <meta property="og:locale" content="en_US" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-dvh flex-col">
        <a
          href="#main"
          className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
        >
          Skip to content
        </a>
        <SiteHeader />
        <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
          {children}
        </main>
        <SiteFooter />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  )
}

export default function App() {
  // Marks the document once React has hydrated it (end-to-end tests wait for this).
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true'
  }, [])
  return <Outlet />
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  let title = 'Something went wrong'
  let message =
    'An unexpected error stopped this page from loading. Please try again in a moment; if it keeps happening, call us.'
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) {
      title = 'Page not found'
      message = 'We could not find the page you were looking for.'
    } else if (error.status === 503) {
      title = 'We will be right back'
      message = 'Our site is briefly unavailable. Please try again in a minute.'
    }
  }
  return (
    <section className="mx-auto max-w-2xl px-6 py-24 text-center">
      <title>{`${title} | ${business.name}`}</title>
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      <p className="mt-4 text-muted-foreground">{message}</p>
      <p className="mt-2 text-muted-foreground">
        Phone:{' '}
        <a className="text-primary underline" href={`tel:${business.phoneE164}`}>
          {business.phone}
        </a>
      </p>
      <a
        href="/"
        className="mt-8 inline-flex h-11 items-center rounded-md bg-primary px-6 font-medium text-primary-foreground hover:bg-primary-hover"
      >
        Go to the home page
      </a>
    </section>
  )
}
