import { CalendarCheckIcon, ClockIcon, MailIcon, MapPinIcon, PhoneIcon } from 'lucide-react'
import { Link } from 'react-router'
import { business, formatHours, fullAddress } from '~/content/business'
import { homeSections } from '~/content/catalog'
import { consultation } from '~/content/pricing'
import { Button } from '~/ui/button'
import { Section, SectionHeader } from './section'

/**
 * The home page's contact section (id "contact", where /contact leads): the business's contact
 * details beside `children`, the contact form. Without a form it offers the booking page.
 */
export function ContactSection({ children }: { children?: React.ReactNode }) {
  const details = [
    {
      Icon: PhoneIcon,
      label: 'Phone',
      value: (
        <a className="font-semibold text-primary underline-offset-4 hover:underline" href={`tel:${business.phoneE164}`}>
          {business.phone}
        </a>
      ),
    },
    {
      Icon: MailIcon,
      label: 'E-mail',
      value: (
        <a
          className="break-all font-semibold text-primary underline-offset-4 hover:underline"
          href={`mailto:${business.email}`}
        >
          {business.email}
        </a>
      ),
    },
    { Icon: MapPinIcon, label: 'Office', value: fullAddress },
    {
      Icon: ClockIcon,
      label: 'Hours',
      value: `${business.hours.main.days}, ${formatHours(business.hours.main)}`,
    },
  ]
  return (
    <Section id={homeSections.contact} aria-labelledby="contact-title">
      <div className="grid gap-12 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <div>
          <SectionHeader
            id="contact-title"
            align="start"
            eyebrow="Contact"
            title="Talk to a local IT team"
            lead={`Call us during office hours, e-mail us or ${children ? 'send us a message' : 'book online'}. The first consultation is ${consultation.price.toLowerCase()} and takes ${consultation.minutes.min}–${consultation.minutes.max} minutes.`}
          />
          <ul className="mt-8 grid gap-5">
            {details.map(({ Icon, label, value }) => (
              <li key={label} className="flex gap-4">
                <span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-secondary text-primary">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <span>
                  <span className="block font-medium text-muted-foreground text-sm">{label}</span>
                  <span className="mt-0.5 block">{value}</span>
                </span>
              </li>
            ))}
          </ul>
          <p className="mt-8 text-muted-foreground text-sm">Serving {business.serviceArea.summary}.</p>
        </div>
        <div>
          {children ?? (
            <div className="flex h-full flex-col justify-center rounded-2xl border bg-secondary p-8 sm:p-10">
              <CalendarCheckIcon className="size-10 text-primary" aria-hidden="true" />
              <h3 className="mt-4 font-semibold text-2xl">Book a free consultation</h3>
              <p className="mt-3 text-muted-foreground">
                Pick the services you are interested in and a few details about your office or home, and we will call
                you to arrange a time that suits you.
              </p>
              <div className="mt-6 flex flex-wrap gap-3">
                <Button asChild size="lg">
                  <Link to="/book">Book a consultation</Link>
                </Button>
                <Button asChild size="lg" variant="outline">
                  <a href={`tel:${business.phoneE164}`}>Call {business.phone}</a>
                </Button>
              </div>
            </div>
          )}
        </div>
      </div>
    </Section>
  )
}
