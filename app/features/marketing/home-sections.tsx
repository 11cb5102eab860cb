import { CalendarCheckIcon, CircleCheckIcon, MapPinIcon, PhoneIcon } from 'lucide-react'
import { Link } from 'react-router'
import { business, formatHours } from '~/content/business'
import { homeSections } from '~/content/catalog'
import { consultation, residentialPlans } from '~/content/pricing'
import { testimonials } from '~/content/testimonials'
import { Button } from '~/ui/button'
import type { HomeDigest } from './home-digest.server'
import { industryIcons } from './industry-icon'
import { ArrowRight, CheckMark } from './plain-icons'
import { Rating } from './rating'
import { ReasonList } from './reason-list'
import { Section, SectionHeader } from './section'
import { serviceIcons } from './service-icon'

/** The home page's sections, in the order app/routes/home.tsx puts them. */

const heroChecks = [
  { title: 'Help desk', text: 'Your staff call one number and reach people who know your setup' },
  { title: 'Monitoring', text: 'Every computer and backup watched, problems fixed early' },
  { title: 'Security', text: 'MFA, endpoint protection and patching as standard' },
  { title: 'On site', text: 'Technicians across the Hudson Valley and North Jersey' },
]

export function Hero() {
  return (
    <section
      aria-labelledby="hero-title"
      className="overflow-hidden border-b bg-gradient-to-b from-secondary to-background py-16 sm:py-24"
    >
      <div className="mx-auto grid max-w-6xl gap-12 px-6 lg:grid-cols-[minmax(0,1fr)_26rem] lg:items-center">
        <div>
          <p className="font-semibold text-primary text-sm uppercase tracking-wide">{business.tagline}</p>
          <h1 id="hero-title" className="mt-3 text-balance font-bold text-4xl tracking-tight sm:text-5xl lg:text-6xl">
            IT that just works, from a team down the road
          </h1>
          <p className="mt-6 max-w-2xl text-pretty text-lg text-muted-foreground sm:text-xl">
            Managed IT, cybersecurity, networks, cloud and home support for businesses and households across New York
            and New Jersey. The first consultation is {consultation.price.toLowerCase()} and takes{' '}
            {consultation.minutes.min}–{consultation.minutes.max} minutes.
          </p>
          <div className="mt-10 flex flex-wrap gap-3">
            <Button asChild size="xl">
              <Link to="/book">
                <CalendarCheckIcon aria-hidden="true" />
                Book a free consultation
              </Link>
            </Button>
            <Button asChild size="xl" variant="outline">
              <a href={`tel:${business.phoneE164}`}>
                <PhoneIcon aria-hidden="true" />
                Call {business.phone}
              </a>
            </Button>
          </div>
          <ul className="mt-10 flex flex-wrap gap-x-6 gap-y-2 text-muted-foreground text-sm">
            <li className="flex items-center gap-2">
              <MapPinIcon className="size-4 text-primary" aria-hidden="true" />
              Office in {business.address.town}, {business.address.state}
            </li>
            <li className="flex items-center gap-2">
              <CircleCheckIcon className="size-4 text-primary" aria-hidden="true" />
              {business.hours.main.days}, {formatHours(business.hours.main)}
            </li>
            <li className="flex items-center gap-2">
              <CircleCheckIcon className="size-4 text-primary" aria-hidden="true" />
              Serving since {business.foundedYear}
            </li>
          </ul>
        </div>
        <div className="rounded-2xl border bg-card p-6 shadow-slate-900/10 shadow-xl sm:p-8">
          <p className="font-semibold">What every managed client gets</p>
          <ul className="mt-5 grid gap-4">
            {heroChecks.map((item) => (
              <li key={item.title} className="flex gap-3">
                <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-secondary text-primary">
                  <CheckMark className="size-4" />
                </span>
                <span>
                  <span className="block font-semibold text-sm">{item.title}</span>
                  <span className="block text-muted-foreground text-sm">{item.text}</span>
                </span>
              </li>
            ))}
          </ul>
          <a
            href={`#${homeSections.contact}`}
            className="mt-6 inline-flex items-center gap-1 rounded-sm font-semibold text-primary text-sm underline-offset-4 hover:underline"
          >
            See how to reach us
            <ArrowRight className="size-4" />
          </a>
        </div>
      </div>
    </section>
  )
}

