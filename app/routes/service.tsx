import { ArrowRightIcon, CheckIcon, UsersIcon } from 'lucide-react'
import { data, Link } from 'react-router'
import { business } from '~/content/business'
import { services } from '~/content/catalog'
import { industryDetails } from '~/content/industries'
import { bookingPath } from '~/content/links'
import { businessPlans, residentialPlans } from '~/content/pricing'
import { type ServiceDetail, serviceByPath } from '~/content/services'
import { BookOrCall } from '~/features/marketing/book-or-call'
import { CtaBand } from '~/features/marketing/cta-band'
import { FaqSection } from '~/features/marketing/faq-list'
import { PageHero } from '~/features/marketing/page-hero'
import { Section, SectionHeader } from '~/features/marketing/section'
import { serviceIcons } from '~/features/marketing/service-icon'
import { publicPageHandle } from '~/lib/islands-mode'
import { serviceJsonLd } from '~/lib/json-ld'
import { JsonLd, usePublicUrl } from '~/lib/json-ld-script'
import { pageMeta } from '~/lib/seo'
import type { Route } from './+types/service'

// routes.ts gives every service its own address; all of them render this module. The page's copy
// comes from the loader, so each page's JavaScript carries none of the other pages' text.
export function loader({ url }: Route.LoaderArgs) {
  const service = serviceByPath(url.pathname)
  if (!service) throw data(null, { status: 404 })
  const relatedIndustries = industryDetails
    .filter((industry) => industry.solutions.some((solution) => solution.service === service.key))
    .map(({ key, name, path }) => ({ key, name, path }))
  return { service, relatedIndustries }
}

/** A public page: without the app's JavaScript, the same for every visitor but for the account menu (lib/islands-mode.ts). */
export const handle = publicPageHandle

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData) return [{ title: `Page not found | ${business.name}` }]
  const { service } = loaderData
  return pageMeta({ title: service.name, description: service.metaDescription, path: service.path, matches })
}

export default function ServicePage({ loaderData }: Route.ComponentProps) {
  return <ServiceView service={loaderData.service} relatedIndustries={loaderData.relatedIndustries} />
}

