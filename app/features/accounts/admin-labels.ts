import { accountStatusOf } from './status'

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
