import { ArrowLeftIcon } from 'lucide-react'
import { Link } from 'react-router'
import { business } from '~/content/business'
import { billingSection } from '~/features/billing/sections'
import { pageMeta } from '~/lib/seo'
import type { Route } from './+types/contracts'

// /billing/contracts: service agreements come with the next piece of work; until then, what will be here.

const section = billingSection('contracts')

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Contracts | Billing',
    description: `Your service agreements with ${business.name}.`,
    path: '/billing/contracts',
    matches,
    noindex: true,
  })

export default function BillingContracts() {
  const Icon = section?.icon
  return (
    <div className="mx-auto grid max-w-4xl gap-8 px-6 py-10">
      <Link
        to="/billing"
        className="inline-flex min-h-11 items-center gap-1 font-semibold text-primary text-sm hover:underline"
      >
        <ArrowLeftIcon className="size-4" aria-hidden="true" />
        Billing
      </Link>
      <h1 className="font-bold text-3xl tracking-tight">Contracts</h1>
      <div className="grid justify-items-center gap-4 rounded-xl border border-dashed bg-card p-10 text-center">
        {Icon && <Icon className="size-10 text-primary" aria-hidden="true" />}
        <h2 className="font-semibold text-xl">No contracts yet</h2>
        <p className="max-w-lg text-muted-foreground">{section?.empty}</p>
        <p className="text-muted-foreground text-sm">
          Questions about your agreement? Call {business.phone} or write to{' '}
          <a href={`mailto:${business.email}`} className="font-semibold text-primary underline">
            {business.email}
          </a>
          .
        </p>
      </div>
    </div>
  )
}
