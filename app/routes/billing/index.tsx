import { ArrowLeftIcon } from 'lucide-react'
import { Link } from 'react-router'
import { business } from '~/content/business'
import { billingSections } from '~/features/billing/sections'
import { pageMeta } from '~/lib/seo'
import type { Route } from './+types/index'

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Billing',
    description: `Estimates, invoices, receipts and contracts from ${business.name}.`,
    path: '/billing',
    matches,
    noindex: true,
  })

export async function loader(_args: Route.LoaderArgs) {
  return null
}

export default function Billing() {
  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-6 py-10">
      <Link
        to="/dashboard"
        className="inline-flex items-center gap-1 font-semibold text-primary text-sm hover:underline"
      >
        <ArrowLeftIcon className="size-4" aria-hidden="true" />
        Dashboard
      </Link>
      <div className="grid gap-2">
        <h1 className="font-bold text-3xl tracking-tight">Billing</h1>
        <p className="max-w-2xl text-muted-foreground">
          Every document we issue to you is kept here. Pick a section to see its documents.
        </p>
      </div>
      <ul className="grid gap-4 sm:grid-cols-2">
        {billingSections.map((section) => (
          <li key={section.key}>
            <Link
              to={section.path}
              className="flex h-full gap-4 rounded-xl border bg-card p-6 shadow-sm transition-colors hover:border-primary"
            >
              <section.icon className="size-7 shrink-0 text-primary" aria-hidden="true" />
              <span className="grid gap-1">
                <span className="font-semibold text-lg">{section.title}</span>
                <span className="text-muted-foreground text-sm">{section.summary}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  )
}
