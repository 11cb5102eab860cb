import {
  BookOpenIcon,
  BuildingIcon,
  CloudOffIcon,
  FileSignatureIcon,
  HistoryIcon,
  InboxIcon,
  KeyRoundIcon,
  LayoutDashboardIcon,
  LifeBuoyIcon,
  LogOutIcon,
  MailIcon,
  MapPinIcon,
  MenuIcon,
  ReceiptIcon,
  RefreshCwIcon,
  RotateCwIcon,
  UsersIcon,
  XIcon,
} from 'lucide-react'
import { Dialog as DialogPrimitive } from 'radix-ui'
import { type ReactNode, useEffect, useState } from 'react'
import { Link, NavLink, useLocation } from 'react-router'
import { business } from '~/content/business'
import { cn } from '~/lib/cn'
import { Button, buttonVariants } from '~/ui/button'
import type { StaffAreaIcon } from './areas'

/** One link of the navigation as the layout's loader sends it (areas.server.ts). */
export type NavArea = {
  key: string
  label: string
  path: string
  icon: string
  count: number | null
  countLabel: string | null
}

const icons: Record<StaffAreaIcon, typeof InboxIcon> = {
  overview: LayoutDashboardIcon,
  requests: InboxIcon,
  clients: BuildingIcon,
  accounts: UsersIcon,
  billing: ReceiptIcon,
  contracts: FileSignatureIcon,
  locations: MapPinIcon,
  blog: BookOpenIcon,
  sync: RefreshCwIcon,
  audit: HistoryIcon,
  'two-factor': KeyRoundIcon,
  tickets: LifeBuoyIcon,
  'mail-triage': MailIcon,
}

function AreaLinks({ areas, onNavigate }: { areas: NavArea[]; onNavigate?: () => void }) {
  return (
    <ul className="grid gap-1">
      {areas.map((area) => {
        const Icon = icons[area.icon as StaffAreaIcon] ?? LayoutDashboardIcon
        const counted = area.count !== null && area.count > 0
        return (
          <li key={area.key}>
            <NavLink
              to={area.path}
              end={area.path === '/admin' || area.path === '/employee'}
              onClick={onNavigate}
              className={({ isActive }) =>
                cn(
                  'flex min-h-11 items-center gap-3 rounded-md px-3 py-2 font-medium text-sm transition-colors',
                  isActive ? 'bg-primary text-primary-foreground' : 'text-foreground hover:bg-muted',
                )
              }
            >
              <Icon className="size-4 shrink-0" aria-hidden="true" />
              <span className="flex-1">{area.label}</span>
              {counted && (
                <span className="rounded-full bg-amber-100 px-2 py-0.5 font-semibold text-amber-900 text-xs tabular-nums">
                  {area.count}
                  <span className="sr-only"> {area.countLabel}</span>
                </span>
              )}
            </NavLink>
          </li>
        )
      })}
    </ul>
  )
}

/**
 * The staff pages' frame (/admin/*, /employee/*): the areas as a sidebar on wide screens and as a
 * menu (a Radix dialog that traps focus and closes on Escape) on phones, the signed-in person and
 * Log Out. It replaces the marketing header on these pages (root.tsx).
 */
