import { ArrowRightIcon, CalendarCheckIcon, ClockIcon, MapPinIcon, PhoneIcon } from 'lucide-react'
import { Link } from 'react-router'
import { business, formatHours } from '~/content/business'
import { services } from '~/content/catalog'
import { bookingPath } from '~/content/links'
import { CtaBand, PageHero, ReasonList, Section, SectionHeader, serviceIcons } from '~/features/marketing'
import { businessId, openingHoursSpecification } from '~/lib/json-ld'
import { JsonLd, usePublicUrl } from '~/lib/json-ld-script'
import { Button } from '~/ui/button'
import { type locationCopy, locationServiceKeys } from './page-copy'

const featured = locationServiceKeys.flatMap((key) => services.filter((s) => s.key === key))

export type TownPageProps = { copy: ReturnType<typeof locationCopy>; slug: string; town: string; state: string }

/** A town page's body: the public page (/{slug}) and the staff preview render the same markup. */
export function TownPage({ copy, slug, town, state }: TownPageProps) {
  const baseUrl = usePublicUrl()
  const crumbs = [
    { name: 'Home', path: '/' },
    { name: `${town}, ${state}`, path: `/${slug}` },
  ]
  const hours = business.hours.locationPages
  return (
    <>
      {/* The BreadcrumbList comes with the hero's visible breadcrumbs (features/marketing/breadcrumbs.tsx). */}
      <JsonLd
        data={[
          {
            '@context': 'https://schema.org',
            '@type': ['LocalBusiness', 'ProfessionalService'],
            '@id': `${baseUrl}/${slug}#business`,
            name: copy.businessName,
            url: `${baseUrl}/${slug}`,
            telephone: copy.phone,
            parentOrganization: { '@id': businessId(baseUrl) },
            areaServed: { '@type': 'City', name: `${town}, ${state}` },
            openingHoursSpecification: [openingHoursSpecification(hours)],
          },
        ]}
      />
      <PageHero
        crumbs={crumbs}
        eyebrow={copy.county ?? `${town}, ${state}`}
        icon={<MapPinIcon className="size-4" aria-hidden="true" />}
        title={copy.heroTitle}
        intro={copy.heroDescription}
      >
        <Button asChild size="lg">
          <Link to="/book">
            <CalendarCheckIcon aria-hidden="true" />
            Book a free consultation
          </Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <a href={`tel:${copy.phone.replace(/[^+\d]/g, '')}`}>
            <PhoneIcon aria-hidden="true" />
            Call {copy.phone}
          </a>
        </Button>
      </PageHero>

      <Section aria-labelledby="town-services-title">
        <SectionHeader
          id="town-services-title"
          eyebrow={`Services in ${town}`}
          title={`What we do for ${town} offices and homes`}
        />
        <ul className="mt-12 grid gap-6 sm:grid-cols-2">
          {featured.map((service) => {
            const Icon = serviceIcons[service.key]
            return (
              <li key={service.key} className="flex flex-col rounded-2xl border bg-card p-6 shadow-xs sm:p-8">
                <span className="flex size-12 items-center justify-center rounded-xl bg-secondary text-primary">
                  <Icon className="size-6" aria-hidden="true" />
                </span>
                <h3 className="mt-4 font-semibold text-xl">{service.name}</h3>
                <p className="mt-2 flex-1 text-muted-foreground">{service.summary}</p>
                <div className="mt-6 flex flex-wrap gap-x-6 gap-y-2 font-semibold text-sm">
                  <Link className="inline-flex items-center gap-1 text-primary hover:underline" to={service.path}>
                    About {service.name}
                    <ArrowRightIcon className="size-4" aria-hidden="true" />
                  </Link>
                  <Link className="text-primary hover:underline" to={bookingPath({ service: service.key })}>
                    Book for {service.name}
                  </Link>
                </div>
              </li>
            )
          })}
        </ul>
      </Section>

      <Section aria-labelledby="town-why-title" tone="muted">
        <SectionHeader id="town-why-title" eyebrow="Why choose us" title={`Why ${town} chooses ${business.name}`} />
        <ReasonList radiusMiles={business.serviceRadiusMiles.locations} />
      </Section>

      <Section aria-labelledby="town-area-title">
        <div className="grid gap-10 lg:grid-cols-2">
          <div>
            <SectionHeader id="town-area-title" align="start" eyebrow="Service area" title={`Serving ${town}`} />
            <p className="mt-4 text-lg text-muted-foreground">{copy.serviceArea}</p>
          </div>
          <ul className="grid content-start gap-5 rounded-2xl border bg-card p-6 sm:p-8">
            <li className="flex gap-4">
              <ClockIcon className="size-6 shrink-0 text-primary" aria-hidden="true" />
              <span>
                <span className="block font-medium text-muted-foreground text-sm">Hours</span>
                {hours.days}, {formatHours(hours)}
              </span>
            </li>
            <li className="flex gap-4">
              <PhoneIcon className="size-6 shrink-0 text-primary" aria-hidden="true" />
              <span>
                <span className="block font-medium text-muted-foreground text-sm">Phone</span>
                {copy.phone}
              </span>
            </li>
            {copy.address && (
              <li className="flex gap-4">
                <MapPinIcon className="size-6 shrink-0 text-primary" aria-hidden="true" />
                <span>
                  <span className="block font-medium text-muted-foreground text-sm">Address</span>
                  {copy.address}
                </span>
              </li>
            )}
          </ul>
        </div>
      </Section>

      <CtaBand title={`Ready for IT that just works in ${town}?`} />
    </>
  )
}
