import * as logOut from 'lucide-react/icons/log-out'
import * as settings from 'lucide-react/icons/settings'
import { Button } from '~/ui/button'
import { FrameLink } from '~/ui/frame-link'
import { iconData, staticIcon } from '~/ui/static-icon'
import { useSignOut } from './account-state'

// Made once (ui/static-icon.ts): /dashboard is an islands page drawn on every visit.
const settingsIcon = staticIcon(iconData(settings))
const logOutIcon = staticIcon(iconData(logOut))

/** On /dashboard, a client navbar with a welcome, Account Settings and Log Out. */
export function ClientNavbar({ name }: { name: string }) {
  const { signOut, pending } = useSignOut()
  return (
    <nav aria-label="Account" className="border-b bg-secondary/60">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-6 py-3">
        <p className="font-semibold text-secondary-foreground">Welcome, {name}</p>
        <div className="flex items-center gap-2">
          <Button asChild variant="ghost" size="md">
            <FrameLink to="/account/settings">
              {settingsIcon}
              Account Settings
            </FrameLink>
          </Button>
          <Button variant="ghost" size="md" onClick={signOut} data-sign-out disabled={pending}>
            {logOutIcon}
            Log Out
          </Button>
        </div>
      </div>
    </nav>
  )
}