export function BackOffice({
  areas,
  person,
  signOut,
  cookieSettings,
  children,
}: {
  areas: NavArea[]
  person: { name: string; roleLabel: string }
  signOut: { run: () => void; pending: boolean }
  /** The cookie settings button (consent's, given by the route as the site's footer gets it). */
  cookieSettings: ReactNode
  children: ReactNode
}) {
  const [open, setOpen] = useState(false)
  const { pathname } = useLocation()
  // A navigation closes the phone menu (also one made with the browser's back button).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each new address.
  useEffect(() => setOpen(false), [pathname])
  const footer = (
    <div className="grid gap-2 border-t pt-4 text-sm">
      <p className="grid">
        <span className="font-medium">{person.name}</span>
        <span className="text-muted-foreground">{person.roleLabel}</span>
      </p>
      <Link to="/account/settings" className="text-primary underline-offset-4 hover:underline">
        Account settings
      </Link>
      {/* Every page offers it (the site's footer elsewhere). In the phone menu, the settings dialog
          taking focus closes the menu (Radix closes a dialog on focus outside). */}
      {cookieSettings}
      <Button variant="outline" onClick={signOut.run} disabled={signOut.pending} className="justify-start">
        <LogOutIcon aria-hidden="true" />
        Log Out
      </Button>
    </div>
  )
  return (
    <div className="mx-auto flex w-full max-w-[96rem] flex-1 flex-col lg:flex-row">
      {/* Phones and tablets: a bar with the menu button. */}
      <div className="flex items-center justify-between gap-3 border-b px-4 py-3 lg:hidden">
        <Link to="/" className="font-bold">
          {business.name}
        </Link>
        <DialogPrimitive.Root open={open} onOpenChange={setOpen}>
          <DialogPrimitive.Trigger asChild>
            <Button variant="outline" aria-label="Staff menu">
              <MenuIcon aria-hidden="true" />
              Menu
            </Button>
          </DialogPrimitive.Trigger>
          <DialogPrimitive.Portal>
            <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-950/50" />
            <DialogPrimitive.Content className="fixed inset-y-0 left-0 z-50 grid w-[min(20rem,85vw)] content-start gap-4 overflow-y-auto bg-background p-4 shadow-xl">
              <div className="flex items-center justify-between">
                <DialogPrimitive.Title className="font-semibold">Staff areas</DialogPrimitive.Title>
                <DialogPrimitive.Close asChild>
                  <Button variant="ghost" size="icon" aria-label="Close the menu">
                    <XIcon aria-hidden="true" />
                  </Button>
                </DialogPrimitive.Close>
              </div>
              <DialogPrimitive.Description className="sr-only">
                Every area of the back office, with what needs attention in each.
              </DialogPrimitive.Description>
              <nav aria-label="Staff areas">
                <AreaLinks areas={areas} onNavigate={() => setOpen(false)} />
              </nav>
              {footer}
            </DialogPrimitive.Content>
          </DialogPrimitive.Portal>
        </DialogPrimitive.Root>
      </div>
      {/* Desktops: the sidebar. */}
      <aside className="hidden w-64 shrink-0 border-r p-4 lg:grid lg:content-start lg:gap-6">
        <Link to="/" className="px-3 font-bold">
          {business.name}
        </Link>
        <nav aria-label="Staff areas">
          <AreaLinks areas={areas} />
        </nav>
        {footer}
      </aside>
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  )
}

/** The overview's cards: one per area with a count, linking to it. */
export function AreaCounts({ areas }: { areas: NavArea[] }) {
  const counted = areas.filter((area) => area.count !== null)
  if (counted.length === 0) return null
  return (
    <section aria-labelledby="attention-title" className="grid gap-3">
      <h2 id="attention-title" className="font-semibold text-xl">
        Needs attention
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
        {counted.map((area) => {
          const Icon = icons[area.icon as StaffAreaIcon] ?? LayoutDashboardIcon
          return (
            <li key={area.key}>
              <Link
                to={area.path}
                className="grid gap-1 rounded-xl border bg-card p-4 shadow-sm transition-colors hover:border-primary"
              >
                <span className="flex items-center gap-2 text-muted-foreground text-sm">
                  <Icon className="size-4" aria-hidden="true" />
                  {area.label}
                </span>
                <span className="font-bold text-3xl tabular-nums">{area.count}</span>
                <span className="text-muted-foreground text-sm">{area.countLabel}</span>
              </Link>
            </li>
          )
        })}
      </ul>
    </section>
  )
}

/**
 * A staff page whose data the database could not give (a 503 from the outage rule, in its area's
 * words, such as billing's): says so, and offers the same page again. Nothing on it needs the database.
 */
export function TemporarilyUnavailable({ message }: { message: string }) {
  const { pathname, search } = useLocation()
  return (
    <section className="mx-auto grid max-w-2xl justify-items-center gap-4 px-6 py-20 text-center" role="alert">
      <title>{`Temporarily unavailable | ${business.name}`}</title>
      <span className="flex size-14 items-center justify-center rounded-full bg-secondary text-primary">
        <CloudOffIcon className="size-7" aria-hidden="true" />
      </span>
      <h1 className="font-bold text-3xl tracking-tight">Temporarily unavailable</h1>
      <p className="text-lg text-muted-foreground">{message}</p>
      {/* A full page load: the client-side router would show this again without asking the server. */}
      <a href={`${pathname}${search}`} className={buttonVariants({ size: 'lg' })}>
        <RotateCwIcon aria-hidden="true" />
        Try again
      </a>
    </section>
  )
}
