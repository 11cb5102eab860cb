import { Link } from 'react-router'
import { business } from '~/content/business'
import { homeSections, services } from '~/content/catalog'

export function SiteHeader() {
  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-6 px-6">
        <Link to="/" className="text-lg font-bold tracking-tight">
          {business.name}
        </Link>
        <ul className="hidden items-center gap-6 text-sm font-medium md:flex">
          <li>
            <details className="relative">
              <summary className="cursor-pointer list-none">Services</summary>
              <ul className="absolute top-8 left-0 w-64 rounded-md border bg-popover p-2 shadow-lg">
                {services.map((s) => (
                  <li key={s.key}>
                    <Link className="block rounded px-3 py-2 hover:bg-accent" to={s.path}>
                      {s.name}
                    </Link>
                  </li>
                ))}
              </ul>
            </details>
          </li>
          <li>
            <Link to={`/#${homeSections.whyChooseUs}`}>Why Choose Us</Link>
          </li>
          <li>
            <Link to={`/#${homeSections.industries}`}>Industries</Link>
          </li>
          <li>
            <Link to="/blog">Blog</Link>
          </li>
          <li>
            <Link to="/auth">Login</Link>
          </li>
          <li>
            <Link
              to="/book"
              className="inline-flex h-10 items-center rounded-md bg-primary px-4 font-semibold text-primary-foreground hover:bg-primary-hover"
            >
              Book a Consultation
            </Link>
          </li>
        </ul>
      </nav>
    </header>
  )
}
