import { MenuIcon, PhoneIcon } from 'lucide-react'
import { useRef, useState } from 'react'
import { Link, NavLink, useLocation } from 'react-router'
import { LogoMark } from '~/components/logo'
import { SectionLink } from '~/components/section-link'
import { serviceIcons } from '~/components/service-icon'
import { Button } from '~/components/ui/button'
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetFooter,
  SheetHeader,
  SheetTitle,
  SheetTrigger,
} from '~/components/ui/sheet'
import { business } from '~/content/business'
import { services } from '~/content/catalog'
import { mainNav, sectionLinks } from '~/content/navigation'

// NavLink marks the current page with aria-current="page".
const sheetLink =
  'flex min-h-11 items-center gap-3 rounded-md px-3 py-2 font-medium text-foreground transition-colors hover:bg-accent aria-[current=page]:bg-secondary aria-[current=page]:text-secondary-foreground'

/** The mobile menu: a sheet from the right, opened by the header's menu button (already open when loaded by it). */
export function MobileNav({ account, defaultOpen = false }: { account?: React.ReactNode; defaultOpen?: boolean }) {
  const { pathname } = useLocation()
  const [open, setOpen] = useState(defaultOpen)
  const [openedAt, setOpenedAt] = useState(pathname)
  // A section link scrolls and focuses its section; the closing sheet must not pull focus back.
  const keepFocus = useRef(false)
  const close = () => setOpen(false)

  // Any navigation (link, back button) closes the menu.
  if (open && pathname !== openedAt) {
    setOpenedAt(pathname)
    setOpen(false)
  }

  return (
    <Sheet
      open={open}
      onOpenChange={(next) => {
        setOpenedAt(pathname)
        setOpen(next)
      }}
    >
      <SheetTrigger asChild>
        <Button variant="ghost" size="icon" aria-label="Main menu" className="ms-auto md:hidden">
          <MenuIcon className="size-6" aria-hidden="true" />
        </Button>
      </SheetTrigger>
      <SheetContent
        side="right"
        className="gap-0"
        onCloseAutoFocus={(event) => {
          if (!keepFocus.current) return
          keepFocus.current = false
          event.preventDefault()
        }}
      >
        <SheetHeader className="border-b">
          <SheetTitle className="flex items-center gap-2.5">
            <LogoMark className="size-8" />
            {business.name}
          </SheetTitle>
          <SheetDescription className="sr-only">Site navigation</SheetDescription>
        </SheetHeader>
        <nav aria-label="Mobile" className="flex-1 overflow-y-auto px-3 py-4">
          <h3
            id="mobile-services"
            className="px-3 pb-1 font-semibold text-muted-foreground text-xs uppercase tracking-wide"
          >
            {mainNav.servicesLabel}
          </h3>
          <ul aria-labelledby="mobile-services" className="grid gap-0.5">
            {services.map((service) => {
              const Icon = serviceIcons[service.key]
              return (
                <li key={service.key}>
                  <NavLink to={service.path} onClick={close} className={sheetLink}>
                    <Icon className="size-5 shrink-0 text-primary" aria-hidden="true" />
                    {service.name}
                  </NavLink>
                </li>
              )
            })}
          </ul>
          <ul className="mt-4 grid gap-0.5 border-t pt-4">
            {sectionLinks.map((link) => (
              <li key={link.sectionId}>
                <SectionLink
                  sectionId={link.sectionId}
                  className={sheetLink}
                  onClick={() => {
                    keepFocus.current = true
                    close()
                  }}
                >
                  {link.label}
                </SectionLink>
              </li>
            ))}
            {[mainNav.blog, mainNav.mobileContact].map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} onClick={close} className={sheetLink}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <SheetFooter className="border-t bg-muted/60">
          <Button asChild size="xl" className="w-full">
            <Link to={mainNav.book.to} onClick={close}>
              {mainNav.book.label}
            </Link>
          </Button>
          {account ?? (
            <Button asChild variant="outline" size="lg" className="w-full">
              <Link to={mainNav.mobileLogin.to} onClick={close}>
                {mainNav.mobileLogin.label}
              </Link>
            </Button>
          )}
          <a
            href={`tel:${business.phoneE164}`}
            className="mt-1 inline-flex min-h-11 items-center justify-center gap-2 rounded-md font-semibold text-primary text-sm hover:text-primary-hover hover:underline"
          >
            <PhoneIcon className="size-4" aria-hidden="true" />
            Call {business.phone}
          </a>
        </SheetFooter>
      </SheetContent>
    </Sheet>
  )
}
