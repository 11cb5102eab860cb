import { business } from '~/content/business'
import { EmailVerificationScreen, useVerificationLink } from '~/features/accounts/email-verification'
import { ContactForm } from '~/features/booking/contact-form'
import { ContactSection } from '~/features/marketing/contact-section'
import { CtaBand } from '~/features/marketing/cta-band'
import { homeDigest } from '~/features/marketing/home-digest.server'
import { ClientStories, Hero, IndustriesGrid, ServicesGrid, WhyChooseUs } from '~/features/marketing/home-sections'
import { PricingSection } from '~/features/marketing/pricing-cards'
import { Island } from '~/islands/island'
import type { IslandsHandle } from '~/lib/islands-mode'
import { businessJsonLd } from '~/lib/json-ld'
import { JsonLd, usePublicUrl } from '~/lib/json-ld-script'
import { pageMeta } from '~/lib/seo'
import type { Route } from './+types/home'

/**
 * A public page: served without the app's JavaScript, to signed-in visitors too, the same for every
 * visitor but for the account menu (lib/islands-mode.ts, ADR 038, ADR 040).
 */
export const handle: IslandsHandle = {
  // A verification link (/?token=…) shows the app's verification screen instead.
  islands: (search) => !search.has('token'),
  publicPage: true,
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: `${business.name} | Managed IT & Cybersecurity in New York and New Jersey`,
    description: `${business.name} in ${business.address.town}, NY keeps offices and homes in New York and New Jersey running: managed IT, cybersecurity, networks, cloud and home support. Free consultation.`,
    path: '/',
    matches,
  })

/** The grids' digest of every service and industry page (server-only: features/marketing/home-digest.server.ts). */
export const loader = () => homeDigest()

export default function Home({ loaderData }: Route.ComponentProps) {
  // A verification link (/?token=…&email=…) shows its result screen instead of the home page.
  return useVerificationLink() ? <EmailVerificationScreen /> : <HomePage loaderData={loaderData} />
}

function HomePage({ loaderData }: Pick<Route.ComponentProps, 'loaderData'>) {
  const baseUrl = usePublicUrl()
  return (
    <>
      <Hero />
      <ServicesGrid services={loaderData.services} />
      <WhyChooseUs />
      <ClientStories />
      <IndustriesGrid industries={loaderData.industries} />
      <CtaBand id="home-cta-title" />
      <PricingSection />
      <ContactSection>
        <div className="rounded-2xl border bg-card p-6 shadow-sm sm:p-8">
          <h3 id="contact-form-title" className="font-semibold text-2xl">
            Send us a message
          </h3>
          <p className="mt-2 text-muted-foreground">We answer within one business day.</p>
          <div className="mt-6">
            <Island name="contact-form" props={{ labelledBy: 'contact-form-title' }}>
              <ContactForm labelledBy="contact-form-title" />
            </Island>
          </div>
        </div>
      </ContactSection>
      <JsonLd data={businessJsonLd(baseUrl)} />
    </>
  )
}