export function ServicesGrid({ services }: { services: HomeDigest['services'] }) {
  return (
    <Section id="services" aria-labelledby="services-title">
      <SectionHeader
        id="services-title"
        eyebrow="Core services"
        title="Everything your office needs from IT"
        lead="Pick one service or let us run all of it. Every engagement starts with a free consultation."
      />
      <ul className="mt-12 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {services.map((service) => {
          // Residential, for homes rather than offices, is the wide card closing the grid.
          const Icon = serviceIcons[service.key]
          const wide = service.key === 'residential'
          return (
            <li
              key={service.key}
              data-service={service.key}
              className={
                wide
                  ? 'group relative flex flex-col gap-6 rounded-2xl border bg-secondary p-6 shadow-xs transition-shadow hover:shadow-md md:col-span-2 lg:col-span-3 lg:flex-row lg:items-center'
                  : 'group relative flex flex-col rounded-2xl border bg-card p-6 shadow-xs transition-shadow hover:shadow-md'
              }
            >
              <div className={wide ? 'lg:w-80 lg:shrink-0' : undefined}>
                <span className="flex size-11 items-center justify-center rounded-lg bg-primary text-primary-foreground">
                  <Icon className="size-6" aria-hidden="true" />
                </span>
                <h3 className="mt-4 font-semibold text-lg">
                  <Link to={service.path} className="rounded-sm after:absolute after:inset-0 after:rounded-2xl">
                    {service.name}
                  </Link>
                </h3>
                <p className="mt-2 text-muted-foreground text-sm">{service.summary}</p>
                {wide && (
                  <p className="mt-3 text-sm">
                    {residentialPlans.map((plan, i) => (
                      <span key={plan.key}>
                        {i > 0 && ' · '}
                        {plan.name} <span className="font-semibold">{plan.priceLabel}</span>
                      </span>
                    ))}
                  </p>
                )}
              </div>
              <ul className={wide ? 'grid flex-1 gap-2 text-sm sm:grid-cols-2' : 'mt-5 grid gap-2 text-sm'}>
                {service.highlights.map((feature) => (
                  <li key={feature} className="flex gap-2">
                    <CheckMark className="mt-0.5 size-4 shrink-0 text-primary" />
                    {feature}
                  </li>
                ))}
              </ul>
              <span
                className={`${wide ? '' : 'mt-6 '}inline-flex items-center gap-1 font-semibold text-primary text-sm group-hover:underline`}
                aria-hidden="true"
              >
                Learn more
                <ArrowRight className="size-4 transition-transform group-hover:translate-x-0.5" />
              </span>
            </li>
          )
        })}
      </ul>
    </Section>
  )
}

export function WhyChooseUs() {
  return (
    <Section id={homeSections.whyChooseUs} aria-labelledby="why-title" tone="muted">
      <SectionHeader
        id="why-title"
        eyebrow="Why choose us"
        title="A local partner you can actually reach"
        lead="Comparing IT providers? Here is what working with us looks like."
      />
      <ReasonList />
    </Section>
  )
}

export function ClientStories() {
  return (
    <Section id="client-stories" aria-labelledby="stories-title">
      <SectionHeader
        id="stories-title"
        eyebrow="Client stories"
        title="What our clients say"
        lead="Offices across New York and New Jersey trust us with their computers, data and patients’ records."
      />
      <ul className="mt-12 grid gap-6 lg:grid-cols-3">
        {testimonials.map((t) => (
          <li key={t.name} className="flex">
            <figure className="flex flex-col rounded-2xl border bg-card p-6 shadow-xs sm:p-8">
              <Rating rating={t.rating} />
              <blockquote className="mt-4 flex-1 text-pretty leading-relaxed">
                <p>“{t.quote}”</p>
              </blockquote>
              <figcaption className="mt-6 border-t pt-4 text-sm">
                <span className="block font-semibold">{t.name}</span>
                <span className="block text-muted-foreground">
                  {t.role}, {t.organisation}, {t.town}
                </span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </Section>
  )
}

export function IndustriesGrid({ industries }: { industries: HomeDigest['industries'] }) {
  return (
    <Section id={homeSections.industries} aria-labelledby="industries-title" tone="muted">
      <SectionHeader
        id="industries-title"
        eyebrow="Industries"
        title="IT that knows your line of work"
        lead="Regulations, busy seasons and software differ by industry. So does the way we support you."
      />
      <ul className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
        {industries.map((industry) => {
          const Icon = industryIcons[industry.key]
          return (
            <li
              key={industry.key}
              className="group relative flex flex-col rounded-2xl border bg-card p-5 shadow-xs transition-shadow hover:shadow-md"
            >
              <Icon className="size-7 text-primary" aria-hidden="true" />
              <h3 className="mt-3 font-semibold">
                <Link to={industry.path} className="rounded-sm after:absolute after:inset-0 after:rounded-2xl">
                  {industry.name}
                </Link>
              </h3>
              <p className="mt-2 flex-1 text-muted-foreground text-sm">{industry.summary}</p>
              <ArrowRight className="mt-4 size-4 text-primary transition-transform group-hover:translate-x-0.5" />
            </li>
          )
        })}
      </ul>
    </Section>
  )
}
