import { BuildingIcon, InboxIcon, ReceiptIcon } from 'lucide-react'
import { Link, useRouteLoaderData } from 'react-router'
import { business } from '~/content/business'
import { guardedUser, publicSummary } from '~/features/accounts/guards.server'
import { AreaCounts } from '~/features/staff/back-office'
import { pageMeta } from '~/lib/seo'
import type { loader as backOfficeLoader } from '../back-office'
import type { Route } from './+types/index'

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Employee portal',
    description: `The ${business.name} staff portal.`,
    path: '/employee',
    matches,
    noindex: true,
  })

export async function loader(args: Route.LoaderArgs) {
  const user = guardedUser(args.context)
  return { account: publicSummary(user) }
}

const areas = [
  {
    to: '/employee/requests',
    icon: InboxIcon,
    title: 'Consultation requests',
    text: 'Bookings and contact messages: call back, schedule the consultation, keep notes.',
  },
  {
    to: '/employee/clients',
    icon: BuildingIcon,
    title: 'Clients',
    text: 'Contact details, account status and the requests of each client.',
  },
  {
    to: '/employee/billing',
    icon: ReceiptIcon,
    title: 'Billing',
    text: 'Estimates, invoices and receipts, to answer a client’s question (read only).',
  },
]

/** The staff's home (where /portal sends employees): what needs attention, and the areas. */
export default function EmployeePortal({ loaderData }: Route.ComponentProps) {
  const { account } = loaderData
  const frame = useRouteLoaderData<typeof backOfficeLoader>('back-office-staff')
  return (
    <div className="mx-auto grid max-w-5xl gap-8 px-6 py-10">
      <div className="grid gap-1">
        <h1 className="font-bold text-3xl tracking-tight">Employee portal</h1>
        <p className="text-muted-foreground">
          Signed in as {account.name} · {account.email}
        </p>
      </div>
      <AreaCounts areas={(frame?.areas ?? []).filter((area) => area.key !== 'home' && area.key !== 'overview')} />
      <section aria-labelledby="areas-title" className="grid gap-3">
        <h2 id="areas-title" className="font-semibold text-xl">
          Your work
        </h2>
        <ul className="grid gap-3 md:grid-cols-3">
          {areas.map((area) => (
            <li key={area.to}>
              <Link
                to={area.to}
                className="grid h-full gap-2 rounded-xl border bg-card p-5 shadow-sm transition-colors hover:border-primary"
              >
                <span className="flex items-center gap-2 font-semibold">
                  <area.icon className="size-5 text-primary" aria-hidden="true" />
                  {area.title}
                </span>
                <span className="text-muted-foreground text-sm">{area.text}</span>
              </Link>
            </li>
          ))}
        </ul>
        <p className="text-muted-foreground text-sm">
          Client accounts are approved, and roles changed, by an administrator in the Admin Dashboard.
        </p>
      </section>
    </div>
  )
}
