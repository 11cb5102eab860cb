import * as clock from 'lucide-react/icons/clock'
import * as mail from 'lucide-react/icons/mail'
import * as mapPin from 'lucide-react/icons/map-pin'
import * as phone from 'lucide-react/icons/phone'
import { business, formatHours, fullAddress } from '~/content/business'
import { homeSections, industries, services } from '~/content/catalog'
import { mainNav, sectionLinks } from '~/content/navigation'
import { LogoMark } from '~/features/marketing/logo'
import { SectionLink } from '~/features/marketing/section-link'
import { FacebookIcon, LinkedInIcon } from '~/features/marketing/social-icons'
import { FrameLink } from '~/ui/frame-link'
import { iconData, staticIcon } from '~/ui/static-icon'

export type SiteFooterProps = {
  /**
   * Slot for the "Cookie Settings" button of the cookie consent feature; it sits with the legal
   * links at the bottom. Nothing is rendered until that feature passes its button here.
   */
  cookieSettings?: React.ReactNode
}

const socialLinks = [
  { label: 'LinkedIn', href: business.social.linkedin, Icon: LinkedInIcon },
  { label: 'Facebook', href: business.social.facebook, Icon: FacebookIcon },
]

// The footer's icons, made once (ui/static-icon.ts): the footer is drawn on every page.
const footerIcon = 'mt-0.5 size-4 shrink-0 text-footer-accent'
const footerIcons = {
  mapPin: staticIcon(iconData(mapPin), footerIcon),
  phone: staticIcon(iconData(phone), footerIcon),
  mail: staticIcon(iconData(mail), footerIcon),
  clock: staticIcon(iconData(clock), footerIcon),
}

const heading = 'font-semibold text-footer-foreground text-sm uppercase tracking-wide'
const listLink = 'rounded-sm transition-colors hover:text-footer-foreground hover:underline underline-offset-4'

export function SiteFooter(props: SiteFooterProps) {
  return (
    <footer className={siteFooterClass}>
      <SiteFooterContent {...props} />
    </footer>
  )
}

export const siteFooterClass = 'bg-footer text-footer-muted text-sm [&_:focus-visible]:outline-footer-accent'

/** What the footer holds; islands pages render it once (app/frame-markup.server.tsx). */
export function SiteFooterContent({ cookieSettings }: SiteFooterProps) {
  return (
    <>
      <div className="mx-auto grid max-w-6xl grid-cols-2 gap-x-8 gap-y-10 px-6 py-14 lg:grid-cols-12">
        <section aria-labelledby="footer-contact" className="col-span-2 lg:col-span-4">
          <h2 id="footer-contact" className="flex items-center gap-2.5 font-bold text-footer-foreground text-lg">
            <LogoMark className="size-8" />
            {business.name}
          </h2>
          <p className="mt-4 max-w-sm leading-relaxed">
            Local IT support, managed services and cybersecurity for businesses and homes across{' '}
            {business.serviceArea.states.join(' and ')}.
          </p>
          <address className="mt-6 grid gap-3 not-italic">
            <p className="flex gap-3">
              {footerIcons.mapPin}
              <span>{fullAddress}</span>
            </p>
            <p className="flex gap-3">
              {footerIcons.phone}
              <a className={listLink} href={`tel:${business.phoneE164}`}>
                {business.phone}
              </a>
            </p>
            <p className="flex gap-3">
              {footerIcons.mail}
              <a className={`${listLink} break-all`} href={`mailto:${business.email}`}>
                {business.email}
              </a>
            </p>
            <p className="flex gap-3">
              {footerIcons.clock}
              <span>
                {business.hours.main.days}, {formatHours(business.hours.main)}
              </span>
            </p>
          </address>
          <ul className="mt-6 flex gap-2" aria-label="Social media">
            {socialLinks.map(({ label, href, Icon }) => (
              <li key={label}>
                <a
                  href={href}
                  rel="noopener"
                  aria-label={`${business.name} on ${label}`}
                  className="flex size-11 items-center justify-center rounded-md bg-white/10 text-footer-foreground transition-colors hover:bg-primary"
                >
                  <Icon className="size-5" />
                </a>
              </li>
            ))}
          </ul>
        </section>
        <FooterLinks
          id="footer-services"
          title="Services"
          className="col-span-2 sm:col-span-1 lg:col-span-3"
          links={services}
        />
        <FooterLinks id="footer-industries" title="Industries" className="lg:col-span-3" links={industries} />
        <nav aria-labelledby="footer-company" className="lg:col-span-2">
          <h2 id="footer-company" className={heading}>
            Company
          </h2>
          <ul className="mt-4 grid gap-2.5">
            {sectionLinks
              .filter((link) => link.sectionId === homeSections.whyChooseUs)
              .map((link) => (
                <li key={link.sectionId}>
                  <SectionLink className={listLink} sectionId={link.sectionId}>
                    {link.label}
                  </SectionLink>
                </li>
              ))}
            <li>
              <FrameLink className={listLink} to={mainNav.blog.to}>
                {mainNav.blog.label}
              </FrameLink>
            </li>
            <li>
              <FrameLink className={listLink} to={mainNav.book.to}>
                {mainNav.book.label}
              </FrameLink>
            </li>
          </ul>
        </nav>
      </div>
      <div className="border-white/10 border-t">
        <div className="mx-auto flex max-w-6xl flex-col gap-4 px-6 py-6 md:flex-row md:items-center md:justify-between">
          <p>
            © <span suppressHydrationWarning>{new Date().getFullYear()}</span> {business.legalName}. Serving{' '}
            {business.serviceArea.states.join(' and ')}.
          </p>
          <nav aria-label="Legal">
            <ul className="flex flex-wrap items-center gap-x-6 gap-y-2">
              <li>
                <FrameLink className={listLink} to="/privacy">
                  Privacy Policy
                </FrameLink>
              </li>
              <li>
                <FrameLink className={listLink} to="/terms">
                  Terms of Service
                </FrameLink>
              </li>
              {/* Cookie Settings slot: the cookie consent feature passes its button as `cookieSettings`. */}
              {cookieSettings && <li>{cookieSettings}</li>}
            </ul>
          </nav>
        </div>
      </div>
    </>
  )
}

/** One titled column of page links. */
function FooterLinks(props: {
  id: string
  title: string
  className: string
  links: ReadonlyArray<{ name: string; path: string }>
}) {
  return (
    <nav aria-labelledby={props.id} className={props.className}>
      <h2 id={props.id} className={heading}>
        {props.title}
      </h2>
      <ul className="mt-4 grid gap-2.5">
        {props.links.map((link) => (
          <li key={link.path}>
            <FrameLink className={listLink} to={link.path}>
              {link.name}
            </FrameLink>
          </li>
        ))}
      </ul>
    </nav>
  )
}
