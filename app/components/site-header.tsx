import { ArrowRightIcon, ChevronDownIcon, MenuIcon } from 'lucide-react'
import { NavigationMenu } from 'radix-ui'
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react'
import { Link, useLocation } from 'react-router'
import { LogoMark } from '~/components/logo'
import { SectionLink, useScrollToHashOnLoad } from '~/components/section-link'
import { serviceIcons } from '~/components/service-icon'
import { Button } from '~/components/ui/button'
import { business } from '~/content/business'
import { services } from '~/content/catalog'
import { mainNav, navTimings, sectionLinks } from '~/content/navigation'
import { cn } from '~/lib/cn'
import { createHoverIntent } from '~/lib/hover-intent'

export type SiteHeaderProps = {
  /**
   * The signed-in visitor's account menu (Admin Dashboard or Dashboard, Log Out) for the desktop
   * bar. Without it the header shows Login.
   */
  account?: React.ReactNode
  /** The same for the mobile menu; defaults to `account`. */
  mobileAccount?: React.ReactNode
}

/** Sticky site header: brand, main navigation (desktop bar, mobile sheet) and the account slot. */
export function SiteHeader({ account, mobileAccount }: SiteHeaderProps) {
  useScrollToHashOnLoad()
  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/85">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-6 lg:gap-6">
        <Link
          to="/"
          className="-ms-1 flex shrink-0 items-center gap-2.5 rounded-md p-1 font-bold text-foreground tracking-tight"
        >
          <LogoMark />
          {/* Between md and lg the desktop bar needs the room; the link keeps its name for screen readers. */}
          <span className="text-lg leading-none md:max-lg:sr-only">{business.name}</span>
        </Link>
        <DesktopNav account={account} />
        <MobileNav account={mobileAccount ?? account} />
      </div>
    </header>
  )
}

const SERVICES_MENU = 'services'

const barItem =
  'inline-flex h-10 items-center gap-1 rounded-md px-2.5 font-medium text-muted-foreground text-sm transition-colors hover:bg-accent hover:text-foreground data-[active]:text-foreground lg:px-3'

function DesktopNav({ account }: { account?: React.ReactNode }) {
  const { pathname } = useLocation()
  const [value, setValue] = useState('')
  const [intent] = useState(() => createHoverIntent(navTimings, setValue))
  const focusFirstLink = useRef(false)
  // ArrowDown on the closed trigger opens the menu and lands on its first link once it mounts.
  const onContentMount = useCallback((node: HTMLDivElement | null) => {
    if (!node || !focusFirstLink.current) return
    focusFirstLink.current = false
    node.querySelector<HTMLElement>('a[href]')?.focus()
  }, [])

  useEffect(() => () => intent.dispose(), [intent])

  const openServices = () => {
    intent.sync(SERVICES_MENU)
    setValue(SERVICES_MENU)
  }
  const onMouse = (event: React.PointerEvent, handle: () => void) => {
    if (event.pointerType !== 'mouse') return
    // Our hover intent replaces Radix's own pointer timers (which cannot take a close delay).
    event.preventDefault()
    handle()
  }

  return (
    <NavigationMenu.Root
      aria-label="Main"
      value={value}
      onValueChange={(next) => {
        intent.sync(next)
        setValue(next)
      }}
      delayDuration={navTimings.openDelayMs}
      skipDelayDuration={navTimings.skipDelayMs}
      className="hidden flex-1 items-center justify-between gap-4 md:flex"
    >
      <NavigationMenu.List className="flex items-center gap-0.5 lg:gap-1">
        <NavigationMenu.Item value={SERVICES_MENU} className="relative">
          <NavigationMenu.Trigger
            className={cn(barItem, 'group data-[state=open]:bg-accent data-[state=open]:text-foreground')}
            data-active={pathname.startsWith('/services/') ? '' : undefined}
            onPointerEnter={(event) => {
              if (event.pointerType === 'mouse') intent.pointerEnter()
            }}
            onPointerMove={(event) => onMouse(event, () => intent.pointerMove(SERVICES_MENU))}
            onPointerLeave={(event) => onMouse(event, () => intent.pointerLeave())}
            onClick={() => {
              if (value === SERVICES_MENU) intent.block()
            }}
            onKeyDown={(event) => {
              if (event.key === 'ArrowDown' && value !== SERVICES_MENU) {
                event.preventDefault()
                focusFirstLink.current = true
                openServices()
              }
            }}
          >
            {mainNav.servicesLabel}
            <ChevronDownIcon
              className="size-4 transition-transform duration-200 group-data-[state=open]:rotate-180"
              aria-hidden="true"
            />
          </NavigationMenu.Trigger>
          <NavigationMenu.Content
            ref={onContentMount}
            // pt-2 (not a margin) keeps the gap between trigger and panel inside the hover area.
            className="absolute top-full left-0 z-50 pt-2 data-[state=closed]:animate-pop-out data-[state=open]:animate-pop-in"
            onPointerEnter={() => intent.contentEnter()}
            onPointerLeave={(event) => onMouse(event, () => intent.pointerLeave())}
            onEscapeKeyDown={() => intent.block()}
          >
            <ServicesPanel pathname={pathname} />
          </NavigationMenu.Content>
        </NavigationMenu.Item>
        {sectionLinks.map((link) => (
          <NavigationMenu.Item key={link.sectionId}>
            <NavigationMenu.Link asChild>
              <SectionLink sectionId={link.sectionId} className={barItem}>
                {link.label}
              </SectionLink>
            </NavigationMenu.Link>
          </NavigationMenu.Item>
        ))}
        <NavigationMenu.Item>
          <NavigationMenu.Link asChild active={pathname === '/blog' || pathname.startsWith('/blog/')}>
            <Link to={mainNav.blog.to} className={barItem}>
              {mainNav.blog.label}
            </Link>
          </NavigationMenu.Link>
        </NavigationMenu.Item>
      </NavigationMenu.List>
      <div className="flex items-center gap-1 lg:gap-2">
        {account ?? (
          <Button asChild variant="ghost" size="lg" className="px-3 text-muted-foreground hover:text-foreground">
            <Link to={mainNav.login.to}>{mainNav.login.label}</Link>
          </Button>
        )}
        <Button asChild size="lg">
          <Link to={mainNav.book.to}>{mainNav.book.label}</Link>
        </Button>
      </div>
    </NavigationMenu.Root>
  )
}

