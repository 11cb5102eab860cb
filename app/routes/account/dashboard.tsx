import * as circleCheck from 'lucide-react/icons/circle-check'
import * as circleX from 'lucide-react/icons/circle-x'
import * as hourglass from 'lucide-react/icons/hourglass'
import * as lifeBuoy from 'lucide-react/icons/life-buoy'
import { business } from '~/content/business'
import { appContext } from '~/context.server'
import { can, noOrganisationRefusal } from '~/features/accounts/access'
import { useAccount } from '~/features/accounts/account-state'
import { ClientNavbar } from '~/features/accounts/client-navbar'
import { guardedUser, publicSummary } from '~/features/accounts/guards.server'
import type { AccountStatus, AccountSummary } from '~/features/accounts/status'
import { billingSections } from '~/features/billing/sections'
import { type ConsultationRequestRow, ConsultationRequests } from '~/features/booking/client-requests'
import { organisationRoleLabels } from '~/features/organisations'
import { islandsHandle } from '~/lib/islands-mode'
import { pageMeta } from '~/lib/seo'
import { Button } from '~/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/ui/card'
import { FormMessage } from '~/ui/field'
import { FrameLink } from '~/ui/frame-link'
import { iconData, staticIcon } from '~/ui/static-icon'
import { consultationRequestsOf } from '../../../server/booking/client-requests.server.ts'
import type { Route } from './+types/dashboard'

// Served without the app's JavaScript, to signed-in visitors too (ADR 024): links are document
// loads, and the islands entry runs Log Out, the live status and the access check.
export const handle = islandsHandle

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Dashboard',
    description: `Your ${business.name} client dashboard: account status, consultation requests and billing.`,
    path: '/dashboard',
    matches,
    noindex: true,
  })

export async function loader(args: Route.LoaderArgs) {
  const user = guardedUser(args.context)
  const url = new URL(args.request.url)
  const needsApproval = url.searchParams.get('needsApproval')
  // Set by /dashboard/claim after a confirmation link added a request here.
  const requestAdded = url.searchParams.get('requestAdded')?.match(/^[0-9A-F]{8}$/)?.[0] ?? null
  const { database } = args.context.get(appContext)
  const consultations: ConsultationRequestRow[] = await consultationRequestsOf(database.db, user)
  return { account: publicSummary(user), consultations, needsApproval: Boolean(needsApproval), requestAdded }
}

const statusCopy: Record<AccountStatus, { title: string; body: string; next: string }> = {
  pending: {
    title: 'Your account is pending approval',
    body: 'Thanks for confirming your e-mail address. Our staff check every new client account before opening the billing area.',
    next: 'We usually decide within one business day and e-mail you either way. This page updates by itself as soon as we do.',
  },
  approved: {
    title: 'Your account is approved',
    body: 'You have full access to your client portal, including estimates, invoices, receipts and contracts.',
    next: 'Open a billing section below whenever you need a document.',
  },
  rejected: {
    title: 'We could not approve your account',
    body: 'Our staff were not able to approve this client account. We sent you an e-mail with the details.',
    next: `If you think this is a mistake, call us at ${business.phone} or write to ${business.email}; we are glad to take another look.`,
  },
}

