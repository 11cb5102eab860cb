import { isRouteErrorResponse, Outlet } from 'react-router'
import { appContext } from '~/context.server'
import { useSignOut } from '~/features/accounts/account-state'
import { guardedUser } from '~/features/accounts/guards.server'
import { ProtectedErrorBoundary } from '~/features/accounts/protected'
import { CookieSettingsButton } from '~/features/consent/cookie-consent'
import { navigationFor } from '~/features/staff/areas.server'
import { BackOffice, type NavArea, TemporarilyUnavailable } from '~/features/staff/back-office'
import { businessDate } from '~/lib/business-time'
import { pageUnavailableMessage } from '~/lib/database-outage'
import type { Route } from './+types/back-office'

/**
 * The back office's frame around every staff page (app/routes.ts nests it inside the guarded
 * /admin and /employee areas, so the guard has run before this loader): the person's areas with
 * what needs attention in each. Its data also feeds the overviews (/admin, /employee).
 */
export const loader = async (args: Route.LoaderArgs) => {
  const user = guardedUser(args.context)
  const { database } = args.context.get(appContext)
  const areas = await navigationFor(database.db, user.role, businessDate(new Date()))
  return {
    areas,
    person: { name: user.name, roleLabel: user.role === 'admin' ? 'Admin' : 'Employee' },
  }
}

function Frame({
  areas,
  person,
  children,
}: {
  areas: NavArea[]
  person: { name: string; roleLabel: string }
  children: React.ReactNode
}) {
  const { signOut, pending } = useSignOut()
  return (
    <BackOffice
      areas={areas}
      person={person}
      signOut={{ run: () => void signOut(), pending }}
      cookieSettings={
        <CookieSettingsButton className="cursor-pointer justify-self-start rounded-sm text-primary underline-offset-4 hover:underline" />
      }
    >
      {children}
    </BackOffice>
  )
}

export default function BackOfficeLayout({ loaderData }: Route.ComponentProps) {
  return (
    <Frame areas={loaderData.areas} person={loaderData.person}>
      <Outlet />
    </Frame>
  )
}

/**
 * A staff page (or this frame) the database could not serve: a 503 says so in the frame, when the
 * frame's own data came. Anything else (403, 404, a bug) is the protected areas' error page, as before.
 */
export function ErrorBoundary({ error, loaderData }: Route.ErrorBoundaryProps) {
  if (!isRouteErrorResponse(error) || error.status !== 503) return <ProtectedErrorBoundary />
  const said = (error.data as { error?: unknown } | null)?.error
  const notice = <TemporarilyUnavailable message={typeof said === 'string' ? said : pageUnavailableMessage} />
  if (!loaderData) return notice
  return (
    <Frame areas={loaderData.areas} person={loaderData.person}>
      {notice}
    </Frame>
  )
}
