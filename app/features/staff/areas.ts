/**
 * The back office's areas: ONE list for the navigation (sidebar and phone menu), the overview's
 * counts and who sees what. A new staff page joins with one line here (its count, if it has one,
 * in areas.server.ts under the same key). Its route must still sit in the right protected area of
 * app/routes.ts: this list shows links, the guarded layouts decide access.
 */

/** The staff roles (accounts' `AccountRole` less client; features do not reach into each other). */
export type StaffRole = 'admin' | 'employee'

export type StaffAreaIcon =
  | 'overview'
  | 'requests'
  | 'tickets'
  | 'mail-triage'
  | 'clients'
  | 'accounts'
  | 'billing'
  | 'contracts'
  | 'locations'
  | 'blog'
  | 'sync'
  | 'audit'
  | 'two-factor'

export type StaffArea = {
  key: string
  label: string
  path: string
  icon: StaffAreaIcon
  /** Who sees the link (admins see every area; an employee's areas are theirs alone). */
  roles: readonly StaffRole[]
  /** Says what its count means, next to the number ("3 new requests"). */
  countLabel?: string
}

const both = ['admin', 'employee'] as const
const admins = ['admin'] as const

export const staffAreas: readonly StaffArea[] = [
  { key: 'overview', label: 'Admin Dashboard', path: '/admin', icon: 'overview', roles: admins },
  { key: 'home', label: 'Employee portal', path: '/employee', icon: 'overview', roles: ['employee'] },
  { key: 'requests', label: 'Requests', path: '/employee/requests', icon: 'requests', roles: both, countLabel: 'new' },
  {
    key: 'tickets',
    label: 'Support tickets',
    path: '/employee/tickets',
    icon: 'tickets',
    roles: both,
    countLabel: 'new',
  },
  {
    key: 'ticket-triage',
    label: 'E-mail to triage',
    path: '/employee/tickets/triage',
    icon: 'mail-triage',
    roles: both,
    countLabel: 'waiting',
  },
  { key: 'clients', label: 'Clients', path: '/employee/clients', icon: 'clients', roles: ['employee'] },
  {
    key: 'accounts',
    label: 'Clients and accounts',
    path: '/admin/accounts',
    icon: 'accounts',
    roles: admins,
    countLabel: 'awaiting approval',
  },
  { key: 'billing', label: 'Billing', path: '/admin/billing', icon: 'billing', roles: admins, countLabel: 'overdue' },
  { key: 'subscriptions', label: 'Subscriptions', path: '/admin/subscriptions', icon: 'billing', roles: admins },
  { key: 'payments', label: 'Failing payments', path: '/admin/payments', icon: 'billing', roles: admins },
  {
    key: 'billing-read',
    label: 'Billing',
    path: '/employee/billing',
    icon: 'billing',
    roles: ['employee'],
    countLabel: 'overdue',
  },
  {
    key: 'contracts',
    label: 'Contracts',
    path: '/admin/contracts',
    icon: 'contracts',
    roles: admins,
    countLabel: 'to countersign',
  },
  { key: 'locations', label: 'Town pages', path: '/admin/locations', icon: 'locations', roles: admins },
  { key: 'blog', label: 'Blog', path: '/admin/blog', icon: 'blog', roles: admins, countLabel: 'drafts' },
  {
    key: 'sync-status',
    label: 'Sync status',
    path: '/admin/sync-status',
    icon: 'sync',
    roles: admins,
    countLabel: 'failed e-mails',
  },
  { key: 'audit', label: 'Audit log', path: '/admin/audit', icon: 'audit', roles: admins },
  {
    key: 'two-factor',
    label: 'Two-factor sign-in',
    path: '/admin/two-factor',
    icon: 'two-factor',
    roles: admins,
    countLabel: 'staff without it',
  },
]

/** The areas a staff member sees, in the list's order. */
export function areasFor(role: string): StaffArea[] {
  return staffAreas.filter((area) => (area.roles as readonly string[]).includes(role))
}

/** Pages under these paths use the back-office layout instead of the marketing header. */
export function isBackOfficePath(pathname: string): boolean {
  return ['/admin', '/employee'].some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`))
}
