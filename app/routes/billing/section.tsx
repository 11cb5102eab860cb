import { ArrowLeftIcon, InboxIcon } from 'lucide-react'
import { data, Link } from 'react-router'
import { business } from '~/content/business'
import { billingSection } from '~/features/billing/sections'
import { pageMeta } from '~/lib/seo'
import type { Route } from './+types/section'

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta({
    title: loaderData ? `${loaderData.title} | Billing` : 'Billing',
    description: `Your ${loaderData?.title.toLowerCase() ?? 'billing documents'} from ${business.name}.`,
    path: loaderData?.path ?? '/billing',
    matches,
    noindex: true,
  })

/** One billing section (/billing/estimates, /invoices, /receipts, /contracts). */
export async function loader(args: Route.LoaderArgs) {
  const section = billingSection(args.params.section)
  if (!section) throw data(null, { status: 404 })
  return { key: section.key, title: section.title, path: section.path, empty: section.empty }
}

export default function BillingSection({ loaderData }: Route.ComponentProps) {
  const section = billingSection(loaderData.key)
  const Icon = section?.icon ?? InboxIcon
  return (
    <div className="mx-auto grid max-w-4xl gap-8 px-6 py-10">
      <Link to="/billing" className="inline-flex items-center gap-1 font-semibold text-primary text-sm hover:underline">
        <ArrowLeftIcon className="size-4" aria-hidden="true" />
        Billing
      </Link>
      <h1 className="font-bold text-3xl tracking-tight">{loaderData.title}</h1>
      <div className="grid justify-items-center gap-4 rounded-xl border border-dashed bg-card p-10 text-center">
        <Icon className="size-10 text-primary" aria-hidden="true" />
        <h2 className="font-semibold text-xl">No {loaderData.title.toLowerCase()} yet</h2>
        <p className="max-w-lg text-muted-foreground">{loaderData.empty}</p>
        <p className="text-muted-foreground text-sm">
          Questions about billing? Call {business.phone} or write to{' '}
          <a href={`mailto:${business.email}`} className="font-semibold text-primary underline">
            {business.email}
          </a>
          .
        </p>
      </div>
    </div>
  )
}