// Made once (ui/static-icon.ts): /dashboard is an islands page drawn on every visit.
const statusIcons = {
  pending: staticIcon(iconData(hourglass), 'size-6 text-primary'),
  approved: staticIcon(iconData(circleCheck), 'size-6 text-success'),
  rejected: staticIcon(iconData(circleX), 'size-6 text-destructive'),
} as const
const helpIcon = staticIcon(iconData(lifeBuoy))

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const account = useAccount(loaderData.account) ?? loaderData.account
  // Staff have their own home; this page is the client's, so it says so instead of "approved".
  const staffHome = account.role === 'admin' ? '/admin' : account.role === 'employee' ? '/employee' : null
  const copy = staffHome
    ? {
        title: 'Your staff account',
        body: 'This dashboard is what clients see. Your work is in the back office: consultation requests, clients and billing.',
        next: '',
      }
    : statusCopy[account.status]
  const approved = account.status === 'approved'
  return (
    <>
      <ClientNavbar name={account.name} />
      <div className="mx-auto grid max-w-6xl gap-6 px-6 py-10">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="font-bold text-3xl tracking-tight">Dashboard</h1>
          {!staffHome && can(account, 'support') && (
            <Button asChild>
              <a href="/support/new" data-testid="get-help">
                {helpIcon}
                Get help
              </a>
            </Button>
          )}
        </div>
        {!staffHome && can(account, 'support') && (
          <p className="text-muted-foreground text-sm">
            Something not working? Ask us with <strong>Get help</strong>, and follow your questions in{' '}
            <a href="/support" className="font-semibold text-primary underline">
              Support
            </a>
            .
          </p>
        )}
        {loaderData.needsApproval && !approved && (
          <FormMessage tone="notice">The billing area opens once your account is approved.</FormMessage>
        )}
        {loaderData.requestAdded && (
          <FormMessage tone="success">
            Consultation request {loaderData.requestAdded} is now on your dashboard.
          </FormMessage>
        )}
        <Card data-testid="account-status" data-status={account.status}>
          <CardHeader>
            <div className="flex items-center gap-3">
              {statusIcons[account.status]}
              <CardTitle asChild>
                <h2>{copy.title}</h2>
              </CardTitle>
            </div>
            <CardDescription>
              Account status: <strong className="text-foreground">{account.status}</strong>
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-2">
            <p>{copy.body}</p>
            {copy.next && <p className="text-muted-foreground">{copy.next}</p>}
            {staffHome && (
              <p>
                <Button asChild>
                  <FrameLink to={staffHome}>
                    {staffHome === '/admin' ? 'Open the Admin Dashboard' : 'Open the employee portal'}
                  </FrameLink>
                </Button>
              </p>
            )}
          </CardContent>
        </Card>
        <div className="grid gap-6 lg:grid-cols-2">
          <ProfileSummary account={account} />
          <ConsultationRequests requests={loaderData.consultations} />
        </div>
        {!staffHome && approved && !account.organisation && (
          <FormMessage tone="notice">{noOrganisationRefusal}</FormMessage>
        )}
        {approved && can(account, 'billing') && <BillingSummary />}
      </div>
    </>
  )
}

function ProfileSummary({ account }: { account: AccountSummary }) {
  const rows: [string, string][] = [
    ['Name', account.name],
    ['Company', account.companyName ?? '—'],
    ['Phone', account.phone ?? '—'],
    ['E-mail', account.email],
    ...(account.organisation
      ? ([['Organisation', `${account.organisation.name} (${organisationRoleLabels[account.organisation.role]})`]] as [
          string,
          string,
        ][])
      : []),
  ]
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Your profile</h2>
        </CardTitle>
        <CardDescription>The details we use to reach you.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="font-medium break-all">{value}</dd>
            </div>
          ))}
        </dl>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline" size="sm">
            <FrameLink to="/account/settings">Edit in Account Settings</FrameLink>
          </Button>
          {can(account, 'people') && (
            <Button asChild variant="outline" size="sm">
              <FrameLink to="/account/organisation">Manage the people of your organisation</FrameLink>
            </Button>
          )}
        </div>
      </CardContent>
    </Card>
  )
}

function BillingSummary() {
  return (
    <section aria-labelledby="billing-title" className="grid gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="billing-title" className="font-semibold text-xl">
          Billing
        </h2>
        <FrameLink to="/billing" className="font-semibold text-primary text-sm hover:underline">
          Open the billing area
        </FrameLink>
      </div>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {billingSections.map((section) => (
          <li key={section.key}>
            <FrameLink
              to={section.path}
              className="grid h-full gap-2 rounded-xl border bg-card p-5 shadow-sm transition-colors hover:border-primary"
            >
              <section.icon className="size-6 text-primary" aria-hidden="true" />
              <span className="font-semibold">{section.title}</span>
              <span className="text-muted-foreground text-sm">{section.summary}</span>
            </FrameLink>
          </li>
        ))}
      </ul>
    </section>
  )
}
