import { Link } from 'react-router'
import { EmailVerificationScreen, useVerificationLink } from '~/components/account/email-verification'
import { business } from '~/content/business'
import { pageMeta } from '~/lib/seo'
import type { Route } from './+types/home'

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: `${business.name} | Managed IT & Cybersecurity in New York and New Jersey`,
    description: `${business.name} keeps small businesses and homes in New York and New Jersey running: managed IT, cybersecurity, networks, cloud and residential support. Book a free consultation.`,
    path: '/',
    matches,
  })

export default function Home() {
  return useVerificationLink() ? <EmailVerificationScreen /> : <HomePage />
}

function HomePage() {
  return (
    <section className="bg-gradient-to-b from-secondary to-background" aria-labelledby="hero-title">
      <div className="mx-auto max-w-6xl px-6 py-20 sm:py-28">
        <p className="text-sm font-semibold tracking-wide text-primary uppercase">{business.tagline}</p>
        <h1 id="hero-title" className="mt-3 max-w-3xl text-4xl font-bold tracking-tight sm:text-5xl">
          IT that just works, from a team down the road
        </h1>
        <p className="mt-6 max-w-2xl text-lg text-muted-foreground">
          Managed IT, cybersecurity, networks, cloud and residential support for New York and New Jersey. The first
          consultation is free and takes 30–60 minutes.
        </p>
        <div className="mt-10 flex flex-wrap gap-4">
          <Link
            to="/book"
            className="inline-flex h-12 items-center rounded-md bg-primary px-6 font-semibold text-primary-foreground shadow-sm hover:bg-primary-hover"
          >
            Book a free consultation
          </Link>
          <a
            href={`tel:${business.phoneE164}`}
            className="inline-flex h-12 items-center rounded-md border border-input bg-background px-6 font-semibold hover:bg-accent"
          >
            Call {business.phone}
          </a>
        </div>
      </div>
    </section>
  )
}
