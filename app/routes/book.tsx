import { ArrowDownIcon, CalendarCheckIcon, CircleCheckIcon, ClockIcon, PhoneIcon, ShieldCheckIcon } from 'lucide-react'
import { useLoaderData } from 'react-router'
import { bookingFaq, bookingPage, bookingTrust, whatToExpect, whatYouReceive, whyBook } from '~/content/booking'
import { business } from '~/content/business'
import { consultation } from '~/content/pricing'
import { BookingForm } from '~/features/booking/booking-form'
import { bookingPrefill } from '~/features/booking/prefill'
import { Island } from '~/islands/island'
import { cn } from '~/lib/cn'
import { publicPageHandle } from '~/lib/islands-mode'
import { breadcrumbJsonLd, faqJsonLd } from '~/lib/json-ld'
import { JsonLd, usePublicUrl } from '~/lib/json-ld-script'
import { pageMeta } from '~/lib/seo'
import { buttonVariants } from '~/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/ui/card'
import type { Route } from './+types/book'

/** A public page (lib/islands-mode.ts): without the app's JavaScript, the same for every visitor but for the account menu; the form is an island. */
export const handle = publicPageHandle

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Book a Free IT Consultation',
    description: `Book a free, no-obligation IT consultation of 30-60 minutes with ${business.name}: managed IT, cybersecurity, networks, cloud and home tech support in New York and New Jersey.`,
    // Every prefilled variant is the same page for search engines.
    path: '/book',
    matches,
  })

export function loader({ request }: Route.LoaderArgs) {
  return { prefill: bookingPrefill(new URL(request.url).searchParams) }
}

