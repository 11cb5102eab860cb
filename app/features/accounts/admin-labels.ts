import { accountStatusOf } from './status'

/** The roles an account can have (server/db/schema/onboarding.server.ts keeps the same list). */
export const accountRoles = ['client', 'employee', 'admin'] as const

/** What the account lists can be narrowed to, beside the role. */
export const accountStates = ['unverified', 'pending', 'approved', 'rejected', 'disabled', 'invited'] as const
export type AccountState = (typeof accountStates)[number]

/** How the back office names an account's state (the filters of /admin/accounts and /employee/clients). */
export const stateLabels: Record<string, string> = {
  unverified: 'E-mail not confirmed',
  pending: 'Awaiting approval',
  approved: 'Approved',
  rejected: 'Rejected',
  disabled: 'Disabled',
  invited: 'Invited, no password yet',
}

export function shownAccountState(item: { status: string; disabledAt: Date | string | null }): string {
  if (item.disabledAt) return 'Disabled'
  if (item.status === 'pending_verification') return 'E-mail not confirmed'
  const status = accountStatusOf(item.status)
  return status === 'pending' ? 'Awaiting approval' : status === 'approved' ? 'Approved' : 'Rejected'
}
