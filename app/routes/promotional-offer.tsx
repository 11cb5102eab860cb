import { ArrowRightIcon, ClockIcon, GiftIcon, ShieldCheckIcon, WifiIcon } from 'lucide-react'
import { Link } from 'react-router'
import { promotionalOffer as offer } from '~/content/promotional-offer'
import { BookOrCall } from '~/features/marketing/book-or-call'
import { CtaBand } from '~/features/marketing/cta-band'
import { PageHero } from '~/features/marketing/page-hero'
import { Section, SectionHeader } from '~/features/marketing/section'
import { publicPageHandle } from '~/lib/islands-mode'
import { pageMeta } from '~/lib/seo'
import type { Route } from './+types/promotional-offer'

/** A public page: without the app's JavaScript, the same for every visitor but for the account menu (lib/islands-mode.ts). */
export const handle = publicPageHandle

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: `New Client Offer: ${offer.freeMinutes} Minutes of Home IT Support Free`,
    description: offer.metaDescription,
    path: '/promotional-offer',
    matches,
  })

const benefitIcons = [ClockIcon, WifiIcon, ShieldCheckIcon]

export default function PromotionalOffer() {
  return (
    <>
      <PageHero
        crumbs={[
          { name: 'Home', path: '/' },
          { name: 'New client offer', path: '/promotional-offer' },
        ]}
        eyebrow="New client offer"
        icon={<GiftIcon className="size-5" aria-hidden="true" />}
        title={offer.headline}
        intro={offer.intro}
        aside={
          <div className="rounded-2xl border bg-card p-6 text-center shadow-lg shadow-slate-900/10 sm:p-8">
            <p className="font-semibold text-muted-foreground text-sm uppercase tracking-wide">Your first session</p>
            <p className="mt-2 font-bold text-5xl text-primary tracking-tight">{offer.freeMinutes} min free</p>
            <p className="mt-2 text-muted-foreground">
              a {offer.value} value at {offer.hourlyRate}
            </p>
            <p className="mt-4 border-t pt-4 text-muted-foreground text-sm">
              Plus a free Wi-Fi and security check-up during the same session.
            </p>
          </div>
        }
      >
        <BookOrCall to={offer.cta.to} label={offer.cta.label} />
        <p className="basis-full text-muted-foreground">
          Opening a business account?{' '}
          <Link
            to={offer.businessCta.to}
            className="inline-flex items-center gap-1 font-semibold text-primary underline underline-offset-4"
          >
            {offer.businessCta.label}
            <ArrowRightIcon className="size-4" aria-hidden="true" />
          </Link>
        </p>
      </PageHero>

      <Section aria-labelledby="offer-includes-title">
        <SectionHeader id="offer-includes-title" eyebrow="What you get" title="What the offer includes" />
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {offer.benefits.map((benefit, index) => {
            const Icon = benefitIcons[index] ?? GiftIcon
            return (
              <li key={benefit.title} className="rounded-2xl border bg-card p-6 shadow-xs">
                <span className="flex size-11 items-center justify-center rounded-lg bg-secondary text-primary">
                  <Icon className="size-6" aria-hidden="true" />
                </span>
                <h3 className="mt-4 font-semibold text-lg">{benefit.title}</h3>
                <p className="mt-2 text-muted-foreground leading-relaxed">{benefit.description}</p>
              </li>
            )
          })}
        </ul>
      </Section>

      <Section aria-labelledby="offer-claim-title" tone="muted">
        <div className="grid gap-12 lg:grid-cols-2">
          <div>
            <SectionHeader id="offer-claim-title" align="start" eyebrow="How to claim" title="Three steps" />
            <ol className="mt-8 grid gap-6">
              {offer.steps.map((step, index) => (
                <li key={step} className="flex gap-4">
                  <span
                    className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary font-bold text-primary-foreground text-sm"
                    aria-hidden="true"
                  >
                    {index + 1}
                  </span>
                  <p className="pt-1.5 leading-relaxed">{step}</p>
                </li>
              ))}
            </ol>
          </div>
          <div>
            <SectionHeader id="offer-terms-title" align="start" eyebrow="The fine print" title="Offer terms" />
            <ul className="mt-8 grid list-disc gap-3 ps-5 text-muted-foreground leading-relaxed marker:text-primary">
              {offer.terms.map((term) => (
                <li key={term}>{term}</li>
              ))}
            </ul>
            <p className="mt-6 text-muted-foreground text-sm">
              See also our{' '}
              <Link to="/terms" className="font-semibold text-primary underline underline-offset-4">
                terms of service
              </Link>
              .
            </p>
          </div>
        </div>
      </Section>

      <CtaBand
        id="offer-cta-title"
        title={`Claim your free ${offer.freeMinutes} minutes`}
        text="Book online and mention the new client offer, or call us during office hours. We will confirm a time for a remote session or a home visit."
        bookTo={offer.cta.to}
        bookLabel={offer.cta.label}
      />
    </>
  )
}
