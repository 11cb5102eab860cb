import { Link } from 'react-router'
import { business, formatHours, fullAddress } from '~/content/business'
import { industries, services } from '~/content/catalog'

export function SiteFooter() {
  return (
    <footer className="border-t bg-muted">
      <div className="mx-auto grid max-w-6xl gap-10 px-6 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="font-semibold">
            {business.name}
          </h2>
          <address className="mt-3 space-y-1 text-sm text-muted-foreground not-italic">
            <p>{fullAddress}</p>
            <p>
              <a className="hover:text-foreground" href={`tel:${business.phoneE164}`}>
                {business.phone}
              </a>
            </p>
            <p>
              <a className="hover:text-foreground" href={`mailto:${business.email}`}>
                {business.email}
              </a>
            </p>
            <p>
              {business.hours.main.days}, {formatHours(business.hours.main)}
            </p>
          </address>
        </section>
        <nav aria-labelledby="footer-services">
          <h2 id="footer-services" className="font-semibold">
            Services
          </h2>
          <ul className="mt-3 space-y-2 text-sm text-muted-foreground">
            {services.map((s) => (
              <li key={s.key}>
                <Link className="hover:text-foreground" to={s.path}>
                  {s.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-industries">
          <h2 id="footer-industries" className="font-semibold">
            Industries
          </h2>
          <ul className="mt-3 space-y-2 text-sm text-muted-foreground">
            {industries.map((i) => (
              <li key={i.path}>
                <Link className="hover:text-foreground" to={i.path}>
                  {i.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-legal">
          <h2 id="footer-legal" className="font-semibold">
            Legal
          </h2>
          <ul className="mt-3 space-y-2 text-sm text-muted-foreground">
            <li>
              <Link className="hover:text-foreground" to="/privacy">
                Privacy Policy
              </Link>
            </li>
            <li>
              <Link className="hover:text-foreground" to="/terms">
                Terms of Service
              </Link>
            </li>
          </ul>
        </nav>
      </div>
      <p className="border-t px-6 py-4 text-center text-xs text-muted-foreground">
        © {new Date().getFullYear()} {business.legalName}. Serving {business.serviceArea.states.join(' and ')}.
      </p>
    </footer>
  )
}
