import { useQuery } from '@tanstack/react-query'
import { LoaderCircleIcon, LockIcon, SearchXIcon } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { isRouteErrorResponse, Link, useLocation, useNavigate, useNavigation, useRouteError } from 'react-router'
import { business } from '~/content/business'
import { retryDelay } from '~/lib/backoff'
import { toast } from '~/lib/toast'
import { Button } from '~/ui/button'
import { can, fallbackPathFor, type Requirement, requirementOf } from './access'
import { ACCESS_CHECK_RETRIES, fetchProfile } from './browser-calls'

/**
 * The browser's side of a protected page: the server already checked access before rendering;
 * this re-checks whenever the page regains focus (the session may have ended elsewhere) and sends
 * the visitor to /auth when it has. A check that keeps failing gives up with a toast. Islands pages
 * (/dashboard, /billing) do the same in plain DOM code (enhance/signed-in.ts).
 */
export const AccessCheck: (props: { require: Requirement }) => null = import.meta.env.SSR
  ? () => null
  : BrowserAccessCheck

/** The check itself, in the browser only: on the server it has nothing to do and renders nothing. */
function BrowserAccessCheck({ require }: { require: Requirement }) {
  const navigate = useNavigate()
  const location = useLocation()
  const warned = useRef(false)
  const check = useQuery({
    queryKey: ['account', 'access'],
    queryFn: fetchProfile,
    retry: ACCESS_CHECK_RETRIES,
    retryDelay,
    staleTime: 0,
    gcTime: 0,
  })

  useEffect(() => {
    if (check.isError && !warned.current) {
      warned.current = true
      toast({
        title: 'Authentication Error',
        description: 'Unable to verify your access. Please try logging out and back in.',
        variant: 'destructive',
      })
    }
    if (check.isSuccess) warned.current = false
  }, [check.isError, check.isSuccess])

  const account = check.data
  useEffect(() => {
    if (account === null) {
      void navigate(`/auth?redirectTo=${encodeURIComponent(location.pathname + location.search)}`, { replace: true })
    } else if (account && !can(account, require)) {
      const fallback = fallbackPathFor(account, require)
      if (fallback) void navigate(fallback, { replace: true })
    }
  }, [account, require, navigate, location.pathname, location.search])

  return null
}

/**
 * Protected pages show Loading while access is checked. During a navigation to one, the
 * server runs the check in the page's loader; this shows Loading over the page until it answers.
 */
export function ProtectedNavigationStatus() {
  const navigation = useNavigation()
  const target = navigation.location?.pathname
  if (navigation.state !== 'loading' || !target || !requirementOf(target)) return null
  return (
    <div className="fixed inset-x-0 top-16 z-30 flex justify-center px-4 pt-4" role="status">
      <span className="inline-flex items-center gap-2 rounded-full border bg-background px-4 py-2 font-medium text-sm shadow-md">
        <LoaderCircleIcon className="size-4 animate-spin text-primary" aria-hidden="true" />
        Loading
      </span>
    </div>
  )
}

/**
 * The error boundary of every protected area (its layout route): a refused role gets a clear page,
 * an address the area does not have says so, anything else is an error to try again.
 */
export function ProtectedErrorBoundary() {
  const error = useRouteError()
  const status = isRouteErrorResponse(error) ? error.status : 500
  const denied = status === 403
  const missing = status === 404
  const title = denied ? 'No access to this page' : missing ? 'Page not found' : 'Something went wrong'
  // A page may say what it could not find or refuse (`throw data({ error }, { status })`).
  const said = isRouteErrorResponse(error) ? (error.data as { error?: unknown } | null)?.error : undefined
  const explained = typeof said === 'string' ? said : undefined
  const message = denied
    ? (explained ?? 'You do not have access to this page.')
    : missing
      ? (explained ??
        'There is nothing at this address. It may have been moved or deleted, or the link may be mistyped.')
      : 'This page could not be loaded. Please try again in a minute.'
  return (
    <section
      className="mx-auto flex max-w-2xl flex-col items-center px-6 py-20 text-center"
      aria-labelledby="denied-title"
    >
      <title>{`${title} | ${business.name}`}</title>
      <span className="flex size-14 items-center justify-center rounded-full bg-secondary text-primary">
        {missing ? (
          <SearchXIcon className="size-7" aria-hidden="true" />
        ) : (
          <LockIcon className="size-7" aria-hidden="true" />
        )}
      </span>
      <h1 id="denied-title" className="mt-6 font-bold text-3xl tracking-tight">
        {title}
      </h1>
      <p className="mt-4 text-lg text-muted-foreground">{message}</p>
      <Button asChild size="lg" className="mt-8">
        <Link to="/portal">Go to my portal</Link>
      </Button>
    </section>
  )
}
