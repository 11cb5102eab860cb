import * as arrowRight from 'lucide-react/icons/arrow-right'
import * as chevronDown from 'lucide-react/icons/chevron-down'
import * as menu from 'lucide-react/icons/menu'
import { useLocation } from 'react-router'
import { business } from '~/content/business'
import { services } from '~/content/catalog'
import { mainNav, sectionLinks } from '~/content/navigation'
import { SERVICES_MENU_ATTR } from '~/features/marketing/enhance/services-menu'
import { LogoMark } from '~/features/marketing/logo'
import { MobileNav } from '~/features/marketing/mobile-nav'
import { SectionLink } from '~/features/marketing/section-link'
import { serviceIconData } from '~/features/marketing/service-icon'
import { cn } from '~/lib/cn'
import { Button } from '~/ui/button'
import { FrameLink } from '~/ui/frame-link'
import { iconData, staticIcon } from '~/ui/static-icon'

// The frame's icons, made once (ui/static-icon.ts): the header is drawn on every page.
const menuIcon = staticIcon(iconData(menu), 'size-6')
const chevronIcon = staticIcon(
  iconData(chevronDown),
  'size-4 transition-transform duration-200 group-data-[state=open]:rotate-180',
)
const arrowIcon = staticIcon(iconData(arrowRight), 'size-4')
const panelIcons = Object.fromEntries(
  Object.entries(serviceIconData).map(([key, data]) => [key, staticIcon(data, 'size-5')]),
) as Record<keyof typeof serviceIconData, React.ReactElement>

export type SiteHeaderProps = {
  /**
   * The signed-in visitor's account menu (Admin Dashboard or Dashboard, Log Out) for the desktop
   * bar. Without it the header shows Login.
   */
  account?: React.ReactNode
  /** The same for the mobile menu; defaults to `account`. */
  mobileAccount?: React.ReactNode
}

/**
 * Sticky site header: brand, main navigation (desktop bar, mobile menu) and the account slot.
 * Markup only: the Services menu and the mobile menu get their behaviour from features/marketing/enhance
 * (attached once per page, with or without the app's JavaScript).
 */
export function SiteHeader(props: SiteHeaderProps) {
  return (
    <header className={siteHeaderClass}>
      <SiteHeaderContent {...props} />
    </header>
  )
}

export const siteHeaderClass =
  'sticky top-0 z-40 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/85'

/** What the header holds; islands pages render it once per variant (app/frame-markup.server.tsx). */
export function SiteHeaderContent({ account, mobileAccount }: SiteHeaderProps) {
  return (
    <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-6 lg:gap-6">
      <FrameLink
        to="/"
        className="-ms-1 flex shrink-0 items-center gap-2.5 rounded-md p-1 font-bold text-foreground tracking-tight"
      >
        <LogoMark />
        {/* Between md and lg the desktop bar needs the room; the link keeps its name for screen readers. */}
        <span className="text-lg leading-none md:max-lg:sr-only">{business.name}</span>
      </FrameLink>
      <DesktopNav account={account} />
      <Button
        variant="ghost"
        size="icon"
        aria-label="Main menu"
        aria-haspopup="dialog"
        aria-expanded={false}
        aria-controls="mobile-menu"
        data-mobile-menu-trigger=""
        className="ms-auto md:hidden"
      >
        {menuIcon}
      </Button>
      <MobileNav id="mobile-menu" account={mobileAccount ?? account} />
    </div>
  )
}

const barItem =
  'inline-flex h-10 items-center gap-1 whitespace-nowrap rounded-md px-2.5 font-medium text-muted-foreground text-sm transition-colors hover:bg-accent hover:text-foreground data-[active]:text-foreground lg:px-3'

function DesktopNav({ account }: { account?: React.ReactNode }) {
  const { pathname } = useLocation()
  const blogActive = pathname === '/blog' || pathname.startsWith('/blog/')
  return (
    <nav aria-label="Main" className="hidden flex-1 items-center justify-between gap-4 md:flex">
      <ul className="flex items-center gap-0.5 lg:gap-1">
        <li className="relative" {...{ [SERVICES_MENU_ATTR]: '' }}>
          <button
            type="button"
            aria-expanded={false}
            aria-controls="services-menu"
            data-state="closed"
            className={cn(
              barItem,
              'group cursor-pointer data-[state=open]:bg-accent data-[state=open]:text-foreground',
            )}
            data-active={pathname.startsWith('/services/') ? '' : undefined}
          >
            {mainNav.servicesLabel}
            {chevronIcon}
          </button>
          {/* pt-2 (not a margin) keeps the gap between trigger and panel inside the hover area. */}
          <div
            id="services-menu"
            hidden
            data-state="closed"
            className="absolute top-full left-0 z-50 pt-2 data-[state=open]:animate-pop-in"
          >
            <ServicesPanel pathname={pathname} />
          </div>
        </li>
        {sectionLinks.map((link) => (
          <li key={link.sectionId}>
            <SectionLink sectionId={link.sectionId} className={barItem}>
              {link.label}
            </SectionLink>
          </li>
        ))}
        <li>
          <FrameLink
            to={mainNav.blog.to}
            className={barItem}
            aria-current={blogActive ? 'page' : undefined}
            data-active={blogActive ? '' : undefined}
          >
            {mainNav.blog.label}
          </FrameLink>
        </li>
      </ul>
      <div className="flex items-center gap-1 lg:gap-2">
        {account ?? (
          <Button asChild variant="ghost" size="lg" className="px-3 text-muted-foreground hover:text-foreground">
            <FrameLink to={mainNav.login.to}>{mainNav.login.label}</FrameLink>
          </Button>
        )}
        <Button asChild size="lg">
          <FrameLink to={mainNav.book.to}>{mainNav.book.label}</FrameLink>
        </Button>
      </div>
    </nav>
  )
}

function ServicesPanel({ pathname }: { pathname: string }) {
  return (
    <div className="w-[min(36rem,calc(100vw-2rem))] overflow-hidden rounded-xl border bg-popover text-popover-foreground shadow-slate-900/10 shadow-xl">
      <ul className="grid grid-cols-2 gap-1 p-2">
        {services.map((service) => {
          const active = pathname === service.path
          return (
            <li key={service.key}>
              <FrameLink
                to={service.path}
                aria-current={active ? 'page' : undefined}
                data-active={active ? '' : undefined}
                className="group/item flex gap-3 rounded-lg p-3 transition-colors hover:bg-accent focus-visible:bg-accent data-[active]:bg-secondary"
              >
                <span className="flex size-9 shrink-0 items-center justify-center rounded-md bg-secondary text-primary transition-colors group-hover/item:bg-primary group-hover/item:text-primary-foreground">
                  {panelIcons[service.key]}
                </span>
                <span className="grid gap-0.5">
                  <span className="font-semibold text-foreground text-sm">{service.name}</span>
                  <span className="text-muted-foreground text-xs leading-snug">{service.summary}</span>
                </span>
              </FrameLink>
            </li>
          )
        })}
      </ul>
      <div className="flex items-center justify-between gap-4 border-t bg-muted px-5 py-3 text-sm">
        <span className="text-muted-foreground">Not sure what you need? The first consultation is free.</span>
        <FrameLink
          to={mainNav.book.to}
          className="inline-flex shrink-0 items-center gap-1 rounded-sm font-semibold text-primary hover:text-primary-hover hover:underline"
        >
          Book now
          {arrowIcon}
        </FrameLink>
      </div>
    </div>
  )
}