export default function Book() {
  const { prefill } = useLoaderData<typeof loader>()
  const copy = prefill.residential ? bookingPage.residential : bookingPage.business
  // A new query (a link to another service or plan) starts a fresh form with its own preselection.
  const formKey = `${prefill.residential}|${prefill.services.join(',')}|${prefill.plan ?? ''}`

  const baseUrl = usePublicUrl()
  return (
    <>
      <JsonLd
        data={breadcrumbJsonLd(baseUrl, [
          { name: 'Home', path: '/' },
          { name: 'Book a Consultation', path: '/book' },
        ])}
      />
      <JsonLd data={faqJsonLd(bookingFaq.items)} />
      <section className="bg-gradient-to-b from-secondary to-background" aria-labelledby="book-title">
        <div className="mx-auto max-w-6xl px-6 pt-16 pb-12 sm:pt-20">
          <p className="font-semibold text-primary text-sm uppercase tracking-wide">{copy.eyebrow}</p>
          <h1 id="book-title" className="mt-3 max-w-3xl font-bold text-4xl tracking-tight sm:text-5xl">
            {copy.title}
          </h1>
          <p className="mt-6 max-w-2xl text-lg text-muted-foreground">{copy.lead}</p>
          <a href="#booking-form" className={cn(buttonVariants({ size: 'xl' }), 'mt-8')}>
            {copy.formTitle}
            <ArrowDownIcon aria-hidden="true" />
          </a>
          <ul className="mt-8 flex flex-wrap gap-x-8 gap-y-3 text-sm">
            <li className="flex items-center gap-2">
              <CircleCheckIcon className="size-5 text-success" aria-hidden="true" />
              Free, no obligation
            </li>
            <li className="flex items-center gap-2">
              <ClockIcon className="size-5 text-primary" aria-hidden="true" />
              {consultation.minutes.min}-{consultation.minutes.max} minutes
            </li>
            <li className="flex items-center gap-2">
              <PhoneIcon className="size-5 text-primary" aria-hidden="true" />
              Prefer to talk?{' '}
              <a
                className="font-semibold text-primary underline-offset-4 hover:underline"
                href={`tel:${business.phoneE164}`}
              >
                {business.phone}
              </a>
            </li>
          </ul>
        </div>
      </section>

      <section aria-labelledby="why-book-title" className="mx-auto max-w-6xl px-6 py-12">
        <div className="grid gap-10 lg:grid-cols-2">
          <div>
            <h2 id="why-book-title" className="font-bold text-2xl tracking-tight sm:text-3xl">
              {whyBook.title}
            </h2>
            {whyBook.paragraphs.map((text) => (
              <p key={text} className="mt-4 text-muted-foreground leading-relaxed">
                {text}
              </p>
            ))}
          </div>
          <section aria-labelledby="receive-title">
            <h2 id="receive-title" className="font-bold text-2xl tracking-tight sm:text-3xl">
              {whatYouReceive.title}
            </h2>
            <ul className="mt-4 grid gap-4">
              {whatYouReceive.items.map((item) => (
                <li key={item.title} className="flex gap-3">
                  <ShieldCheckIcon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
                  <div>
                    <h3 className="font-semibold">{item.title}</h3>
                    <p className="text-muted-foreground text-sm leading-relaxed">{item.text}</p>
                  </div>
                </li>
              ))}
            </ul>
          </section>
        </div>
      </section>

      <section aria-labelledby="booking-form-title" className="bg-muted/60 py-12" id="booking-form">
        <div className="mx-auto max-w-3xl px-6">
          <Card>
            <CardHeader>
              <CardTitle asChild className="text-2xl">
                <h2 id="booking-form-title">{copy.formTitle}</h2>
              </CardTitle>
              <CardDescription>{copy.formLead}</CardDescription>
            </CardHeader>
            <CardContent>
              <Island key={formKey} name="booking-form" load="page" props={{ prefill }}>
                <BookingForm prefill={prefill} />
              </Island>
            </CardContent>
          </Card>
        </div>
      </section>

      <section aria-labelledby="expect-title" className="mx-auto max-w-6xl px-6 py-12">
        <h2 id="expect-title" className="font-bold text-2xl tracking-tight sm:text-3xl">
          {whatToExpect.title}
        </h2>
        <ol className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {whatToExpect.steps.map((step, index) => (
            <li key={step.title} className="rounded-xl border bg-card p-5 shadow-sm">
              <span
                className="flex size-9 items-center justify-center rounded-full bg-primary font-bold text-primary-foreground"
                aria-hidden="true"
              >
                {index + 1}
              </span>
              <h3 className="mt-3 font-semibold">
                <span className="sr-only">Step {index + 1}: </span>
                {step.title}
              </h3>
              <p className="mt-1 text-muted-foreground text-sm leading-relaxed">{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="faq-title" className="mx-auto max-w-3xl px-6 py-12">
        <h2 id="faq-title" className="font-bold text-2xl tracking-tight sm:text-3xl">
          {bookingFaq.title}
        </h2>
        <div className="mt-6 divide-y rounded-xl border bg-card">
          {bookingFaq.items.map((item) => (
            <details key={item.question} className="group px-5 py-4">
              <summary className="cursor-pointer list-none rounded-sm font-semibold focus-visible:outline-2 focus-visible:outline-ring focus-visible:outline-offset-2 [&::-webkit-details-marker]:hidden">
                <span className="flex items-center justify-between gap-4">
                  {item.question}
                  <span aria-hidden="true" className="text-primary transition-transform group-open:rotate-45">
                    +
                  </span>
                </span>
              </summary>
              <p className="mt-3 text-muted-foreground leading-relaxed">{item.answer}</p>
            </details>
          ))}
        </div>
      </section>

      <section aria-labelledby="trust-title" className="bg-secondary py-12">
        <div className="mx-auto max-w-6xl px-6">
          <h2 id="trust-title" className="font-bold text-2xl tracking-tight sm:text-3xl">
            {bookingTrust.title}
          </h2>
          <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {bookingTrust.points.map((point) => (
              <li key={point.title} className="flex gap-3">
                <CalendarCheckIcon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
                <div>
                  <h3 className="font-semibold">{point.title}</h3>
                  <p className="mt-1 text-secondary-foreground text-sm leading-relaxed">{point.text}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  )
}