function ServicesPanel({ pathname }: { pathname: string }) {
  return (
    <div className="w-[min(36rem,calc(100vw-2rem))] overflow-hidden rounded-xl border bg-popover text-popover-foreground shadow-slate-900/10 shadow-xl">
      <ul className="grid grid-cols-2 gap-1 p-2">
        {services.map((service) => {
          const Icon = serviceIcons[service.key]
          return (
            <li key={service.key}>
              <NavigationMenu.Link asChild active={pathname === service.path}>
                <Link
                  to={service.path}
                  className="group/item flex gap-3 rounded-lg p-3 transition-colors hover:bg-accent focus-visible:bg-accent data-[active]:bg-secondary"
                >
                  <span className="flex size-9 shrink-0 items-center justify-center rounded-md bg-secondary text-primary transition-colors group-hover/item:bg-primary group-hover/item:text-primary-foreground">
                    <Icon className="size-5" aria-hidden="true" />
                  </span>
                  <span className="grid gap-0.5">
                    <span className="font-semibold text-foreground text-sm">{service.name}</span>
                    <span className="text-muted-foreground text-xs leading-snug">{service.summary}</span>
                  </span>
                </Link>
              </NavigationMenu.Link>
            </li>
          )
        })}
      </ul>
      <div className="flex items-center justify-between gap-4 border-t bg-muted px-5 py-3 text-sm">
        <span className="text-muted-foreground">Not sure what you need? The first consultation is free.</span>
        <NavigationMenu.Link asChild>
          <Link
            to={mainNav.book.to}
            className="inline-flex shrink-0 items-center gap-1 rounded-sm font-semibold text-primary hover:text-primary-hover hover:underline"
          >
            Book now
            <ArrowRightIcon className="size-4" aria-hidden="true" />
          </Link>
        </NavigationMenu.Link>
      </div>
    </div>
  )
}

const loadMobileNav = () => import('./mobile-nav')
const MobileNavSheet = lazy(() => loadMobileNav().then((m) => ({ default: m.MobileNav })))

/**
 * The menu button of small screens. The sheet behind it (Radix Dialog and its focus and scroll
 * handling) is downloaded on the first touch, hover or focus of the button, and opens once loaded.
 */
function MobileNav({ account }: { account?: React.ReactNode }) {
  const [wanted, setWanted] = useState(false)
  const trigger = (
    <Button
      variant="ghost"
      size="icon"
      aria-label="Main menu"
      aria-haspopup="dialog"
      aria-expanded={false}
      className="ms-auto md:hidden"
      onPointerEnter={() => void loadMobileNav()}
      onFocus={() => void loadMobileNav()}
      onClick={() => setWanted(true)}
    >
      <MenuIcon className="size-6" aria-hidden="true" />
    </Button>
  )
  if (!wanted) return trigger
  return (
    <Suspense fallback={trigger}>
      <MobileNavSheet account={account} defaultOpen />
    </Suspense>
  )
}
