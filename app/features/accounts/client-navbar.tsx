import { LogOutIcon, SettingsIcon } from 'lucide-react'
import { Button } from '~/ui/button'
import { FrameLink } from '~/ui/frame-link'
import { useSignOut } from './account-state'

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
              <SettingsIcon aria-hidden="true" />
              Account Settings
            </FrameLink>
          </Button>
          <Button variant="ghost" size="md" onClick={signOut} data-sign-out disabled={pending}>
            <LogOutIcon aria-hidden="true" />
            Log Out
          </Button>
        </div>
      </div>
    </nav>
  )
}
