import * as layoutDashboard from 'lucide-react/icons/layout-dashboard'
import * as logOut from 'lucide-react/icons/log-out'
import * as shieldCheck from 'lucide-react/icons/shield-check'
import type { AccountSummary } from '~/features/accounts/status'
import { Button } from '~/ui/button'
import { FrameLink } from '~/ui/frame-link'
import { iconData, staticIcon } from '~/ui/static-icon'
import { useAccount, useSignOut } from './account-state'

// Made once (ui/static-icon.ts): the menu is in every signed-in page's frame, twice (bar and phone menu).
const adminIcon = staticIcon(iconData(shieldCheck))
const dashboardIcon = staticIcon(iconData(layoutDashboard))
const logOutIcon = staticIcon(iconData(logOut))

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
  return (
    <div className="flex items-center gap-1" data-testid="account-menu">
      <Button asChild variant="ghost" size="lg" className="px-3 text-muted-foreground hover:text-foreground">
        <FrameLink to={home.to}>
          {account.isAdmin ? adminIcon : dashboardIcon}
          {/* Below 1280 px the bar has no room for both labels next to the menu: icons, names kept for screen readers. */}
          <span className="max-xl:sr-only">{home.label}</span>
        </FrameLink>
      </Button>
      <Button
        variant="ghost"
        size="lg"
        className="px-3 text-muted-foreground hover:text-foreground"
        onClick={signOut}
        data-sign-out
        disabled={pending}
      >
        {logOutIcon}
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
        <FrameLink to={home.to}>{home.label}</FrameLink>
      </Button>
      <Button variant="ghost" size="lg" className="w-full" onClick={signOut} data-sign-out disabled={pending}>
        {logOutIcon}
        Log Out
      </Button>
    </div>
  )
}
