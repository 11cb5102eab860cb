import type { AccountRole, AccountStatus } from './status'

/**
 * Who may see what: the one access rule of the product. Loaders and actions (through the guarded
 * layouts), the JSON API's guards and the browser's access check all ask `can()`; nothing else
 * compares roles or statuses to decide access.
 */

/** What a protected area asks of its visitor. */
export type Requirement =
  /** any signed-in account */
  | 'session'
  /** an approved client, or staff (staff accounts need no approval to read client pages) */
  | 'approved'
  /** an employee or an admin */
  | 'staff'
  /** an admin */
  | 'admin'

/** The signed-in visitor as the rule sees them; null when nobody is signed in. */
export type Actor = { role: AccountRole; status: AccountStatus } | null

export function can(actor: Actor, requirement: Requirement): boolean {
  if (!actor) return false
  switch (requirement) {
    case 'admin':
      return actor.role === 'admin'
    case 'staff':
      return actor.role === 'admin' || actor.role === 'employee'
    case 'approved':
      return actor.role !== 'client' || actor.status === 'approved'
    case 'session':
      return true
  }
}

/**
 * Staff accounts reach every client's data, so they sign in with a second factor: one without it
 * may use only its own account pages (where it enrols) until it has one (ADR 016).
 */
export function mustEnrolSecondFactor(actor: { role: AccountRole; twoFactorEnabled: boolean } | null): boolean {
  return actor !== null && actor.role !== 'client' && !actor.twoFactorEnabled
}

/** Where a staff account without a second factor sets one up. */
export const secondFactorEnrolmentPath = '/account/two-factor'

/**
 * The protected areas of the site, each served by one guarded layout route (app/routes.ts). The
 * browser reads this table to show Loading while a navigation into an area is checked.
 */
export const protectedAreas = {
  admin: { path: '/admin', requires: 'admin' },
  staff: { path: '/employee', requires: 'staff' },
  billing: { path: '/billing', requires: 'approved' },
  dashboard: { path: '/dashboard', requires: 'session' },
  account: { path: '/account', requires: 'session' },
} as const satisfies Record<string, { path: string; requires: Requirement }>

export type ProtectedArea = (typeof protectedAreas)[keyof typeof protectedAreas]

/** What a page needs, from its path; undefined for a public page. */
export function requirementOf(pathname: string): Requirement | undefined {
  for (const area of Object.values(protectedAreas)) {
    if (pathname === area.path || pathname.startsWith(`${area.path}/`)) return area.requires
  }
  return undefined
}

/** Where the browser sends a signed-in visitor who does not meet a requirement. */
export function fallbackPathFor(requirement: Requirement): string {
  return requirement === 'approved' ? '/dashboard' : '/portal'
}