function ServiceView({
  service,
  relatedIndustries,
}: {
  service: ServiceDetail
  relatedIndustries: Route.ComponentProps['loaderData']['relatedIndustries']
}) {
  const baseUrl = usePublicUrl()
  const Icon = serviceIcons[service.key]
  const book = bookingPath({ service: service.key })
  return (
    <>
      <PageHero
        crumbs={[
          { name: 'Home', path: '/' },
          { name: 'Services', path: '/#services' },
          { name: service.name, path: service.path },
        ]}
        eyebrow={service.name}
        icon={<Icon className="size-5" aria-hidden="true" />}
        title={service.headline}
        intro={service.intro}
        aside={<PlansCard service={service} />}
      >
        <BookOrCall to={book} />
      </PageHero>

      <Section aria-labelledby="included-title">
        <SectionHeader
          id="included-title"
          align="start"
          eyebrow="What is included"
          title={`What ${service.name} covers`}
        />
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {service.features.map((feature) => (
            <li key={feature.title} className="rounded-2xl border bg-card p-6 shadow-xs">
              <span className="flex size-9 items-center justify-center rounded-lg bg-secondary text-primary">
                <CheckIcon className="size-5" aria-hidden="true" />
              </span>
              <h3 className="mt-4 font-semibold text-lg">{feature.title}</h3>
              <p className="mt-2 text-muted-foreground leading-relaxed">{feature.description}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section aria-labelledby="audience-title" tone="muted">
        <div className="grid gap-12 lg:grid-cols-2">
          <div>
            <SectionHeader id="audience-title" align="start" eyebrow="Who it is for" title="Is this right for you?" />
            <ul className="mt-8 grid gap-4">
              {service.audience.map((item) => (
                <li key={item} className="flex gap-3">
                  <UsersIcon className="mt-1 size-5 shrink-0 text-primary" aria-hidden="true" />
                  <span className="leading-relaxed">{item}</span>
                </li>
              ))}
            </ul>
            {relatedIndustries.length > 0 && (
              <p className="mt-8 text-muted-foreground">
                Industries we often do this for:{' '}
                {relatedIndustries.map((industry, i) => (
                  <span key={industry.key}>
                    {i > 0 && ', '}
                    <Link
                      to={industry.path}
                      className="font-semibold text-primary underline underline-offset-4 hover:text-primary-hover"
                    >
                      {industry.name}
                    </Link>
                  </span>
                ))}
                .
              </p>
            )}
          </div>
          <div>
            <SectionHeader id="steps-title" align="start" eyebrow="How it works" title="How an engagement works" />
            <ol className="mt-8 grid gap-6" aria-labelledby="steps-title">
              {service.steps.map((step, index) => (
                <li key={step.title} className="flex gap-4">
                  <span
                    className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary font-bold text-primary-foreground text-sm"
                    aria-hidden="true"
                  >
                    {index + 1}
                  </span>
                  <div>
                    <h3 className="font-semibold">{step.title}</h3>
                    <p className="mt-1 text-muted-foreground leading-relaxed">{step.description}</p>
                  </div>
                </li>
              ))}
            </ol>
          </div>
        </div>
      </Section>

      <FaqSection faqs={service.faqs} title={`${service.name}: common questions`} />

      <OtherServices current={service.key} />

      <CtaBand
        title={`Talk to us about ${service.name.toLowerCase().startsWith('residential') ? 'help at home' : service.name}`}
        bookTo={book}
      />
      <JsonLd data={serviceJsonLd(baseUrl, service)} />
    </>
  )
}

/** Prices beside the hero: the residential plans on the residential page, the business plans elsewhere. */
function PlansCard({ service }: { service: ServiceDetail }) {
  const residential = service.key === 'residential'
  const plans = residential ? residentialPlans : businessPlans
  return (
    <div className="rounded-2xl border bg-card p-6 shadow-lg shadow-slate-900/10">
      <h2 className="font-semibold text-lg">{residential ? 'Home support pricing' : 'Plans and pricing'}</h2>
      <ul className="mt-4 divide-y">
        {plans.map((plan) => (
          <li key={plan.key}>
            <Link
              to={bookingPath({ service: service.key, plan: plan.key })}
              className="group flex items-center justify-between gap-4 rounded-sm py-3"
            >
              <span>
                <span className="block font-medium group-hover:underline">{plan.name}</span>
                {plan.popular && <span className="font-semibold text-primary text-xs uppercase">Popular</span>}
              </span>
              <span className="shrink-0 font-semibold text-primary">{plan.priceLabel}</span>
            </Link>
          </li>
        ))}
      </ul>
      <p className="mt-3 text-muted-foreground text-sm">
        {residential
          ? 'Billed only for the time we work, or one monthly price for ongoing care.'
          : 'Per user per month. Projects are quoted at a fixed price.'}
      </p>
    </div>
  )
}

function OtherServices({ current }: { current: ServiceDetail['key'] }) {
  return (
    <Section aria-labelledby="other-services-title">
      <SectionHeader id="other-services-title" align="start" title="Other services" />
      <ul className="mt-8 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {services
          .filter((s) => s.key !== current)
          .map((s) => {
            const Icon = serviceIcons[s.key]
            return (
              <li key={s.key}>
                <Link
                  to={s.path}
                  className="group flex min-h-14 items-center gap-3 rounded-xl border bg-card px-4 py-3 font-medium shadow-xs transition-colors hover:border-primary/40 hover:bg-accent"
                >
                  <Icon className="size-5 shrink-0 text-primary" aria-hidden="true" />
                  <span className="flex-1">{s.name}</span>
                  <ArrowRightIcon
                    className="size-4 text-primary transition-transform group-hover:translate-x-0.5"
                    aria-hidden="true"
                  />
                </Link>
              </li>
            )
          })}
      </ul>
    </Section>
  )
}
