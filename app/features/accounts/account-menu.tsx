import { LayoutDashboardIcon, LogOutIcon, ShieldCheckIcon } from 'lucide-react'
import { Link } from 'react-router'
import type { AccountSummary } from '~/features/accounts/status'
import { Button } from '~/ui/button'
import { useAccount, useSignOut } from './account-state'

/** Admin Dashboard for admins, the employee portal for employees, otherwise Dashboard, plus Log Out. */
export function accountHome(account: Pick<AccountSummary, 'isAdmin' | 'role'>) {
  if (account.isAdmin) return { label: 'Admin Dashboard', to: '/admin' }
  if (account.role === 'employee') return { label: 'Employee portal', to: '/employee' }
  return { label: 'Dashboard', to: '/dashboard' }
}

/** The navbar's account menu for the desktop bar (rendered by the site header in place of Login). */
export function AccountMenu({ initial }: { initial: AccountSummary }) {
  const account = useAccount(initial) ?? initial
  const { signOut, pending } = useSignOut()
  const home = accountHome(account)
  const Icon = account.isAdmin ? ShieldCheckIcon : LayoutDashboardIcon
  return (
    <div className="flex items-center gap-1" data-testid="account-menu">
      <Button asChild variant="ghost" size="lg" className="px-3 text-muted-foreground hover:text-foreground">
        <Link to={home.to}>
          <Icon aria-hidden="true" />
          {/* Below 1280 px the bar has no room for both labels next to the menu: icons, names kept for screen readers. */}
          <span className="max-xl:sr-only">{home.label}</span>
        </Link>
      </Button>
      <Button
        variant="ghost"
        size="lg"
        className="px-3 text-muted-foreground hover:text-foreground"
        onClick={signOut}
        data-sign-out
        disabled={pending}
      >
        <LogOutIcon aria-hidden="true" />
        <span className="max-xl:sr-only">Log Out</span>
      </Button>
    </div>
  )
}

/** The same for the mobile menu's footer. */
export function MobileAccountMenu({ initial }: { initial: AccountSummary }) {
  const account = useAccount(initial) ?? initial
  const { signOut, pending } = useSignOut()
  const home = accountHome(account)
  return (
    <div className="grid gap-2">
      <Button asChild variant="outline" size="lg" className="w-full">
        <Link to={home.to}>{home.label}</Link>
      </Button>
      <Button variant="ghost" size="lg" className="w-full" onClick={signOut} data-sign-out disabled={pending}>
        <LogOutIcon aria-hidden="true" />
        Log Out
      </Button>
    </div>
  )
}
