import * as phone from 'lucide-react/icons/phone'
import * as x from 'lucide-react/icons/x'
import { business } from '~/content/business'
import { services } from '~/content/catalog'
import { mainNav, sectionLinks } from '~/content/navigation'
import { LogoMark } from '~/features/marketing/logo'
import { SectionLink } from '~/features/marketing/section-link'
import { serviceIconData } from '~/features/marketing/service-icon'
import { Button } from '~/ui/button'
import { FrameLink, FrameNavLink } from '~/ui/frame-link'
import { iconData, staticIcon } from '~/ui/static-icon'

// The menu's icons, made once (ui/static-icon.ts): the menu is in every page's markup.
const closeIcon = staticIcon(iconData(x), 'size-5')
const phoneIcon = staticIcon(iconData(phone), 'size-4')
const sheetIcons = Object.fromEntries(
  Object.entries(serviceIconData).map(([key, data]) => [key, staticIcon(data, 'size-5 shrink-0 text-primary')]),
) as Record<keyof typeof serviceIconData, React.ReactElement>

// NavLink marks the current page with aria-current="page".
const sheetLink =
  'flex min-h-11 items-center gap-3 rounded-md px-3 py-2 font-medium text-foreground transition-colors hover:bg-accent aria-[current=page]:bg-secondary aria-[current=page]:text-secondary-foreground'

/**
 * The mobile menu: a native modal <dialog> docked to the right edge, opened by the header's menu
 * button (`aria-controls` = `id`). Opening, closing (Escape, backdrop, close button, any link) and
 * the button's aria-expanded are features/marketing/enhance/mobile-menu.ts; the browser keeps focus inside while it
 * is open and returns it to the button. While it is open the page does not scroll (app.css).
 */
export function MobileNav({ id, account }: { id: string; account?: React.ReactNode }) {
  return (
    <dialog
      id={id}
      data-mobile-menu=""
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-description`}
      className="fixed inset-y-0 right-0 left-auto m-0 h-dvh max-h-none w-[min(22rem,calc(100%-3rem))] flex-col border-l bg-background p-0 text-foreground shadow-xl [--slide-from:translateX(100%)] backdrop:bg-slate-950/50 open:flex open:animate-slide-in md:hidden"
    >
      <div className="flex items-center justify-between gap-4 border-b p-4">
        <h2 id={`${id}-title`} className="flex items-center gap-2.5 font-semibold text-foreground">
          <LogoMark className="size-8" />
          {business.name}
        </h2>
        <p id={`${id}-description`} className="sr-only">
          Site navigation
        </p>
        <button
          type="button"
          data-mobile-menu-close=""
          aria-label="Close"
          className="rounded-sm p-1 text-muted-foreground opacity-80 transition-opacity hover:opacity-100 focus-visible:opacity-100"
        >
          {closeIcon}
        </button>
      </div>
      <nav aria-label="Mobile" className="flex-1 overflow-y-auto px-3 py-4">
        <h3
          id={`${id}-services`}
          className="px-3 pb-1 font-semibold text-muted-foreground text-xs uppercase tracking-wide"
        >
          {mainNav.servicesLabel}
        </h3>
        <ul aria-labelledby={`${id}-services`} className="grid gap-0.5">
          {services.map((service) => {
            return (
              <li key={service.key}>
                <FrameNavLink to={service.path} className={sheetLink}>
                  {sheetIcons[service.key]}
                  {service.name}
                </FrameNavLink>
              </li>
            )
          })}
        </ul>
        <ul className="mt-4 grid gap-0.5 border-t pt-4">
          {sectionLinks.map((link) => (
            <li key={link.sectionId}>
              <SectionLink sectionId={link.sectionId} className={sheetLink}>
                {link.label}
              </SectionLink>
            </li>
          ))}
          {[mainNav.blog, mainNav.mobileContact].map((link) => (
            <li key={link.to}>
              <FrameNavLink to={link.to} className={sheetLink}>
                {link.label}
              </FrameNavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="flex flex-col gap-2 border-t bg-muted/60 p-4">
        <Button asChild size="xl" className="w-full">
          <FrameLink to={mainNav.book.to}>{mainNav.book.label}</FrameLink>
        </Button>
        {account ?? (
          <Button asChild variant="outline" size="lg" className="w-full">
            <FrameLink to={mainNav.mobileLogin.to}>{mainNav.mobileLogin.label}</FrameLink>
          </Button>
        )}
        <a
          href={`tel:${business.phoneE164}`}
          className="mt-1 inline-flex min-h-11 items-center justify-center gap-2 rounded-md font-semibold text-primary text-sm hover:text-primary-hover hover:underline"
        >
          {phoneIcon}
          Call {business.phone}
        </a>
      </div>
    </dialog>
  )
}
