import { HouseIcon } from 'lucide-react'
import { Link } from 'react-router'
import { bookingPath } from '~/content/links'
import { residentialPlans } from '~/content/pricing'
import { pricingCards } from '~/content/pricing-cards'
import { CheckMark } from '~/features/marketing/plain-icons'
import { cn } from '~/lib/cn'
import { Badge } from '~/ui/badge'
import { Button } from '~/ui/button'
import { Section, SectionHeader } from './section'

/** The home page's pricing: three business plans and a pointer to residential pricing. */
export function PricingSection() {
  return (
    <Section id="pricing" aria-labelledby="pricing-title" tone="muted">
      <SectionHeader
        id="pricing-title"
        eyebrow="Pricing"
        title="Simple per-user pricing"
        lead="One monthly price per person who uses a computer. No setup surprises, no long-term contract."
      />
      <ul className="mt-12 grid items-stretch gap-6 lg:grid-cols-3">
        {pricingCards.map((plan) => (
          <li
            key={plan.key}
            data-plan={plan.key}
            className={cn(
              'relative flex flex-col rounded-2xl border bg-card p-8 shadow-sm',
              plan.popular && 'border-primary shadow-lg ring-1 ring-primary',
            )}
          >
            <div className="flex items-center justify-between gap-3">
              <h3 className="font-semibold text-xl">{plan.name}</h3>
              {plan.popular && <Badge>Popular</Badge>}
            </div>
            <p className="mt-2 text-muted-foreground text-sm">{plan.blurb}</p>
            <p className="mt-6 flex items-baseline gap-1" data-price={plan.priceLabel}>
              <span className={cn('font-bold tracking-tight', plan.unit ? 'text-4xl' : 'text-3xl')}>{plan.amount}</span>
              {plan.unit && <span className="font-medium text-muted-foreground">{plan.unit}</span>}
            </p>
            <ul className="mt-6 grid gap-3 text-sm">
              {plan.includes.map((item) => (
                <li key={item} className="flex gap-3">
                  <CheckMark className="mt-0.5 size-4 shrink-0 text-primary" />
                  {item}
                </li>
              ))}
            </ul>
            <div className="mt-auto pt-8">
              <Button asChild size="lg" variant={plan.popular ? 'primary' : 'outline'} className="w-full">
                <Link to={bookingPath({ plan: plan.key })}>
                  {plan.key === 'custom' ? `Ask about ${plan.name}` : `Choose ${plan.name}`}
                </Link>
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <p className="mx-auto mt-10 max-w-3xl text-center text-muted-foreground">
        <HouseIcon className="me-2 inline size-4 align-[-2px] text-primary" aria-hidden="true" />
        Help at home:{' '}
        {residentialPlans.map((plan, index) => (
          <span key={plan.key}>
            {index > 0 && ' or '}
            <span className="font-semibold text-foreground">{plan.name}</span> {plan.priceLabel}
          </span>
        ))}
        .{' '}
        <Link to="/services/residential" className="font-semibold text-primary underline underline-offset-4">
          Residential IT support
        </Link>
      </p>
    </Section>
  )
}
