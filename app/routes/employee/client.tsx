import { data } from 'react-router'
import { business } from '~/content/business'
import { appContext } from '~/context.server'
import { AccountHeading } from '~/features/accounts/account-list'
import { shownAccountState } from '~/features/accounts/admin-labels'
import { AccountRequests } from '~/features/booking/account-requests'
import { businessDateTimeFormat } from '~/lib/business-time'
import { pageMeta } from '~/lib/seo'
import { accountDetail } from '../../../server/accounts/admin.server.ts'
import type { Route } from './+types/client'

// /employee/clients/:id (employees and admins): one client, read only: contact details, account
// status and their requests. Staff accounts are not shown here (404): this is the client list.

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Client',
    description: `A client of ${business.name}.`,
    path: '/employee/clients',
    matches,
    noindex: true,
  })

export const loader = async (args: Route.LoaderArgs) => {
  const { database } = args.context.get(appContext)
  const detail = await accountDetail(database.db, args.params.id)
  if (detail?.record.role !== 'client') throw data(null, { status: 404 })
  const { record, requests } = detail
  return {
    client: {
      fullName: record.fullName,
      email: record.email,
      companyName: record.companyName,
      phone: record.phone,
      state: shownAccountState(record),
      createdAt: record.createdAt,
    },
    requests,
  }
}

export default function Client({ loaderData }: Route.ComponentProps) {
  const { client, requests } = loaderData
  return (
    <div className="mx-auto grid max-w-4xl gap-8 px-6 py-10">
      <div className="grid gap-2">
        <AccountHeading
          back={{ to: '/employee/clients', label: 'Clients' }}
          name={client.fullName ?? client.email}
          state={client.state}
        />
      </div>
      <section aria-labelledby="contact-title" className="grid gap-3">
        <h2 id="contact-title" className="font-semibold text-xl">
          Contact
        </h2>
        <dl className="grid gap-x-6 gap-y-2 rounded-xl border bg-card p-5 text-sm sm:grid-cols-[10rem_1fr]">
          <dt className="text-muted-foreground">E-mail</dt>
          <dd>
            <a href={`mailto:${client.email}`} className="text-primary underline-offset-4 hover:underline">
              {client.email}
            </a>
          </dd>
          <dt className="text-muted-foreground">Phone</dt>
          <dd>{client.phone ?? '—'}</dd>
          <dt className="text-muted-foreground">Company</dt>
          <dd>{client.companyName ?? '—'}</dd>
          <dt className="text-muted-foreground">Account since</dt>
          <dd>{businessDateTimeFormat.format(new Date(client.createdAt))}</dd>
        </dl>
      </section>
      <AccountRequests requests={requests} />
    </div>
  )
}
