import { ArrowLeftIcon, DownloadIcon } from 'lucide-react'
import { Link, useNavigation } from 'react-router'
import { business } from '~/content/business'
import { appContext } from '~/context.server'
import { guardedUser } from '~/features/accounts/guards.server'
import { billingSection } from '~/features/billing/sections'
import { contractClient, contractsToday } from '~/features/contracts/context.server'
import { ContractStatusBadge } from '~/features/contracts/status-badge'
import { formatCalendarDate } from '~/lib/business-time'
import { pageMeta } from '~/lib/seo'
import { listClientContracts } from '../../../server/contracts/queries.server.ts'
import type { Route } from './+types/contracts'

// /billing/contracts: the client's own agreements (never drafts), newest first, with their status:
// waiting for a signature, signed, countersigned, declined, expired or withdrawn.

const section = billingSection('contracts')

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Contracts | Billing',
    description: `Your service agreements with ${business.name}.`,
    path: '/billing/contracts',
    matches,
    noindex: true,
  })

export const loader = async (args: Route.LoaderArgs) => {
  const client = await contractClient(args.context, guardedUser(args.context))
  // Staff have no contracts of their own: they see the empty page and work in /admin/contracts.
  if (!client) return { items: [] }
  const { database } = args.context.get(appContext)
  return { items: await listClientContracts(database.db, client.organisationId, contractsToday()) }
}

export default function BillingContracts({ loaderData }: Route.ComponentProps) {
  const { items } = loaderData
  const navigation = useNavigation()
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
      {items.length === 0 ? (
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
      ) : (
        <div className="overflow-x-auto rounded-xl border bg-card" aria-busy={navigation.state === 'loading'}>
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Your contracts, newest first</caption>
            <thead className="border-b bg-muted/50">
              <tr>
                <th scope="col" className="p-3 font-semibold">
                  Contract
                </th>
                <th scope="col" className="p-3 font-semibold">
                  Status
                </th>
                <th scope="col" className="p-3 font-semibold">
                  Sign by
                </th>
                <th scope="col" className="p-3 font-semibold">
                  <span className="sr-only">PDF</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <tr key={item.id} className="border-b last:border-0">
                  <th scope="row" className="p-3 font-normal">
                    <Link to={`/billing/contracts/${item.id}`} className="font-semibold text-primary underline">
                      {item.title}
                    </Link>
                    <span className="block text-muted-foreground">{item.number}</span>
                  </th>
                  <td className="p-3">
                    <ContractStatusBadge status={item.shown} />
                  </td>
                  <td className="p-3">
                    {item.status === 'sent' || item.status === 'viewed' ? formatCalendarDate(item.expiresOn) : '—'}
                  </td>
                  <td className="p-3 text-right">
                    <a
                      href={`/billing/contracts/${item.id}/pdf`}
                      className="inline-flex min-h-11 items-center gap-1 font-semibold text-primary"
                    >
                      <DownloadIcon className="size-4" aria-hidden="true" />
                      <span className="sr-only">Download {item.number} as PDF</span>
                      <span aria-hidden="true">PDF</span>
                    </a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  )
}
