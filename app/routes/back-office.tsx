import { Outlet } from 'react-router'
import { appContext } from '~/context.server'
import { useSignOut } from '~/features/accounts/account-state'
import { guardedUser } from '~/features/accounts/guards.server'
import { CookieSettingsButton } from '~/features/consent/cookie-consent'
import { navigationFor } from '~/features/staff/areas.server'
import { BackOffice } from '~/features/staff/back-office'
import { businessDate } from '~/lib/business-time'
import type { Route } from './+types/back-office'

/**
 * The back office's frame around every staff page (app/routes.ts nests it inside the guarded
 * /admin and /employee areas, so the guard has run before this loader): the person's areas with
 * what needs attention in each. Its data also feeds the overviews (/admin, /employee).
 */
export async function loader(args: Route.LoaderArgs) {
  const user = guardedUser(args.context)
  const { database } = args.context.get(appContext)
  const areas = await navigationFor(database.db, user.role, businessDate(new Date()))
  return {
    areas,
    person: { name: user.name, roleLabel: user.role === 'admin' ? 'Admin' : 'Employee' },
  }
}

export default function BackOfficeLayout({ loaderData }: Route.ComponentProps) {
  const { signOut, pending } = useSignOut()
  return (
    <BackOffice
      areas={loaderData.areas}
      person={loaderData.person}
      signOut={{ run: () => void signOut(), pending }}
      cookieSettings={
        <CookieSettingsButton className="cursor-pointer justify-self-start rounded-sm text-primary underline-offset-4 hover:underline" />
      }
    >
      <Outlet />
    </BackOffice>
  )
}
