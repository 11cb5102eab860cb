import type { OrganisationRole } from '../organisations'
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
  /**
   * the organisation's estimates, invoices, receipts and payments (accepting and declining
   * estimates): an approved client who is an owner or billing person, or staff
   */
  | 'billing'
  /** reading the organisation's contracts: as `billing` */
  | 'contracts'
  /** signing or declining a contract for the organisation: an approved owner */
  | 'sign_contracts'
  /** inviting the organisation's people, changing their roles, removing them: an approved owner */
  | 'people'
  /**
   * asking for help (support tickets, docs/support.md): every approved client in an organisation
   * (owners see all of its tickets, others their own and those they are copied on), or staff
   */
  | 'support'

/**
 * The signed-in visitor as the rule sees them; null when nobody is signed in. A client's
 * `organisationRole` is their role in their organisation (docs/accounts.md#organisations); a client
 * without one (removed from their organisation) has none of an organisation's rights.
 */
export type Actor = {
  role: AccountRole
  status: AccountStatus
  organisationRole?: OrganisationRole | null | undefined
} | null

/** What each role in an organisation may do beyond its dashboard, requests and appointments. */
const organisationRights: Record<OrganisationRole, ReadonlySet<Requirement>> = {
  owner: new Set(['billing', 'contracts', 'sign_contracts', 'people']),
  billing: new Set(['billing', 'contracts']),
  member: new Set(),
}

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
    case 'billing':
    case 'contracts':
      // Staff read client pages as they always have; they have no organisation's documents there.
      if (actor.role !== 'client') return true
      return hasOrganisationRight(actor, requirement)
    case 'support':
      // Every role of an organisation asks for help; staff read the client pages as they always have.
      if (actor.role !== 'client') return true
      return actor.status === 'approved' && Boolean(actor.organisationRole)
    case 'sign_contracts':
    case 'people':
      // Staff neither sign for a client nor manage its people from the client's side.
      return actor.role === 'client' && hasOrganisationRight(actor, requirement)
  }
}

/**
 * What a client hears when their role in their organisation does not cover a page or an action: the
 * words of their role, the same on pages and in the JSON API.
 */
export const organisationRefusals = {
  billing: 'Your role in your organisation does not include billing. An owner of your organisation can change that.',
  contracts:
    'Your role in your organisation does not include contracts. An owner of your organisation can change that.',
  sign_contracts: 'Only an owner of your organisation may sign or decline its contracts.',
  people: 'Only an owner of your organisation may invite people, change their roles or remove them.',
  support: 'Support tickets are for the people of a client organisation. Ask its owner or our staff to add you.',
} as const satisfies Record<Exclude<Requirement, 'session' | 'approved' | 'staff' | 'admin'>, string>

/** What a client in no organisation (removed from theirs) hears on a page of an organisation's. */
export const noOrganisationRefusal =
  'You are not in an organisation any more, so its documents and contracts are not yours to see. Ask its owner or our staff if this is a mistake.'

function hasOrganisationRight(actor: NonNullable<Actor>, requirement: Requirement): boolean {
  if (actor.status !== 'approved' || !actor.organisationRole) return false
  return organisationRights[actor.organisationRole].has(requirement)
}

/**
 * Staff accounts reach every client's data, so they sign in with a second factor: one without it
 * may use only its own account pages (where it enrols) until it has one (ADR 016). The people of an
 * organisation whose owner requires a second factor are held to the same rule.
 */
export function mustEnrolSecondFactor(
  actor: {
    role: AccountRole
    twoFactorEnabled: boolean
    organisation?: { requireSecondFactor: boolean } | null | undefined
  } | null,
): boolean {
  if (actor === null || actor.twoFactorEnabled) return false
  return actor.role !== 'client' || actor.organisation?.requireSecondFactor === true
}

/** Where a staff account without a second factor sets one up. */
export const secondFactorEnrolmentPath = '/account/two-factor'

/**
 * The protected areas of the site, each served by one guarded layout route (app/routes.ts), and
 * the pages within an area that ask more than the area does (listed before their area: the first
 * path that matches decides). The browser reads this table to show Loading while a navigation into
 * an area is checked.
 */
export const protectedAreas = {
  admin: { path: '/admin', requires: 'admin' },
  staff: { path: '/employee', requires: 'staff' },
  contracts: { path: '/billing/contracts', requires: 'contracts' },
  billing: { path: '/billing', requires: 'billing' },
  dashboard: { path: '/dashboard', requires: 'session' },
  support: { path: '/support', requires: 'support' },
  people: { path: '/account/organisation', requires: 'people' },
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

/** The requirements only an approved client (or staff) can meet: a pending client is sent to the dashboard, which says why. */
export function needsApproval(requirement: Requirement): boolean {
  return requirement !== 'session' && requirement !== 'staff' && requirement !== 'admin'
}

/**
 * Where the browser sends a signed-in visitor who does not meet a requirement: a client waiting for
 * approval to the dashboard, which says why; anyone else outside their area to their portal. Null
 * when the page stays: a role in an organisation that does not cover the page is told so in its
 * words by the server's next answer for it.
 */
export function fallbackPathFor(actor: Actor, requirement: Requirement): string | null {
  if (needsApproval(requirement) && !can(actor, 'approved')) return '/dashboard'
  if (requirement === 'staff' || requirement === 'admin' || requirement === 'session') return '/portal'
  return null
}
