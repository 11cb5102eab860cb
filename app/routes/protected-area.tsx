import { Outlet, useLocation } from 'react-router'
import { requirementOf } from '~/features/accounts/access'
import { areaGuard } from '~/features/accounts/guards.server'
import { AccessCheck, ProtectedErrorBoundary } from '~/features/accounts/protected'
import { islandsHandle } from '~/lib/islands-mode'
import type { Route } from './+types/protected-area'

/**
 * The layout route of every protected area (/admin, /employee, /billing, /dashboard and /account;
 * app/routes.ts). Its middleware guards every page of the area once, on the server, before any
 * loader or action runs; what each area requires is in `protectedAreas` (features/accounts/access).
 * Pages below it read their visitor with `guardedUser(context)` and repeat none of this.
 */
export const middleware: Route.MiddlewareFunction[] = [areaGuard]

export const ErrorBoundary = ProtectedErrorBoundary

// The area leaves the choice of islands mode to its page (/dashboard and /billing are islands pages:
// ADR 024); there the islands entry runs the access check instead of AccessCheck below
// (features/accounts/enhance/signed-in.ts).
export const handle = islandsHandle

export default function ProtectedArea() {
  const requirement = requirementOf(useLocation().pathname)
  return (
    <>
      {requirement && <AccessCheck require={requirement} />}
      <Outlet />
    </>
  )
}
