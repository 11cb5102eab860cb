import type { OrganisationRole } from '../organisations'
/**
 * What the product shows for an account's status: the stored value `verified` reads
 * as approved and `pending_verification` as pending; a user without an onboarding record is pending.
 */
export type AccountStatus = 'pending' | 'approved' | 'rejected'

export type AccountRole = 'client' | 'employee' | 'admin'

export function accountStatusOf(stored: string | null | undefined): AccountStatus {
  switch (stored) {
    case 'approved':
    case 'verified':
      return 'approved'
    case 'rejected':
      return 'rejected'
    default:
      return 'pending'
  }
}

/** Anything but a known staff role is a client (only admin and employee are staff roles). */
export function accountRoleOf(stored: string | null | undefined): AccountRole {
  return stored === 'admin' || stored === 'employee' ? stored : 'client'
}

/** The signed-in visitor as the browser sees them (root loader, profile endpoint). */
export type AccountSummary = {
  userId: string
  email: string
  name: string
  companyName: string | null
  phone: string | null
  role: AccountRole
  status: AccountStatus
  isAdmin: boolean
  /** Signs in with a second factor (an authenticator app), required of staff. */
  twoFactorEnabled: boolean
  /** A client's organisation and their role in it (docs/accounts.md#organisations); null for staff and for a client in none. */
  organisation: VisitorOrganisation | null
  organisationRole: OrganisationRole | null
}

/** The organisation a signed-in client belongs to, as their pages know it. */
export type VisitorOrganisation = {
  id: string
  name: string
  role: OrganisationRole
  /** Its owner requires a second factor of everyone in it. */
  requireSecondFactor: boolean
}

/** The status-change toast, also used by the live status stream. */
export function statusUpdatedToast(status: AccountStatus) {
  return {
    title: 'Account Status Updated',
    description: `Your account status has been updated to ${status}`,
  } as const
}
